import Foundation
import LottieJSON
import LottieModel
import Testing

@testable import LottieRender

/// The rewrite `DrawingMeasure` draws beside the file: each translucent shape layer of several
/// paints precomposed with an empty null, the opacity on the precomp layer.
@Suite("render: precomposing for the paint-fade measurement")
struct PrecomposeTests {
  /// A square of side 20 centred at (x, 20) with a fill, in a group.
  static func square(_ x: Int) -> String {
    #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[\#(x),20]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]}},{"ty":"tr"}]}"#
  }

  static func layer(_ index: Int, opacity: Int = 50, extra: String = "") -> String {
    #"{"ty":4,"ind":\#(index),"ip":0,"op":10,"st":0\#(extra),"ks":{"o":{"a":0,"k":\#(opacity)}},"shapes":[\#(square(15)),\#(square(25))]}"#
  }

  static func animation(_ layers: [String]) throws -> Animation {
    let text = #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":40,"h":40,"layers":[\#(layers.joined(separator: ","))]}"#
    return Animation(document: try JSONDocument(parsing: Array(text.utf8)))
  }

  static func rewrites(_ a: Animation) -> [Animation]? {
    Precompose.rewrites(a, where: Animation.fadesPaintsOneByOne)?.compactMap { try? Animation(document: JSONDocument(parsing: $0)) }
  }

  @Test func aTranslucentLayerBecomesAPrecompOfItselfAndANull() throws {
    let a = try Self.animation([Self.layer(1, extra: #","tt":1"#), Self.layer(2, opacity: 100)])
    let out = try #require(Self.rewrites(a))
    #expect(out.count == 1)
    let rewritten = try #require(out.first)
    let root = rewritten.rootComposition.layers
    #expect(root.count == 2)
    // The precomp layer takes the index, the matte and the opacity; its content is the layer at
    // full opacity (no matte) and a null.
    #expect(root[0].typeCode == 0 && root[0].index == 1 && root[0].matteModeCode == 1)
    #expect(root[0].node["ks"]?["o"]?["k"]?.int == 50)
    #expect(root[0].node["w"] == nil, "no size: rlottie does not clip it")
    let inner = try #require(root[0].refId.flatMap { rewritten.composition(id: $0) }).layers
    #expect(inner.map(\.typeCode) == [4, 3])
    #expect(inner[0].node["ks"]?["o"]?["k"]?.int == 100 && inner[0].matteModeCode == nil)
    // The opaque layer stays as it was.
    #expect(root[1].typeCode == 4 && root[1].index == 2)
  }

  @Test func aParentStaysEmptiedForItsChildren() throws {
    let a = try Self.animation([Self.layer(2, opacity: 100, extra: #","parent":1"#), Self.layer(1)])
    let root = try #require(Self.rewrites(a)?.first).rootComposition.layers
    #expect(root.map(\.typeCode) == [4, 4, 0])
    #expect(root[1].index == 1 && root[1].node["shapes"]?.count == 0, "the parent, with nothing to draw")
    #expect(root[2].index == 3, "the precomp layer takes a free index")
    #expect(root[0].parentIndex == 1)
  }

  /// More than 32 translucent precomps at once lower what lies under them (Telegram's forks,
  /// rlottie 0.1): the layers are precomposed eight at a time.
  @Test func manyLayersArePrecomposedInBatches() throws {
    let a = try Self.animation((1...40).map { Self.layer($0) })
    let out = try #require(Self.rewrites(a))
    #expect(out.count == 5)
    for rewrite in out { #expect(rewrite.rootComposition.layers.count { $0.typeCode == 0 } == 8) }
    // Past eight batches (64 layers) nothing is measured: the bound decides.
    #expect(Self.rewrites(try Self.animation((1...64).map { Self.layer($0) }))?.count == 8)
    #expect(Self.rewrites(try Self.animation((1...65).map { Self.layer($0) })) == nil)
  }

  @Test func whatCannotBeRewrittenIsNotMeasured() throws {
    // A matte parent (`tp`) pointing at the layer, and an animated opacity on a stretched clock.
    let tp = try Self.animation([Self.layer(2, opacity: 100, extra: #","tp":1,"tt":1"#), Self.layer(1)])
    #expect(Self.rewrites(tp) == nil)
    let fade = #"{"a":1,"k":[{"t":0,"s":[0]},{"t":9,"s":[100]}]}"#
    let stretched = try Self.animation([Self.layer(1, extra: #","sr":2"#).replacingOccurrences(of: #"{"a":0,"k":50}"#, with: fade)])
    #expect(Self.rewrites(stretched) == nil)
    // Nothing to precompose: an opaque layer, a single paint.
    #expect(Self.rewrites(try Self.animation([Self.layer(1, opacity: 100)])) == nil)
  }

  /// The lab's comparison forgives an edge moved by a pixel, not a colour changed past 32.
  @Test func tileDifferenceForgivesOnePixelNotAColour() {
    var a = RGBAImage(width: 10, height: 10, fill: (255, 255, 255, 255))
    a.fill(x: 2, y: 2, width: 4, height: 4, (0, 0, 255, 255))
    var shifted = RGBAImage(width: 10, height: 10, fill: (255, 255, 255, 255))
    shifted.fill(x: 3, y: 2, width: 4, height: 4, (0, 0, 255, 255))
    #expect(RenderCheck.tileDifference(a, shifted).allSatisfy { !$0 })
    var recoloured = a
    recoloured.fill(x: 2, y: 2, width: 4, height: 4, (0, 0, 200, 255))
    #expect(RenderCheck.tileDifference(a, recoloured).count { $0 } == 16)
  }

  /// What the lab leaves out as anti-aliasing: an edge moved by two pixels (the two-pixel
  /// tolerance), an edge pixel half covered (a blend of the colours next to it); a colour
  /// changed past 32 stays a difference under both.
  @Test func antiAliasingIsTwoPixelsOrAnEdgeBlendNotAColour() {
    var a = RGBAImage(width: 12, height: 12, fill: (255, 255, 255, 255))
    a.fill(x: 2, y: 2, width: 4, height: 4, (0, 0, 255, 255))
    var twoOver = RGBAImage(width: 12, height: 12, fill: (255, 255, 255, 255))
    twoOver.fill(x: 4, y: 2, width: 4, height: 4, (0, 0, 255, 255))
    #expect(RenderCheck.tileDifference(a, twoOver).contains(true))
    #expect(!RenderCheck.tileDifferenceBeyondAntiAliasing(a, twoOver).twoPixels.contains(true))
    // The column beside the square half covered: a blend of blue and white, next to both.
    var halfEdge = a
    halfEdge.fill(x: 6, y: 2, width: 1, height: 4, (128, 128, 255, 255))
    #expect(RenderCheck.tileDifference(a, halfEdge).contains(true))
    #expect(!RenderCheck.tileDifferenceBeyondAntiAliasing(a, halfEdge).blends.contains(true))
    var recoloured = a
    recoloured.fill(x: 2, y: 2, width: 4, height: 4, (0, 0, 200, 255))
    let (twoPixels, blends) = RenderCheck.tileDifferenceBeyondAntiAliasing(a, recoloured)
    #expect(twoPixels.count { $0 } == 16 && blends.count { $0 } == 16)
  }
}
