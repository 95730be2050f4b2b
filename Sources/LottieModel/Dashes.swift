import LottieJSON

/// Stroke dash lists (`d`, entries named by `n`: "d" a dash, "g" a gap, "o" the offset) that
/// rlottie reads differently from lottie-web (#18). rlottie takes the values in the order they
/// are written and the last one as the offset (Samsung/rlottie src/lottie/lottiemodel.cpp,
/// `Dash::getDashInfo`), and draws nothing for a dash list whose dashes are all 0 long
/// (src/vector/vdasher.cpp, `VDasher::dashed`).
public enum Dashes {
  /// The offset written before a dash or gap (lottie-docs and other generators write `o, d, g`;
  /// Bodymovin writes it last): rlottie shifts every value by one, so the offset becomes the
  /// first dash (a solid pattern, `gap 0`, then draws nothing). Measured, fixture
  /// dash-offset-first.json.
  public static func offsetFirst(_ dashes: JSONNode) -> Bool {
    guard dashes.isArray else { return false }
    var sawOffset = false
    for entry in dashes.elements {
      let name = entry["n"]?.string
      if sawOffset, name == "d" || name == "g" { return true }
      if name == "o" { sawOffset = true }
    }
    return false
  }

  /// Every dash 0 long (static, or in every keyframe) on a stroke with round or square caps:
  /// lottie-web draws a dot per dash, rlottie nothing. With butt caps neither draws anything.
  /// Measured, fixture zero-length-dashes.json.
  public static func zeroLength(_ dashes: JSONNode, stroke: JSONNode) -> Bool {
    guard dashes.isArray, let cap = stroke["lc"]?.int, cap == 2 || cap == 3 else { return false }
    var lengths: [Double] = []
    for entry in dashes.elements where entry["n"]?.string == "d" {
      guard let v = entry["v"] else { return false }
      let property = AnimatedProperty(node: v)
      let values =
        property.isAnimated
        ? property.keyframes.compactMap { $0["s"].flatMap { $0.double ?? $0.element(at: 0)?.double } }
        : [v["k"]?.double].compactMap { $0 }
      guard !values.isEmpty else { return false }
      lengths += values
    }
    return !lengths.isEmpty && lengths.allSatisfy { $0 == 0 }
  }
}
