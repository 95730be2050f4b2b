import Testing
import LottieJSON
import LottieModel

/// #18: keyframes eased on a different curve per dimension, which rlottie and ThorVG ease on the
/// first dimension's curve (Tests/Fixtures/compat/easing-per-dimension*.json).
@Suite("easing per dimension")
struct EasingPerDimensionTests {
  /// A 200 px canvas with a rectangle whose size goes from [40, 40] to [160, `height`] with the
  /// given handles.
  func file(height: Int, out: String, into: String, key: String = "s", owner: String = #""ty":"rc","d":1,"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}"#) -> String {
    let property = #""\#(key)":{"a":1,"k":[{"t":-10,"s":[40,40],"e":[160,\#(height)],"o":\#(out),"i":\#(into)},{"t":30,"s":[160,\#(height)]}]}"#
    return
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[{\#(owner),\#(property)}]}]}]}"#
  }

  func details(_ json: String) throws -> [String?] {
    try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses()
      .filter { $0.feature == .easingPerDimension }.map(\.detail)
  }

  let linearAndEased = (#"{"x":[0.167,0.9],"y":[0.167,0]}"#, #"{"x":[0.833,0.1],"y":[0.833,1]}"#)

  @Test func differentCurvesOnAMovingDimensionAreClaimed() throws {
    #expect(try details(file(height: 160, out: linearAndEased.0, into: linearAndEased.1)) == [nil])
  }

  @Test func aSmallMoveIsSlight() throws {
    // 4 px of 200 on a curve at most ~0.2 apart: a shift of 0.4 % of the canvas.
    #expect(try details(file(height: 44, out: linearAndEased.0, into: linearAndEased.1)) == ["slight"])
  }

  @Test(arguments: [
    (#"{"x":[0.167,0.167],"y":[0.167,0.167]}"#, #"{"x":[0.833,0.833],"y":[0.833,0.833]}"#),  // one curve written twice
    (#"{"x":0.167,"y":0.167}"#, #"{"x":0.833,"y":0.833}"#)  // one curve
  ])
  func oneCurveForEveryDimensionIsNotAFeature(handles: (String, String)) throws {
    #expect(try details(file(height: 160, out: handles.0, into: handles.1)).isEmpty)
  }

  @Test func aDimensionThatDoesNotMoveIsNotAFeature() throws {
    // The height stays 40: its own curve changes nothing.
    #expect(try details(file(height: 40, out: linearAndEased.0, into: linearAndEased.1)).isEmpty)
  }

  @Test func scaleIsMeasuredAgainstTheLayersSize() throws {
    // A group's scale from 40 % to 160 %: a 0.2 gap over 120 % is a shift of 24 % of the layer.
    let transform = #""ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#
    #expect(try details(file(height: 160, out: linearAndEased.0, into: linearAndEased.1, owner: transform)) == [nil])
  }

  @Test func theClaimNeedsTheShiftForAQuarterOfTheVisibleTime() throws {
    let doc = try JSONDocument(parsing: Array(file(height: 160, out: linearAndEased.0, into: linearAndEased.1).utf8))
    let property = try #require(Animation(document: doc).featureUses().first { $0.feature == .easingPerDimension }?.node)
    // Linear-ish against a strong ease in and out over frames -10…30, 120 px of a 200 px canvas:
    // 2 % apart for most of the segment, of which frames 0…30 are visible (of 0…60).
    let visible = ExpressionEffect.Span(start: 0, end: 60)
    let share = EasingPerDimension.visibleShare(property, canvas: 200, visible: visible, threshold: 0.02)
    #expect(share > 0.25 && share <= 0.5, "\(share)")
    // The same keyframes seen for 600 frames: a brief shift, "slight".
    let long = EasingPerDimension.visibleShare(property, canvas: 200, visible: ExpressionEffect.Span(start: 0, end: 600), threshold: 0.02)
    #expect(long < 0.05, "\(long)")
    // Keyframes wholly before the visible time change nothing.
    #expect(EasingPerDimension.visibleShare(property, canvas: 200, visible: ExpressionEffect.Span(start: 40, end: 60), threshold: 0.02) == 0)
  }
}
