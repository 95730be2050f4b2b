import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// Transforms edit a .tgs sticker as its JSON and write it back gzipped (they refused any .tgs,
/// and with it every folder of stickers, pointing at unpack); a dotLottie is still refused.
@Suite("transforms on .tgs stickers")
struct TgsTransformTests {
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"

  /// A folder with the sticker as .tgs and as plain JSON.
  func stickers() throws -> String {
    let dir = try makeTemporaryDirectory()
    let json = try readBytes(wave)
    try write(json, to: dir + "/wave.json")
    try write(try Gzip.compress(json), to: dir + "/wave.tgs")
    return dir
  }

  @Test(arguments: [
    ["strip", "--layer", "Sun", "--in-place", "."], ["optimize", "--lossless", "--in-place", "."], ["format", "--minify", "--in-place", "."]
  ])
  func inPlaceKeepsGzip(_ command: [String]) throws {
    let dir = try stickers()
    let r = try run(lottiekitBinary, command, cwd: dir)
    #expect(r.status == 0, "\(command): \(r.status) \(r.stderr)")
    let tgs = try readBytes(dir + "/wave.tgs")
    #expect(Array(tgs.prefix(2)) == [0x1F, 0x8B], "\(command): wave.tgs is no longer gzip")
    // The sticker got the same edit as the JSON file.
    #expect(try Gzip.decompress(tgs) == (try readBytes(dir + "/wave.json")), "\(command): .tgs and .json differ after the same edit")
    if command[0] == "strip" { #expect(!String(decoding: try Gzip.decompress(tgs), as: UTF8.self).contains(#""nm":"Sun""#)) }
  }

  @Test func optimizeSaysTheGzippedSize() throws {
    let dir = try stickers()
    let before = try readBytes(dir + "/wave.tgs").count
    let r = try run(lottiekitBinary, ["optimize", "--lossless", "--in-place", "wave.tgs"], cwd: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let after = try readBytes(dir + "/wave.tgs").count
    #expect(r.stderr.contains("gzipped: \(before) → \(after) bytes"), "\(r.stderr)")
    // -o naming a .tgs (a guard for optimize gzipping once and the writer reusing it): the size
    // said is the file written, whose JSON is what stdout gets.
    let json = try run(lottiekitBinary, ["optimize", "--lossless", "wave.json"], cwd: dir)
    let out = try run(lottiekitBinary, ["optimize", "--lossless", "wave.json", "-o", "out.tgs"], cwd: dir)
    let written = try readBytes(dir + "/out.tgs")
    #expect(out.status == 0 && out.stderr.contains("→ \(written.count) bytes\n") && out.stderr.contains("gzipped:"), "\(out.stderr)")
    #expect(try Gzip.decompress(written) == [UInt8](json.stdout))
  }

  /// In place, each file keeps the container its bytes have, whatever its name: plain JSON named
  /// .tgs or .lottie stays plain, gzip named .json stays gzip.
  @Test func inPlaceKeepsTheBytesContainer() throws {
    let dir = try makeTemporaryDirectory()
    let json = try readBytes(wave)
    try write(json, to: dir + "/plain.tgs")
    try write(json, to: dir + "/plain.lottie")
    for name in ["plain.tgs", "plain.lottie"] {
      let r = try run(lottiekitBinary, ["strip", "--layer", "Sun", "--in-place", name], cwd: dir)
      #expect(r.status == 0, "\(name): \(r.status) \(r.stderr)")
      let after = try readBytes(dir + "/" + name)
      #expect(after.first == UInt8(ascii: "{") && after.count < json.count, "\(name) is not the stripped plain JSON")
    }
    try write(try Gzip.compress(json), to: dir + "/gz.json")
    let r = try run(lottiekitBinary, ["strip", "--layer", "Sun", "--in-place", "gz.json"], cwd: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let gz = try readBytes(dir + "/gz.json")
    #expect(Array(gz.prefix(2)) == [0x1F, 0x8B], "gz.json is no longer gzip")
    let unzipped = try Gzip.decompress(gz)
    #expect(unzipped == (try readBytes(dir + "/plain.tgs")), "gz.json is not the stripped JSON")
  }

  /// A .tgs's image paths start from its own folder, as a .json's do (they started from the
  /// current folder: extract wrote beside the caller and left the reference pointing elsewhere).
  @Test func imagesStartFromTheStickersFolder() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/sub/images", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir + "/run", withIntermediateDirectories: true)
    let checkout = packageRoot + "/Examples/delivery/checkout"
    try write(try readBytes(checkout + "/images/img_0.png"), to: dir + "/sub/images/img_0.png")
    try write(try Gzip.compress(try readBytes(checkout + "/success.json")), to: dir + "/sub/a.tgs")
    let inline = try run(lottiekitBinary, ["inline", "--in-place", "../sub/a.tgs"], cwd: dir + "/run")
    #expect(inline.status == 0, "\(inline.stderr)")
    let extract = try run(lottiekitBinary, ["extract", "--in-place", "../sub/a.tgs"], cwd: dir + "/run")
    #expect(extract.status == 0, "\(extract.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir + "/sub/images/image_0.png"), "extract did not write beside the sticker")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/run").isEmpty, "extract wrote into the current folder")
    #expect(try lottiekit("lint", dir + "/sub/a.tgs").status == 0)
  }

  @Test func dotLottieStillRefused() throws {
    let dir = try stickers()
    let pack = try run(lottiekitBinary, ["pack", "wave.json", "--format", "lottie", "-o", "wave.lottie"], cwd: dir)
    #expect(pack.status == 0, "\(pack.stderr)")
    let before = try readBytes(dir + "/wave.lottie")
    let r = try run(lottiekitBinary, ["strip", "--layer", "Sun", "--in-place", "wave.lottie"], cwd: dir)
    #expect(r.status == 2 && r.stderr.contains("use unpack for .lottie"), "\(r.status) \(r.stderr)")
    #expect(try readBytes(dir + "/wave.lottie") == before)
  }
}
