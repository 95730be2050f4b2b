import LottieJSON

/// Keyframe easing given per dimension (#18): a keyframe's `o`/`i` handles whose `x`/`y` are
/// arrays with a different curve for each dimension of the value (After Effects' "separate
/// dimensions" easing of a size, scale or position). lottie-web eases each dimension on its own
/// curve; rlottie and ThorVG read the first curve and use it for every dimension (measured:
/// corpus lottie-android Tests/Rect4, Rect6, Rect7 differ from lottie-web on 6.9 %, 15.6 % and
/// 4.9 % in both players, and 0.0-0.4 % once every dimension is given the first curve).
///
/// How far apart the two readings draw is estimated along each keyframe segment: the gap between
/// the second dimension's eased progress and the first's, times how far that dimension moves,
/// relative to the canvas for lengths (positions, anchors, sizes) and to 100 % for scale. What
/// counts is how long that shift stays at `threshold` or more, as a share of the layer's visible
/// time: a shift for a few frames of a long animation went unseen in the lab (corpus files with a
/// large but brief shift agreed with lottie-web), one for a quarter of it or longer did not.
public enum EasingPerDimension {
  /// The share (0…1) of the layer's visible time (`visible`, in its keyframes' clock; without it,
  /// the keyframes' own span) during which the two readings are `threshold` or more apart. Only
  /// the first two dimensions count (a 2D picture has no depth to misplace).
  public static func visibleShare(
    _ property: JSONNode, canvas: Double, visible: ExpressionEffect.Span?,
    threshold: Double
  ) -> Double {
    guard let k = property["k"], k.isArray, k.count > 1 else { return 0 }
    let frames = Array(k.elements)
    let times = frames.compactMap { $0["t"]?.double }
    guard let firstTime = times.min(), let lastTime = times.max() else { return 0 }
    let span = visible ?? ExpressionEffect.Span(start: firstTime, end: lastTime)
    guard span.end > span.start else { return 0 }
    // Scale (a layer's, a group's or a repeater's transform) is in percent; the rest are lengths.
    let owner = property.parent
    let isScale = property.key == "s" && (owner?.key == "ks" || owner?.key == "tr" || owner?["ty"]?.string == "tr")
    let relative = isScale ? 100 : max(canvas, 1)
    var shifted = 0.0
    for n in 0..<(frames.count - 1) {
      let kf = frames[n]
      guard let out = kf["o"], let into = kf["i"], out.isObject, into.isObject,
        [out["x"], out["y"], into["x"], into["y"]].contains(where: { ($0?.count ?? 0) > 1 }),
        let start = kf["s"], let end = kf["e"] ?? frames[n + 1]["s"], start.isArray, end.isArray,
        let a = start.element(at: 1)?.double, let b = end.element(at: 1)?.double, a != b,
        let from = kf["t"]?.double, let to = frames[n + 1]["t"]?.double, to > from,
        let first = curve(out, into, 0), let second = curve(out, into, 1), first != second
      else { continue }
      let steps = 20
      for step in 0..<steps {
        let t = (Double(step) + 0.5) / Double(steps)
        let time = from + (to - from) * t
        guard time >= span.start, time <= span.end else { continue }
        if abs(progress(second, at: t) - progress(first, at: t)) * abs(b - a) / relative >= threshold {
          shifted += (to - from) / Double(steps)
        }
      }
    }
    return min(1, shifted / (span.end - span.start))
  }

  /// A dimension's easing curve (x1, y1, x2, y2) from a keyframe's `o` and `i` handles, whose
  /// `x`/`y` are numbers or per-dimension arrays (a missing dimension takes the first's).
  package static func curve(_ out: JSONNode, _ into: JSONNode, _ d: Int) -> (Double, Double, Double, Double)? {
    func handle(_ v: JSONNode?) -> Double? {
      guard let v else { return nil }
      if let x = v.double { return x }
      return v.element(at: d)?.double ?? v.element(at: 0)?.double
    }
    guard let x1 = handle(out["x"]), let y1 = handle(out["y"]), let x2 = handle(into["x"]), let y2 = handle(into["y"]) else { return nil }
    return (x1, y1, x2, y2)
  }

  /// The eased progress at time `t` (0…1) of a cubic bezier from (0, 0) to (1, 1) with handles
  /// (x1, y1) and (x2, y2): x solved by bisection (x is monotonic for handles within 0…1, which
  /// Lottie requires; others are clamped).
  package static func progress(_ c: (Double, Double, Double, Double), at t: Double) -> Double {
    let x1 = min(max(c.0, 0), 1), x2 = min(max(c.2, 0), 1)
    func bezier(_ p1: Double, _ p2: Double, _ u: Double) -> Double {
      let v = 1 - u
      return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<40 {
      let mid = (lo + hi) / 2
      if bezier(x1, x2, mid) < t { lo = mid } else { hi = mid }
    }
    return bezier(c.1, c.3, (lo + hi) / 2)
  }
}

extension EasingPerDimension {
  /// Whether any keyframe gives its first two dimensions different curves while the second moves.
  public static func differs(_ property: JSONNode) -> Bool {
    guard let k = property["k"], k.isArray else { return false }
    // Keyframes walked as (keyframe, next) pairs without copying them out; the cheap test (a
    // handle whose dimensions differ) comes first, as almost no keyframe has one.
    var previous: JSONNode?
    for next in k.elements {
      defer { previous = next }
      guard let kf = previous, let out = kf["o"], let into = kf["i"], out.isObject, into.isObject,
        splits(out["x"]) || splits(out["y"]) || splits(into["x"]) || splits(into["y"]),
        let start = kf["s"], let end = kf["e"] ?? next["s"],
        let a = start.element(at: 1)?.double, let b = end.element(at: 1)?.double, a != b,
        let first = curve(out, into, 0), let second = curve(out, into, 1)
      else { continue }
      if first != second { return true }
    }
    return false
  }

  /// Whether a handle coordinate is written per dimension with a different first and second
  /// number (the same spelling is the same number, and needs no parsing).
  static func splits(_ handle: JSONNode?) -> Bool {
    guard let handle, handle.isArray, handle.count > 1 else { return false }
    var elements = handle.elements.makeIterator()
    guard let a = elements.next(), let b = elements.next(), a.isNumber, b.isNumber,
      a.sourceBytes != b.sourceBytes, let x = a.double, let y = b.double
    else { return false }
    return x != y
  }
}

extension EasingPerDimension {
  /// How far apart the two readings put the second dimension at most (in the property's units):
  /// the gap between its own eased progress and the first dimension's, times how far it moves,
  /// over every keyframe segment. Both progresses rise (handles within 0…1), so on each of 200
  /// steps [t₀, t₁] the gap lies between p₂(t₀) − p₁(t₁) and p₂(t₁) − p₁(t₀): a bound, not a
  /// sample. Unknown with overshooting handles, or spatial tangents (the point then moves along
  /// a curve, not along one dimension). For CoverageMotion.
  package static func largestGap(_ property: JSONNode) -> Double? {
    guard let k = property["k"], k.isArray else { return nil }
    var gap = 0.0
    var previous: JSONNode?
    for next in k.elements {
      defer { previous = next }
      guard let kf = previous else { continue }
      for key in ["to", "ti"] {
        if let tangent = kf[key], tangent.elements.contains(where: { ($0.double ?? 1) != 0 }) { return nil }
      }
      guard kf["h"]?.int != 1, let out = kf["o"], let into = kf["i"], out.isObject, into.isObject,
        let start = kf["s"], let end = kf["e"] ?? next["s"],
        let a = start.element(at: 1)?.double, let b = end.element(at: 1)?.double, a != b,
        let first = curve(out, into, 0), let second = curve(out, into, 1), first != second
      else { continue }
      for c in [first, second] {
        guard [c.0, c.1, c.2, c.3].allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return nil }
      }
      let steps = 200
      var p1 = progress(first, at: 0), p2 = progress(second, at: 0)
      for step in 1...steps {
        let t = Double(step) / Double(steps)
        let q1 = progress(first, at: t), q2 = progress(second, at: t)
        let widest = max(abs(q2 - p1), abs(p2 - q1)) * abs(b - a)
        guard widest.isFinite else { return nil }
        gap = max(gap, widest)
        (p1, p2) = (q1, q2)
      }
    }
    return gap.isFinite ? gap : nil
  }
}
