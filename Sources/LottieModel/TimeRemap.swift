import LottieJSON

/// Two forms of a layer's time remap (`tm`, in seconds) that rlottie plays differently (#18).
///
/// "static": a remap that is not animated (a freeze frame) is ignored by rlottie, which plays the
/// precomp on as if there were no remap (Samsung/rlottie src/lottie/lottiemodel.h,
/// `Layer::timeRemap` reads the remap only when it is animated); lottie-web and ThorVG hold the
/// frame (measured, fixture time-remap-static.json).
///
/// "past the end": rlottie turns a remapped time into a frame as a share of the whole animation's
/// length and clamps that share to 0…1 (lottiemodel.h, `Layer::timeRemap` and
/// `Composition::frameAtPos`): a precomp remapped to a time past the animation's own length,
/// (op − ip) / fr, freezes on the frame at that length, where lottie-web and ThorVG play on
/// (measured, fixture time-remap-beyond-end.json).
public enum TimeRemap {
  /// "static", "past the end" or nil (a remap every player measured plays alike).
  public static func detail(_ tm: JSONNode, visible: ExpressionEffect.Span?, root: JSONNode) -> String? {
    guard tm.isObject, tm["k"] != nil else { return nil }
    if !AnimatedProperty(node: tm).isAnimated { return "static" }
    return passesEnd(tm, visible: visible, root: root) ? "past the end" : nil
  }

  /// The latest remapped time, in seconds, that the layer shows while visible (`visible`, in its
  /// keyframes' clock; without it, every keyframe counts). Keyframes are read linearly between
  /// their values, which is enough to tell whether the animation's length is passed; nil for a
  /// static remap or one without numbers.
  public static func reach(_ tm: JSONNode, visible: ExpressionEffect.Span?) -> Double? {
    guard let k = tm["k"], k.isArray else { return nil }
    var points: [(time: Double, value: Double)] = []
    var previousEnd: Double?
    for kf in k.elements {
      guard kf.isObject, let t = kf["t"]?.double else { return nil }
      let start = kf["s"].flatMap(first) ?? previousEnd
      if let start { points.append((t, start)) }
      previousEnd = kf["e"].flatMap(first)
    }
    guard !points.isEmpty else { return nil }
    guard let visible else { return points.map(\.value).max() }
    var reached: [Double] = []
    for (n, p) in points.enumerated() {
      if p.time >= visible.start && p.time <= visible.end { reached.append(p.value) }
      guard n + 1 < points.count else { continue }
      let q = points[n + 1]
      for edge in [visible.start, visible.end] where edge > p.time && edge < q.time {
        reached.append(p.value + (q.value - p.value) * (edge - p.time) / (q.time - p.time))
      }
    }
    // Before the first keyframe or after the last, the remap holds the nearest value.
    if let firstPoint = points.first, visible.start < firstPoint.time { reached.append(firstPoint.value) }
    if let lastPoint = points.last, visible.end > lastPoint.time { reached.append(lastPoint.value) }
    return reached.max()
  }

  /// Whether the remap passes the animation's length (`root` `op − ip` over `fr`) by more than
  /// one frame while the layer is visible.
  public static func passesEnd(_ tm: JSONNode, visible: ExpressionEffect.Span?, root: JSONNode) -> Bool {
    guard let fr = root["fr"]?.double, fr > 0, let ip = root["ip"]?.double, let op = root["op"]?.double, op > ip,
      let reach = reach(tm, visible: visible)
    else { return false }
    return reach * fr > (op - ip) + 1
  }

  private static func first(_ v: JSONNode) -> Double? { v.double ?? v.element(at: 0)?.double }
}
