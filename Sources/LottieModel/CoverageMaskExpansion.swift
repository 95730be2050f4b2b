import Foundation
import LottieJSON

/// A tighter bound for mask expansion that a player ignores (#18; rlottie and ThorVG draw the
/// mask's path as it is). Expanding or contracting a mask moves its edge by the expansion and
/// nothing else, so a pixel can change only within that distance of the mask's path: the change
/// is at most the tube around the path, 2·d·L + π·d² (as in CoverageMotion), d the largest
/// expansion over time and L the path's longest length over time, both carried into the
/// composition by the layer's chain of scales, once per copy a precomp shows. This holds whatever
/// the layer draws (an image, a precomp, text) and for every mask mode: combining masks or
/// inverting one moves no edge but this one.
/// Unknown (and the area bound stays) with a feather (its blur reaches past the edge), effects or
/// styles that draw beyond the layer's pixels, skew (it lengthens the path), and an expansion or
/// path that cannot be read (an expression that can leave its keyframes).
extension Coverage {
  mutating func maskExpansionChange(of use: FeatureUse) -> Double? {
    guard use.feature == .maskExpansion, let canvas, let side = frameSide, skewFree, let mask = use.node.parent, mask.isObject,
      let layerNode = Self.layerNode(of: mask), let (comp, position, copies) = placement(of: layerNode),
      let scale = comp.chain[position], Self.drawsPlainly(comp.layers[position]),
      Self.largest(mask["f"], default: 0) == 0, let expansion = Self.largest(mask["x"], default: 0),
      let length = Self.extents(mask["pt"], Self.pathLength)?.first
    else { return nil }
    // As for a move: an edge that moves by no more than a pixel of the evidence's tile is not a
    // change (`unseenMove`), taken off at the largest scale a copy shows it.
    let d = max(0, expansion * scale - Self.unseenMove * side / copies.squareRoot())
    let area = (2 * d * length * scale + Double.pi * d * d) * copies
    return area.isFinite ? area / canvas : nil
  }
}
