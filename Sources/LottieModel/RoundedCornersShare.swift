import LottieJSON

extension Animation {
  /// How much of the picture Round Corners changes (#18), for telling a rounding rlottie's sharp
  /// corners make visible from one too small to see. rlottie skips Round Corners (measured), so
  /// each sharp corner it acts on keeps the sliver between the corner and the arc lottie-web
  /// draws: about 0.215 r² for a right angle (1 − π/4). Estimated as that sliver, times the
  /// corners in the shapes before the modifier (a rectangle 4, a star 2 per point, a polygon 1
  /// per point, a path its points without tangents), with the radius scaled by the enclosing
  /// groups and the layer (largest keyframe values), over the canvas's area (w × h). Fitted on
  /// the corpus: rlottie disagreed from 0.017 (2.8 % seen) and agreed up to 0.007 (1.2 % seen);
  /// under `slightRoundingShare` the rounding is "slight" (fixture rounded-corners-slight.json).
  static let slightRoundingShare = 0.01

  static func roundedCornersShare(_ modifier: JSONNode, width: Double, height: Double, cache: inout ShapeListCache) -> Double {
    guard let items = modifier.parent, items.isArray, width > 0, height > 0 else { return 0 }
    func largest(_ property: JSONNode?, _ index: Int = 0) -> Double? {
      guard let property else { return nil }
      let numbers = AnimatedProperty(node: property).values.compactMap { v in v.isArray ? (v.element(at: index) ?? v.element(at: 0))?.double : v.double }
      return numbers.map(abs).max()
    }
    func scale(_ s: JSONNode?) -> Double { ((largest(s, 0) ?? 100) + (largest(s, 1) ?? largest(s, 0) ?? 100)) / 200 }
    func corners(_ shape: JSONNode) -> Double {
      switch shape["ty"]?.string {
      case "rc": return 4
      case "sr": return (largest(shape["pt"]) ?? 5).rounded() * (shape["sy"]?.int == 2 ? 1 : 2)
      case "sh":
        guard let ks = shape["ks"] else { return 0 }
        let p = AnimatedProperty(node: ks)
        let path = p.isAnimated ? p.keyframes.first?["s"]?.element(at: 0) : ks["k"]
        guard let path, let i = path["i"], let o = path["o"], i.isArray, o.isArray else { return 0 }
        func zero(_ n: JSONNode?) -> Bool { n.map { $0.isArray && $0.elements.allSatisfy { $0.double == 0 } } ?? false }
        return Double(zip(i.elements, o.elements).filter { zero($0.0) && zero($0.1) }.count)
      case "gr": return shape["it"].map { $0.elements.reduce(0) { $0 + corners($1) } } ?? 0
      default: return 0
      }
    }
    let count = cache.corners(before: modifier, in: items, corners)
    // The radius on the canvas: each enclosing group's transform, then the layer's.
    let radius = (largest(modifier["r"]) ?? 0) * cache.meanScale(of: items, scale)
    return count * 0.215 * radius * radius / (width * height)
  }
}
