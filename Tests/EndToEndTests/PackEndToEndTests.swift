import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// A python with the standard library (zipfile, gzip, json), for independent readers; nil skips.
private let anyPython: String? = {
  for candidate in [packageRoot + "/.venv-oracles/bin/python3", "/usr/bin/python3", "/usr/local/bin/python3"] {
    if FileManager.default.isExecutableFile(atPath: candidate), let r = try? run(candidate, ["-c", "import zipfile, gzip, json"]), r.status == 0 {
      return candidate
    }
  }
  return nil
}()

/// The oracle python when it has python-lottie (tgs_check.py) / ThorVG (render.py).
private let lottiePython: String? = {
  guard let python = oraclePython, let r = try? run(python, ["-c", "import lottie"]), r.status == 0 else { return nil }
  return python
}()
private let thorvgPython: String? = {
  guard let python = oraclePython, let r = try? run(python, ["-c", "import thorvg_python"]), r.status == 0 else { return nil }
  return python
}()
private let oraclesFolder = URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared/oracles").path

/// A 2×2 PNG (real, decodable), so that renderers can load it.
private let smallPNG: [UInt8] = [
  0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02,
  0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xB6, 0x0D, 0x24, 0x00, 0x00, 0x00, 0x16, 0x49, 0x44, 0x41,
  0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x08, 0x19, 0x18, 0xFE, 0x03, 0x00, 0x2D, 0xF2, 0x05, 0xFB, 0xB0,
  0x4B, 0x2F, 0x1B, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82
]

/// A pretty-printed animation with one external image and a shape layer.
private let animationText = """
  {
    "v": "5.7.4",
    "fr": 30, "ip": 0, "op": 30, "w": 64, "h": 64, "nm": "Pack fixture",
    "assets": [
      {"id": "image_0", "w": 2, "h": 2, "u": "images/", "p": "img_0.png", "e": 0},
      {"id": "unused", "w": 2, "h": 2, "u": "images/", "p": "img_9.png", "e": 0}
    ],
    "layers": [
      {"ty": 2, "ind": 1, "nm": "Picture", "refId": "image_0", "ip": 0, "op": 30, "st": 0,
       "ks": {"o": {"a": 0, "k": 100}, "p": {"a": 0, "k": [32.123456, 32.654321, 0]}, "a": {"a": 0, "k": [1, 1, 0]}, "s": {"a": 0, "k": [1000, 1000, 100]}}},
      {"ty": 4, "ind": 2, "nm": "Dot", "ip": 0, "op": 30, "st": 0,
       "ks": {"o": {"a": 0, "k": 100}, "p": {"a": 1, "k": [{"t": 0, "s": [10.5555, 10], "i": {"x": 0.833333, "y": 0.833333}, "o": {"x": 0.166667, "y": 0.166667}}, {"t": 29, "s": [50, 50.4444]}]}},
       "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}}, {"ty": "fl", "c": {"a": 0, "k": [0.9, 0.2, 0.1, 1]}, "o": {"a": 0, "k": 100}}]}
    ]
  }
  """

/// A folder with the animation and its image.
private func makeFixture() throws -> String {
  let dir = try makeTemporaryDirectory()
  try FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
  try write(animationText, to: dir + "/a.json")
  try write(smallPNG, to: dir + "/images/img_0.png")
  try write(smallPNG + [0], to: dir + "/images/img_9.png")
  return dir
}

private func minified(_ path: String) throws -> [UInt8] {
  try JSONDocument(parsing: readBytes(path)).written(.minified)
}

/// A Telegram-valid sticker: 512×512, 60 fps, 3 s, shapes only.
private let stickerText =
  #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"nm":"Sticker","ddd":0,"assets":[],"layers":[{"ddd":0,"ind":1,"ty":4,"nm":"Circle","sr":1,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":1,"k":[{"t":0,"s":[156,256,0],"i":{"x":0.5,"y":1},"o":{"x":0.5,"y":0}},{"t":90,"s":[356,256,0],"i":{"x":0.5,"y":1},"o":{"x":0.5,"y":0}},{"t":179,"s":[156,256,0]}]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},"ao":0,"shapes":[{"ty":"gr","it":[{"ty":"el","d":1,"s":{"a":0,"k":[120,120]},"p":{"a":0,"k":[0,0]},"nm":"Ellipse"},{"ty":"fl","c":{"a":0,"k":[0.2,0.5,0.9,1]},"o":{"a":0,"k":100},"r":1,"nm":"Fill"},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}],"nm":"Group"}],"ip":0,"op":180,"st":0,"bm":0}]}"#

@Suite("pack and unpack end to end")
struct PackEndToEndTests {
  @Test func jsonAndGzipRoundTrip() throws {
    let dir = try makeFixture()
    let original = try minified(dir + "/a.json")
    let json = try lottiekit("pack", dir + "/a.json", "-o", dir + "/out/a.min.json")
    #expect(json.status == 0, "\(json.stderr)")
    #expect(try readBytes(dir + "/out/a.min.json") == original)
    #expect(json.stderr.contains("minify") && json.stderr.contains("total"))

    let gz = try lottiekit("pack", dir + "/a.json", "-o", dir + "/out/a.json.gz")  // format from the extension
    #expect(gz.status == 0, "\(gz.stderr)")
    let packed = try readBytes(dir + "/out/a.json.gz")
    #expect(Gzip.isGzip(packed))
    #expect(try Gzip.decompress(packed) == original)
    #expect(gz.stderr.contains("gzip"))

    let unpack = try lottiekit("unpack", dir + "/out/a.json.gz", "-o", dir + "/back")
    #expect(unpack.status == 0, "\(unpack.stderr)")
    #expect(try readBytes(dir + "/back/a.json") == original)
    // The input is untouched.
    #expect(try readBytes(dir + "/a.json") == Array(animationText.utf8))
  }

  @Test(arguments: [2, 1])
  func dotLottieRoundTripsAndOpensInPython(version: Int) throws {
    let dir = try makeFixture()
    let r = try lottiekit("pack", dir + "/a.json", "--format", "lottie", "--dotlottie-version", String(version), "--prune", "-o", dir + "/a.lottie")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("prune") && r.stderr.contains("zip (deflate)"))

    let back = try lottiekit("unpack", dir + "/a.lottie", "-o", dir + "/back")
    #expect(back.status == 0, "\(back.stderr)")
    #expect(try readBytes(dir + "/back/images/img_0.png") == smallPNG)
    #expect(!FileManager.default.fileExists(atPath: dir + "/back/images/img_9.png"))  // pruned
    // Same value as the input minus the pruned asset.
    let unusedAsset = ",\n    {\"id\": \"unused\", \"w\": 2, \"h\": 2, \"u\": \"images/\", \"p\": \"img_9.png\", \"e\": 0}"
    #expect(animationText.contains(unusedAsset))
    let pruned = try JSONDocument(parsing: Array(animationText.replacingOccurrences(of: unusedAsset, with: "").utf8))
    #expect(try readBytes(dir + "/back/a.json") == pruned.written(.minified))

    guard let python = anyPython else {
      print("skipping the python zipfile check: no python3")
      return
    }
    let check = """
      import json, sys, zipfile
      z = zipfile.ZipFile(sys.argv[1])
      assert z.testzip() is None
      m = json.loads(z.read("manifest.json"))
      v = sys.argv[2]
      if v == "2":
          assert m["version"] == "2" and isinstance(m["version"], str), m
          a = json.loads(z.read("a/a.json")); img = z.read("i/img_0.png")
          assert a["assets"][0]["u"] == "/i/" and a["assets"][0]["p"] == "img_0.png", a["assets"][0]
      else:
          assert m["activeAnimationId"] == "a", m
          a = json.loads(z.read("animations/a.json")); img = z.read("images/img_0.png")
          assert a["assets"][0]["u"] == "/images/", a["assets"][0]
      assert [x["id"] for x in m["animations"]] == ["a"], m
      assert img == open(sys.argv[3], "rb").read()
      print("ok")
      """
    let py = try run(python, ["-c", check, dir + "/a.lottie", String(version), dir + "/images/img_0.png"])
    #expect(py.status == 0 && py.stdoutText.contains("ok"), "\(py.stderr)")

    guard version == 2 else { return }
    guard let thorvg = thorvgPython else {
      print("skipping the ThorVG render: no oracle venv with thorvg_python")
      return
    }
    let render = try run(thorvg, [oraclesFolder + "/render.py", dir + "/a.lottie!a/a.json", "10", dir + "/frame.png", "--engine", "thorvg"])
    #expect(render.status == 0, "\(render.stdoutText) \(render.stderr)")
    #expect(render.stdoutText.contains("\"ok\": true"))
  }

  /// A real Telegram sticker from the corpus (nil, with the reason printed, when it is absent).
  static func corpusSticker() -> String? {
    guard let root = corpusRoot else {
      print("skipping: ../shared/corpus is absent")
      return nil
    }
    let sticker = root + "/tdesktop/Telegram/Resources/animations/phone.tgs"
    guard FileManager.default.fileExists(atPath: sticker) else {
      print("skipping: \(sticker) is absent")
      return nil
    }
    return sticker
  }

  @Test func dotLottieOfCorpusStickerRendersLikeTheOriginal() throws {
    guard let sticker = Self.corpusSticker() else { return }
    guard let thorvg = thorvgPython else {
      print("skipping: no oracle venv with thorvg_python")
      return
    }
    let dir = try makeTemporaryDirectory()
    #expect(try lottiekit("unpack", sticker, "-o", dir).status == 0)
    #expect(try lottiekit("pack", dir + "/phone.json", "--format", "lottie", "-o", dir + "/phone.lottie").status == 0)
    var pixels: [String] = []
    for spec in [dir + "/phone.json", dir + "/phone.lottie!a/phone.json"] {
      let r = try run(thorvg, [oraclesFolder + "/render.py", spec, "30", dir + "/f.png", "--engine", "thorvg"])
      #expect(r.status == 0, "\(r.stdoutText)")
      let line = r.stdoutText.split(separator: "\n").last.map(String.init) ?? ""
      let count = line.range(of: #""nonblank_pixels": \d+"#, options: .regularExpression).map { String(line[$0]) } ?? "?"
      pixels.append(count)
    }
    #expect(pixels[0] == pixels[1] && pixels[0] != "?", "\(pixels)")
  }

  @Test func tgsFromCorpusPassesPythonLottieAndRoundTrips() throws {
    guard let sticker = Self.corpusSticker() else { return }
    let dir = try makeTemporaryDirectory()
    #expect(try lottiekit("unpack", sticker, "-o", dir + "/src").status == 0)
    let r = try lottiekit("pack", dir + "/src/phone.json", "--format", "tgs", "-o", dir + "/phone.tgs")
    #expect(r.status == 0, "\(r.stderr)")
    let back = try lottiekit("unpack", dir + "/phone.tgs", "-o", dir + "/back")
    #expect(back.status == 0)
    #expect(try readBytes(dir + "/back/phone.json") == (try minified(dir + "/src/phone.json")))
    guard let python = lottiePython else {
      print("skipping tgs_check.py: no oracle venv with python-lottie")
      return
    }
    let check = try run(python, [oraclesFolder + "/tgs_check.py", dir + "/phone.tgs"])
    #expect(check.status == 0 && check.stdoutText.contains("\"errors\": 0"), "\(check.stdoutText)")
  }

  @Test func tgsOfAHandMadeStickerPassesTheChecker() throws {
    let dir = try makeTemporaryDirectory()
    try write(stickerText, to: dir + "/s.json")
    let r = try lottiekit("pack", dir + "/s.json", "-o", dir + "/s.tgs", "--precision", "2")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try Gzip.decompress(readBytes(dir + "/s.tgs")) == Array(stickerText.utf8))  // nothing to round
    guard let python = lottiePython else {
      print("skipping tgs_check.py: no oracle venv with python-lottie")
      return
    }
    let check = try run(python, [oraclesFolder + "/tgs_check.py", dir + "/s.tgs"])
    #expect(check.status == 0 && check.stdoutText.contains("\"errors\": 0"), "\(check.stdoutText)")
  }

  @Test(arguments: [
    ("expression", #""o":{"a":0,"k":100}"#, #""o":{"a":0,"k":100,"x":"value"}"#, "expressions"),
    ("image layer", #""assets":[]"#, #""assets":[{"id":"i","w":2,"h":2,"u":"","p":"data:image/png;base64,iVBORw0KGgo=","e":1}]"#, "images"),
    ("long", #""op":180,"w""#, #""op":400,"w""#, "LK802")
  ])
  func stickerWithForbiddenFeatureIsRefused(name: String, find: String, replace: String, reason: String) throws {
    let dir = try makeTemporaryDirectory()
    var text = stickerText.replacingOccurrences(of: find, with: replace)
    if name == "image layer" {
      text = text.replacingOccurrences(
        of: #""layers":[{"ddd":0,"ind":1"#, with: #""layers":[{"ty":2,"ind":5,"refId":"i","ip":0,"op":180,"st":0,"ks":{}},{"ddd":0,"ind":1"#)
    }
    #expect(text != stickerText)
    try write(text, to: dir + "/bad.json")
    let r = try lottiekit("pack", dir + "/bad.json", "--format", "tgs", "-o", dir + "/bad.tgs")
    #expect(r.status == 1, "\(name): \(r.stderr)")
    #expect(r.stderr.contains("refused") && r.stderr.contains(reason), "\(name): \(r.stderr)")
    #expect(r.stderr.contains("nothing was written"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/bad.tgs"))
  }

  @Test func manifestFolderIsContentAddressedAndDeterministic() throws {
    let dir = try makeFixture()
    try FileManager.default.createDirectory(atPath: dir + "/in/sub", withIntermediateDirectories: true)
    try write(stickerText, to: dir + "/in/sticker.json")
    try write(stickerText.replacingOccurrences(of: "[0.2,0.5,0.9,1]", with: "[0.9,0.5,0.2,1]"), to: dir + "/in/sub/other.json")
    try write(#"{"not": "an animation"}"#, to: dir + "/in/config.json")
    var manifests: [[UInt8]] = []
    for out in ["/cdn1", "/cdn2"] {
      let r = try lottiekit("pack", dir + "/in", "--format", "gz", "--manifest", "-o", dir + out)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("config.json: skipped"))
      manifests.append(try readBytes(dir + out + "/manifest.json"))
    }
    #expect(manifests[0] == manifests[1])
    let manifest = try JSONDocument(parsing: manifests[0])
    #expect(manifest.root["format"]?.string == "gz")
    // What the CDN serves them with: Lottie's media type, gzip as the encoding (#23).
    #expect(manifest.root["contentType"]?.string == "video/lottie+json" && manifest.root["contentEncoding"]?.string == "gzip")
    let entries = manifest.root["animations"].list
    #expect(entries.compactMap { $0["id"]?.string } == ["sticker", "sub/other"])
    for entry in entries {
      let file = try #require(entry["file"]?.string)
      let bytes = try readBytes(dir + "/cdn1/" + file)
      let sha = SHA256.hex(bytes)
      #expect(entry["sha256"]?.string == sha)
      #expect(file == String(sha.prefix(16)) + ".json.gz")
      #expect(entry["bytes"]?.int == bytes.count && entry["gzipBytes"]?.int == bytes.count)
      #expect(entry["w"]?.int == 512 && entry["h"]?.int == 512 && entry["fr"]?.int == 60 && entry["duration"]?.int == 3)
      #expect(entry["targets"]?.isArray == true)
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/cdn1").sorted()
    #expect(files.count == 3)
  }

  @Test func inputsAreNeverOverwritten() throws {
    let dir = try makeFixture()
    // `-o` naming the input is a usage error (exit 64), as in every command that writes.
    let r = try lottiekit("pack", dir + "/a.json", "-o", dir + "/a.json")
    #expect(r.status == 64, "\(r.stderr)")
    #expect(r.stderr.contains("is the input"))
    #expect(try readBytes(dir + "/a.json") == Array(animationText.utf8))
  }

  @Test func inlineEmbedsImagesAndReportsTheStep() throws {
    let dir = try makeFixture()
    let r = try lottiekit("pack", dir + "/a.json", "--inline", "--prune", "--precision", "2", "-o", dir + "/inline.json")
    #expect(r.status == 0, "\(r.stderr)")
    for step in ["minify", "prune", "precision 2", "inline", "total"] { #expect(r.stderr.contains(step), "\(step): \(r.stderr)") }
    let doc = try JSONDocument(parsing: readBytes(dir + "/inline.json"))
    let asset = try #require(doc.root["assets"]?.element(at: 0))
    #expect(asset["p"]?.string == "data:image/png;base64," + Base64.encode(smallPNG))
    #expect(doc.root["assets"]?.count == 1)
    #expect(doc.root["layers"]?.element(at: 0)?["ks"]?["p"]?["k"]?.sourceText == "[32.12,32.65,0]")
    #expect(doc.root["nm"]?.string == "Pack fixture")  // names kept without --strip-names
    let quiet = try lottiekit("pack", dir + "/a.json", "--inline", "-q", "-o", dir + "/inline2.json")
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
  }

  /// Two inputs and `-o bundle.lottie` made a folder named bundle.lottie holding two archives
  /// (exit 0): a CDN upload or an app bundle would take it for one archive.
  @Test func aFileNameForSeveralOutputsIsRefused() throws {
    let dir = try makeFixture()
    try write(stickerText, to: dir + "/b.json")
    for out in ["bundle.lottie", "stickers.tgs", "all.json"] {
      let r = try lottiekit("pack", dir + "/a.json", dir + "/b.json", "-o", dir + "/" + out)
      #expect(r.status == 64 && r.stderr.contains("names one file, but 2 inputs give 2 files"), "\(out): \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir + "/" + out))
    }
    let folder = try lottiekit("pack", dir + "/a.json", dir + "/b.json", "-o", dir + "/out/")
    #expect(folder.status == 0, "\(folder.stderr)")
  }

  /// A file named twice, or named and inside a named folder, was refused as two inputs that
  /// "would both be named" alike; it is packed once, as every other command reads it once.
  @Test func aFileReachedTwiceIsPackedOnce() throws {
    let dir = try makeFixture()
    try FileManager.default.createDirectory(atPath: dir + "/dd", withIntermediateDirectories: true)
    try write(stickerText, to: dir + "/dd/x.json")
    let twice = try lottiekit("pack", dir + "/dd/x.json", dir + "/dd/../dd/x.json", "-o", dir + "/x.lottie")
    #expect(twice.status == 0, "\(twice.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir + "/x.lottie"))
    let inside = try lottiekit("pack", dir + "/dd", dir + "/dd/x.json", "--format", "lottie", "-o", dir + "/out/")
    #expect(inside.status == 0, "\(inside.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out") == ["x.lottie"])
  }

  @Test func missingImageRefusesTheLottieFormat() throws {
    let dir = try makeFixture()
    try FileManager.default.removeItem(atPath: dir + "/images/img_0.png")
    let r = try lottiekit("pack", dir + "/a.json", "--format", "lottie", "-o", dir + "/a.lottie")
    #expect(r.status == 2)
    #expect(r.stderr.contains("img_0.png does not exist"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/a.lottie"))
  }

  // MARK: hostile archives through the command line

  private func zip(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
    var writer = ZipWriter()
    for (name, data) in entries { try writer.add(name: name, data: data) }
    return writer.finish()
  }

  private func expectUnpackRefused(
    _ bytes: [UInt8], name: String, mentioning text: String, extra: [String] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let dir = try makeTemporaryDirectory()
    try write(bytes, to: dir + "/" + name)
    let r = try lottiekit(arguments: ["unpack", dir + "/" + name, "-o", dir + "/out"] + extra)
    #expect(r.status == 2, "\(r.stderr)", sourceLocation: sourceLocation)
    #expect(!r.crashed, sourceLocation: sourceLocation)
    #expect(r.stderr.contains("\(name): error: ") && r.stderr.contains(text), "\(r.stderr)", sourceLocation: sourceLocation)
    let written = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? []
    #expect(written.isEmpty, "\(written)", sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: dir + "/evil.json"), sourceLocation: sourceLocation)
  }

  private let tinyJSON = Array(#"{"v":"5.5.2","fr":60,"ip":0,"op":1,"w":1,"h":1,"layers":[]}"#.utf8)

  @Test func zipSlipIsRefused() throws {
    try expectUnpackRefused(
      try zip([("manifest.json", Array("{}".utf8)), ("a/ok.json", tinyJSON), ("../evil.json", tinyJSON)]),
      name: "slip.lottie", mentioning: "outside the output folder")
    try expectUnpackRefused(try zip([("a/../../evil.json", tinyJSON)]), name: "slip2.lottie", mentioning: "outside the output folder")
  }

  @Test func zipClaimingOneGigabyteIsRefused() throws {
    var bytes = try zip([("a/big.json", tinyJSON)])
    guard let cd = (0..<(bytes.count - 4)).first(where: { bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 1 && bytes[$0 + 3] == 2 }) else {
      Issue.record("no central directory")
      return
    }
    let gb: UInt32 = 1 << 30
    for k in 0..<4 { bytes[cd + 24 + k] = UInt8((gb >> UInt32(8 * k)) & 0xFF) }
    #expect(bytes.count < 1024)
    try expectUnpackRefused(bytes, name: "bomb.lottie", mentioning: "zip bomb")
  }

  @Test func gzipBombOfOneGigabyteIsRefused() throws {
    guard let python = anyPython else {
      print("skipping the 1 GB gzip bomb: no python3 to make it")
      return
    }
    let dir = try makeTemporaryDirectory()
    // 1 GiB of zeros, streamed through zlib (about 1 MB on disk).
    let make = """
      import sys, zlib
      c = zlib.compressobj(9, zlib.DEFLATED, 31)
      chunk = bytes(1 << 24)
      with open(sys.argv[1], "wb") as f:
          for _ in range(64):
              f.write(c.compress(chunk))
          f.write(c.flush())
      """
    let made = try run(python, ["-c", make, dir + "/bomb.tgs"])
    #expect(made.status == 0, "\(made.stderr)")
    let bomb = try readBytes(dir + "/bomb.tgs")
    #expect(bomb.count < 2 << 20)
    try expectUnpackRefused(bomb, name: "bomb.tgs", mentioning: "exceeds the limit")
  }

  @Test func smallGzipBombIsRefusedUnderMaxSize() throws {
    let bomb = try Gzip.compress([UInt8](repeating: 0x20, count: 4 << 20))
    try expectUnpackRefused(bomb, name: "bomb2.tgs", mentioning: "exceeds the limit", extra: ["--max-size", "100000"])
  }

  @Test func truncatedArchivesAreRefused() throws {
    let full = try zip([("manifest.json", Array("{}".utf8)), ("a/x.json", tinyJSON)])
    try expectUnpackRefused(Array(full.prefix(full.count - 10)), name: "cut.lottie", mentioning: "truncated")
    try expectUnpackRefused(Array(full.prefix(full.count / 2)), name: "half.lottie", mentioning: "zip")
    let gz = try Gzip.compress(stickerText.utf8.map { $0 })
    try expectUnpackRefused(Array(gz.prefix(gz.count / 2)), name: "cut.tgs", mentioning: "truncated gzip")
    try expectUnpackRefused(Array(gz.prefix(gz.count - 3)), name: "cut2.tgs", mentioning: "truncated gzip")
  }

  @Test func notAnArchiveIsRefused() throws {
    try expectUnpackRefused(Array(stickerText.utf8), name: "plain.json", mentioning: "not a .lottie")
  }

  // MARK: corpus

  @Test func everyCorpusAnimationPacksToGzipWithTheSameValue() throws {
    guard corpusRoot != nil else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    let files = corpusFiles(extensions: ["json"])
    let dir = try makeTemporaryDirectory()
    var packed = 0, refused = 0
    var failures: [String] = []
    for (k, file) in files.enumerated() {
      let out = dir + "/\(k).json.gz"
      let r = try lottiekit("pack", file, "--format", "gz", "-q", "-o", out)
      if r.crashed { failures.append("\(file): crashed"); continue }
      if r.status != 0 {
        // Only invalid JSON and non-animations may be refused, with exit 2 and a message.
        if r.status != 2 || r.stderr.isEmpty { failures.append("\(file): exit \(r.status) \(r.stderr)") }
        if FileManager.default.fileExists(atPath: out) { failures.append("\(file): refused but wrote \(out)") }
        refused += 1
        continue
      }
      let expected = try JSONDocument(parsing: readBytes(file)).written(.minified)
      if try Gzip.decompress(readBytes(out)) != expected { failures.append("\(file): gz does not decompress to the minified input") }
      packed += 1
    }
    print("pack --format gz over the corpus: \(packed) packed, \(refused) refused (not JSON or not Lottie), \(files.count) files")
    #expect(failures.isEmpty, "\(failures.prefix(10))")
    #expect(packed > files.count / 2)
  }
}
