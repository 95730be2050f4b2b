import Foundation
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
}
