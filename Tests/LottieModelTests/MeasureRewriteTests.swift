import Foundation
import LottieJSON
import Testing

@testable import LottieModel

/// The copies `compat` draws beside the file to measure a feature (`MeasureRewrite`,
/// `ExpressionBake`'s bounce), and the keyframe reading they rest on.
@Suite("model: rewrites for measuring by drawing")
struct MeasureRewriteTests {
  static func animation(_ layer: String) throws -> Animation {
    let text = #"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[\#(layer)]}"#
    return Animation(document: try JSONDocument(parsing: Array(text.utf8)))
  }

  static func reader(_ node: JSONNode?) throws -> KeyframeReader { try #require(node.flatMap { KeyframeReader($0) }) }

  static func layer(position: String, shapes: String = "[]") -> String {
    #"{"ddd":0,"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{"p":\#(position)},"shapes":\#(shapes)}"#
  }

  /// x on a curve that starts fast, y on one that starts slow.
  static let split =
    #"{"a":1,"k":[{"t":0,"s":[0,0],"e":[100,100],"o":{"x":[0,0.9],"y":[0.9,0]},"i":{"x":[0.1,1],"y":[1,0.1]}},{"t":10}]}"#

  @Test func keyframesAreReadPerDimension() throws {
    let a = try Self.animation(Self.layer(position: Self.split))
    let p = try Self.reader(a.root["layers"]?.element(at: 0)?["ks"]?["p"])
    let mid = try #require(p.numbers(at: 5))
    #expect(mid[0] > 80 && mid[1] < 20)
    #expect(p.numbers(at: -3) == [0, 0])
    #expect(p.numbers(at: 15) == [100, 100])
    let hold = try Self.reader(try JSONDocument(parsing: Array(#"{"a":1,"k":[{"t":0,"s":[3],"h":1},{"t":10,"s":[9]}]}"#.utf8)).root)
    #expect(hold.numbers(at: 9.9) == [3])
    #expect(hold.numbers(at: 10) == [9])
    // A segment that bends in space is not read.
    let bent = try Self.reader(try JSONDocument(parsing: Array(#"{"a":1,"k":[{"t":0,"s":[0,0],"e":[10,0],"to":[0,5],"ti":[0,5]},{"t":10}]}"#.utf8)).root)
    #expect(bent.numbers(at: 5) == nil)
  }

  @Test func easingPerDimensionIsWrittenFrameByFrame() throws {
    let bytes = try #require(MeasureRewrite.easing(try Self.animation(Self.layer(position: Self.split)))?.drawn)
    let written = try #require(try JSONDocument(parsing: bytes).root["layers"]?.element(at: 0)?["ks"]?["p"])
    #expect(AnimatedProperty(node: written).keyframes.count == 21)
    let p = try Self.reader(written)
    // Frames 0…20 (the layer's time), each moving linearly to the next.
    let original = try Self.reader(try Self.animation(Self.layer(position: Self.split)).root["layers"]?.element(at: 0)?["ks"]?["p"])
    let three = try #require(p.numbers(at: 3)), expected = try #require(original.numbers(at: 3))
    #expect(zip(three, expected).allSatisfy { abs($0 - $1) < 1e-9 })
    // One curve for both dimensions: nothing to write.
    #expect(
      MeasureRewrite.easing(
        try Self.animation(Self.layer(position: #"{"a":1,"k":[{"t":0,"s":[0,0],"e":[9,9],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":10}]}"#))) == nil
    )
    // A text layer anywhere: rlottie draws no text, so drawing with it cannot show what changes there.
    let text = #"{"ddd":0,"ty":5,"ind":2,"ip":0,"op":20,"st":0,"ks":{},"t":{"d":{"k":[]}}}"#
    #expect(MeasureRewrite.easing(try Self.animation(Self.layer(position: Self.split) + "," + text)) == nil)
    // An expression on it: what lottie-web draws is the expression's.
    #expect(
      MeasureRewrite.easing(
        try Self.animation(Self.layer(position: Self.split.replacingOccurrences(of: "{\"a\":1,", with: "{\"x\":\"var $bm_rt = value;\",\"a\":1,")))) == nil)
  }

  static func star(_ sy: Int, r: String, points: String = "5") -> String {
    #"[{"ty":"gr","it":[{"ty":"sr","sy":\#(sy),"pt":{"a":0,"k":\#(points)},"p":{"a":0,"k":[0,0]},"r":\#(r),"or":{"a":0,"k":40},"ir":{"a":0,"k":18}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]}},{"ty":"tr"}]}]"#
  }

  @Test func starsTurnHalfAsFar() throws {
    let copies = try #require(
      MeasureRewrite.stars(try Self.animation(Self.layer(position: #"{"a":0,"k":[50,50]}"#, shapes: Self.star(1, r: #"{"a":0,"k":15}"#)))))
    let bytes = copies.drawn
    // The copy with the edited layer hidden.
    #expect(try JSONDocument(parsing: copies.hidden).root["layers"]?.element(at: 0)?["hd"]?.truthy == true)
    let star = try #require(try JSONDocument(parsing: bytes).root["layers"]?.element(at: 0)?["shapes"]?.element(at: 0)?["it"]?.element(at: 0))
    #expect(star["r"]?["k"]?.double == 7.5)
    let animated = #"{"a":1,"k":[{"t":0,"s":[0],"e":[90]},{"t":10}]}"#
    let turned = try #require(MeasureRewrite.stars(try Self.animation(Self.layer(position: #"{"a":0,"k":[50,50]}"#, shapes: Self.star(1, r: animated))))?.drawn)
    #expect(
      try JSONDocument(parsing: turned).root["layers"]?.element(at: 0)?["shapes"]?.element(at: 0)?["it"]?.element(at: 0)?["r"]?["k"]?.element(at: 0)?["e"]?
        .element(at: 0)?.double == 45)
    // Unturned: nothing to write; a polygon or negative points: not measured.
    #expect(MeasureRewrite.stars(try Self.animation(Self.layer(position: #"{"a":0,"k":[50,50]}"#, shapes: Self.star(1, r: #"{"a":0,"k":0}"#)))) == nil)
    #expect(MeasureRewrite.stars(try Self.animation(Self.layer(position: #"{"a":0,"k":[50,50]}"#, shapes: Self.star(2, r: #"{"a":0,"k":15}"#)))) == nil)
    // No `sy`: lottie-web draws a polygon.
    #expect(
      MeasureRewrite.stars(
        try Self.animation(
          Self.layer(position: #"{"a":0,"k":[50,50]}"#, shapes: Self.star(1, r: #"{"a":0,"k":15}"#).replacingOccurrences(of: #""sy":1,"#, with: "")))) == nil)
    #expect(
      MeasureRewrite.stars(try Self.animation(Self.layer(position: #"{"a":0,"k":[50,50]}"#, shapes: Self.star(1, r: #"{"a":0,"k":15}"#, points: "-5")))) == nil)
  }

  /// The inertial bounce: after the last keyframe passed, value + v·amp·sin(2π·freq·t)/e^(decay·t).
  @Test func aBounceIsWrittenFrameByFrame() throws {
    let code =
      "var $bm_rt;\nvar amp, freq, decay, n, n, t, t, v;\namp = 0.1;\nfreq = 2;\ndecay = 3;\n$bm_rt = n = 0;\nif (numKeys > 0) {\n    $bm_rt = n = nearestKey(time).index;\n    if (key(n).time > time) {\n        n--;\n    }\n}\nif (n == 0) {\n    $bm_rt = t = 0;\n} else {\n    $bm_rt = t = sub(time, key(n).time);\n}\nif (n > 0) {\n    v = velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10)));\n    $bm_rt = sum(value, div(mul(mul(v, amp), Math.sin(mul(mul(mul(freq, t), 2), Math.PI))), Math.exp(mul(decay, t))));\n} else {\n    $bm_rt = value;\n}"
    var quoted: [UInt8] = []
    JSONStringCodec.appendQuoted(code, to: &quoted)
    let x = String(decoding: quoted, as: UTF8.self)
    // 0 → 100 linearly over frames 0–10 at 10 per second: 100 units per second into the keyframe.
    let position = #"{"a":1,"x":\#(x),"k":[{"t":0,"s":[0,0],"e":[100,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10}]}"#
    let bytes = try #require(ExpressionBake.rewrite(try Self.animation(Self.layer(position: position))))
    let p = try Self.reader(try JSONDocument(parsing: bytes).root["layers"]?.element(at: 0)?["ks"]?["p"])
    let at = try #require(p.numbers(at: 11))
    // t = 0.1 s: 100 · 0.1 · sin(0.4π) / e^0.3 ≈ 7.046.
    let expected = 100 + 100 * 0.1 * sin(0.4 * Double.pi) / exp(0.3)
    #expect(abs(at[0] - expected) < 0.05)
    #expect(abs((p.numbers(at: 5)?.first ?? 0) - 50) < 1e-6)
  }
}
