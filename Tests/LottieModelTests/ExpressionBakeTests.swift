import Foundation
import LottieJSON
import Testing

@testable import LottieModel

/// The file with its expressions' values written in (`ExpressionBake`), which `compat` draws
/// beside the file as it is to measure what a player that runs no expression changes.
@Suite("model: expressions' values written in")
struct ExpressionBakeTests {
  /// A shape layer named `name` with a rectangle; `rotation` is its `ks.r` object.
  static func layer(_ index: Int, _ name: String, rotation: String, st: Double = 0) -> String {
    #"{"ddd":0,"ty":4,"ind":\#(index),"nm":"\#(name)","ip":0,"op":60,"st":\#(st),"ks":{"r":\#(rotation)},"shapes":[{"ty":"gr","nm":"Box","it":[{"ty":"rc","nm":"Rect","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,10]}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]}},{"ty":"tr","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}]}]}"#
  }

  static func animation(_ layers: [String]) throws -> Animation {
    let text = #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[\#(layers.joined(separator: ","))]}"#
    return Animation(document: try JSONDocument(parsing: Array(text.utf8)))
  }

  static func expression(_ body: String, k: String = "0") -> String { #"{"a":0,"k":\#(k),"x":"var $bm_rt;\n$bm_rt = \#(body);"}"# }

  static let turning = #"{"a":1,"k":[{"t":0,"s":[0],"e":[90],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":30}]}"#

  /// The second layer's rotation, written in.
  static func bakedRotation(_ layers: [String]) throws -> JSONNode? {
    guard let bytes = ExpressionBake.rewrite(try animation(layers)) else { return nil }
    let baked = try JSONDocument(parsing: bytes)
    return baked.root["layers"]?.element(at: 1)?["ks"]?["r"]
  }

  @Test func aLinkTakesTheLinkedPropertysKeyframes() throws {
    let r = try #require(
      try Self.bakedRotation([
        Self.layer(1, "A", rotation: Self.turning), Self.layer(2, "B", rotation: Self.expression("thisComp.layer('A').transform.rotation"))
      ]))
    #expect(r["a"]?.int == 1)
    let frames = try #require(r["k"])
    #expect(frames.count == 2)
    #expect(frames.element(at: 0)?["e"]?.element(at: 0)?.double == 90)
  }

  @Test func arithmeticOnALinkMapsEveryValue() throws {
    let r = try #require(
      try Self.bakedRotation([
        Self.layer(1, "A", rotation: Self.turning), Self.layer(2, "B", rotation: Self.expression("sum(mul(thisComp.layer('A').transform.rotation, -1), 10)"))
      ]))
    let first = try #require(r["k"]?.element(at: 0))
    #expect(first["s"]?.element(at: 0)?.double == 10)
    #expect(first["e"]?.element(at: 0)?.double == -80)
    #expect(first["i"]?["x"]?.element(at: 0)?.double == 1)
  }

  @Test func aLinkIntoShapesAndEffectsIsFollowed() throws {
    let size = #"{"a":0,"k":[20,10],"x":"var $bm_rt = thisComp.layer('A').content('Box')('Contents')('Rect').size;"}"#
    var b = Self.layer(2, "B", rotation: Self.expression("effect('Spin')('Angle')"))
    b = b.replacingOccurrences(of: #""s":{"a":0,"k":[20,10]}"#, with: #""s":\#(size)"#)
    b = b.replacingOccurrences(of: #""ks":"#, with: #""ef":[{"ty":5,"nm":"Spin","ef":[{"ty":0,"nm":"Angle","v":{"a":0,"k":33}}]}],"ks":"#)
    let a = Self.layer(1, "A", rotation: "{\"a\":0,\"k\":0}").replacingOccurrences(of: "[20,10]", with: "[44,22]")
    let bytes = try #require(ExpressionBake.rewrite(try Self.animation([a, b])))
    let baked = try JSONDocument(parsing: bytes)
    let layer = try #require(baked.root["layers"]?.element(at: 1))
    #expect(layer["ks"]?["r"]?["k"]?.double == 33)
    #expect(layer["shapes"]?.element(at: 0)?["it"]?.element(at: 0)?["s"]?["k"]?.element(at: 0)?.double == 44)
  }

  @Test func constantsIndexAndTime() throws {
    let constant = try #require(
      try Self.bakedRotation([Self.layer(1, "A", rotation: "{\"a\":0,\"k\":0}"), Self.layer(2, "B", rotation: Self.expression("div(mul(index, 360), 6)"))]))
    #expect(constant["k"]?.double == 120)
    let timed = try #require(
      try Self.bakedRotation([Self.layer(1, "A", rotation: "{\"a\":0,\"k\":0}"), Self.layer(2, "B", rotation: Self.expression("mul(time, 200)"))]))
    // 60 frames at 30 per second: 2 s, 400°.
    #expect(timed["k"]?.element(at: 0)?["e"]?.element(at: 0)?.double == 400)
    #expect(timed["k"]?.element(at: 1)?["t"]?.double == 60)
  }

  @Test func aCycleRepeatsTheKeyframesPastTheOutPoint() throws {
    let r = try #require(
      try Self.bakedRotation([
        Self.layer(1, "A", rotation: "{\"a\":0,\"k\":0}"),
        Self.layer(2, "B", rotation: Self.turning.replacingOccurrences(of: "{\"a\":1,", with: "{\"x\":\"var $bm_rt;\\n$bm_rt = loopOut('cycle');\",\"a\":1,"))
      ]))
    let times = (r["k"]?.elements.compactMap { $0["t"]?.double }) ?? []
    #expect(times == [0, 30, 60])
    #expect(r["k"]?.element(at: 1)?["s"]?.element(at: 0)?.double == 0)
  }

  /// A cycle a billionth of a frame long would be more copies than an Int holds: not written.
  @Test func aLoopTooShortToRepeatIsNotWritten() throws {
    let tiny = #"{"x":"var $bm_rt;\n$bm_rt = loopOut('cycle');","a":1,"k":[{"t":0,"s":[0],"e":[90]},{"t":1e-9}]}"#
    #expect(try Self.bakedRotation([Self.layer(1, "A", rotation: "{\"a\":0,\"k\":0}"), Self.layer(2, "B", rotation: tiny)]) == nil)
    let huge = Self.layer(2, "B", rotation: Self.expression("1e999"))
    #expect(try Self.bakedRotation([Self.layer(1, "A", rotation: "{\"a\":0,\"k\":0}"), huge]) == nil)
  }

  /// A layer's start time does not move the clock its keyframes, `time` and a link are read on
  /// (Tests/Fixtures/compat/layer-start-clock.json, `ExpressionBake.clock`): lottie-web, rlottie
  /// and ThorVG read them all on the composition's.
  @Test func aLayersStartTimeDoesNotMoveTheClock() throws {
    let a = Self.layer(1, "A", rotation: Self.turning)
    let linked = try #require(
      try Self.bakedRotation([a, Self.layer(2, "B", rotation: Self.expression("thisComp.layer('A').transform.rotation"), st: 5)]))
    #expect(linked["k"]?.element(at: 0)?["t"]?.double == 0 && linked["k"]?.element(at: 1)?["t"]?.double == 30, "A's keyframes as they are")
    let timed = try #require(
      try Self.bakedRotation([Self.layer(1, "A", rotation: "{\"a\":0,\"k\":0}"), Self.layer(2, "B", rotation: Self.expression("mul(time, 200)"), st: 10)]))
    // Frame 60 is 2 s on the composition's clock, whatever the start: 400°, as at a start of 0.
    #expect(timed["k"]?.element(at: 0)?["e"]?.element(at: 0)?.double == 400)
    let cycle = Self.turning.replacingOccurrences(of: "{\"a\":1,", with: "{\"x\":\"var $bm_rt;\\n$bm_rt = loopOut('cycle');\",\"a\":1,")
    let looped = try #require(try Self.bakedRotation([Self.layer(1, "A", rotation: "{\"a\":0,\"k\":0}"), Self.layer(2, "B", rotation: cycle, st: 20)]))
    // Copies until the out point (60), not 20 frames past it.
    #expect((looped["k"]?.elements.compactMap { $0["t"]?.double }) == [0, 30, 60])
  }

  @Test func unknownFormsAndOtherClocksAreNotWritten() throws {
    let a = Self.layer(1, "A", rotation: Self.turning)
    #expect(try Self.bakedRotation([a, Self.layer(2, "B", rotation: Self.expression("wiggle(2, 30)"))]) == nil)
    #expect(try Self.bakedRotation([a, Self.layer(2, "B", rotation: Self.expression("thisComp.layer('Nobody').transform.rotation"))]) == nil)
    // Another time stretch: the keyframes are read on another clock.
    let stretched = Self.layer(2, "B", rotation: Self.expression("thisComp.layer('A').transform.rotation")).replacingOccurrences(
      of: #""ip":0,"#, with: #""sr":2,"ip":0,"#)
    #expect(try Self.bakedRotation([a, stretched]) == nil)
    // Only `value`: nothing changes, nothing to draw.
    #expect(try Self.bakedRotation([a, Self.layer(2, "B", rotation: Self.expression("value"))]) == nil)
    // Without `ddd` before `ks` rlottie drops the rotation: drawing with it cannot show the change.
    let noDDD = Self.layer(2, "B", rotation: Self.expression("45")).replacingOccurrences(of: #"{"ddd":0,"#, with: "{")
    #expect(try Self.bakedRotation([a, noDDD]) == nil)
    // Text: rlottie draws none.
    #expect(try Self.bakedRotation([a, Self.layer(2, "B", rotation: Self.expression("45")).replacingOccurrences(of: #""ty":4"#, with: #""ty":5"#)]) == nil)
    // A number added to a vector: lottie-web adds it to the first element only.
    #expect(try Self.bakedRotation([a, Self.layer(2, "B", rotation: Self.expression("sum([10, 20], 5)", k: "[0,0]"))]) == nil)
    // A link to a property that has an expression of its own.
    let looped = Self.layer(1, "A", rotation: Self.turning.replacingOccurrences(of: "{\"a\":1,", with: "{\"x\":\"var $bm_rt = loopOut();\",\"a\":1,"))
    #expect(try Self.bakedRotation([looped, Self.layer(2, "B", rotation: Self.expression("thisComp.layer('A').transform.rotation"))]) == nil)
    // Two statements.
    #expect(try Self.bakedRotation([a, Self.layer(2, "B", rotation: Self.expression("45; $bm_rt = 3"))]) == nil)
  }

  @Test func bytesOutsideTheEditStayAsTheyWere() throws {
    let doc = try Self.animation([Self.layer(1, "A", rotation: "{\"a\":0,\"k\":0}"), Self.layer(2, "B", rotation: Self.expression("45"))])
    let bytes = try #require(ExpressionBake.rewrite(doc))
    let before = String(decoding: doc.document.bytes, as: UTF8.self), after = String(decoding: bytes, as: UTF8.self)
    #expect(after == before.replacingOccurrences(of: #"{"a":0,"k":0,"x""#, with: #"{"a":0,"k":45,"x""#))
  }
}
