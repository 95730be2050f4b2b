import Foundation
import LottieJSON

extension Animation {
  /// Every use of a renderer-relevant feature, in document order within each composition.
  public func featureUses() -> [FeatureUse] {
    var scan = FeatureScan(animation: self)
    // No version, or an empty one: rlottie refuses both (its composition needs a version).
    if root.isObject, root["v"] == nil || root["v"]?.string == "", root["layers"] != nil {
      scan.add(.noVersion, nil, root["v"] ?? root, [])
    }
    if document.hasBOM, root.isObject { scan.add(.byteOrderMark, nil, root, []) }
    forEachLayer { visit in
      guard visit.layer.node.isObject else { return }
      scan.enter(visit.layer)
      let span = scan.visibleSpan(visit)
      scan.layerKind(visit.layer, visit.path)
      scan.parentLoops(visit)
      scan.missingLayerKeys(visit.layer, visit.path)
      scan.precompClip(visit)
      scan.lumaMatte(visit)
      scan.mattes(visit)
      scan.layerProperties(visit.layer, visit.path, span: span)
      scan.masks(visit.layer, visit.path, onlyAlphaMatte: scan.drawnOnlyAsAlphaMatte(visit))
      scan.shapes(visit.layer, visit.path, span: span)
      scan.expressionsAndSlots(visit, span: span)
      scan.keyframeForms(visit, span: span)
    }
    scan.fileLevel()
    return scan.uses
  }
}

/// The state of one `featureUses()` walk.
struct FeatureScan {
  let animation: Animation
  var uses: [FeatureUse] = []
  let neverDrawn: NeverDrawn
  /// Text drawn from glyph outlines in the file (`chars`) needs no font; without them a player
  /// needs the font itself.
  let hasGlyphs: Bool
  var firstSharp: [UInt32: UInt32] = [:]
  /// Whether the layer (or shape) being visited is drawn at all; uses where it is not keep their
  /// feature (sticker rules still apply) with the detail "not drawn". A runaway repeater is kept
  /// as it is: whether a hidden one still hangs a player was not measured.
  var drawn = true
  var layerDrawn = true
  var hiddenShapes = SpanSet([Range<Int>]())
  var parentsByComposition: [JSONNode.ID: [Int: Layer]] = [:]
  /// Per composition, the matte modes (`tt`) of the layers that name each ind in `tp`.
  var tpUsers: [JSONNode.ID: [Int: [Int]]] = [:]
  /// Per composition, the positions of the layers its parent loops are reported at.
  var loopStarts: [JSONNode.ID: Set<Int>] = [:]
  var layersByComposition: [JSONNode.ID: [Layer]] = [:]
  /// When each precomp is shown (Animation.compositionShownSpans), worked out at the first
  /// inverted matte.
  var shownSpans: Animation.ShownSpans? = nil
  /// Per shape list, the id of its first path item (HiddenShapes), or UInt32.max.
  var firstPaths: [UInt32: UInt32] = [:]
  /// Whether a precomp used as a luma matte draws anything half-transparent, per asset id.
  var translucentCompositions: [String: Bool] = [:]
  var shapeLists = ShapeListCache()
  /// Whether a path's direction shows, per shape list (Animation.directionShows), worked out once.
  var directionShows: [UInt32: Bool] = [:]
  /// Repeaters over painted repeater copies, per shape list (Animation.nestedRepeaters).
  var nestedRepeaters: [UInt32: Set<UInt32>] = [:]
  /// The last fill or stroke of each shape list (Animation.lastPaint).
  var lastPaints: [UInt32: UInt32] = [:]
  /// Whether a shape list holds more than one path, per list (Animation.trimsSeveralPaths).
  var severalPaths: [UInt32: Bool] = [:]
  /// How many paths come before each item, up to three, per shape list (Animation.pathsBefore).
  var pathsBefore: [UInt32: [Int]] = [:]
  /// A file before 4.1.9, whose fill and stroke colours are 0-255 (Animation.writesLegacyColors).
  let legacyColors: Bool
  var chainScales: [JSONNode.ID: [Int: Double]] = [:]
  /// The ids the root's `slots` object defines (the last `slots` key, as players read it).
  let slotIDs: Set<String>

  init(animation: Animation) {
    self.animation = animation
    slotIDs = Set(animation.root["slots"].map { $0.isObject ? $0.members.map(\.key) : [] } ?? [])
    neverDrawn = NeverDrawn(animation)
    hasGlyphs = animation.root["chars"].map { $0.isArray && $0.count > 0 } ?? false
    legacyColors = animation.writesLegacyColors
  }

  /// Features that fail a player whether or not what holds them is drawn: the file is refused
  /// (or hangs the player) before anything is drawn.
  static let keptWhenNotDrawn: Set<Feature> = [
    .repeaterRunawayScale, .duplicateKey, .mistypedValue, .byteOrderMark, .noVersion, .threeDKeyIn2DTransform, .headerMisread
  ]

  mutating func add(_ f: Feature, _ detail: String? = nil, _ node: JSONNode, _ path: [String]) {
    let keep = drawn || Self.keptWhenNotDrawn.contains(f)
    uses.append(FeatureUse(feature: f, detail: keep ? detail : FeatureUse.notDrawn, node: node, layerPath: path))
  }

  mutating func enter(_ layer: Layer) {
    layerDrawn = !neverDrawn.contains(layer)
    hiddenShapes = layerDrawn ? NeverDrawn.hiddenShapes(layer) : SpanSet([Range<Int>]())
    drawn = layerDrawn
  }

  func drawnAt(_ n: JSONNode) -> Bool { layerDrawn && !hiddenShapes.contains(Int(n.id.raw)) }

  /// What the layer's type asks of a player.
  mutating func layerKind(_ layer: Layer, _ path: [String]) {
    let node = layer.node
    let ty = node["ty"] ?? node
    switch layer.type {
    case .text?:
      add(.textLayer, nil, ty, path)
      if !hasGlyphs { add(.textWithoutGlyphs, layer.textData?["d"]?["k"]?.element(at: 0)?["s"]?["f"]?.string, ty, path) }
      if let animators = layer.textData?["a"], animators.isArray, animators.count > 0 {
        add(.textAnimator, "\(animators.count) animator(s)", animators, path)
        for animator in animators.elements {
          if let rn = animator["s"]?["rn"], rn.int == 1 { add(.textRandomizeOrder, nil, rn, path) }
        }
      }
    case .camera?: add(.cameraLayer, nil, ty, path)
    case .light?: add(.lightLayer, nil, ty, path)
    case .audio?: add(.audioLayer, nil, ty, path)
    case .video?, .videoPlaceholder?: add(.videoLayer, nil, ty, path)
    case .image?, .imageSequence?, .imagePlaceholder?: add(.imageLayer, nil, ty, path)
    case .solid?:
      add(.solidLayer, nil, ty, path)
      // Players read only #rrggbb; lottie-web hands anything else to the browser as CSS.
      if let sc = node["sc"], let color = sc.string, !Self.isHexColor(color) {
        add(.solidColorNotHex, color.isEmpty ? "empty" : nil, sc, path)
      }
      if let o = node["ks"]?["o"], Animation.holdsPartialOpacity(o) { add(.solidLayerOpacity, nil, o, path) }
    case .adjustment?: add(.adjustmentLayer, nil, ty, path)
    case .precomp?: add(.precompLayer, layer.refId, ty, path)
    default: break
    }
  }

  /// `#rrggbb`, the one form of a solid layer's colour every player reads (#18): rlottie draws
  /// anything else white, ThorVG black, lottie-web as the browser reads it (measured, fixtures
  /// solid-color-empty.json and solid-color-short.json).
  static func isHexColor(_ s: String) -> Bool {
    let u = Array(s.utf8)
    return u.count == 7 && u[0] == UInt8(ascii: "#") && u[1...].allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
  }

  /// A luma matte (`tt` 3 or 4) whose matte layer draws something half-transparent
  /// (Animation.drawsTranslucent). The composition's layers are listed once.
  mutating func lumaMatte(_ visit: LayerVisit) {
    guard let tt = visit.layer.node["tt"], tt.int == 3 || tt.int == 4 else { return }
    let key = visit.composition.node.id
    if layersByComposition[key] == nil { layersByComposition[key] = visit.composition.layers }
    if parentsByComposition[key] == nil { parentsByComposition[key] = visit.composition.layersByIndex }
    guard let matte = Animation.matteSource(of: visit.layer, layers: layersByComposition[key] ?? [], byIndex: parentsByComposition[key] ?? [:]),
      Animation.drawsTranslucent(matte, in: animation, compositions: &translucentCompositions)
    else { return }
    add(.lumaMatteTranslucent, nil, tt, visit.path)
  }

  /// A precomp layer whose clip rectangle spans `PrecompClip.limit` canvas pixels or more. The
  /// composition's layers by index are built once per composition.
  mutating func precompClip(_ visit: LayerVisit) {
    guard visit.layer.type == .precomp, visit.layer.node["w"] != nil else { return }
    let key = visit.composition.node.id
    if parentsByComposition[key] == nil { parentsByComposition[key] = visit.composition.layersByIndex }
    guard let extent = PrecompClip.extent(visit.layer, parents: parentsByComposition[key] ?? [:], chains: &chainScales[key, default: [:]]),
      extent >= PrecompClip.limit
    else { return }
    add(.precompClipOversized, nil, visit.layer.node["w"] ?? visit.layer.node, visit.path)
  }

  /// 3D, skew, time (a remap that is static, or passes the animation's end: TimeRemap), blend
  /// mode and track matte.
  mutating func layerProperties(_ layer: Layer, _ path: [String], span: ExpressionEffect.Span?) {
    let node = layer.node
    if layer.is3D, let n = node["ddd"] { add(.layer3D, nil, n, path) }
    if let sk = node["ks"]?["sk"], Animation.isNonDefault(sk, default: 0) { add(.skew, nil, sk, path) }
    if !layer.is3D, let r = Animation.rotationRlottieDrops(node) { add(.rotationWithoutDDD, nil, r, path) }
    if Animation.rlottieReadsAs2D(node), let ks = node["ks"], let key = Animation.threeDKeyRlottieStopsAt(ks) {
      add(.threeDKeyIn2DTransform, nil, key, path)
    }
    if let tm = layer.timeRemap {
      add(.timeRemap, TimeRemap.detail(tm, visible: span, root: animation.root), tm, path)
    }
    if let sr = node["sr"], let v = sr.double, v != 1 { add(.timeStretch, sr.numberText, sr, path) }
    if layer.autoOrient, let n = node["ao"] { add(.autoOrient, nil, n, path) }
    if let bm = node["bm"], let v = bm.int, v != 0 { add(.blendMode, BlendMode.name(v), bm, path) }
    if let tt = node["tt"], let mode = tt.int {
      let mattes: [Int: Feature] = [1: .matteAlpha, 2: .matteAlphaInverted, 3: .matteLuma, 4: .matteLumaInverted]
      if let feature = mattes[mode] { add(feature, nil, tt, path) }
    }
    if let tp = node["tp"] { add(.matteParent, tp.numberText, tp, path) }

  }

  /// The detail of a trim path, trimmed individually, whose kept part runs across the path's start
  /// while shown (Animation.trimLoops).
  static let loopedIndividually = "looped individually"
  /// The detail of a trim set to trim three or more paths individually (`m` 2: one after another,
  /// as if one path), of which it keeps part: ThorVG 1.0.4 draws two paths so trimmed as
  /// lottie-web does, three or more not once the kept part runs past the first
  /// (Tests/Fixtures/compat/trim-individually.json and trim-individually-two-paths.json).
  static let individually = "individually"
  /// The details of a trim whose mode is neither 1 nor 2 (Animation.trimModeUnknown): over
  /// several paths it keeps part of, ThorVG trims them individually where lottie-web trims together.
  static let unknownMode = "unknown mode"
  static let unknownModeSeveral = "unknown mode, several paths"
  /// The detail of a gradient with a colour midpoint moved off the middle (Animation.hasMovedMidpoint).
  static let movedMidpoint = "moved midpoint"
  /// The detail of an expression that drives a layer style's property.
  static let inLayerStyle = "in layer style"

  var canvas: Double { max(animation.width ?? 512, animation.height ?? 512) }

  /// Shape items: modifiers, gradients, polystars, shape transforms and blend modes.
  mutating func shapes(_ layer: Layer, _ path: [String], span: ExpressionEffect.Span?) {
    let droppedStrokes = StrokeRestart.droppedStrokes(layer.node["shapes"])
    // Older rlottie fades each of a translucent layer's paints: what it changes is measured (Coverage).
    if layerDrawn, Animation.fadesPaintsOneByOne(layer), let o = layer.node["ks"]?["o"] {
      drawn = true
      add(.translucentLayerOverlap, nil, o, path)
    }
    Shape.walk(layer.shapes, path: path) { shape, shapePath in
      let n = shape.node
      hiddenShape(shape, shapePath)
      drawn = drawnAt(n)
      if droppedStrokes.contains(n.id.raw) { add(.pathFromClosedStart, nil, n, shapePath) }
      if let t = shape.type, let feature = Self.modifiers[t] { add(feature, nil, n, shapePath) }
      switch shape.type {
      case .repeater?: repeater(n, shapePath, span: span)
      case .trim?: trim(n, shapePath, span: span)
      case .transform?:
        if let sk = n["sk"], Animation.isNonDefault(sk, default: 0) { add(.skew, nil, sk, shapePath) }
      case .roundedCorners?:
        var detail: String?
        if Animation.roundsSharpCorners(n, firstSharp: &firstSharp) {
          let share = Animation.roundedCornersShare(n, width: animation.width ?? 512, height: animation.height ?? 512, cache: &shapeLists)
          detail = share < Animation.slightRoundingShare ? "slightly rounded" : "sharp corners"
        }
        add(.roundedCorners, detail, n, shapePath)
      case .gradientFill?, .gradientStroke?:
        let midpoint = Animation.hasMovedMidpoint(n["g"]) ? Self.movedMidpoint : nil
        add(shape.type == .gradientFill ? .gradientFill : .gradientStroke, midpoint, n, shapePath)
        if Animation.hasOpacityStops(n["g"]) {
          add(.gradientOpacityStops, Animation.opacityStopsDetail(n["g"]), n["g"] ?? n, shapePath)
        }
      case .polystar?: polystar(n, shapePath, span: span)
      default: break
      }
      missingShapeKeys(shape, shapePath)
      if let skipped = Animation.keysBeforeType(n, shows: &directionShows) { add(.keyBeforeType, skipped.detail, skipped.at, shapePath) }
      if shape.type == .transform, let key = Animation.threeDKeyRlottieStopsAt(n, afterType: true) { add(.threeDKeyIn2DTransform, nil, key, shapePath) }
      if shape.type == .stroke || shape.type == .gradientStroke,
        let share = Animation.unevenStrokeShare(n, width: animation.width ?? 512, height: animation.height ?? 512, cache: &shapeLists)
      {
        let slight = share.share < Animation.slightUnevenStroke || (!share.collapsed && share.edge < Animation.slightUnevenEdge)
        add(.strokeUnevenScale, slight ? "slight" : share.collapsed ? "collapsed" : nil, n, shapePath)
      }
      if shape.type == .stroke || shape.type == .gradientStroke, let w = n["w"], Animation.thinnerThanFixedPoint(w, visible: span) {
        add(.strokeThinnerThanFixedPoint, nil, w, shapePath)
      }
      if shape.type == .stroke || shape.type == .gradientStroke, let dashes = n["d"], dashes.isArray {
        if Dashes.offsetFirst(dashes) {
          add(.dashOffsetFirst, nil, dashes, shapePath)
        } else if Dashes.zeroLength(dashes, stroke: n) {
          add(.zeroLengthDashes, nil, dashes, shapePath)
        }
      }
      if legacyColors, shape.type == .fill || shape.type == .stroke, let c = Animation.legacyColor(n) {
        add(.legacyColors, nil, c, shapePath)
      }
      if let bm = n["bm"], let v = bm.int, v != 0, shape.type != nil {
        add(.shapeBlendMode, BlendMode.name(v), bm, shapePath)
      }
    }
  }

  /// Expressions: an `x` string on an object that also has `k` (a property); "no effect" when
  /// the expression returns what a player that ignores it plays anyway (ExpressionEffect); "in
  /// layer style" when it drives a property of a layer style (`sy`), which only matters to a
  /// player that draws that style (corpus lottie-web navidad: 50 expressions on Stroke styles'
  /// colours, removed, change nothing in lottie-web's picture, which draws no layer style).
  /// Slots: a property with an `sid` the file's `slots` define (a shape path slot: "path").
  mutating func expressionsAndSlots(_ visit: LayerVisit, span: ExpressionEffect.Span?) {
    let layer = visit.layer, node = layer.node, path = visit.path
    let doc = node.document
    let styles = node["sy"]?.subtreeRange
    for keyIndex in doc.keyIndices(named: "x", in: node.subtreeRange) {
      let value = doc.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
      guard let code = value.string, let owner = value.parent, owner["k"] != nil else { continue }
      drawn = drawnAt(value)
      let detail: String? =
        ExpressionEffect.isInert(code, property: owner, visible: span)
        ? "no effect" : styles?.contains(keyIndex) == true ? Self.inLayerStyle : nil
      add(.expression, detail, value, path)
    }
    for keyIndex in doc.keyIndices(named: "sid", in: node.subtreeRange) {
      let value = doc.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
      guard let id = value.string, slotIDs.contains(id), let owner = value.parent else { continue }
      drawn = drawnAt(value)
      add(.slot, owner.key == "ks" && owner.parent?["ty"]?.string == "sh" ? "path" : nil, value, path)
    }
  }

  /// Keyframe forms players read differently, once per property: a last keyframe with an `i`
  /// easing handle (rlottie keeps it as a keyframe that ends at frame 0, and from then on reads
  /// the property as its type's zero: Samsung/rlottie lottieparser.cpp `parseKeyFrame` and
  /// lottiemodel.h `KeyFrames::value`; measured, fixture eased-last-keyframe.json), easing that differs per
  /// dimension ("slight" unless the two ways of reading it are `visibleShift` apart for
  /// `visibleTime` of the layer's time, EasingPerDimension), and a shape or mask path animated with a single
  /// keyframe (rlottie crashes on it). Other properties with a single keyframe are not reported:
  /// rlottie reads them as 0, but lottie-web 5.7.5, the reference, misreads them too, so no
  /// fixture can show it against the reference.
  mutating func keyframeForms(_ visit: LayerVisit, span: ExpressionEffect.Span?) {
    let layer = visit.layer, path = visit.path
    let doc = layer.node.document
    // Each property once, by the value players read (the last `k`): a `k` written thousands of
    // times in one object would otherwise look the object up once per copy (quadratic).
    var seen = Set<JSONNode.ID>()
    for keyIndex in doc.keyIndices(named: "k", in: layer.node.subtreeRange) {
      let written = doc.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
      // Keyframes are objects: a static array (most `k`s) is passed over before any key lookup.
      guard written.isArray, written.elements.first(where: { _ in true })?.isObject == true, let property = written.parent,
        property.isObject, seen.insert(property.id).inserted, let value = property["k"], value.isArray,
        value.elements.first(where: { _ in true })?.isObject == true, AnimatedProperty(node: property).isAnimated
      else { continue }
      if value.count == 1 {
        let isPath = (property.key == "ks" && property.parent?["ty"]?.string == "sh") || property.key == "pt"
        guard isPath, value.element(at: 0)?["s"] != nil else { continue }
        drawn = drawnAt(property)
        add(.singleKeyframePath, nil, property, path)
        continue
      }
      // The last keyframe normally has no easing (nothing follows it); one with an `i` handle
      // that does not hold makes rlottie read the property as 0 (nothing, or at the origin).
      if let last = value.elements.reduce(nil, { _, e in e }), last.isObject, last["i"] != nil, last["h"]?.int != 1 {
        drawn = drawnAt(property)
        add(.easedLastKeyframe, nil, property, path)
      }
      guard EasingPerDimension.differs(property) else { continue }
      let share = EasingPerDimension.visibleShare(property, canvas: canvas, visible: span, threshold: Self.visibleShift)
      drawn = drawnAt(property)
      add(.easingPerDimension, share < Self.visibleTime ? "slight" : nil, property, path)
    }
  }

  /// Keys written twice and image assets.
  mutating func fileLevel() {
    drawn = true
    // A key written twice in one object: players read the last value alike, except for some
    // forms of a property value written twice (the detail, Animation.duplicateKeyUses).
    // One layer path per object (an object can write a key thousands of times).
    var paths: [JSONNode.ID: [String]] = [:]
    func path(of value: JSONNode) -> [String] {
      let owner = value.parent ?? value
      if let known = paths[owner.id] { return known }
      let path = animation.layerPath(of: owner)
      paths[owner.id] = path
      return path
    }
    for use in Animation.duplicateKeyUses(animation.document) { add(.duplicateKey, use.detail, use.value, path(of: use.value)) }
    // Values of another JSON type than the format's, where a typed parser reads them (ValueTypes).
    for use in ValueTypes.mistyped(animation) { add(.mistypedValue, use.expected.rawValue, use.value, path(of: use.value)) }
    // The header ThorVG reads from the text before parsing (HeaderScan).
    for misread in HeaderScan.misreadings(animation) { add(.headerMisread, misread.detail, misread.node, []) }
    // rlottie 0.2 lowers everything drawn before a translucent shape layer by 1/255 (its
    // offscreen blit), Telegram's forks before a matted layer; past 32 instances at once that shows.
    for feature in animation.erodingBlits() { add(feature, nil, animation.root["layers"] ?? animation.root, []) }
    for asset in animation.assets where asset.isImage {
      add(asset.isEmbedded ? .imageEmbedded : .imageExternal, asset.id, asset.node, ["assets", asset.id ?? "?"])
      if let p = asset.node["p"]?.string, p.hasPrefix("data:"), asset.node["e"]?.int != 1 {
        add(.imageDataURLUnflagged, asset.id, asset.node, ["assets", asset.id ?? "?"])
      }
      if asset.isWebP { add(.imageWebP, asset.id, asset.node, ["assets", asset.id ?? "?"]) }
    }
  }
}
