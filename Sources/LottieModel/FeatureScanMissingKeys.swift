import LottieJSON

/// The feature scan's keys left out (#18): a key Bodymovin writes (always, or for text `fc`
/// whenever the text is filled), which players fill in differently when it is missing (measured,
/// fixtures missing-key-*.json). The detail is the key.
extension FeatureScan {
  /// Layer types that draw something of their own: precomp, solid, image, shape, text.
  static let drawingLayers: Set<Int> = [0, 1, 2, 4, 5]

  /// A drawing layer without `st`: lottie-web never shows it (its in-point minus an undefined
  /// start time is NaN); rlottie and ThorVG take 0, as the format's default.
  mutating func missingLayerKeys(_ layer: Layer, _ path: [String]) {
    if hasGlyphs, layer.type == .text { missingTextKeys(layer, path) }
    guard let type = layer.typeCode, Self.drawingLayers.contains(type), layer.node["st"] == nil else { return }
    add(.missingKey, "st", layer.node, path)
  }

  /// Text drawn from embedded glyphs whose document has no `fc`: Bodymovin leaves it out when
  /// the text has no fill (stroke-only text); ThorVG fills such text opaque black, lottie-web
  /// draws no fill (measured, missing-key-fc.json). Reported once per layer, at the first such
  /// document.
  mutating func missingTextKeys(_ layer: Layer, _ path: [String]) {
    guard let documents = layer.textData?["d"]?["k"], documents.isArray else { return }
    for keyframe in documents.elements {
      if let document = keyframe["s"], document.isObject, document["fc"] == nil {
        add(.missingKey, "fc", document, path)
        return
      }
    }
  }

  /// Shape items without a key players default differently: a rectangle without `d` where its
  /// direction shows (lottie-web draws it counter-clockwise, as `d` 3), a stroke without `lc` or
  /// `lj` (rlottie: butt and miter; the format, lottie-web and ThorVG: round), a trim without `e`
  /// (lottie-web draws nothing at all, rlottie trims the path away, ThorVG keeps it whole). A
  /// gradient without `t` is not claimed: rlottie draws it linear, lottie-web and ThorVG radial,
  /// and which is right is not settled (the format requires `t`).
  mutating func missingShapeKeys(_ shape: Shape, _ path: [String]) {
    let n = shape.node
    switch shape.type {
    case .rectangle?:
      guard n["d"] == nil, let list = n.parent else { return }
      if Animation.directionShows(in: list, cache: &directionShows) { add(.missingKey, "d", n, path) }
    case .stroke?, .gradientStroke?:
      if n["lc"] == nil || n["lj"] == nil { add(.missingKey, "lc/lj", n, path) }
    case .trim?:
      if n["e"] == nil { add(.missingKey, "e", n, path) }
    default: break
    }
  }

  /// A mask without `mode`: rlottie takes it as None (the layer disappears), ThorVG leaves the
  /// layer unmasked, lottie-web adds it.
  mutating func missingMaskKeys(_ mask: JSONNode, _ path: [String]) {
    if mask["mode"] == nil { add(.missingKey, "mode", mask, path) }
  }
}
