import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// Defects the last session named and left (2026-11-28), each reproduced before its fix: pack of a
/// .lottie into a .lottie dropped the manifest's fields and renamed the animation, pack's --target
/// gate refused every dotLottie with images, unpack replaced a user's edited files without a word,
/// and diff said nothing of a duration that went from undefined to defined.
@Suite("archives kept whole: pack .lottie → .lottie, unpack into a used folder")
struct ArchiveKeepingTests {
  let hero = packageRoot + "/Examples/delivery/onboarding/hero.json"
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"

  /// A v1 archive with manifest fields of its own (as LottieFiles' exporter writes them), a theme
  /// and an image entry that pack does not know.
  func v1Archive(_ dir: String) throws -> [UInt8] {
    var writer = ZipWriter()
    let manifest = ##"{"animations": [{"loop": true, "themeColor": "#ffcc00", "speed": 1.0, "id": "lf20_x"}], "version": "1.0", "author": "LottieFiles"}"##
    try writer.add(name: "manifest.json", data: Array(manifest.utf8), compress: false)
    try writer.add(name: "animations/lf20_x.json", data: try readBytes(wave))
    // 2024-05-17 13:45:30, as an exporter stamps its entries.
    try writer.add(
      name: "themes/dark.json", data: Array(#"{"rules":[]}"#.utf8),
      modified: ZipWriter.DOSTimestamp(time: (13 << 11) | (45 << 5) | 15, date: (44 << 9) | (5 << 5) | 17))
    let bytes = writer.finish()
    try write(bytes, to: dir + "/in.lottie")
    return bytes
  }

  /// Before: the archive came out as v2 with a manifest of lottiekit's own ("id": "in") and no
  /// theme. Now every entry but the animation is the same bytes, in the same order.
  @Test func packKeepsTheArchive() throws {
    let dir = try makeTemporaryDirectory()
    let original = try ZipArchive(bytes: try v1Archive(dir))
    let r = try run(lottiekitBinary, ["pack", "in.lottie", "-o", "out.lottie", "--precision", "2"], cwd: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let packed = try ZipArchive(bytes: try readBytes(dir + "/out.lottie"))
    #expect(packed.entries.map(\.name) == original.entries.map(\.name))
    for entry in original.entries where entry.name != "animations/lf20_x.json" {
      #expect(try packed.data(of: packed.entry(named: entry.name)!) == original.data(of: entry), "\(entry.name)")
    }
    // Timestamps too (they were all reset to 1980-01-01).
    #expect(packed.entries.map(\.modified) == original.entries.map(\.modified))
    #expect(packed.entry(named: "themes/dark.json")?.modified != .fixed)
    let before = try JSONDocument(parsing: original.data(of: original.entry(named: "animations/lf20_x.json")!))
    let after = try packed.data(of: packed.entry(named: "animations/lf20_x.json")!)
    #expect(after.count < before.bytes.count, "the animation went through pack's steps")
    #expect(try JSONDocument(parsing: after).root["layers"]?.count == before.root["layers"]?.count)
  }

  /// Converting the layout would rewrite the manifest: refused, nothing written.
  @Test func anotherLayoutIsRefused() throws {
    let dir = try makeTemporaryDirectory()
    _ = try v1Archive(dir)
    let r = try run(lottiekitBinary, ["pack", "in.lottie", "-o", "out.lottie", "--dotlottie-version", "2"], cwd: dir)
    #expect(r.status == 2 && r.stderr.contains("dotLottie v1 archive"), "\(r.status) \(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out.lottie"))
  }

  /// Images stay in the archive (before: refused, "unpack it first"), and the --target gate finds
  /// them there (before: LK302 "absolute path /i/img_0.png", exit 1, for any JSON packed with images).
  @Test func imagesStayAndTheGateSeesThem() throws {
    let dir = try makeTemporaryDirectory()
    let first = try run(lottiekitBinary, ["pack", hero, "-o", "a.lottie", "--target", "rlottie"], cwd: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let again = try run(lottiekitBinary, ["pack", "a.lottie", "-o", "b.lottie", "--target", "rlottie"], cwd: dir)
    #expect(again.status == 0 && !again.stderr.contains("warning"), "\(again.stderr)")
    let a = try ZipArchive(bytes: try readBytes(dir + "/a.lottie")), b = try ZipArchive(bytes: try readBytes(dir + "/b.lottie"))
    #expect(b.entries.map(\.name) == a.entries.map(\.name))
    for name in ["i/img_0.png", "i/img_1.png", "manifest.json"] {
      #expect(try b.data(of: b.entry(named: name)!) == a.data(of: a.entry(named: name)!), "\(name)")
    }
    let diff = try run(lottiekitBinary, ["diff", "a.lottie", "b.lottie"], cwd: dir)
    #expect(diff.status == 0, "\(diff.stdoutText)")
  }

  /// An edited file in the folder was replaced without a word (exit 0). Now exit 64 and every file
  /// as it was; the same bytes are no conflict; --force replaces.
  @Test func unpackKeepsEditedFiles() throws {
    let dir = try makeTemporaryDirectory()
    #expect(try run(lottiekitBinary, ["pack", hero, "-o", "hero.lottie"], cwd: dir).status == 0)
    #expect(try run(lottiekitBinary, ["unpack", "hero.lottie", "-o", "out"], cwd: dir).status == 0)
    let same = try run(lottiekitBinary, ["unpack", "hero.lottie", "-o", "out"], cwd: dir)
    #expect(same.status == 0, "unpacking the same archive again: \(same.stderr)")
    let edited = Array(#"{"edited":true}"#.utf8)
    try write(edited, to: dir + "/out/hero.json")
    let image = try readBytes(dir + "/out/images/img_0.png")
    try write(Array("mine".utf8), to: dir + "/out/images/img_1.png")
    let r = try run(lottiekitBinary, ["unpack", "hero.lottie", "-o", "out"], cwd: dir)
    #expect(r.status == 64 && r.stderr.contains("2 existing files") && r.stderr.contains("--force"), "\(r.status) \(r.stderr)")
    #expect(try readBytes(dir + "/out/hero.json") == edited)
    #expect(try readBytes(dir + "/out/images/img_1.png") == Array("mine".utf8))
    #expect(try readBytes(dir + "/out/images/img_0.png") == image)
    let forced = try run(lottiekitBinary, ["unpack", "hero.lottie", "-o", "out", "--force"], cwd: dir)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try readBytes(dir + "/out/hero.json") != edited)
  }

  /// fr 0 → 60 said "frame rate 0 → 60 fps" but not that the animation now has a duration.
  @Test func diffSaysADurationThatAppears() throws {
    let dir = try makeTemporaryDirectory()
    try write(Array(#"{"v":"5.7.4","fr":0,"ip":0,"op":120,"w":100,"h":100,"layers":[]}"#.utf8), to: dir + "/old.json")
    try write(Array(#"{"v":"5.7.4","fr":60,"ip":0,"op":120,"w":100,"h":100,"layers":[]}"#.utf8), to: dir + "/new.json")
    let r = try run(lottiekitBinary, ["diff", "old.json", "new.json"], cwd: dir)
    #expect(r.status == 1 && r.stdoutText.contains("duration undefined → 2 s"), "\(r.stdoutText)")
  }
}
