import Foundation
import Testing
import LottieJSON
import LottieKitIO
import LottieModel
@testable import LottieTransforms

/// A folder on disk with one animation and its images, for one test.
private struct PackFixture {
  let root: String
  init(json: String, images: [String: [UInt8]] = [:]) throws {
    root = NSTemporaryDirectory() + "lottiekit-pack-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root + "/images", withIntermediateDirectories: true)
    try Data(json.utf8).write(to: URL(fileURLWithPath: root + "/a.json"))
    for (name, bytes) in images { try Data(bytes).write(to: URL(fileURLWithPath: root + "/images/" + name)) }
  }
  var document: JSONDocument { get throws { try JSONDocument(parsing: [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/a.json")))) } }
}

/// The smallest valid PNG header with a given size (enough for the sniffer).
private func png(width: UInt32, height: UInt32, tag: UInt8 = 0) -> [UInt8] {
  var b: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
  for v in [width, height] { b += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
  b += [8, 6, 0, 0, 0, 0, 0, 0, 0, tag]
  return b
}

private let imageAnimation = """
  {
    "v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "nm": "Scene",
    "assets": [
      {"id": "image_0", "w": 10, "h": 10, "u": "images/", "p": "img_0.png", "e": 0},
      {"id": "image_1", "w": 10, "h": 10, "u": "images/", "p": "img_1.png", "e": 0},
      {"id": "comp_0", "nm": "Unused comp", "layers": [{"ty": 2, "ind": 1, "refId": "image_1", "ks": {}}]},
      {"id": "comp_1", "nm": "Used comp", "layers": [{"ty": 2, "ind": 1, "refId": "image_0", "ks": {}}]}
    ],
    "layers": [
      {"ty": 0, "ind": 1, "nm": "Pre", "refId": "comp_1", "ks": {}, "ip": 0, "op": 60, "st": 0}
    ]
  }
  """

@Suite("pack: precision, prune, names, containers, manifest")
struct PackTests {
  @Test(arguments: [
    (1.23456, 3, "1.235"), (-0.0004, 3, "0"), (12.5, 0, "13"), (100.0, 2, "100"), (0.5, 3, "0.5"),
    (-2.0000001, 3, "-2"), (0.0999, 2, "0.1"), (123456.789, 1, "123456.8"), (-0.05, 1, "-0.1")
  ])
  func roundedText(value: Double, decimals: Int, expected: String) {
    #expect(Pack.roundedText(value, decimals: decimals).map { String(decoding: $0, as: UTF8.self) } == expected)
  }

  @Test func roundedTextRefusesHugeAndNonFinite() {
    #expect(Pack.roundedText(1e300, decimals: 3) == nil)
    #expect(Pack.roundedText(.infinity, decimals: 3) == nil)
  }

  @Test func precisionRoundsOnlySafeNumbersAndOnlyWhenShorter() throws {
    let text =
      #"{"fr":29.9700003,"ip":0.123456,"op":90.5000001,"layers":[{"ind":1.000001,"parent":2.0000001,"ty":4,"st":-0.3333333,"ks":{"p":{"a":1,"k":[{"t":12.3456789,"s":[1.23456,2.5,1e-7],"i":{"x":[0.833333333],"y":[0.8333]}}]},"o":{"a":0,"k":100.0}},"nm":"1.23456"}],"tm":{"a":1,"k":[{"t":0,"s":[0.123456]}]},"x":1.5,"t":{"d":{"k":[{"s":{"s":12.3456,"lh":14.4000001},"t":0.55555}]}},"myapp":{"ratio":0.3333333,"list":[2.71828]}}"#
    let doc = try JSONDocument(parsing: text)
    let out = String(decoding: Pack.roundNumbers(doc, decimals: 3), as: UTF8.self)
    let expected =
      #"{"fr":29.9700003,"ip":0.123456,"op":90.5000001,"layers":[{"ind":1.000001,"parent":2.0000001,"ty":4,"st":-0.3333333,"ks":{"p":{"a":1,"k":[{"t":12.3456789,"s":[1.235,2.5,0],"i":{"x":[0.833],"y":[0.833]}}]},"o":{"a":0,"k":100}},"nm":"1.23456"}],"tm":{"a":1,"k":[{"t":0,"s":[0.123456]}]},"x":1.5,"t":{"d":{"k":[{"s":{"s":12.346,"lh":14.4},"t":0.55555}]}},"myapp":{"ratio":0.3333333,"list":[2.71828]}}"#
    // An app's own fields (no property value, under no `k`) keep their numbers.
    #expect(out == expected)
    // Nothing to round: the bytes come back untouched.
    let short = try JSONDocument(parsing: #"{"a":[1.5,2,3.25]}"#)
    #expect(Pack.roundNumbers(short, decimals: 3) == short.bytes)
  }

  /// #21.18: easing handles keep at least 3 decimals whatever --precision says (at 2 a corpus
  /// file moved 1.1% of its pixels); a shape's vertex tangents (arrays under i/o) follow --precision.
  @Test func easingHandlesKeepThreeDecimals() throws {
    let text =
      #"{"layers":[{"ks":{"o":{"a":1,"k":[{"t":0,"s":[0.123456],"i":{"x":0.833333,"y":[0.16666,1.23456]},"o":{"x":[0.16666],"y":0.33333}}]}},"shapes":[{"ty":"sh","ks":{"a":0,"k":{"i":[[0.123456,1.98765]],"o":[[0.55555,0.44444]],"v":[[1.23456,2.34567]],"c":true}}}]}]}"#
    let out = String(decoding: Pack.roundNumbers(try JSONDocument(parsing: text), decimals: 1), as: UTF8.self)
    let expected =
      #"{"layers":[{"ks":{"o":{"a":1,"k":[{"t":0,"s":[0.1],"i":{"x":0.833,"y":[0.167,1.235]},"o":{"x":[0.167],"y":0.333}}]}},"shapes":[{"ty":"sh","ks":{"a":0,"k":{"i":[[0.1,2]],"o":[[0.6,0.4]],"v":[[1.23456,2.34567]],"c":true}}}]}]}"#
    #expect(out == expected)
    // Above 3 decimals, the asked precision holds for handles too.
    let five = String(decoding: Pack.roundNumbers(try JSONDocument(parsing: text), decimals: 5), as: UTF8.self)
    #expect(five.contains(#""i":{"x":0.83333,"y":[0.16666,1.23456]}"#), "\(five)")
  }

  @Test func pruneRemovesUnreachableAssetsAndKeepsExpressionTargets() throws {
    let doc = try JSONDocument(parsing: imageAnimation)
    let result = Pack.prune(doc)
    #expect(result.removed == ["image_1", "comp_0"])
    let after = Animation(document: try JSONDocument(parsing: result.bytes))
    #expect(after.assets.compactMap(\.id) == ["image_0", "comp_1"])

    // An expression that names the unused comp keeps it.
    let withExpression = imageAnimation.replacingOccurrences(
      of: #""ks": {}, "ip": 0"#,
      with: #""ks": {"o": {"a": 0, "k": 100, "x": "comp(\"Unused comp\").layer(1)"}}, "ip": 0"#)
    let kept = Pack.prune(try JSONDocument(parsing: withExpression))
    #expect(kept.kept == ["comp_0"])
    #expect(kept.removed == ["image_1"])
  }

  @Test func stripNamesRemovesStringNamesOnly() throws {
    let doc = try JSONDocument(parsing: #"{"nm":"Scene","layers":[{"nm":"A","mn":"ADBE Layer","ty":4},{"nm":3}]}"#)
    let result = Pack.stripNames(doc)
    #expect(String(decoding: result.bytes, as: UTF8.self) == #"{"nm":"Scene","layers":[{"ty":4},{"nm":3}]}"#)
    #expect(result.hasExpressions == false)
  }

  /// Names were removed everywhere: a drop shadow's values lost the names lottie-android and
  /// lottie-ios find them by (the shadow was gone), masks and the animation lost theirs. Only
  /// layers', shapes' and assets' names go.
  @Test func stripNamesKeepsEffectMaskAndUnknownNames() throws {
    let doc = try JSONDocument(
      parsing:
        #"{"nm":"Scene","assets":[{"id":"c","nm":"Pre","layers":[]}],"layers":[{"nm":"L","ty":4,"masksProperties":[{"nm":"Mask 1"}],"ef":[{"ty":25,"nm":"Drop Shadow","mn":"ADBE Drop Shadow","ef":[{"ty":2,"nm":"Shadow Color","mn":"ADBE Drop Shadow-0001"}]}],"shapes":[{"ty":"gr","nm":"G","it":[{"ty":"fl","nm":"F","mn":"ADBE Vector Graphic - Fill"}]}],"myapp":{"nm":"keep"}}]}"#
    )
    let out = String(decoding: Pack.stripNames(doc).bytes, as: UTF8.self)
    #expect(
      out
        == #"{"nm":"Scene","assets":[{"id":"c","layers":[]}],"layers":[{"ty":4,"masksProperties":[{"nm":"Mask 1"}],"ef":[{"ty":25,"nm":"Drop Shadow","mn":"ADBE Drop Shadow","ef":[{"ty":2,"nm":"Shadow Color","mn":"ADBE Drop Shadow-0001"}]}],"shapes":[{"ty":"gr","it":[{"ty":"fl"}]}],"myapp":{"nm":"keep"}}]}"#,
      "\(out)")
  }

  @Test func prepareKeepsNamesUnlessAsked() throws {
    let fixture = try PackFixture(json: imageAnimation, images: ["img_0.png": png(width: 10, height: 10)])
    var options = PackOptions()
    options.format = .json
    let plain = Pack.prepare(try fixture.document, baseDirectory: fixture.root, options: options)
    #expect(!plain.refused)
    #expect(String(decoding: plain.json, as: UTF8.self).contains(#""nm":"Scene""#))
    #expect(plain.steps.map(\.name) == ["minify"])
    #expect(plain.notes.contains { $0.kind == .warning && $0.message.contains("external image") })
  }

  @Test func dotLottiePutsImagesUnderIAndPointsAssetsThere() throws {
    let image = png(width: 10, height: 10)
    let fixture = try PackFixture(json: imageAnimation, images: ["img_0.png": image, "img_1.png": png(width: 10, height: 10, tag: 1)])
    var options = PackOptions()
    options.format = .lottie
    options.prune = true
    let prepared = Pack.prepare(try fixture.document, baseDirectory: fixture.root, options: options)
    #expect(!prepared.refused, "\(prepared.notes)")
    #expect(prepared.images == [PackedImage(name: "img_0.png", bytes: image)])  // img_1 was pruned first
    let doc = try JSONDocument(parsing: prepared.json)
    let asset = Animation(document: doc).assets[0]
    #expect(asset.folder == "/i/" && asset.fileName == "img_0.png" && asset.node["e"]?.int == 0)
    #expect(prepared.steps.map(\.name) == ["minify", "prune", "images into archive"])

    let (bytes, step) = try Pack.container(prepared, id: "a", options: options)
    #expect(step?.name == "zip (deflate)")
    let archive = try ZipArchive(bytes: bytes)
    #expect(archive.entries.map(\.name) == ["manifest.json", "a/a.json", "i/img_0.png"])
    let manifest = try JSONDocument(parsing: try archive.data(of: try #require(archive.entry(named: "manifest.json"))))
    #expect(manifest.root["version"]?.string == "2")
    #expect(manifest.root["animations"]?.element(at: 0)?["id"]?.string == "a")

    // v1 layout.
    options.dotLottieVersion = 1
    let v1Prepared = Pack.prepare(try fixture.document, baseDirectory: fixture.root, options: options)
    #expect(Animation(document: try JSONDocument(parsing: v1Prepared.json)).assets[0].folder == "/images/")
    let v1 = try ZipArchive(bytes: try Pack.container(v1Prepared, id: "a", options: options).bytes)
    #expect(v1.entries.map(\.name) == ["manifest.json", "animations/a.json", "images/img_0.png"])
    let v1Manifest = try JSONDocument(parsing: try v1.data(of: try #require(v1.entry(named: "manifest.json"))))
    #expect(v1Manifest.root["activeAnimationId"]?.string == "a")
  }

  @Test func dotLottieRefusesMissingAndEscapingImages() throws {
    let escaping = imageAnimation.replacingOccurrences(of: #""p": "img_0.png""#, with: #""p": "../../etc/passwd""#)
    let fixture = try PackFixture(json: escaping)
    var options = PackOptions()
    options.format = .lottie
    let prepared = Pack.prepare(try fixture.document, baseDirectory: fixture.root, options: options)
    #expect(prepared.refused)
    #expect(prepared.notes.contains { $0.message.contains("outside the animation's folder") })
    #expect(prepared.notes.contains { $0.message.contains("img_1.png does not exist") })
  }

  @Test func packingIsDeterministicAndUnpackRoundTrips() throws {
    let image = png(width: 10, height: 10)
    let fixture = try PackFixture(json: imageAnimation, images: ["img_0.png": image, "img_1.png": png(width: 10, height: 10, tag: 2)])
    var options = PackOptions()
    options.format = .lottie
    let first = try Pack.container(Pack.prepare(try fixture.document, baseDirectory: fixture.root, options: options), id: "a", options: options).bytes
    let second = try Pack.container(Pack.prepare(try fixture.document, baseDirectory: fixture.root, options: options), id: "a", options: options).bytes
    #expect(first == second)
    let unpacked = try Unpack.run(first, fileName: "a.lottie", limit: 1 << 20)
    // The manifest is kept for pack to rebuild the archive (#21.7).
    #expect(unpacked.files.map(\.path) == [".dotlottie/manifest.json", "images/img_0.png", "images/img_1.png", "a.json"])
    #expect(unpacked.files[1].bytes == image)
    // The JSON is the minified original: u went to "/i/" and came back to "images/".
    #expect(unpacked.files[3].bytes == (try fixture.document).written(.minified))
  }

  @Test func gzipUnpacksToTheSameBytes() throws {
    let json = Array(#"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[]}"#.utf8)
    let gz = try Gzip.compress(json)
    let unpacked = try Unpack.run(gz, fileName: "sticker.tgs", limit: 1 << 20)
    #expect(unpacked.files.map(\.path) == ["sticker.json"])
    #expect(unpacked.files[0].bytes == json)
  }

  // MARK: hostile archives

  private func expectRefused(_ bytes: [UInt8], limit: Int = 1 << 20, mentioning text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    do {
      let result = try Unpack.run(bytes, fileName: "x.lottie", limit: limit)
      Issue.record("accepted a hostile archive: \(result.files.map(\.path))", sourceLocation: sourceLocation)
    } catch {
      #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
    }
  }

  private func zip(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
    var writer = ZipWriter()
    for (name, data) in entries { try writer.add(name: name, data: data) }
    return writer.finish()
  }

  private let tinyJSON = Array(#"{"v":"5.5.2","fr":60,"ip":0,"op":1,"w":1,"h":1,"layers":[]}"#.utf8)

  @Test func zipSlipIsRefused() throws {
    for name in ["../evil.json", "a/../../evil.json", "/etc/evil.json", "i/..\\..\\evil.png", "C:/evil.json"] {
      expectRefused(try zip([("manifest.json", Array("{}".utf8)), ("a/ok.json", tinyJSON), (name, [1, 2, 3])]), mentioning: "outside the output folder")
    }
  }

  @Test func zipBombClaimingOneGigabyteIsRefused() throws {
    var bytes = try zip([("a/big.json", tinyJSON)])
    // Patch the central directory's uncompressed size to 1 GB.
    guard let cd = (0..<(bytes.count - 4)).first(where: { bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 1 && bytes[$0 + 3] == 2 }) else {
      Issue.record("no central directory")
      return
    }
    let gb: UInt32 = 1 << 30
    for k in 0..<4 { bytes[cd + 24 + k] = UInt8((gb >> UInt32(8 * k)) & 0xFF) }
    expectRefused(bytes, limit: 128 << 20, mentioning: "a zip bomb")
  }

  @Test func zipEntryThatInflatesBeyondItsClaimIsRefused() throws {
    var bytes = try zip([("a/big.json", [UInt8](repeating: 0x20, count: 8 << 20))])
    #expect(bytes.count < 64 * 1024)
    // Claim 100 bytes in both headers; the data inflates to 8 MB.
    for signature: [UInt8] in [[0x50, 0x4B, 3, 4], [0x50, 0x4B, 1, 2]] {
      guard let at = (0..<(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == signature }) else { continue }
      let field = signature[2] == 3 ? at + 22 : at + 24
      bytes[field] = 100; bytes[field + 1] = 0; bytes[field + 2] = 0; bytes[field + 3] = 0
    }
    expectRefused(bytes, limit: 128 << 20, mentioning: "exceeds the limit")
  }

  @Test func gzipBombIsRefused() throws {
    let bomb = try Gzip.compress([UInt8](repeating: 0x20, count: 16 << 20))
    #expect(bomb.count < 64 * 1024)
    expectRefused(bomb, limit: 1 << 20, mentioning: "exceeds the limit")
  }

  @Test func truncatedArchivesAreRefused() throws {
    let full = try zip([("manifest.json", Array("{}".utf8)), ("a/x.json", tinyJSON)])
    for cut in [full.count - 10, full.count / 2, 30, 5] {
      expectRefused(Array(full.prefix(cut)), mentioning: "zip")
    }
    let gz = try Gzip.compress(tinyJSON)
    for cut in [gz.count - 4, gz.count / 2, 12, 3] {
      expectRefused(Array(gz.prefix(cut)), mentioning: "truncated gzip")
    }
    expectRefused(Array(gz.prefix(gz.count / 2)), mentioning: "truncated gzip")
    expectRefused(Array(full.prefix(full.count - 10)), mentioning: "truncated")
  }

  @Test func garbageAfterSignaturesNeverCrashes() throws {
    var seed: UInt64 = 0x9E3779B97F4A7C15
    func next() -> UInt8 { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return UInt8(truncatingIfNeeded: seed) }
    let valid = try zip([("manifest.json", Array("{}".utf8)), ("a/x.json", tinyJSON), ("i/p.png", png(width: 1, height: 1))])
    for _ in 0..<300 {
      var bytes = valid
      for _ in 0..<8 { bytes[Int(next()) % bytes.count] = next() }
      _ = try? Unpack.run(bytes, fileName: "x.lottie", limit: 1 << 20)
    }
  }

  @Test func manifestIsSortedAndDeterministic() {
    let entries = [
      Pack.ManifestEntry(id: "b", file: "2.json.gz", bytes: 10, gzipBytes: 10, sha256: "bb", width: 512, height: 512, frameRate: 60, duration: 3, targets: []),
      Pack.ManifestEntry(
        id: "a", file: "1.json.gz", bytes: 20, gzipBytes: 20, sha256: "aa", width: 100, height: 50, frameRate: 29.97, duration: nil, targets: ["ios"])
    ]
    let one = Pack.manifest(entries, format: .gz, generator: "lottiekit test")
    let two = Pack.manifest(entries.reversed(), format: .gz, generator: "lottiekit test")
    #expect(one == two)
    let text = String(decoding: one, as: UTF8.self)
    #expect(text.range(of: "\"id\": \"a\"")!.lowerBound < text.range(of: "\"id\": \"b\"")!.lowerBound)
    #expect(text.contains("\"fr\": 29.97") && text.contains("\"duration\": null") && text.contains("\"gzipBytes\": 20"))
  }

  @Test func contentAddressedNames() {
    let name = Pack.contentAddressedName(Array("abc".utf8), format: .lottie)
    #expect(name == "ba7816bf8f01cfea.lottie")
  }
}
