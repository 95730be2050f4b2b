import LottieJSON

/// Keyframe easing given per dimension (#18): a keyframe's `o`/`i` handles whose `x`/`y` are
/// arrays with a different curve for each dimension of the value (After Effects' "separate
/// dimensions" easing of a size, scale or position). lottie-web eases each dimension on its own
/// curve; rlottie and ThorVG read the first curve and use it for every dimension (measured:
/// corpus lottie-android Tests/Rect4, Rect6, Rect7 differ from lottie-web on 6.9 %, 15.6 % and
/// 4.9 % in both players, and 0.0-0.4 % once every dimension is given the first curve).
///
/// How far apart the two readings draw is estimated per keyframe segment: the largest gap
/// between a dimension's eased progress and the first dimension's, times how far that dimension
/// moves, relative to the canvas for lengths (positions, anchors, sizes) and to 100 % for scale.
public enum EasingPerDimension {
  /// The worst estimated displacement of a property (0 when its dimensions share one curve),
  /// as a share of the canvas's longer side (lengths) or of the layer's size (scale).
  public static func worstShift(_ property: JSONNode, canvas: Double) -> Double {
    guard let k = property["k"], k.isArray, k.count > 1 else { return 0 }
    let frames = Array(k.elements)
    // Scale (a layer's, a group's or a repeater's transform) is in percent; the rest are lengths.
    let owner = property.parent
    let isScale = property.key == "s" && (owner?.key == "ks" || owner?.key == "tr" || owner?["ty"]?.string == "tr")
    let relative = isScale ? 100 : max(canvas, 1)
    var worst = 0.0
    for n in 0..<(frames.count - 1) {
      let kf = frames[n]
      guard let out = kf["o"], let into = kf["i"], out.isObject, into.isObject,
            [out["x"], out["y"], into["x"], into["y"]].contains(where: { ($0?.count ?? 0) > 1 }),
            let start = kf["s"], let end = kf["e"] ?? frames[n + 1]["s"], start.isArray, end.isArray else { continue }
      func handle(_ v: JSONNode?, _ d: Int) -> Double? {
        guard let v else { return nil }
        if let x = v.double { return x }
        return v.element(at: d)?.double ?? v.element(at: 0)?.double
      }
      func curve(_ d: Int) -> (Double, Double, Double, Double)? {
        guard let x1 = handle(out["x"], d), let y1 = handle(out["y"], d),
              let x2 = handle(into["x"], d), let y2 = handle(into["y"], d) else { return nil }
        return (x1, y1, x2, y2)
      }
      guard let first = curve(0) else { continue }
      for d in 1..<min(start.count, end.count) {
        guard let a = start.element(at: d)?.double, let b = end.element(at: d)?.double, a != b,
              let own = curve(d), own != first else { continue }
        var gap = 0.0
        for step in 1..<20 {
          let t = Double(step) / 20
          gap = max(gap, abs(progress(own, at: t) - progress(first, at: t)))
        }
        worst = max(worst, gap * abs(b - a) / relative)
      }
    }
    return worst
  }

  /// The eased progress at time `t` (0…1) of a cubic bezier from (0, 0) to (1, 1) with handles
  /// (x1, y1) and (x2, y2): x solved by bisection (x is monotonic for handles within 0…1, which
  /// Lottie requires; others are clamped).
  static func progress(_ c: (Double, Double, Double, Double), at t: Double) -> Double {
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
