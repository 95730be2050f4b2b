import LottieJSON

/// Repeater offsets that lottie-web draws unlike After Effects (#18). After Effects transforms copy
/// n (the original is 0) n + Offset times (its user guide, "Using the Repeater to replicate
/// shapes"), and so do rlottie (src/lottie/lottieitem.cpp, `Repeater::update` builds copy i with
/// `matrix(frameNo, i + offset)`) and ThorVG, measured alike.
extension Animation {
  /// A non-zero offset on a repeater that a fill or stroke follows in its list: lottie-web's SVG
  /// renderer draws the path unmoved as well as the shifted copies, one copy too many; its canvas
  /// renderer draws what the others draw (measured, fixture repeater-offset-before-paint.json).
  static let repeaterOffsetBeforePaint = "offset before its paint"
  /// An offset of −k, k whole and at most copies − 2: lottie-web (every renderer) gives the copy
  /// whose step count reaches 0 no transform without counting that step (RepeaterModifier.js,
  /// `processShapes`: the `iteration !== 0` branch), so each later copy lands on the one before it
  /// and one copy goes missing (measured, fixture repeater-negative-offset.json). With −k below
  /// that, 0 is reached by the last copy, which comes out right.
  static let repeaterNegativeWholeOffset = "negative whole offset"

  /// The id of a shape list's last fill or stroke (0 when it has none): an item with a smaller id
  /// comes before it (nodes are numbered in file order).
  static func lastPaint(in list: JSONNode) -> UInt32 {
    var last: UInt32 = 0
    for item in list.elements where paintTypes.contains(item["ty"]?.string ?? "") { last = item.id.raw }
    return last
  }

  /// The repeater's offset as lottie-web misdraws it (the details above; both, joined, when both
  /// apply), over the values it takes while the layer is shown (static, or at its keyframes), or nil.
  /// `paintedAfter`: a fill or stroke follows the repeater in its list.
  static func repeaterOffsetDetail(_ repeater: JSONNode, visible: ExpressionEffect.Span?, paintedAfter painted: Bool) -> String? {
    let offsets = numbersSeen(repeater["o"], visible: visible).filter(\.isFinite)
    guard offsets.contains(where: { $0 != 0 }) else { return nil }
    // lottie-web draws ceil(copies) copies.
    let copies = numbersSeen(repeater["c"], visible: visible).filter(\.isFinite).max().map { $0.rounded(.up) } ?? 0
    let negativeWhole = offsets.contains { $0 < 0 && $0 == $0.rounded() && -$0 <= copies - 2 }
    switch (painted, negativeWhole) {
    case (true, true): return repeaterNegativeWholeOffset + ", " + repeaterOffsetBeforePaint
    case (true, false): return repeaterOffsetBeforePaint
    case (false, true): return repeaterNegativeWholeOffset
    case (false, false): return nil
    }
  }
}

extension FeatureScan {
  /// A repeater: its offset's detail, whether it repeats painted copies, and a runaway scale.
  /// The shape list is read once, however many repeaters it holds.
  mutating func repeater(_ n: JSONNode, _ shapePath: [String], span: ExpressionEffect.Span?) {
    let list = n.parent
    let lastPaint = list.map { l in lastPaints[l.id.raw] ?? Animation.lastPaint(in: l) } ?? 0
    if let list { lastPaints[list.id.raw] = lastPaint }
    add(.repeater, Animation.repeaterOffsetDetail(n, visible: span, paintedAfter: lastPaint > n.id.raw), n, shapePath)
    if let list {
      let nested = nestedRepeaters[list.id.raw] ?? Animation.nestedRepeaters(in: list)
      nestedRepeaters[list.id.raw] = nested
      if nested.contains(n.id.raw) { add(.repeaterNested, nil, n, shapePath) }
    }
    if Animation.repeaterScaleGrowth(n) >= 1e5 { add(.repeaterRunawayScale, nil, n, shapePath) }
  }
}
