import LottieJSON

/// Precomp layers clipped to a very large rectangle (#18). A precomp layer clips its contents to
/// its `w` × `h`; rlottie rasterises that clip rectangle on the canvas, and once it spans about
/// 40,000 px (measured on a 200 px canvas: 39,000 px drew, 40,000 px drew nothing) the layer
/// disappears. Files that draw in unit space and scale a precomp up by 10,000 % or more (lottie-docs
/// easing.json, made with Glaxnimate) hit it. lottie-web and ThorVG draw them (measured, fixture
/// precomp-clip-oversized.json).
public enum PrecompClip {
  /// The measured size, in canvas pixels, from which rlottie loses the layer.
  public static let limit = 40_000.0

  /// The clip rectangle's larger side on the canvas, estimated from `w`/`h` and the largest
  /// scale the layer and its parents reach (static values, or the largest keyframe value).
  /// `chains` remembers, per layer index of the composition, the scale of that layer and its
  /// ancestors, so that every parent chain is walked once however many layers hang from it.
  public static func extent(_ layer: Layer, parents: [Int: Layer], chains: inout [Int: Double]) -> Double? {
    guard let w = layer.node["w"]?.double, let h = layer.node["h"]?.double else { return nil }
    return max(abs(w), abs(h)) * largestScale(layer) * (layer.parentIndex.map { chainScale($0, parents, &chains) } ?? 1)
  }

  /// The product of the scales of the layer with index `start` and its ancestors.
  package static func chainScale(_ start: Int, _ parents: [Int: Layer], _ chains: inout [Int: Double]) -> Double {
    var walked: [(index: Int, scale: Double)] = []
    var position: [Int: Int] = [:]
    var above = 1.0
    var next: Int? = start
    while let index = next {
      if let known = chains[index] { above = known; break }
      guard let parent = parents[index] else { break }  // no such layer: the chain ends here
      if let first = position[index] {
        // A cycle: every layer on it reaches all of it once, so all share one product.
        let cycle = walked[first...]
        above = cycle.reduce(1) { $0 * $1.scale }
        for step in cycle { chains[step.index] = above }
        walked.removeSubrange(first...)
        break
      }
      position[index] = walked.count
      walked.append((index, largestScale(parent)))
      next = parent.parentIndex
    }
    for step in walked.reversed() {
      above *= step.scale
      chains[step.index] = above
    }
    return chains[start] ?? above
  }

  /// The largest of a layer's scale factors (1 = 100 %), over its keyframes when animated.
  package static func largestScale(_ layer: Layer) -> Double {
    guard let s = layer.node["ks"]?["s"] else { return 1 }
    let numbers = AnimatedProperty(node: s).values.flatMap { v in v.isArray ? v.elements.prefix(2).compactMap(\.double) : [v.double].compactMap { $0 } }
    return (numbers.map(abs).max() ?? 100) / 100
  }
}
