import Testing
import LottieJSON
@testable import LottieModel

/// #18: the repeater offsets lottie-web draws unlike After Effects, rlottie and ThorVG (fixtures
/// repeater-negative-offset.json and repeater-offset-before-paint.json).
@Suite("repeater offsets lottie-web misdraws")
struct RepeaterOffsetTests {
  /// The repeater's detail in a group of a rectangle, the items in `order` (r: the repeater,
  /// f: a fill, s: a stroke), with the repeater's copies and offset written as given.
  func detail(_ order: String, copies: String = "3", offset: String) throws -> [String?] {
    let item: [Character: String] = [
      "r": #"{"ty":"rp","c":{"a":0,"k":\#(copies)},"o":\#(offset),"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[50,0]}}}"#,
      "f": #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#,
      "s": #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
    ]
    let items = [#"{"ty":"rc","s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]}}"#] + order.compactMap { item[$0] }
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[\#(items.joined(separator: ","))]}]}]}"#
    return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .repeater }.map(\.detail)
  }

  static func fixed(_ v: Double) -> String { #"{"a":0,"k":\#(v)}"# }

  /// After the paint: only a negative whole offset that a later copy passes (at most copies − 2)
  /// is misdrawn; fractional, positive, and the last copy reaching step 0 are drawn right.
  @Test(
    arguments: [
      (0.0, "3", nil), (1, "3", nil), (0.5, "3", nil), (-0.5, "3", nil), (-1, "3", "negative whole offset"),
      (-2, "3", nil), (-2, "4", "negative whole offset"), (-1, "2.5", "negative whole offset"), (-1, "2", nil),
      (-14, "45", "negative whole offset")
    ] as [(Double, String, String?)])
  func afterThePaint(offset: Double, copies: String, expected: String?) throws {
    #expect(try detail("fr", copies: copies, offset: Self.fixed(offset)) == [expected])
  }

  /// Before a fill or stroke any non-zero offset is misdrawn by the SVG renderer; with no paint
  /// after it, or offset 0, it is not.
  @Test func beforeThePaint() throws {
    #expect(try detail("rf", offset: Self.fixed(1)) == ["offset before its paint"])
    #expect(try detail("rs", offset: Self.fixed(0.5)) == ["offset before its paint"])
    #expect(try detail("rf", offset: Self.fixed(0)) == [nil])
    #expect(try detail("fr", offset: Self.fixed(2)) == [nil])
    #expect(try detail("r", offset: Self.fixed(2)) == [nil])
    #expect(try detail("rf", offset: Self.fixed(-1)) == ["negative whole offset, offset before its paint"])
  }

  /// An animated offset counts by its keyframes' values (corpus lottie-android Tests/Repeater.json
  /// animates 0 to 1 before its fills).
  @Test func animatedOffsets() throws {
    let zeroToOne = #"{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[0.8],"y":[0.8]},"o":{"x":[0.2],"y":[0.2]}},{"t":30,"s":[1]}]}"#
    #expect(try detail("rf", offset: zeroToOne) == ["offset before its paint"])
    #expect(try detail("fr", offset: zeroToOne) == [nil])
    let toMinusOne = #"{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[0.8],"y":[0.8]},"o":{"x":[0.2],"y":[0.2]}},{"t":30,"s":[-1]}]}"#
    #expect(try detail("fr", offset: toMinusOne) == ["negative whole offset"])
  }
}

/// #18: a repeater's copies fade from Start to End Opacity; rlottie and ThorVG put them a step,
/// |End − Start| / copies, off lottie-web's (fixture repeater-opacity.json). Claimed past 32/255.
@Suite("repeaters fading their copies")
struct RepeaterOpacityTests {
  func faded(copies: String, so: String?, eo: String?, op: Int = 60) throws -> Bool {
    var transform = [#""ty":"tr""#, #""p":{"a":0,"k":[20,0]}"#]
    if let so { transform.append(#""so":\#(so)"#) }
    if let eo { transform.append(#""eo":\#(eo)"#) }
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":\#(op),"st":0,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"rp","c":{"a":0,"k":\#(copies)},"o":{"a":0,"k":0},"tr":{\#(transform.joined(separator: ","))}}]}]}]}"#
    return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().contains { $0.feature == .repeaterOpacity }
  }

  static func fixed(_ v: Double) -> String { #"{"a":0,"k":\#(v)}"# }

  @Test(
    arguments: [
      ("4", 100.0, 20.0, true),  // a 20 % step (the fixture)
      ("4", 100, 50, false),  // 12.5 %: within 32/255 (corpus lottie-docs repeater.json)
      ("4", 20, 100, true),  // fading in counts as well
      ("1", 100, 0, false),  // one copy: nothing to fade between
      ("10", 100, 0, false),  // 10 % steps
      ("3", 100, 100, false)
    ] as [(String, Double, Double, Bool)])
  func stepsPastTheToleranceAreClaimed(copies: String, so: Double, eo: Double, expected: Bool) throws {
    #expect(try faded(copies: copies, so: Self.fixed(so), eo: Self.fixed(eo)) == expected)
  }

  /// Missing opacities are 100 %; keyframes count with the values seen while the layer is shown.
  @Test func missingAndAnimatedOpacities() throws {
    #expect(try faded(copies: "4", so: nil, eo: nil) == false)
    #expect(try faded(copies: "4", so: nil, eo: Self.fixed(30)) == true)
    let fadeLate = #"{"a":1,"k":[{"t":0,"s":[100]},{"t":40,"s":[100]},{"t":50,"s":[0]}]}"#
    #expect(try faded(copies: "4", so: nil, eo: fadeLate) == true)
    #expect(try faded(copies: "4", so: nil, eo: fadeLate, op: 30) == false)  // the layer is gone before the fade
  }
}
