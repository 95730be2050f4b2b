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
    if Animation.repeaterFadeStep(n, visible: span) > Animation.repeaterFadeTolerance {
      add(.repeaterOpacity, nil, n["tr"]?["eo"] ?? n["tr"]?["so"] ?? n, shapePath)
    }
  }
}

extension Animation {
  /// How far apart, in opacity (0-1), the players put a repeater's copies: After Effects and
  /// lottie-web give copy i of c the opacity so + (eo − so)·i/(c − 1), so the first copy has the
  /// Start Opacity and the last the End Opacity (RepeaterModifier.js); rlottie and lottie-android
  /// take i/c (the last copy stops a step short of eo: lottieitem.cpp, RepeaterContent.java),
  /// ThorVG (i + 1)/c (the first copy a step past so: tvgLottieBuilder.cpp). Either is off by one
  /// step, |eo − so|/c, on some copy (#18, fixture repeater-opacity.json). The largest step the
  /// values seen while the layer is shown allow, with the fewest copies; 0 with one copy or none.
  static func repeaterFadeStep(_ repeater: JSONNode, visible: ExpressionEffect.Span?) -> Double {
    let copies = (numbersSeen(repeater["c"], visible: visible).min() ?? 1).rounded(.down)
    guard copies >= 2 else { return 0 }
    func seen(_ key: String) -> (low: Double, high: Double) {
      let values = numbersSeen(repeater["tr"]?[key], visible: visible).map { min(max($0, 0), 100) }
      return (values.min() ?? 100, values.max() ?? 100)
    }
    let so = seen("so"), eo = seen("eo")
    return max(eo.high - so.low, so.high - eo.low) / 100 / copies
  }

  /// A step of opacity no picture shows: the renderer lab's colour tolerance, 32/255, which a
  /// copy's alpha off by that much cannot pass (lottie-docs repeater.json, 100 → 50 % over four
  /// copies, 12.5 %: rlottie 0.2 % of the tile differs).
  static let repeaterFadeTolerance = 32.0 / 255
}
