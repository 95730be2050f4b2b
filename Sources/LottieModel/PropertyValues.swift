import LottieJSON

/// A value's numbers: a number as one, or an array of numbers only; nil otherwise (an empty
/// array, an element that is not a number).
extension JSONNode {
  package var numbers: [Double]? {
    if let d = double { return [d] }
    guard isArray, count > 0 else { return nil }
    var out: [Double] = []
    for e in elements {
      guard let d = e.double else { return nil }
      out.append(d)
    }
    return out
  }
}

/// The walk over a property's keyframes that every bound over time makes (Coverage, the
/// expression deviation): each keyframe's start value, the value it moves to, and how far its
/// easing carries the mix past the two.
extension AnimatedProperty {
  /// One keyframe with a start value, and where it goes.
  package struct Span {
    package var keyframe: JSONNode
    package var start: JSONNode
    /// The value it moves to (`e`, else the next keyframe's `s`); nil for a hold keyframe and the
    /// last one.
    package var end: JSONNode?
    /// The mix's lowest and highest weight of `end`: 0 and 1, or beyond them where the easing
    /// handles overshoot.
    package var mix: (low: Double, high: Double) { AnimatedProperty.mixRange(of: keyframe) }
  }

  /// The keyframes that have a start value, in order.
  package var spans: [Span] {
    let keyframes = self.keyframes
    return keyframes.indices.compactMap { n in
      let kf = keyframes[n]
      guard let start = kf["s"] else { return nil }
      let end = kf["h"]?.int == 1 ? nil : kf["e"] ?? (n + 1 < keyframes.count ? keyframes[n + 1]["s"] : nil)
      return Span(keyframe: kf, start: start, end: end)
    }
  }

  /// The heights of a keyframe's easing handles (`o.y` and `i.y`, of the first two dimensions:
  /// a 3D value's depth is eased on its own curve, and nothing here reads it): a value outside
  /// [0, 1] carries the mix past the keyframe's values.
  package static func handleHeights(of keyframe: JSONNode) -> [Double] {
    [keyframe["o"]?["y"], keyframe["i"]?["y"]].compactMap { $0 }.flatMap { y in y.double.map { [$0] } ?? y.elements.prefix(2).compactMap(\.double) }
  }

  /// 0 and 1, widened to the keyframe's lowest and highest handle heights.
  package static func mixRange(of keyframe: JSONNode) -> (low: Double, high: Double) {
    let heights = handleHeights(of: keyframe)
    return (min(0, heights.min() ?? 0), max(1, heights.max() ?? 1))
  }

  /// Whether a keyframe's easing carries the mix past its values.
  package static func overshoots(_ keyframe: JSONNode) -> Bool {
    let mix = mixRange(of: keyframe)
    return mix.low < 0 || mix.high > 1
  }
}
