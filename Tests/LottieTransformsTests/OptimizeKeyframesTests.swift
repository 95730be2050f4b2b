import Testing
import LottieJSON
import LottieModel
@testable import LottieTransforms

/// #20: `optimize --level 3` removes keyframes that the straight line between their neighbours
/// draws within half a rounding step. The verifier is a stand-in that passes every candidate: what
/// is tested is which keyframes go and what the file says afterwards.
@Suite("optimize, level 3 (keyframes)")
struct OptimizeKeyframesTests {
  static let linear = #""i":{"x":[0.833],"y":[0.833]},"o":{"x":[0.167],"y":[0.167]}"#

  /// A 512 px canvas (positions to 0.1 px, so a tolerance of 0.05) with one layer whose position
  /// has the given keyframes; `mn` makes it a fresh export (optimize's own output has none).
  func document(_ keyframes: String, expression: String = "") throws -> JSONDocument {
    let layer =
      #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"mn":"ADBE Vector Layer","ks":{"p":{"a":1\#(expression),"k":[\#(keyframes)]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
    return try JSONDocument(parsing: Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512,"layers":[\#(layer)]}"#.utf8))
  }

  func keyframe(_ t: Int, _ x: Double, easing: String = linear, extra: String = "") -> String {
    #"{"t":\#(t),"s":[\#(x),50]\#(easing.isEmpty ? "" : "," + easing)\#(extra)}"#
  }

  func optimized(_ doc: JSONDocument, level: Int = 3) -> OptimizeResult {
    var options = Optimize.Options()
    options.level = level
    return Optimize.optimize(doc, options: options) { _, _ in .success(0) }
  }

  func times(_ r: OptimizeResult) throws -> [Double] {
    let doc = try JSONDocument(parsing: r.bytes)
    let k = try #require(doc.root["layers"]?.element(at: 0)?["ks"]?["p"]?["k"])
    return k.elements.compactMap { $0["t"]?.double }
  }

  @Test func keyframesOnOneLineGoTheEndsStay() throws {
    // x = 10 + 2t at every frame from 0 to 10: one line.
    let frames = (0...10).map { keyframe($0, 10 + 2 * Double($0)) }.joined(separator: ",")
    let r = optimized(try document(frames))
    #expect(try times(r) == [0, 10])
    #expect(r.level == 3)
    #expect(r.steps.first { $0.name == "keyframes" }?.detail?.hasPrefix("9 keyframes") == true)
    // Level 2 keeps them all.
    #expect(try times(optimized(try document(frames), level: 2)).count == 11)
  }

  /// A file with no metadata is taken for optimize's own output and keeps its keyframes (so that
  /// a second run cannot simplify what the first measured), and the report says so.
  @Test func aFileWithoutMetadataKeepsItsKeyframesAndSaysWhy() throws {
    let frames = (0...10).map { keyframe($0, 10 + 2 * Double($0)) }.joined(separator: ",")
    let bare = try JSONDocument(parsing: Array(try document(frames).written(.minified)).replacing(Array(#""mn":"ADBE Vector Layer","#.utf8), with: []))
    #expect(bare.root["layers"]?.element(at: 0)?["mn"] == nil)
    let r = optimized(bare)
    #expect(try times(r).count == 11)
    #expect(r.notes.contains { $0.hasPrefix("keyframes kept") }, "\(r.notes)")
    #expect(!optimized(try document(frames)).notes.contains { $0.hasPrefix("keyframes kept") })
  }

  @Test func aKeyframeOffTheLineByMoreThanHalfAStepStays() throws {
    // 0.04 off the line is within 0.05 (half of 0.1 px); 0.2 is not.
    let near = [keyframe(0, 0), keyframe(1, 1.04), keyframe(2, 2)].joined(separator: ",")
    #expect(try times(optimized(try document(near))) == [0, 2])
    let far = [keyframe(0, 0), keyframe(1, 1.2), keyframe(2, 2), keyframe(3, 3), keyframe(4, 4)].joined(separator: ",")
    #expect(try times(optimized(try document(far))) == [0, 1, 2, 4])
  }

  @Test(arguments: [
    // Eased (x differs from y): the segment is a curve in time.
    #""i":{"x":[0.2],"y":[1]},"o":{"x":[0.8],"y":[0]}"#,
    // A hold keyframe jumps.
    #""h":1"#
  ])
  func curvesAndHoldsStay(easing: String) throws {
    let frames = (0...4).map { keyframe($0, Double($0), easing: easing) }.joined(separator: ",")
    #expect(try times(optimized(try document(frames))).count == 5)
  }

  @Test func aCurvedMotionPathStays() throws {
    let tangent = #","to":[5,5],"ti":[-5,0]"#
    let frames = (0...4).map { keyframe($0, Double($0), extra: tangent) }.joined(separator: ",")
    #expect(try times(optimized(try document(frames))).count == 5)
    // Zero tangents are a straight path.
    let straight = (0...4).map { keyframe($0, Double($0), extra: #","to":[0,0],"ti":[0,0]"#) }.joined(separator: ",")
    #expect(try times(optimized(try document(straight))) == [0, 4])
  }

  @Test func filesWithExpressionsKeepTheirKeyframes() throws {
    let frames = (0...4).map { keyframe($0, Double($0)) }.joined(separator: ",")
    let r = optimized(try document(frames, expression: #","x":"key(2).value""#))
    #expect(try times(r).count == 5)
  }

  @Test func preFiveFiveKeyframesTakeTheLastRemovedEnd() throws {
    // Each keyframe writes its end value `e`; the last has only its time.
    let frames = (0..<4).map { t in #"{"t":\#(t),"s":[\#(t),50],"e":[\#(t + 1),50],\#(Self.linear)}"# } + [#"{"t":4}"#]
    let r = optimized(try document(frames.joined(separator: ",")))
    #expect(try times(r) == [0, 4])
    let out = String(decoding: r.bytes, as: UTF8.self)
    #expect(out.contains(#""s":[0,50],"e":[4,50]"#), "\(out)")
    // A jump (an end value that is not the next start) is not a line.
    let jump = [
      #"{"t":0,"s":[0,50],"e":[1,50],\#(Self.linear)}"#, #"{"t":1,"s":[5,50],"e":[2,50],\#(Self.linear)}"#,
      #"{"t":2,"s":[2,50],"e":[3,50],\#(Self.linear)}"#, #"{"t":3}"#
    ]
    #expect(try times(optimized(try document(jump.joined(separator: ",")))).count == 4)
  }

  @Test func optimizesOwnOutputIsNotSimplifiedAgain() throws {
    // Points that one pass leaves (the second is 0.08 off the line from the first to the third),
    // but that a pass measured against the first pass's output could remove.
    let frames = (0...10).map { keyframe($0, Double($0) * Double($0) * 0.01) }.joined(separator: ",")
    let once = optimized(try document(frames))
    let twice = optimized(try JSONDocument(parsing: once.bytes))
    #expect(twice.bytes == once.bytes)
    #expect(!twice.steps.contains { $0.name == "keyframes" })
  }
}
