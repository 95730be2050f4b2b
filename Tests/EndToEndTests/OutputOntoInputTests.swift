import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// Inputs change only with --in-place: `-o` naming an input (by the same path, a symlink or a
/// hard link) is a usage error in every command that writes, also those without --in-place
/// (render, diff --render, svg, svg --into, pack each wrote over their input with exit 0 or 2).
@Suite("-o naming an input")
struct OutputOntoInputTests {
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"
  let badge = packageRoot + "/Examples/svg/badge.svg"

  @Test(arguments: [
    (["render", "a.json", "-o"], "a.json"),
    (["diff", "a.json", "b.json", "--render", "-o"], "b.json"),
    (["svg", "in.svg", "-o"], "in.svg"),
    (["svg", "in.svg", "--into", "a.json", "-o"], "a.json"),
    (["pack", "a.json", "-o"], "a.json")
  ])
  func refusedWithoutWriting(_ command: [String], _ target: String) throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(wave), to: dir + "/a.json")
    try write(try readBytes(wave), to: dir + "/b.json")
    try write(try readBytes(badge), to: dir + "/in.svg")
    try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/" + target)
    try FileManager.default.linkItem(atPath: dir + "/" + target, toPath: dir + "/hard")
    let before = try ["a.json", "b.json", "in.svg"].map { try readBytes(dir + "/" + $0) }
    for output in [target, "./" + target, "link", "hard"] {
      let r = try run(lottiekitBinary, command + [output], cwd: dir)
      #expect(r.status == 64, "\(command) \(output): \(r.status) \(r.stderr)")
      #expect(r.stderr.contains("inputs are never overwritten"), "\(r.stderr)")
      let after = try ["a.json", "b.json", "in.svg"].map { try readBytes(dir + "/" + $0) }
      #expect(after == before, "\(command) \(output) changed an input")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(names == ["a.json", "b.json", "hard", "in.svg", "link"], "\(names)")
  }
}

/// Every command that writes an animation writes the container `-o`'s extension names (`format`
/// always did; strip, optimize, inline, extract and svg wrote plain JSON under any name).
@Suite("-o names the container")
struct OutputContainerTests {
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"
  let badge = packageRoot + "/Examples/svg/badge.svg"

  @Test(arguments: [
    ["strip", "--layer", "Nothing", "a.json", "-o"], ["optimize", "--lossless", "a.json", "-o"], ["inline", "a.json", "-o"],
    ["svg", "in.svg", "-o"], ["svg", "in.svg", "--into", "a.json", "-o"]
  ])
  func gzipForTgsAndJsonGzRefusalForLottie(_ command: [String]) throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(wave), to: dir + "/a.json")
    try write(try readBytes(badge), to: dir + "/in.svg")
    for name in ["out.tgs", "out.json.gz"] {
      let r = try run(lottiekitBinary, command + [name], cwd: dir)
      #expect(r.status == 0, "\(command) \(name): \(r.stderr)")
      let bytes = try readBytes(dir + "/" + name)
      #expect(Array(bytes.prefix(2)) == [0x1F, 0x8B], "\(command) \(name) is not gzip")
      // It reads back as an animation.
      #expect(try lottiekit("info", dir + "/" + name).status == 0)
    }
    let r = try run(lottiekitBinary, command + ["out.lottie"], cwd: dir)
    #expect(r.status == 64, "\(command) out.lottie: \(r.status) \(r.stderr)")
    #expect(r.stderr.contains("pack --format lottie"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out.lottie"))
  }

  /// `svg --into` an archive says so (it printed a JSON syntax error at 1:1).
  @Test func svgIntoAnArchiveSaysWhy() throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(badge), to: dir + "/in.svg")
    #expect(try lottiekit("format", wave, "-o", dir + "/a.tgs").status == 0)
    let r = try run(lottiekitBinary, ["svg", "in.svg", "--into", "a.tgs", "-o", "out.json"], cwd: dir)
    #expect(r.status == 2, "\(r.status) \(r.stderr)")
    #expect(r.stderr.contains("unpack it first"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out.json"))
  }
}
