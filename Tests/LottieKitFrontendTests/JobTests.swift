import Foundation
import Testing
import LottieJSON
import LottieKitIO
import LottieLint
import SVGImport
@testable import LottieKitFrontend

@Suite("Jobs behind the commands: configuration, rules, svg --into, transforms")
struct JobTests {
  @Test func configurationIsFoundInTheFolderOrAbove() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
    #expect(!(LintConfigurationFile.discover(from: root + "/a/b") ?? "").hasPrefix(root))
    try FileIO.writeAtomically(Array("fail_on: warning\n".utf8), to: root + "/a/.lottiekit.yml")
    #expect(LintConfigurationFile.discover(from: root + "/a/b") == root + "/a/.lottiekit.yml")
    #expect(LintConfigurationFile.discover(from: root + "/a") == root + "/a/.lottiekit.yml")
  }

  @Test func aBrokenConfigurationExitsWithStatus2() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileIO.writeAtomically(Array("profiles: [no-such-profile]\n".utf8), to: root + "/.lottiekit.yml")
    #expect(throws: Exit.failure) { try LintConfigurationFile.load(explicit: root + "/.lottiekit.yml") }
  }

  @Test func ruleListingHasOneLinePerRule() throws {
    let text = RuleCatalog.listing(.text).split(separator: "\n")
    #expect(text.count == RuleRegistry.all.count)
    let json = try JSONDocument(parsing: Array(RuleCatalog.listing(.json).utf8))
    #expect(json.root.count == RuleRegistry.all.count)
  }

  @Test func svgIntoInsertsOnTopWithAFreshIndexAndKeepsTheRest() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/hero.json"
    try FileIO.writeAtomically(Array(minimalAnimation.utf8), to: path)
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>"#
    let conversion = try SVGConverter.convert(Array(svg.utf8))
    let (bytes, said) = try SVGInsert(animationPath: path, conversion: conversion, layerName: "Badge").inserted()
    #expect(said.hasPrefix("layer 2 \"Badge\" of \(path)"))
    let document = try JSONDocument(parsing: bytes)
    let layers = try #require(document.root["layers"])
    #expect(layers.count == 2)
    #expect(layers.element(at: 0)?["nm"]?.string == "Badge")
    #expect(layers.element(at: 0)?["ind"]?.int == 2)
    #expect(layers.element(at: 1)?["nm"]?.string == "Null")
    // -o onto the animation itself is refused and changes nothing.
    #expect(throws: Exit.failure) { try SVGInsert(animationPath: path, conversion: conversion, layerName: "Badge").write(to: path) }
    #expect(try FileIO.read(path) == Array(minimalAnimation.utf8))
  }

  @Test func transformsRefuseSeveralResultsToStandardOutput() throws {
    let results = try ["a.json", "b.json"].enumerated().map { i, path in
      TransformResult(TransformInput(path: path, document: try JSONDocument(parsing: "{}"), baseDirectory: nil, gzip: false), output: [UInt8(i)])
    }
    #expect(throws: UsageError.self) {
      try TransformIO(inputs: ["a.json", "b.json"], outputPath: nil, inPlace: false).write(results)
    }
  }

  /// Markdown reports hold names and paths from the files: a `|` or a line break in a cell ended
  /// the row, a backtick in a path ended its code span.
  @Test func markdownCellsAndCodeSpansHoldAnyText() {
    #expect(Markdown.cell("a|b\nc") == #"a\|b\nc"#)
    #expect(Markdown.code("hero.json") == "`hero.json`")
    #expect(Markdown.code("it`s.json") == "`` it`s.json ``")
    #expect(Markdown.code("a``b") == "``` a``b ```")
  }
}
