import Testing
import LottieJSON
@testable import LottieModel

/// #18: an inverted matte shown while the layer above it, its matte, is outside its in and out
/// points: rlottie hides the matted layer (fixture inverted-matte-source-out.json).
@Suite("inverted mattes shown while their matte layer is not")
struct MatteTimingTests {
  static let disc = #"[{"ty":"el","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]"#

  /// Two layers, a matte from `sourceIn` to `sourceOut` over a layer with matte mode `tt` shown
  /// from 0 to 60, in the root or in a precomp shown through a layer from `shownFrom` to `shownTo`
  /// starting at `start`.
  func claimed(tt: Int, sourceIn: Double, sourceOut: Double, precomp: (shownFrom: Double, shownTo: Double, start: Double)? = nil) throws -> Bool {
    let layers =
      #"[{"ty":4,"ind":1,"td":1,"ip":\#(sourceIn),"op":\#(sourceOut),"st":0,"ks":{},"shapes":\#(Self.disc)},{"ty":4,"ind":2,"tt":\#(tt),"ip":0,"op":60,"st":0,"ks":{},"shapes":\#(Self.disc)}]"#
    let json: String
    if let p = precomp {
      json =
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[{"id":"c","layers":\#(layers)}],"layers":[{"ty":0,"ind":1,"refId":"c","w":100,"h":100,"ip":\#(p.shownFrom),"op":\#(p.shownTo),"st":\#(p.start),"ks":{}}]}"#
    } else {
      json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":\#(layers)}"#
    }
    return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().contains {
      $0.feature == .invertedMatteSourceOut && $0.detail == nil
    }
  }

  @Test func invertedMattesOutlivingTheirMatteAreClaimed() throws {
    #expect(try claimed(tt: 2, sourceIn: 30, sourceOut: 60))  // the fixture: the matte starts late
    #expect(try claimed(tt: 4, sourceIn: 0, sourceOut: 40))  // an inverted luma matte that ends early
    #expect(try claimed(tt: 2, sourceIn: 0, sourceOut: 60) == false)  // the matte covers the layer
    #expect(try claimed(tt: 2, sourceIn: 0, sourceOut: 59) == false)  // rlottie counts the out point in: frame 59 is the last
    #expect(try claimed(tt: 1, sourceIn: 30, sourceOut: 60) == false)  // a plain matte: nothing either way
  }

  /// In a precomp, only the local frames the precomp is shown at count (corpus peli-canon.json: a
  /// matte that ends at 106 under a layer to 243, in a precomp shown to local frame 105).
  @Test func precompsCountTheFramesTheyAreShownAt() throws {
    #expect(try claimed(tt: 2, sourceIn: 0, sourceOut: 40, precomp: (0, 30, 0)) == false)
    #expect(try claimed(tt: 2, sourceIn: 0, sourceOut: 40, precomp: (0, 60, 0)))
    // Started at 20, the precomp shows local frames -20 to 40: the matte covers what is shown.
    #expect(try claimed(tt: 2, sourceIn: 0, sourceOut: 40, precomp: (0, 60, 20)) == false)
    // Started at -30, it shows local frames 30 to 90: the matted layer runs on past the matte.
    #expect(try claimed(tt: 2, sourceIn: 0, sourceOut: 40, precomp: (0, 60, -30)))
  }
}
