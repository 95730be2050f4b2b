import Foundation
import LottieJSON
import LottieModel
import Testing

/// #18: mask expansion a player ignores moves the mask's edge by the expansion, so it changes at
/// most the band around the mask's path (2·d·L + π·d²), not twice the layer's area
/// (CoverageMaskExpansion).
@Suite("what ignoring a mask's expansion can change")
struct CoverageMaskExpansionTests {
  static let side = 512.0
  static let canvas = side * side
  static let unseen = Coverage.unseenMove * side

  func change(mask: String, layer extra: String = "") throws -> Double? {
    let square =
      #"[{"ty":"rc","p":{"a":0,"k":[256,256]},"s":{"a":0,"k":[400,400]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]"#
    let layers = #"[{"ty":4,"ind":1,"ip":0,"op":60,"ks":{}\#(extra),"masksProperties":[\#(mask)],"shapes":\#(square)}]"#
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512,"assets":[],"layers":\#(layers)}"#
    let animation = Animation(document: try JSONDocument(parsing: Array(json.utf8)))
    let use = try #require(animation.featureUses().first { $0.feature == .maskExpansion })
    var coverage = Coverage(animation)
    return coverage.change(of: use)
  }

  /// A 200 × 100 rectangle mask (path 600 px long) expanded by `x`, feathered by `f`.
  static func mask(x: String, f: String = "0") -> String {
    let path = #"{"a":0,"k":{"c":true,"v":[[100,100],[300,100],[300,200],[100,200]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#
    return #"{"mode":"a","pt":\#(path),"o":{"a":0,"k":100},"x":\#(x),"f":{"a":0,"k":\#(f)}}"#
  }

  /// An expansion of 6 px: the band of 6 px less the unseen move around the 600-px path.
  @Test func anExpansionChangesABandAroundTheMasksPath() throws {
    let share = try #require(try change(mask: Self.mask(x: #"{"a":0,"k":6}"#)))
    let d = 6 - Self.unseen
    #expect(abs(share - (2 * d * 600 + Double.pi * d * d) / Self.canvas) < 1e-9)
    #expect(share < Coverage.minorShare)
  }

  /// Animated, the largest expansion counts, a contraction as much as an expansion; the layer's
  /// scale carries both the distance and the path's length into the frame.
  @Test func theLargestExpansionAtTheLayersScaleCounts() throws {
    let x = #"{"a":1,"k":[{"t":0,"s":[-10],"o":{"x":0.5,"y":0.5},"i":{"x":0.5,"y":0.5}},{"t":10,"s":[4]}]}"#
    let share = try #require(try change(mask: Self.mask(x: x), layer: #","ks":{"s":{"a":0,"k":[200,200]}}"#))
    let d = 10 * 2 - Self.unseen
    #expect(abs(share - (2 * d * 600 * 2 + Double.pi * d * d) / Self.canvas) < 1e-9)
  }

  /// A feather blurs past the edge: no band, and the bound is the layer's (twice the square's
  /// 400 × 400 box), which is not minor.
  @Test func aFeatheredMaskKeepsTheLayersBound() throws {
    let share = try #require(try change(mask: Self.mask(x: #"{"a":0,"k":6}"#, f: "3")))
    #expect(abs(share - 2 * 400 * 400 / Self.canvas) < 1e-9)
  }
}
