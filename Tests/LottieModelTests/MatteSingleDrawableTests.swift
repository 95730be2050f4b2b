import Testing
import LottieJSON
@testable import LottieModel

/// #18: a layer under a track matte that draws one thing, which Debian's librlottie 0.1 leaves out
/// (fixture matte-single-drawable.json).
@Suite("layers under a track matte that draw one thing")
struct MatteSingleDrawableTests {
  static let disc = #"[{"ty":"el","s":{"a":0,"k":[60,60]},"p":{"a":0,"k":[50,50]}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]"#

  /// A disc matte over a layer written as `matted` (its keys after "ty"), with matte mode `tt`.
  func claimed(_ matted: String, tt: Int? = 1, matteAbove: Bool = true) throws -> Bool {
    let mode = tt.map { #","tt":\#($0)"# } ?? ""
    let layer = #"{"ty":\#(matted)\#(mode),"ind":2,"ip":0,"op":60,"st":0,"ks":{}}"#
    let matte = #"{"ty":4,"ind":1,"td":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":\#(Self.disc)}"#
    let layers = matteAbove ? "[\(matte),\(layer)]" : "[\(layer)]"
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":\#(layers)}"#
    return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().contains {
      $0.feature == .matteSingleDrawable && $0.detail == nil
    }
  }

  static let square = #"{"ty":"rc","s":{"a":0,"k":[80,80]},"p":{"a":0,"k":[50,50]}}"#
  static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
  static let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#

  @Test func oneFillStrokeOrSolidUnderAMatteIsClaimed() throws {
    #expect(try claimed(#"4,"shapes":[{"ty":"gr","it":[\#(Self.square),\#(Self.fill)]}]"#))  // the fixture
    for tt in 2...4 { #expect(try claimed(#"4,"shapes":[\#(Self.square),\#(Self.fill)]"#, tt: tt)) }
    #expect(try claimed(#"4,"shapes":[\#(Self.square),\#(Self.stroke)]"#))
    #expect(try claimed(##"1,"sc":"#ff0000","sw":80,"sh":80"##))
    // A hidden second fill draws nothing: one drawable still.
    #expect(try claimed(#"4,"shapes":[\#(Self.square),\#(Self.fill),{"ty":"fl","hd":true}]"#))
  }

  @Test func twoDrawablesNoMatteOrCopiesAreNot() throws {
    #expect(try claimed(#"4,"shapes":[\#(Self.square),\#(Self.fill),\#(Self.stroke)]"#) == false)
    let group = #"{"ty":"gr","it":[\#(Self.square),\#(Self.fill)]}"#
    #expect(try claimed(#"4,"shapes":[\#(group),\#(group)]"#) == false)
    #expect(try claimed(#"4,"shapes":[\#(Self.square),\#(Self.fill),{"ty":"rp","c":{"a":0,"k":3}}]"#) == false)
    #expect(try claimed(#"4,"shapes":[\#(Self.square),\#(Self.fill)]"#, tt: nil) == false)  // no matte
    #expect(try claimed(#"4,"shapes":[\#(Self.square),\#(Self.fill)]"#, tt: 1, matteAbove: false) == false)  // nothing above to be its matte
    #expect(try claimed(#"4,"shapes":[\#(Self.square)]"#) == false)  // draws nothing at all
  }

  @Test func drawablesAreCountedUpToTwo() throws {
    func count(_ layerJSON: String) throws -> Int? {
      let doc = try JSONDocument(parsing: Array(layerJSON.utf8))
      return Animation.drawableCount(of: Layer(node: doc.root, position: 0))
    }
    #expect(try count(#"{"ty":4,"shapes":[{"ty":"gr","it":[{"ty":"gr","it":[\#(Self.fill)]}]}]}"#) == 1)
    #expect(try count(#"{"ty":4,"shapes":[\#(Self.fill),\#(Self.fill),\#(Self.fill)]}"#) == 2)
    #expect(try count(#"{"ty":2,"refId":"image"}"#) == nil)
    #expect(try count(#"{"ty":0,"refId":"comp"}"#) == nil)
  }
}
