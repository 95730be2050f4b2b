import Foundation
import LottieJSON
import LottieKitIO
import Testing

private let icon = """
  <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" fill="currentColor" viewBox="0 0 16 16">
    <path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0zm0 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2z" fill-rule="evenodd"/>
    <circle cx="8" cy="8" r="2"/>
  </svg>
  """

private let withText = """
  <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16">
    <rect width="4" height="4"/>
    <text x="1" y="10">label</text>
  </svg>
  """

@Suite("svg, end to end")
struct SVGEndToEndTests {
  @Test func convertsToAFileThatLintsClean() throws {
    let dir = try makeTemporaryDirectory()
    try write(icon, to: dir + "/icon.svg")
    let r = try lottiekit("svg", dir + "/icon.svg", "-o", dir + "/icon.json", "--fps", "30", "--duration", "2")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("16×16, 3 paths, 0 warnings"), "\(r.stderr)")
    let doc = try JSONDocument(parsing: try readBytes(dir + "/icon.json"))
    #expect(doc.root["fr"]?.double == 30 && doc.root["op"]?.double == 60)
    let lint = try lottiekit("lint", "--format", "json", dir + "/icon.json")
    #expect(lint.status == 0, "\(lint.stdoutText)")
    let summary = try JSONDocument(parsing: [UInt8](lint.stdout)).root["summary"]
    #expect(summary?["errors"]?.int == 0 && summary?["warnings"]?.int == 0, "\(lint.stdoutText)")
  }

  @Test func writesToStdoutAndReadsStdin() throws {
    let r = try lottiekit("svg", "-", stdin: Data(icon.utf8))
    #expect(r.status == 0, "\(r.stderr)")
    let doc = try JSONDocument(parsing: [UInt8](r.stdout))
    #expect(doc.root["w"]?.int == 16 && doc.root["layers"]?.count == 1)
  }

  @Test func warningsCarryTheLineAndStrictRefuses() throws {
    let dir = try makeTemporaryDirectory()
    try write(withText, to: dir + "/t.svg")
    let r = try lottiekit("svg", dir + "/t.svg", "-o", dir + "/t.json")
    #expect(r.status == 0)
    #expect(r.stderr.contains("t.svg:3: warning: <text>"), "\(r.stderr)")
    let strict = try lottiekit("svg", "--strict", dir + "/t.svg", "-o", dir + "/strict.json")
    #expect(strict.status == 1, "\(strict.stderr)")
    #expect(strict.stderr.contains("t.svg:3: error: <text>") && strict.stderr.contains("nothing was written"), "\(strict.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/strict.json"))
  }

  @Test(
    "bad input: exit 2 with file, line and column",
    arguments: [
      ("broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<path d=\"M0 0\">\n</svg>", "broken.svg:3:"),
      ("html.svg", "<html><body/></html>", "not <svg>"),
      ("empty.svg", "", "empty"),
      ("binary.svg", "\u{89}PNG\r\n\u{1A}\n", "binary.svg:1:")
    ])
  func badInput(_ name: String, _ text: String, _ expected: String) throws {
    let dir = try makeTemporaryDirectory()
    try write(text, to: dir + "/" + name)
    let r = try lottiekit("svg", dir + "/" + name, "-o", dir + "/out.json")
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains(expected) && r.stderr.contains(name), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out.json"))
  }

  @Test func hostileXMLNeitherExpandsNorReadsFiles() throws {
    let dir = try makeTemporaryDirectory()
    var laughs = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">"#
    var previous = "a"
    for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
      laughs += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
      previous = name
    }
    laughs += #"]><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><g id="&j;"><rect width="1" height="1"/></g></svg>"#
    try write(laughs, to: dir + "/laughs.svg")
    try write(
      #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><g id="&x;"><rect width="1" height="1"/></g></svg>"#,
      to: dir + "/xxe.svg")
    for name in ["laughs", "xxe"] {
      let r = try lottiekit("svg", dir + "/\(name).svg", "-o", dir + "/\(name).json")
      #expect([0, 2].contains(r.status), "\(name): \(r.status) \(r.stderr)")
      if r.status == 0 {
        let out = try readBytes(dir + "/\(name).json")
        #expect(out.count < 100_000 && !String(decoding: out, as: UTF8.self).contains("root:"))
      }
    }
  }

  @Test func severalInputsGoToAFolderInOrder() throws {
    let dir = try makeTemporaryDirectory()
    try write(icon, to: dir + "/a.svg")
    try write(withText, to: dir + "/b.svg")
    let r = try lottiekit("svg", dir + "/a.svg", dir + "/b.svg", "-o", dir + "/out")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted() == ["a.json", "b.json"])
    #expect(r.stderr.contains("converted 2 SVG files"))
    // One broken input: nothing is written.
    try write("<svg", to: dir + "/c.svg")
    let failing = try lottiekit("svg", dir + "/a.svg", dir + "/c.svg", "-o", dir + "/out2")
    #expect(failing.status == 2)
    #expect(!FileManager.default.fileExists(atPath: dir + "/out2/a.json"))
  }

  @Test func intoAddsOneTopLayerAndKeepsEveryOtherByte() throws {
    let dir = try makeTemporaryDirectory()
    try write(icon, to: dir + "/badge.svg")
    let target = packageRoot + "/Examples/delivery/profile/avatar_ring.json"
    let original = try readBytes(target)
    let r = try lottiekit("svg", dir + "/badge.svg", "--into", target, "--name", "Badge", "-o", dir + "/out.json")
    #expect(r.status == 0, "\(r.stderr)")
    let out = try readBytes(dir + "/out.json")
    #expect(try readBytes(target) == original, "the animation itself must not change")
    let doc = try JSONDocument(parsing: out)
    let layers = try #require(doc.root["layers"])
    let first = try #require(layers.element(at: 0))
    #expect(first["nm"]?.string == "Badge" && first["ty"]?.int == 4)
    let before = try JSONDocument(parsing: original)
    #expect(layers.count == (before.root["layers"]?.count ?? 0) + 1)
    let inds = layers.elements.compactMap { $0["ind"]?.int }
    #expect(Set(inds).count == inds.count, "ind values must stay unique: \(inds)")
    #expect(first["op"]?.double == before.root["op"]?.double)
    // Everything before the new layer, and the whole original from the first old layer on, is
    // byte-identical: the edit is one insertion.
    let firstOld = try #require(before.root["layers"]?.element(at: 0)).span.lowerBound
    let layersStart = try #require(before.root["layers"]).span.lowerBound + 1
    #expect(Array(out.prefix(layersStart)) == Array(original.prefix(layersStart)))
    #expect(Array(out.suffix(original.count - firstOld)) == Array(original.suffix(original.count - firstOld)))
    // No new finding: the same codes as the animation had (its planted missing image included).
    func codes(_ path: String) throws -> [String] {
      let r = try lottiekit("lint", "--format", "json", path)
      let files = try JSONDocument(parsing: [UInt8](r.stdout)).root["files"]
      return (files?.element(at: 0)?["diagnostics"]?.elements.compactMap { $0["code"]?.string } ?? []).sorted()
    }
    try FileManager.default.createSymbolicLink(atPath: dir + "/images", withDestinationPath: Paths.directory(of: target) + "/images")
    #expect(try codes(dir + "/out.json") == codes(target))
  }

  @Test func usageErrorsExit64() throws {
    #expect(try lottiekit("svg").status == 64)
    #expect(try lottiekit("svg", "a.svg", "--size", "0x5").status == 64)
    #expect(try lottiekit("svg", "a.svg", "b.svg").status == 64)
    #expect(try lottiekit("svg", "a.svg", "--current-color", "nope").status == 64)
  }
}
