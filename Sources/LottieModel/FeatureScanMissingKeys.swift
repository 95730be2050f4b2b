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
    case .group?:
      if !(n["it"]?.elements.contains { $0["ty"]?.string == "tr" } ?? false) { add(.missingKey, "tr", n, path) }
    default: break
    }
    if let type = shape.typeCode, let keys = Self.propertiesLottieWebReads[type], keys.contains(where: { n[$0] == nil }) {
      add(.missingKey, "property", n, path)
    }
  }

  /// Properties lottie-web 5.7 reads from a shape item without a default, each measured: an item
  /// without one is not drawn (fixture missing-key-property.json, a fill without `o`; a rectangle
  /// without `p` or `r`, an ellipse without `p`, a fill without `c`, a stroke or gradient fill
  /// without `o` draw nothing either, in the svg and canvas renderers and 5.13.0), where rlottie
  /// and ThorVG take the format's defaults. A stroke without `w` or an ellipse without `s` draws
  /// alike everywhere; a rectangle's `d` is its own detail.
  static let propertiesLottieWebReads: [String: [String]] = [
    "rc": ["p", "r"], "el": ["p"], "fl": ["c", "o"], "st": ["o"], "gf": ["o"]
  ]

  /// A mask without `mode`: rlottie takes it as None (the layer disappears), ThorVG leaves the
  /// layer unmasked, lottie-web adds it.
  mutating func missingMaskKeys(_ mask: JSONNode, _ path: [String]) {
    if mask["mode"] == nil { add(.missingKey, "mode", mask, path) }
  }
}
