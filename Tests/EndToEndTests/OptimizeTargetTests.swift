import Foundation
import LottieKitIO
import Testing

/// #20: `optimize --target` — the named players decide which defaults go; the one `--target`
/// parser rejects an unknown name before any file is read.
@Suite("optimize --target, end to end")
struct OptimizeTargetTests {
  static let animation =
    #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ddd":0,"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"r":{"a":0,"k":30}},"shapes":[]}]}"#

  func optimized(_ targets: [String]) throws -> (status: Int32, output: String) {
    let dir = try makeTemporaryDirectory()
    try write(Self.animation, to: dir + "/a.json")
    let r = try lottiekit(arguments: ["optimize", "--lossless", "--quiet"] + targets + [dir + "/a.json", "-o", dir + "/out.json"])
    let out = FileManager.default.contents(atPath: dir + "/out.json").map { String(decoding: $0, as: UTF8.self) } ?? ""
    return (r.status, out)
  }

  @Test func layerDimensionStaysForRlottieAndGoesForTheOthers() throws {
    let every = try optimized([])
    #expect(every.status == 0)
    #expect(every.output.contains(#""ddd":0"#), "\(every.output)")
    let withRlottie = try optimized(["--target", "web,rlottie"])
    #expect(withRlottie.output.contains(#""ddd":0"#), "\(withRlottie.output)")
    let apps = try optimized(["--target", "ios,android", "--target", "web"])
    #expect(apps.status == 0)
    #expect(!apps.output.contains("ddd"), "\(apps.output)")
  }

  @Test func anUnknownTargetIsAUsageError() throws {
    let r = try optimized(["--target", "flash"])
    #expect(r.status == 64)
    #expect(r.output.isEmpty)
  }

  /// `--images webp` only for players that draw WebP (the compat data decides: rlottie does not,
  /// measured): refused before anything is read without `--target` or with rlottie among them;
  /// for the others an embedded PNG becomes a WebP and optimizing again changes nothing.
  @Test func webpImagesOnlyForPlayersThatDrawThem() throws {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fixture = try String(contentsOfFile: packageRoot + "/Tests/Fixtures/compat/image-webp.json", encoding: .utf8)
    try write(fixture, to: dir + "/w.json")
    for targets: [String] in [[], ["--target", "web,rlottie"]] {
      let r = try lottiekit(arguments: ["optimize", "--images", "webp"] + targets + [dir + "/w.json", "-o", dir + "/refused.json"])
      #expect(r.status == 64, "\(targets): \(r.stderr)")
      #expect(r.stderr.contains("rlottie does not draw WebP images"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir + "/refused.json"))
    }
    #expect(try lottiekit("optimize", "--images", "webp", "--target", "web", "--image-quality", "101", dir + "/w.json").status == 64)
    #expect(try lottiekit("optimize", "--images", "gif", "--target", "web", dir + "/w.json").status == 64)
    // A PNG made from rows of noise, embedded: the WebP is smaller.
    var rgba: [UInt8] = []
    var seed: UInt32 = 3
    for y in 0..<64 {
      for x in 0..<64 {
        seed = seed &* 1_103_515_245 &+ 12345
        rgba += [UInt8(x * 4), UInt8(y * 4), UInt8(seed >> 24), 255]
      }
    }
    let png = try PNG.encode(width: 64, height: 64, rgba: rgba, level: 9)
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":64,"h":64,"assets":[{"id":"image_0","w":64,"h":64,"u":"","p":"data:image/png;base64,\#(Data(png).base64EncodedString())","e":1}],"layers":[{"ddd":0,"ty":2,"ind":1,"refId":"image_0","ip":0,"op":60,"st":0,"ks":{}}]}"#
    try write(json, to: dir + "/p.json")
    let r = try lottiekit("optimize", "--images", "webp", "--target", "ios,android,web,thorvg", dir + "/p.json", "-o", dir + "/p.min.json")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("WebP images: −"), "\(r.stderr)")
    let out = try String(contentsOfFile: dir + "/p.min.json", encoding: .utf8)
    #expect(out.contains("data:image/webp;base64,"))
    #expect(out.utf8.count < json.utf8.count)
    // lint --target says what rlottie would do with it; optimizing again changes nothing.
    #expect(try lottiekit("lint", "--target", "rlottie", dir + "/p.min.json").stdoutText.contains("[LK701] WebP images"))
    let again = try lottiekit("optimize", "--images", "webp", "--target", "ios,android,web,thorvg", dir + "/p.min.json", "-o", dir + "/p.again.json")
    #expect(again.status == 0)
    #expect(FileManager.default.contents(atPath: dir + "/p.again.json") == FileManager.default.contents(atPath: dir + "/p.min.json"))
  }
}
