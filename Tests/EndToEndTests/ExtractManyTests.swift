import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// `extract` over several animations in one run: images that share a name but not their bytes
/// each keep a file (the second input's image overwrote the first's, whose only copy was inside
/// the animation rewritten in place), and names that differ only in case are different names on
/// no file system.
@Suite("extract, several inputs")
struct ExtractManyTests {
  let pngs = ["img_0.png", "img_1.png"].map { packageRoot + "/Examples/delivery/onboarding/images/" + $0 }

  func animation(_ images: [(id: String, png: [UInt8])]) -> String {
    let assets = images.map { #"{"id":"\#($0.id)","w":10,"h":10,"u":"","p":"data:image/png;base64,\#(Data($0.png).base64EncodedString())","e":1}"# }
    let layers = images.enumerated().map { #"{"ind":\#($0.offset + 1),"ty":2,"refId":"\#($0.element.id)","ks":{},"ip":0,"op":60,"st":0}"# }
    return #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[\#(assets.joined(separator: ","))],"layers":[\#(layers.joined(separator: ","))]}"#
  }

  /// The bytes each image asset of an extracted animation points at.
  func images(of path: String) throws -> [[UInt8]] {
    let doc = try JSONDocument(parsing: try readBytes(path))
    let folder = (path as NSString).deletingLastPathComponent
    return try doc.root["assets"]?.elements.map { a in
      try readBytes(folder + "/" + (a["u"]?.string ?? "") + (a["p"]?.string ?? ""))
    } ?? []
  }

  /// Two animations, each embedding one image under its own asset id, extracted in place in one
  /// run: each must point at its own image's bytes.
  func extractTwoInPlace(_ dir: String, _ first: (id: String, png: [UInt8]), _ second: (id: String, png: [UInt8])) throws {
    try write(animation([first]), to: dir + "/first.json")
    try write(animation([second]), to: dir + "/second.json")
    let r = try lottiekit("extract", "--in-place", dir + "/first.json", dir + "/second.json")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try images(of: dir + "/first.json") == [first.png])
    #expect(try images(of: dir + "/second.json") == [second.png])
  }

  @Test func imagesWithOneNameFromTwoAnimationsBothSurvive() throws {
    let (red, blue) = (try readBytes(pngs[0]), try readBytes(pngs[1]))
    #expect(red != blue)
    try extractTwoInPlace(try makeTemporaryDirectory(), ("image_0", red), ("image_0", blue))
  }

  /// Different bytes or the same: each asset points at a file that exists (sharing by a name
  /// that differs in case pointed one asset at a file never written, on Linux).
  @Test(arguments: [false, true])
  func namesDifferingOnlyInCaseAreOneName(sameBytes: Bool) throws {
    let red = try readBytes(pngs[0])
    let other = sameBytes ? red : try readBytes(pngs[1])
    let dir = try makeTemporaryDirectory()
    try write(animation([("a_b", red), ("A_B", other)]), to: dir + "/a.json")
    let r = try lottiekit("extract", dir + "/a.json", "-o", dir + "/out/a.json")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try images(of: dir + "/out/a.json") == [red, other])
    let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/out/images").map { $0.lowercased() }
    #expect(Set(names).count == names.count, "\(names)")
    // Across two animations of one run, in place.
    try extractTwoInPlace(dir, ("Img", red), ("img", other))
  }
}
