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
  public static func extent(_ layer: Layer, parents: [Int: Layer]) -> Double? {
    guard let w = layer.node["w"]?.double, let h = layer.node["h"]?.double else { return nil }
    var size = max(abs(w), abs(h)) * largestScale(layer)
    var next = layer.parentIndex
    var seen: Set<Int> = []
    while let index = next, seen.insert(index).inserted, let parent = parents[index] {
      size *= largestScale(parent)
      next = parent.parentIndex
    }
    return size
  }

  /// The largest of a layer's scale factors (1 = 100 %), over its keyframes when animated.
  static func largestScale(_ layer: Layer) -> Double {
    guard let s = layer.node["ks"]?["s"] else { return 1 }
    let numbers = AnimatedProperty(node: s).values.flatMap { v in v.isArray ? v.elements.prefix(2).compactMap(\.double) : [v.double].compactMap { $0 } }
    return (numbers.map(abs).max() ?? 100) / 100
  }
}
