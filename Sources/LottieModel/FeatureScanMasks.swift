import Foundation
import LottieJSON

/// The feature scan's masks, effects and layer styles (#18).
extension FeatureScan {
  /// Masks, effects and layer styles. On a layer drawn only as an alpha matte, an effect that
  /// changes colours alone (Fill, Tint, Tritone) changes nothing a player shows: its use is "not
  /// drawn" (measured: a white matte source filled near-black by a Fill effect mattes a square
  /// alike in rlottie, ThorVG and lottie-web, 0.0 %; as a luma matte rlottie differs by 36 %).
  mutating func masks(_ layer: Layer, _ path: [String], onlyAlphaMatte: Bool = false) {
    // An add mask after a subtract mask (inversion aside): ThorVG cuts both shapes out where
    // lottie-web and rlottie add the second back (measured, fixture mask-add-after-subtract.json).
    var subtracted = false, claimedOrder = false
    for mask in layer.masks where mask.isObject {
      missingMaskKeys(mask, path)
      let mode = mask["mode"]?.string
      if mode == "a", subtracted, !claimedOrder, mask["inv"]?.truthy != true {
        add(.maskAddAfterSubtract, nil, mask, path)
        claimedOrder = true
      }
      if mode == "s", mask["inv"]?.truthy != true { subtracted = true }
    }
    // An inverted mask among others: ThorVG combines them differently from After Effects
    // (measured, fixture mask-inverted-combined.json).
    let combined = layer.masks.filter { $0.isObject && $0["mode"]?.string != "n" }.count > 1
    var outsideFrame: Bool?  // worked out at the first inverted mask
    for mask in layer.masks where mask.isObject {
      let mode = mask["mode"]?.string
      add(.mask, mode.map(MaskMode.name), mask, path)
      if mode == "i" { add(.maskModeIntersect, nil, mask["mode"] ?? mask, path) }
      if mode == "l" || mode == "d" || mode == "f" { add(.maskModeLightenDarkenDifference, mode.map(MaskMode.name), mask["mode"] ?? mask, path) }
      if mask["inv"]?.truthy == true, let n = mask["inv"] {
        add(.maskInverted, combined ? Self.combinedMask : nil, n, path)
        if mode != "n", Self.invertedOnlyAfterMode(mask) { add(.maskInvertedAfterMode, nil, n, path) }
        // lottie-web inverts a mask by adding the animation's frame to its path (MaskFrame).
        if mode != "n" {
          if outsideFrame == nil { outsideFrame = MaskFrame.contentOutsideFrame(layer, in: animation) }
          if let detail = MaskFrame.detail(mask, outside: outsideFrame ?? false) { add(.maskInvertedFrame, detail, n, path) }
        }
      }
      // An expansion of a pixel or less moves the edge by no more than anti-aliasing does.
      if let x = mask["x"], Animation.isNonDefault(x, default: 0), AnimatedProperty(node: x).isAnimated || abs(Animation.staticNumber(x) ?? 0) > 1 {
        add(.maskExpansion, nil, x, path)
      }
      if let f = mask["f"], Animation.isNonDefault(f, default: 0) { add(.maskFeather, nil, f, path) }
      if let o = mask["o"], Animation.isNonDefault(o, default: 100) { add(.maskOpacity, nil, o, path) }
    }
    for effect in layer.effects where effect.node.isObject {
      let name = EffectCatalogue.shared.displayName(of: effect)
      let drawing = effect.typeCode.map { Self.drawingEffects.contains($0) } ?? false
      // An effect switched off in After Effects is not drawn there, nor by rlottie or ThorVG;
      // lottie-web draws it all the same (measured, fixture effect-disabled.json).
      if !effect.isEnabled {
        uses.append(FeatureUse(feature: .effect, detail: FeatureUse.notDrawn, node: effect.node, layerPath: path))
        if drawing { add(.effectDisabled, name, effect.node, path) }
        continue
      }
      if onlyAlphaMatte, let ty = effect.typeCode, Self.colourOnlyEffects.contains(ty) {
        uses.append(FeatureUse(feature: .effect, detail: FeatureUse.notDrawn, node: effect.node, layerPath: path))
        continue
      }
      add(.effect, name, effect.node, path)
      // ThorVG draws an effect only where "en" says 1, which Bodymovin always writes; lottie-web
      // draws it without (measured, fixture effect-without-en.json).
      if drawing, effect.node["en"] == nil { add(.effectWithoutEnabled, name, effect.node, path) }
      if layer.type == .precomp, Animation.blurWithTransparentEdges(effect.node) { add(.blurTransparentEdges, nil, effect.node, path) }
    }
    for style in layer.styles where style.isObject {
      add(.layerStyle, LayerStyle.name(style["ty"]?.int), style, path)
    }
  }

  /// Effects that change a layer's colours and leave its alpha as it is: Tint (20), Fill (21),
  /// Tritone (23).
  static let colourOnlyEffects: Set<Int> = [20, 21, 23]

  /// Effects that draw something, that ThorVG draws when enabled: Tint, Fill, Tritone, Drop
  /// Shadow (25) and Gaussian Blur (29).
  static let drawingEffects: Set<Int> = [20, 21, 23, 25, 29]

  /// Whether the layer is drawn only as an alpha matte: a `td` layer whose every user (the next
  /// layer, when it has `tt` and no `tp`, and the layers naming its ind in `tp`) takes only its
  /// alpha (`tt` 1 or 2). The `tp` users are listed once per composition.
  mutating func drawnOnlyAsAlphaMatte(_ visit: LayerVisit) -> Bool {
    let layer = visit.layer
    guard layer.isMatteSource else { return false }
    let key = visit.composition.node.id
    if layersByComposition[key] == nil { layersByComposition[key] = visit.composition.layers }
    let layers = layersByComposition[key] ?? []
    if tpUsers[key] == nil {
      var users: [Int: [Int]] = [:]
      for l in layers { if let tp = l.matteParent { users[tp, default: []].append(l.matteModeCode ?? 0) } }
      tpUsers[key] = users
    }
    var modes = layer.index.flatMap { tpUsers[key]?[$0] } ?? []
    let next = layer.position + 1
    if next < layers.count, layers[next].matteParent == nil, let tt = layers[next].matteModeCode { modes.append(tt) }
    return !modes.isEmpty && modes.allSatisfy { $0 == 1 || $0 == 2 }
  }

  static let modifiers: [ShapeType: Feature] = [
    .merge: .mergePaths, .puckerBloat: .puckerBloat, .zigZag: .zigZag,
    .offsetPath: .offsetPath, .twist: .twist
  ]

  /// Below this shift (a share of the canvas's longer side) a shape moved by a player's misreading
  /// was not seen to draw differently (EasingPerDimension).
  static let visibleShift = 0.02
  /// Below this share of a layer's visible time, such a shift went unseen (EasingPerDimension).
  static let visibleTime = 0.25
  /// Below this estimated share of the picture, a misdrawn shape stays under the lab's bar (2 %)
  /// with room for the estimate's error (polystar rotation).
  static let visibleShare = 0.01
  /// The detail of a star whose point count is not a whole number while it is shown.
  static let fractionalPoints = "fractional points"
  /// The detail of an inverted mask on a layer with other masks (not None).
  static let combinedMask = "combined"

  /// An inverted mask whose `inv` comes only after its `mode` (#18). ThorVG picks the mask's
  /// method when it reads `mode`, from the `inv` read so far (tvgLottieParser.cpp, parseMask and
  /// getMaskMethod), so such a mask is drawn uninverted (measured, fixture
  /// mask-inverted-after-mode.json); lottie-web and rlottie read the object whatever the order.
  /// Bodymovin writes `inv` first.
  static func invertedOnlyAfterMode(_ mask: JSONNode) -> Bool {
    var inverse = false
    var atMode: Bool?
    for member in mask.members {
      if member.key == "inv" { inverse = member.value.bool ?? (member.value.double.map { $0 != 0 } ?? false) }
      if member.key == "mode" { atMode = inverse }
    }
    guard let atMode else { return false }
    return !atMode
  }
}
