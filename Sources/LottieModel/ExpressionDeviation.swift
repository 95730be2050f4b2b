import Foundation
import LottieJSON

/// How far an expression's value can be from the exported one that a player without expressions
/// plays (#18), for the forms whose values are known without running them; for CoverageMotion.
/// - `loopOut`/`loopIn` cycling or ping-ponging: the loop replays the keyframes, so both readings
///   stay among the keyframes' values: at most the width of their range (with easing overshoot
///   and spatial tangents).
/// - The inertial bounce most After Effects templates use, as Bodymovin writes it
///   (`value + v·amp·sin(freq·t·2π)/e^(decay·t)`, v the velocity just before the last keyframe
///   passed, literal `amp`, `freq` and `decay` ≥ 0): at most |amp| times the fastest speed into a
///   keyframe.
/// Anything else: unknown.
extension ExpressionEffect {
  package static func deviation(_ code: String, property: JSONNode, frameRate: Double?) -> Double? {
    guard AnimatedProperty(node: property).isAnimated else { return nil }
    if Coverage.staysWithinKeyframes(code) { return spread(property) }
    guard let amp = bounceAmplitude(code), let frameRate, frameRate > 0, let speed = fastestArrival(property, frameRate: frameRate)
    else { return nil }
    let bound = amp * speed
    return bound.isFinite ? bound : nil
  }

  /// The first two dimensions' values over the keyframes: the diagonal of their range.
  static func spread(_ property: JSONNode) -> Double? {
    var low: [Double] = [], high: [Double] = []
    var finite = true
    func include(_ v: [Double]) {
      for (i, x) in v.prefix(2).enumerated() {
        finite = finite && x.isFinite
        if i >= low.count {
          low.append(x)
          high.append(x)
        }
        low[i] = min(low[i], x)
        high[i] = max(high[i], x)
      }
    }
    for span in AnimatedProperty(node: property).spans {
      guard let a = span.start.numbers else { return nil }
      include(a)
      guard let end = span.end, let b = end.numbers else { continue }
      include(b)
      let kf = span.keyframe
      let out = kf["to"]?.numbers ?? [], into = kf["ti"]?.numbers ?? []
      let bends = (out + into).contains { $0 != 0 }
      if bends {
        include(zip(a, out).map { $0 + $1 })
        include(zip(b, into).map { $0 + $1 })
      }
      let (lo, hi) = span.mix
      if lo < 0 || hi > 1 {
        if bends { return nil }
        include(zip(a, b).map { (1 - lo) * $0 + lo * $1 })
        include(zip(a, b).map { (1 - hi) * $0 + hi * $1 })
      }
    }
    guard finite, !low.isEmpty else { return nil }
    let width = zip(low, high).map { $1 - $0 }
    let result = width.count > 1 ? hypot(width[0], width[1]) : width[0]
    return result.isFinite ? result : nil
  }

  /// The bounce's form once its numbers, braces, declarations and intermediate results are taken
  /// out (the templates differ only in those, and in how long the bounce lasts).
  static let bounceForm =
    "var $bm_rt; n = 0; if (numKeys > 0) n = nearestKey(time).index; if (key(n).time > time) n--; if (n == 0) t = 0; "
    + "else t = sub(time, key(n).time); if (n > 0) v = velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10))); "
    + "$bm_rt = sum(value, div(mul(mul(v, amp), Math.sin(mul(mul(mul(freq, t), 2), Math.PI))), Math.exp(mul(decay, t)))); "
    + "else $bm_rt = value;"

  static let bounceNumbers = try? NSRegularExpression(
    pattern: #"(?:\$bm_rt = )?\b(amp|freq|decay|time_max) = (-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?); "#)

  static let bounceVariables: Set<String> = ["amp", "freq", "decay", "n", "t", "v", "time_max"]

  /// |amp| of an inertial bounce, or nil when the code is not one.
  static func bounceAmplitude(_ code: String) -> Double? {
    guard code.utf8.count < 4096, code.contains("velocityAtTime"), let pattern = bounceNumbers else { return nil }
    var s = code.replacingOccurrences(of: "{", with: " ").replacingOccurrences(of: "}", with: " ")
    s = s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ") + " "
    var values: [String: [Double]] = [:]
    let ns = s as NSString
    // The numbers are set before the bounce reads them.
    let use = ns.range(of: "sum(value, div(mul(mul(v, amp)")
    guard use.location != NSNotFound else { return nil }
    for match in pattern.matches(in: s, range: NSRange(location: 0, length: ns.length)) {
      guard match.range.location < use.location, let value = Double(ns.substring(with: match.range(at: 2))), value.isFinite
      else { return nil }
      values[ns.substring(with: match.range(at: 1)), default: []].append(value)
    }
    s = pattern.stringByReplacingMatches(in: s, range: NSRange(location: 0, length: ns.length), withTemplate: "")
    if s.hasPrefix("var $bm_rt; var "), let end = s.firstIndex(of: ";").flatMap({ s[s.index(after: $0)...].firstIndex(of: ";") }) {
      // Only the bounce's own variables: another name (`value`, `Math`, `time`) would shadow
      // what the bounce reads.
      let names = s[s.index(s.startIndex, offsetBy: 16)..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard names.allSatisfy({ Self.bounceVariables.contains($0) }) else { return nil }
      s = "var $bm_rt;" + s[s.index(after: end)...]
    }
    s = s.replacingOccurrences(of: "$bm_rt = n = ", with: "n = ").replacingOccurrences(of: "$bm_rt = t = ", with: "t = ")
    s = s.replacingOccurrences(of: "(n > 0 && t < 1)", with: "(n > 0)").replacingOccurrences(of: "(n > 0 && t < time_max)", with: "(n > 0)")
    s = s.trimmingCharacters(in: .whitespaces)
    guard s == bounceForm, values["amp"]?.count == 1, values["decay"]?.count == 1, values["freq"]?.count == 1,
      let amp = values["amp"]?.first, let decay = values["decay"]?.first, decay >= 0, (values["time_max"]?.count ?? 0) <= 1
    else { return nil }
    return abs(amp)
  }

  /// The fastest the value moves (units per second) within half a frame before a keyframe, the
  /// speed the bounce reads (`velocityAtTime` a tenth of a frame before it), or nil.
  static func fastestArrival(_ property: JSONNode, frameRate: Double) -> Double? {
    let keyframes = AnimatedProperty(node: property).keyframes
    var fastest = 0.0
    for n in 0..<max(0, keyframes.count - 1) {
      let kf = keyframes[n]
      guard kf["h"]?.int != 1 else { continue }
      guard let from = kf["t"]?.double, let to = keyframes[n + 1]["t"]?.double, let start = kf["s"]?.numbers,
        let endNode = kf["e"] ?? keyframes[n + 1]["s"], let end = endNode.numbers
      else { return nil }
      guard to > from else { continue }
      let duration = (to - from) / frameRate  // seconds
      let window = min(1, 0.5 / (to - from))  // half a frame, as a share of the segment
      // Per dimension: how far it goes (along the spatial curve's control polygon when it bends).
      let out = kf["to"]?.numbers ?? [], into = kf["ti"]?.numbers ?? []
      var reach = zip(start, end).prefix(2).map { abs($1 - $0) }
      if (out + into).contains(where: { $0 != 0 }), out.count >= 2, into.count >= 2, start.count >= 2, end.count >= 2 {
        let polygon =
          hypot(out[0], out[1]) + hypot(end[0] + into[0] - start[0] - out[0], end[1] + into[1] - start[1] - out[1])
          + hypot(into[0], into[1])
        reach = [polygon]
      }
      var speed = [Double]()
      for (d, distance) in reach.enumerated() {
        guard let out = kf["o"], let into = kf["i"], let curve = EasingPerDimension.curve(out, into, d) else {
          speed.append(distance / duration)  // no easing: linear
          continue
        }
        var slope = 0.0
        let steps = 50
        for step in 0..<steps {
          let x0 = 1 - window * Double(steps - step) / Double(steps), x1 = 1 - window * Double(steps - step - 1) / Double(steps)
          let rise = abs(EasingPerDimension.progress(curve, at: x1) - EasingPerDimension.progress(curve, at: x0)) / (x1 - x0)
          guard rise.isFinite else { return nil }
          slope = max(slope, rise)
        }
        speed.append(distance * slope / duration)
      }
      let magnitude = speed.count > 1 ? hypot(speed[0], speed[1]) : speed.first ?? 0
      guard magnitude.isFinite else { return nil }
      fastest = max(fastest, magnitude)
    }
    return fastest.isFinite ? fastest : nil
  }
}
