import Foundation
import LottieJSON
import LottieModel
import Testing

/// #18: Ease and Wizz, as Bodymovin writes the script's expression, eases between two keyframes
/// along a named Penner easing: its values stay among the keyframes' (1.201 times their range for
/// Back, 1.658 for inOutBack), whichever of the script's versions wrote it; anything else is not read.
@Suite("how far an Ease and Wizz expression takes a value")
struct ExpressionDeviationTests {
  /// The script as it writes itself with the easing inside (hardware.json, lottie-android's
  /// snapshot tests), with `EASING` for the easing's definition and `NAME` for its name.
  static let inside =
    "var $bm_rt; function easeAndWizz() { var t, d, sX, eX; EASING var n = 0; if (numKeys > 0) { n = nearestKey(time).index; if (key(n).time > time) { n--; } } try { var key1 = key(n); var key2 = key(sum(n, 1)); } catch (e) { return null; } var dim = 1; try { key(1)[1].length; dim = 2; key(1)[2].length; dim = 3; } catch (e) { } t = sub(time, key1.time); d = sub(key2.time, key1.time); sX = key1[0]; eX = sub(key2[0], key1[0]); if (dim >= 2) { sY = key1[1]; eY = sub(key2[1], key1[1]); if (dim >= 3) { sZ = key1[2]; eZ = sub(key2[2], key1[2]); } } if (time < key1.time || time > key2.time) { return value; } else { val1 = NAME(t, sX, eX, d); switch (dim) { case 1: return val1; break; case 2: val2 = NAME(t, sY, eY, d); return [ val1, val2 ]; break; case 3: val2 = NAME(t, sY, eY, d); val3 = NAME(t, sZ, eZ, d); return [ val1, val2, val3 ]; break; default: return null; } } } $bm_rt = easeAndWizz() || value;"

  /// The version with the easing's parameters set first and the easing before the script
  /// (vr_animation.json).
  static let before =
    "var $bm_rt; var p = 0.81; var a = 50; var s = 1.70158; EASING function easeAndWizz() { var t, d, sX, eX, sY, eY, sZ, eZ, val1; var n = 0; if (numKeys > 0) { n = nearestKey(time).index; if (key(n).time > time) { n--; } } if (n > 1 && n < numKeys - 1) { return null; } try { var key1 = key(n); var key2 = key(sum(n, 1)); } catch (e) { return null; } var dim = 1; try { key(1)[1].length; dim = 2; key(1)[2].length; dim = 3; } catch (e) { } t = sub(time, key1.time); d = sub(key2.time, key1.time); sX = key1[0]; eX = sub(key2[0], key1[0]); if (dim >= 2) { sY = key1[1]; eY = sub(key2[1], key1[1]); if (dim >= 3) { sZ = key1[2]; eZ = sub(key2[2], key1[2]); } } if (time < key1.time || time > key2.time) { return value; } else { val1 = NAME(t, sX, eX, d, a, p, s); switch (dim) { case 1: return val1; break; case 2: val2 = NAME(t, sY, eY, d, a, p, s); return [ val1, val2 ]; break; case 3: val2 = NAME(t, sY, eY, d, a, p, s); val3 = NAME(t, sZ, eZ, d, a, p, s); return [ val1, val2, val3 ]; break; default: return null; } } } $bm_rt = easeAndWizz() || value;"

  static let inOutSine =
    "function easeandwizz_inOutSine(t, b, c, d) { return sum(mul(div($bm_neg(c), 2), sub(Math.cos(div(mul(Math.PI, t), d)), 1)), b); }"
  static let outBack =
    "function easeandwizz_outBack(t, b, c, d) { return sum(mul(c, sum(mul(mul(t = t / d - 1, t), sum(mul(sum(s, 1), t), s)), 1)), b); }"
  static let inOutBack =
    "function inOutBack(t, b, c, d, a, p) { if (s == null) s = 1.70158; if ((t /= d / 2) < 1) return sum(mul(div(c, 2), mul(mul(t, t), sub(mul(sum(s *= 1.525, 1), t), s))), b); return sum(mul(div(c, 2), sum(mul(mul(t -= 2, t), sum(mul(sum(s *= 1.525, 1), t), s)), 2)), b); }"

  static func code(_ template: String, easing: String, name: String) -> String {
    template.replacingOccurrences(of: "EASING", with: easing).replacingOccurrences(of: "NAME", with: name)
  }

  /// A rotation from 10° to 70° and back to 40°: its values span 60°.
  let property = try! JSONDocument(
    parsing: Array(#"{"a":1,"k":[{"t":0,"s":[10]},{"t":10,"s":[70]},{"t":20,"s":[40]}]}"#.utf8)
  ).root

  @Test func anEasingThatStaysBetweenItsKeyframesMovesAtMostTheirRange() throws {
    let code = Self.code(Self.inside, easing: Self.inOutSine, name: "easeandwizz_inOutSine")
    #expect(ExpressionEffect.deviation(code, property: property, frameRate: 30) == 60)
    let other = Self.code(Self.before, easing: Self.inOutSine, name: "easeandwizz_inOutSine")
    #expect(ExpressionEffect.deviation(other, property: property, frameRate: 30) == 60)
  }

  /// Back with Penner's s = 1.70158 goes just over 10 % of a step past either end (outBack peaks
  /// at 1.100 01). inOutBack grows the script's s by 1.525 at every call, once per dimension, so
  /// the third call of an evaluation dips 32.9 % of a step before its start (retweet.json). The
  /// deviation is the keyframes' range times 1 + twice the easing's excursion, sampled finely.
  @Test(arguments: [
    ("easeandwizz_outBack", outBack, 1.201, 0.1),
    ("inOutBack", inOutBack, 1.658, 0.328)
  ])
  func backGoesPastItsKeyframes(name: String, easing: String, reach: Double, least: Double) throws {
    let code = Self.code(Self.before, easing: easing, name: name)
    let deviation = try #require(ExpressionEffect.deviation(code, property: property, frameRate: 30))
    #expect(abs(deviation - 60 * reach) < 1e-9)
    let grows = name == "inOutBack"
    var excursion = 0.0
    var s = 1.70158
    for _ in 1...3 {
      if grows { s *= 1.525 }
      for step in 0...10_000 {
        let u = Double(step) / 10_000
        // inOutBack's first half below its start; outBack past its end (v = u − 1).
        let past = grows ? -u * u * ((s + 1) * u - s) / 2 : (u - 1) * (u - 1) * ((s + 1) * (u - 1) + s)
        excursion = max(excursion, past)
      }
    }
    #expect(excursion > least && 1 + 2 * excursion <= reach)
  }

  /// Not read: an easing that grows `s` otherwise than Penner's inOutBack, one that reads the
  /// layer's value, one not known by its name, a Back with another `s`, the script with a
  /// statement added, two easings, and unclosed definitions over and over.
  @Test(arguments: [
    code(before, easing: inOutBack.replacingOccurrences(of: "s *= 1.525", with: "s *= 2"), name: "inOutBack"),
    code(inside, easing: inOutSine.replacingOccurrences(of: "return sum(", with: "return sum(value, "), name: "easeandwizz_inOutSine"),
    code(inside, easing: inOutSine.replacingOccurrences(of: "inOutSine", with: "outElastic"), name: "easeandwizz_outElastic"),
    code(before.replacingOccurrences(of: "var s = 1.70158;", with: "var s = 9;"), easing: outBack, name: "easeandwizz_outBack"),
    code(inside, easing: inOutSine, name: "easeandwizz_inOutSine").replacingOccurrences(of: "sX = key1[0];", with: "sX = key1[0]; eX = 100;"),
    code(inside, easing: inOutSine + " " + inOutSine, name: "easeandwizz_inOutSine"),
    String(repeating: "function easeAndWizz() { function f(t, b, c, d) { ", count: 300)
  ])
  func anythingElseIsNotRead(code: String) {
    #expect(ExpressionEffect.deviation(code, property: property, frameRate: 30) == nil)
  }
}
