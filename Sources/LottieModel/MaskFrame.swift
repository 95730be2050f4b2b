import LottieJSON

/// How lottie-web inverts a mask (#18). It adds a rectangle the size of the animation, from
/// (0, 0) to (w, h) and wound clockwise, to the mask's path, and fills the two with the non-zero
/// rule (airbnb/lottie-web player/js/mask.js, `createLayerSolidPath`; the canvas renderer's
/// CVMaskElement.js draws the same rectangle into its clip path). Two cases come out wrong where
/// After Effects, rlottie and ThorVG agree (measured, fixtures mask-inverted-outside-frame.json and
/// mask-inverted-clockwise.json):
/// - "outside the frame": the svg and html renderers place that rectangle in the layer's own
///   coordinates, so whatever the layer draws outside (0, 0)–(w, h) there (a shape layer's
///   artwork around its anchor at (0, 0), typically) is cut off, or shown inside the mask;
/// - "wound clockwise": a path wound like the rectangle counts twice under the non-zero rule, so
///   nothing is cut out (every renderer of lottie-web). After Effects' own exports wind the other
///   way: every inverted mask in the corpus does.
/// Told only where certain: the layer's content from static geometry (ShapeBounds: shapes without
/// animation or rotation, a solid's or an image's size, a precomp's clip), the path's direction
/// from its vertices (the shoelace sum) in every keyframe.
package enum MaskFrame {
  package static let outside = "outside the frame"
  package static let clockwise = "wound clockwise"

  /// The detail for an inverted mask on a layer whose content lies outside lottie-web's frame
  /// (`outside`, worked out once per layer by `contentOutsideFrame`), or nil when lottie-web
  /// draws it as After Effects does.
  static func detail(_ mask: JSONNode, outside: Bool) -> String? {
    let parts = [outside ? Self.outside : nil, windsClockwise(mask["pt"]) ? Self.clockwise : nil].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// Whether the layer draws, in its own coordinates, beyond (0, 0)–(w, h) of the animation by
  /// more than half a pixel; false where that cannot be told statically.
  static func contentOutsideFrame(_ layer: Layer, in animation: Animation) -> Bool {
    guard let w = animation.width, let h = animation.height else { return false }
    var box = ShapeBounds.Box()
    switch layer.type {
    case .shape?:
      guard let shapes = layer.node["shapes"], let b = ShapeBounds.bounds(Optional(shapes).list) else { return false }
      box = b
    case .solid?:
      guard let sw = layer.node["sw"]?.double, let sh = layer.node["sh"]?.double else { return false }
      box.add(0, 0)
      box.add(sw, sh)
    case .image?:
      guard let ref = layer.refId, let asset = animation.assetsByID[ref], let aw = asset.node["w"]?.double, let ah = asset.node["h"]?.double else {
        return false
      }
      box.add(0, 0)
      box.add(aw, ah)
    case .precomp?:
      guard let pw = layer.node["w"]?.double, let ph = layer.node["h"]?.double else { return false }
      box.add(0, 0)
      box.add(pw, ph)
    default:
      return false
    }
    let slack = 0.5
    return !box.isEmpty && (box.minX < -slack || box.minY < -slack || box.maxX > w + slack || box.maxY > h + slack)
  }

  /// Whether a closed mask path, in any keyframe, winds clockwise on screen (y down): a positive
  /// shoelace sum over its vertices.
  static func windsClockwise(_ pt: JSONNode?) -> Bool {
    guard let pt else { return false }
    let animated = AnimatedProperty(node: pt)
    let shapes = animated.isAnimated ? animated.keyframes.compactMap { $0["s"]?.element(at: 0) ?? $0["s"] } : [pt["k"]].compactMap { $0 }
    return shapes.contains { shape in
      guard shape.isObject, shape["c"]?.truthy == true, let v = shape["v"], v.isArray, v.count >= 3 else { return false }
      let points = v.elements.compactMap { p -> (Double, Double)? in
        guard let x = p.element(at: 0)?.double, let y = p.element(at: 1)?.double else { return nil }
        return (x, y)
      }
      guard points.count == v.count else { return false }
      var sum = 0.0
      for (i, a) in points.enumerated() {
        let b = points[(i + 1) % points.count]
        sum += a.0 * b.1 - b.0 * a.1
      }
      return sum > 1e-9
    }
  }
}
