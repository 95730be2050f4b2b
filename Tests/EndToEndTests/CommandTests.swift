import Foundation
import Testing
import LottieJSON
import LottieKitIO

let smallAnimation =
  #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"nm":"Tiny","layers":[{"ty":4,"nm":"Dot","ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":100}},"shapes":[{"ty":"el","nm":"E"}],"ef":[{"ty":29,"mn":"ADBE Gaussian Blur 2"}]}],"assets":[{"id":"image_0","w":10,"h":10,"u":"images/","p":"img_0.png","e":0}]}"#

@Suite("lottiekit info and format, end to end", .serialized)
struct CommandTests {
  @Test func versionAndHelp() throws {
    let v = try lottiekit("--version")
    #expect(v.status == 0)
    #expect(v.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    let help = try lottiekit("format", "--help")
    #expect(help.status == 0)
    #expect(help.stdoutText.contains("--minify"))
    #expect(help.stdoutText.contains("Examples:"))
  }

  /// Help prose is left for swift-argument-parser to wrap (no ragged lines where the source was
  /// wrapped), and examples and tables fit 80 columns (a wrapped example would continue at column 0).
  @Test func helpLaysOutAt80Columns() throws {
    let commands = [
      "lint", "format", "info", "compat", "rules", "explain", "rename-assets", "strip", "inline", "extract",
      "pack", "unpack", "svg", "render", "diff"
    ]
    for command in commands {
      let help = try lottiekit(command, "--help")
      #expect(help.status == 0)
      let text = help.stdoutText
      guard let usage = text.range(of: "\nUSAGE:") else {
        Issue.record("\(command): no USAGE")
        continue
      }
      let lines = text[..<usage.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for (a, b) in zip(lines, lines.dropFirst()) where !b.isEmpty {
        if a.hasPrefix(" ") {
          #expect(b.hasPrefix(" "), "\(command): \"\(b)\" continues the indented line \"\(a)\"")
        } else if !a.isEmpty && !b.hasPrefix(" ") {
          #expect(a.count >= 55, "\(command): ragged line \"\(a)\" before \"\(b)\"")
        }
      }
    }
  }

  @Test func infoText() throws {
    let dir = try makeTemporaryDirectory()
    try write(smallAnimation, to: dir + "/tiny.json")
    let r = try lottiekit("info", dir + "/tiny.json")
    #expect(r.status == 0, "\(r.stderr)")
    let out = r.stdoutText
    #expect(out.contains("Bodymovin 5.7.4"))
    #expect(out.contains("100 × 100"))
    #expect(out.contains("30 fps, frames 0–60 (60 frames, 2.00 s)"))
    #expect(out.contains("1 in 1 composition: 1 shape"))
    #expect(out.contains("1 image (1 external, 1 missing)"))
    #expect(out.contains("effects 1 (Gaussian Blur)"))
  }

  @Test func infoJSONIsValidAndComplete() throws {
    let dir = try makeTemporaryDirectory()
    try write(smallAnimation, to: dir + "/tiny.json")
    try write(try Gzip.compress(Array(smallAnimation.utf8)), to: dir + "/tiny.tgs")
    try write(try Gzip.compress(Array(smallAnimation.utf8)), to: dir + "/tiny.json.gz")
    let r = try lottiekit("info", "--format", "json", dir, dir + "/tiny.json.gz")
    #expect(r.status == 0, "\(r.stderr)")
    let doc = try JSONDocument(parsing: [UInt8](r.stdout))
    #expect(doc.root["version"]?.int == 1)
    let files = doc.root["files"].list
    #expect(files.count == 3)
    // A .json.gz is gzip, not a sticker (the text said so already, the JSON said "tgs").
    #expect(files.map { $0["container"]?.string } == ["json", "tgs", "gzip"])
    #expect(files[0]["frameRate"]?.int == 30)
    #expect(files[0]["duration"]?.int == 2)
    #expect(files[0]["layers"]?["byType"]?["shape"]?.int == 1)
    #expect(files[0]["features"]?["effect"]?["details"]?.element(at: 0)?.string == "Gaussian Blur")
    #expect(files[0]["assets"]?["images"]?.element(at: 0)?["missing"]?.bool == true)
    // A path that does not exist printed nothing about the others (exit 2, empty stdout).
    let withMissing = try lottiekit("info", "--format", "json", dir + "/nowhere.json", dir + "/tiny.json")
    #expect(withMissing.status == 2)
    let both = try JSONDocument(parsing: [UInt8](withMissing.stdout)).root["files"]
    #expect(both?.count == 2 && both?.element(at: 0)?["error"]?.string == "no such file or directory", "\(withMissing.stdoutText)")
    // In argument order, the missing path in its place (it came first whatever its place).
    let between = try lottiekit("info", "--format", "json", dir + "/tiny.json", dir + "/nowhere.json", dir + "/tiny.tgs")
    let order = try JSONDocument(parsing: [UInt8](between.stdout)).root["files"].list.compactMap { $0["path"]?.string }
    #expect(between.status == 2 && order == [dir + "/tiny.json", dir + "/nowhere.json", dir + "/tiny.tgs"], "\(between.stdoutText)")
  }

  /// A missing path was said on stderr before every other file, in text and JSON alike, whatever
  /// its place; it is said where it was given, among files that do not parse.
  @Test func infoSaysMissingPathsInArgumentOrder() throws {
    let dir = try makeTemporaryDirectory()
    try write(smallAnimation, to: dir + "/tiny.json")
    try write("{bad", to: dir + "/bad.json")
    let args = [dir + "/nowhere.json", dir + "/bad.json", dir + "/tiny.json", dir + "/gone.json"]
    for format in ["text", "json"] {
      let r = try lottiekit(arguments: ["info", "--format", format, args[1], args[0], args[2], args[3]])
      let said = r.stderr.split(separator: "\n").map { $0.components(separatedBy: ":")[0] }
      #expect(r.status == 2 && said == [args[1], args[0], args[3]], "\(format): \(r.stderr)")
      guard format == "json" else { continue }
      let paths = try JSONDocument(parsing: [UInt8](r.stdout)).root["files"].list.compactMap { $0["path"]?.string }
      #expect(paths == [args[1], args[0], args[2], args[3]], "\(r.stdoutText)")
    }
  }

  @Test func infoOnStdinAndDotLottie() throws {
    let r = try lottiekit("info", "-", stdin: Data(smallAnimation.utf8))
    #expect(r.status == 0)
    #expect(r.stdoutText.hasPrefix("<stdin>"))
    var w = ZipWriter()
    try w.add(name: "manifest.json", data: Array(#"{"version":"2","animations":[{"id":"a"},{"id":"b"}]}"#.utf8))
    try w.add(name: "a/a.json", data: Array(smallAnimation.utf8))
    try w.add(name: "a/b.json", data: Array(smallAnimation.replacingOccurrences(of: "Tiny", with: "Other").utf8))
    let dir = try makeTemporaryDirectory()
    try write(w.finish(), to: dir + "/pack.lottie")
    let l = try lottiekit("info", dir + "/pack.lottie")
    #expect(l.status == 0, "\(l.stderr)")
    #expect(l.stdoutText.contains("pack.lottie#a/a.json"))
    #expect(l.stdoutText.contains("pack.lottie#a/b.json"))
    #expect(l.stdoutText.contains("\"Other\""))
    // gzip JSON is a sticker only when it is a .tgs (a .json.gz was called one).
    let gz = try Gzip.compress(Array(smallAnimation.utf8))
    try write(gz, to: dir + "/a.json.gz")
    try write(gz, to: dir + "/a.tgs")
    #expect(try lottiekit("info", dir + "/a.json.gz").stdoutText.contains("file         gzip JSON,"))
    #expect(try lottiekit("info", dir + "/a.tgs").stdoutText.contains("Telegram sticker (.tgs, gzip)"))
  }

  @Test func formatLayoutsAndRoundTrip() throws {
    let dir = try makeTemporaryDirectory()
    let source = "{ \"v\":\"5.7.4\" , \"fr\" : 29.970,\n\"ip\":0,\"op\":1.0e2,\"layers\":[ ] }"
    try write(source, to: dir + "/a.json")
    let minified = try lottiekit("format", "--minify", dir + "/a.json")
    #expect(minified.status == 0)
    #expect(minified.stdoutText == "{\"v\":\"5.7.4\",\"fr\":29.970,\"ip\":0,\"op\":1.0e2,\"layers\":[]}\n")
    let pretty = try lottiekit("format", dir + "/a.json", "-o", dir + "/b.json")
    #expect(pretty.status == 0)
    #expect(
      try String(contentsOfFile: dir + "/b.json", encoding: .utf8)
        == "{\n  \"v\": \"5.7.4\",\n  \"fr\": 29.970,\n  \"ip\": 0,\n  \"op\": 1.0e2,\n  \"layers\": []\n}\n")
    let back = try lottiekit("format", "--minify", "-", stdin: try Data(contentsOf: URL(fileURLWithPath: dir + "/b.json")))
    #expect(back.stdout == minified.stdout)
    // The input is never modified without --in-place.
    #expect(try String(contentsOfFile: dir + "/a.json", encoding: .utf8) == source)
  }

  @Test func formatInPlaceIsAllOrNothing() throws {
    // (Animations: JSON in a folder that is not one is skipped, never rewritten.)
    let dir = try makeTemporaryDirectory()
    try write("{ \"layers\" : [] }", to: dir + "/good.json")
    try write("{ \"layers\" : [] ", to: dir + "/bad.json")
    let r = try lottiekit("format", "--minify", "--in-place", dir)
    #expect(r.status == 2)
    #expect(r.stderr.contains("bad.json:1:17: error: unexpected end of input"), "\(r.stderr)")
    #expect(r.stderr.contains("nothing was written"))
    #expect(try String(contentsOfFile: dir + "/good.json", encoding: .utf8) == "{ \"layers\" : [] }")
    try FileManager.default.removeItem(atPath: dir + "/bad.json")
    let ok = try lottiekit("format", "--minify", "--in-place", dir)
    #expect(ok.status == 0, "\(ok.stderr)")
    #expect(try String(contentsOfFile: dir + "/good.json", encoding: .utf8) == "{\"layers\":[]}")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["good.json"])
  }

  @Test func formatTgsInPlaceStaysGzip() throws {
    let dir = try makeTemporaryDirectory()
    try write(try Gzip.compress(Array("{ \"tgs\": 1, \"layers\": [] }".utf8)), to: dir + "/s.tgs")
    let r = try lottiekit("format", "--minify", "--in-place", dir + "/s.tgs")
    #expect(r.status == 0, "\(r.stderr)")
    let bytes = try readBytes(dir + "/s.tgs")
    #expect(Gzip.isGzip(bytes))
    #expect(try Gzip.decompress(bytes) == Array("{\"tgs\":1,\"layers\":[]}".utf8))
  }

  @Test func formatDotLottieRewritesOnlyAnimations() throws {
    let dir = try makeTemporaryDirectory()
    var w = ZipWriter()
    let manifest = Array(#"{ "version": "2" }"#.utf8)
    let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
    try w.add(name: "manifest.json", data: manifest)
    try w.add(name: "a/x.json", data: Array("{ \"layers\" : [ ] }".utf8))
    try w.add(name: "i/img.png", data: image, compress: false)
    try write(w.finish(), to: dir + "/p.lottie")
    let r = try lottiekit("format", "--minify", "--in-place", dir + "/p.lottie")
    #expect(r.status == 0, "\(r.stderr)")
    let archive = try ZipArchive(bytes: try readBytes(dir + "/p.lottie"))
    #expect(archive.entries.map(\.name) == ["manifest.json", "a/x.json", "i/img.png"])
    #expect(try archive.data(of: archive.entries[0]) == manifest)
    #expect(try archive.data(of: archive.entries[1]) == Array(#"{"layers":[]}"#.utf8))
    #expect(try archive.data(of: archive.entries[2]) == image)
  }

  struct Hostile: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let expected: String
    var testDescription: String { name }
  }

  static let hostile: [Hostile] = [
    Hostile(name: "empty", bytes: [], expected: ":1:1: error: empty input"),
    Hostile(
      name: "truncated", bytes: Array(#"{"v":"5.7.4","layers":[{"ty":4,"#.utf8), expected: ":1:32: error: unexpected end of input, expected a string key"),
    Hostile(name: "invalid UTF-8", bytes: Array(#"{"nm":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), expected: ":1:8: error: invalid UTF-8 byte 0xFF"),
    Hostile(name: "100,000 nested [", bytes: [UInt8](repeating: 0x5B, count: 100_000), expected: ":1:1025: error: nesting deeper than 1024 levels"),
    Hostile(name: "1e999999", bytes: Array(#"{"fr":1e999999}"#.utf8), expected: ":1:7: error: number 1e999999 is out of range"),
    Hostile(name: "10 MB unterminated string", bytes: [0x22] + [UInt8](repeating: 0x61, count: 10_000_000), expected: ":1:1: error: unterminated string"),
    Hostile(name: "NUL bytes", bytes: [0x7B, 0x00, 0x7D], expected: ":1:2: error: unexpected NUL byte"),
    Hostile(name: "truncated gzip", bytes: [0x1F, 0x8B, 0x08, 0x00, 0x00], expected: ": error: truncated gzip data"),
    Hostile(name: "truncated zip", bytes: [0x50, 0x4B, 0x03, 0x04, 0x00, 0x00], expected: ": error: not a zip archive (too short)")
  ]

  @Test(arguments: hostile)
  func hostileInputGivesOneLineAndExit2(_ h: Hostile) throws {
    let dir = try makeTemporaryDirectory()
    let path = dir + "/input.json"
    try write(h.bytes, to: path)
    for command in [["format", "--minify", path], ["info", path], ["format", "--in-place", path]] {
      let r = try lottiekit(arguments: command)
      #expect(!r.crashed)
      #expect(r.status == 2, "\(command): \(r.stderr)")
      let lines = r.stderr.split(separator: "\n")
      #expect(lines.first.map { $0.hasPrefix(path) && $0.contains(h.expected) } == true, "\(r.stderr)")
      #expect(r.stdout.isEmpty || command[0] == "info")
    }
    // The input is never touched.
    #expect(try readBytes(path) == h.bytes)
  }

  @Test func usageErrorsExit64() throws {
    for args in [
      ["format", "--bogus"], ["format", "a.json", "-o", "x", "--in-place"], ["format", "--in-place", "-"],
      ["format", "a.json", "b.json", "-o", "x"], ["info", "--format", "yaml", "x"], ["nosuchcommand"]
    ] {
      let r = try lottiekit(arguments: args)
      #expect(r.status == 64, "\(args) exited \(r.status): \(r.stderr)")
    }
  }

  @Test func missingFileExit2() throws {
    let r = try lottiekit("info", "/nonexistent/x.json")
    #expect(r.status == 2)
    #expect(r.stderr.contains("/nonexistent/x.json: error: no such file or directory"))
  }
}

@Suite("Corpus: round trips on real files")
struct CorpusTests {
  @Test func everyParseableFileRoundTripsExactly() throws {
    guard corpusRoot != nil else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    let files = corpusFiles(extensions: ["json", "tgs", "lottie"])
    #expect(files.count > 600)
    let dir = try makeTemporaryDirectory()
    var manifest = ""
    var parsed = 0
    var unparseable: [String] = []
    for (n, file) in files.enumerated() {
      let sources: [AnimationSource]
      do { sources = try Inputs.load(file) } catch {
        unparseable.append("\(file): \(error.message)")
        continue
      }
      for (k, source) in sources.enumerated() {
        let doc: JSONDocument
        do { doc = try JSONDocument(parsing: source.bytes) } catch {
          unparseable.append("\(source.displayPath): \(error)")
          continue
        }
        parsed += 1
        // An edit-free write returns the input bytes unchanged.
        #expect(try JSONEdits(doc).apply() == source.bytes)
        let base = "\(dir)/\(n)-\(k)"
        try write(source.bytes, to: base + ".orig.json")
        try write(doc.written(.minified), to: base + ".min.json")
        try write(doc.written(.pretty), to: base + ".pretty.json")
        // Writing what we wrote is a fixed point.
        #expect(try JSONDocument(parsing: doc.written(.pretty)).written(.minified) == doc.written(.minified))
        manifest += "\(base).orig.json\t\(base).min.json\t\(base).pretty.json\n"
      }
    }
    #expect(parsed > 650)
    // Broken on purpose in the corpus (empty file, invalid fixtures): reported, never a crash.
    #expect(unparseable.count < 10, "\(unparseable)")
    let python = try run("/usr/bin/env", ["python3", packageRoot + "/Tests/oracles/json_same_value.py"], stdin: Data(manifest.utf8))
    #expect(python.status == 0, "\(python.stdoutText.suffix(2000))")
    #expect(python.stdoutText.contains("\(parsed) passed, 0 failed"))
  }

  @Test func binaryMinifiesTheWholeCorpusLikeTheLibrary() throws {
    guard corpusRoot != nil else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    let files = corpusFiles(extensions: ["json"])
    let r = try lottiekit(arguments: ["format", "--minify"] + files)
    #expect(!r.crashed)
    // A few corpus files are broken on purpose: exit 2, each named on stderr, the rest still written.
    let errors = r.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(r.status == (errors.isEmpty ? 0 : 2))
    let lines = r.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    #expect(lines.count + errors.count == files.count)
    for line in lines.prefix(50) {
      #expect(throws: Never.self) { try JSONDocument(parsing: Array(line)) }
    }
  }
}
