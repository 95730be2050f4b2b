import Foundation
import LottieJSON

/// Renderer-relevant features a file can use. The raw values are stable ids used in `Rules/` data
/// and in JSON output.
public enum Feature: String, Sendable, CaseIterable, Comparable {
  case effect
  case layerStyle = "layer-style"
  case expression
  case matteAlpha = "matte-alpha"
  case matteAlphaInverted = "matte-alpha-inverted"
  case matteLuma = "matte-luma"
  case matteLumaInverted = "matte-luma-inverted"
  case matteParent = "matte-tp"
  case mask
  case maskModeIntersect = "mask-intersect"
  case maskModeLightenDarkenDifference = "mask-lighten-darken-difference"
  case maskInverted = "mask-inverted"
  case maskExpansion = "mask-expansion"
  case maskFeather = "mask-feather"
  case maskOpacity = "mask-opacity"
  case blendMode = "blend-mode"
  case mergePaths = "merge-paths"
  case puckerBloat = "pucker-bloat"
  case zigZag = "zig-zag"
  case offsetPath = "offset-path"
  case twist
  case repeater
  case trimPaths = "trim-paths"
  case roundedCorners = "rounded-corners"
  case gradientFill = "gradient-fill"
  case gradientStroke = "gradient-stroke"
  case polystar
  case textLayer = "text-layer"
  case textAnimator = "text-animator"
  case layer3D = "3d-layer"
  case timeRemap = "time-remap"
  case timeStretch = "time-stretch"
  case autoOrient = "auto-orient"
  case cameraLayer = "camera-layer"
  case lightLayer = "light-layer"
  case audioLayer = "audio-layer"
  case videoLayer = "video-layer"
  case imageLayer = "image-layer"
  case solidLayer = "solid-layer"
  case adjustmentLayer = "adjustment-layer"
  case precompLayer = "precomp-layer"
  case imageExternal = "image-external"
  case imageEmbedded = "image-embedded"
  case solidLayerOpacity = "solid-layer-opacity"
  case shapeBlendMode = "shape-blend-mode"
  case skew
  case textWithoutGlyphs = "text-without-glyphs"
  case imageDataURLUnflagged = "image-data-url-unflagged"
  case gradientOpacityStops = "gradient-opacity-stops"
  case noVersion = "no-version"
  case textRandomizeOrder = "text-randomize-order"
  case repeaterRunawayScale = "repeater-runaway-scale"
  case slot
  case duplicateKey = "duplicate-key"

  public static func < (a: Feature, b: Feature) -> Bool {
    (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
  }

  /// Words for people.
  public var title: String {
    switch self {
    case .effect: return "effects"
    case .layerStyle: return "layer styles"
    case .expression: return "expressions"
    case .matteAlpha: return "alpha mattes"
    case .matteAlphaInverted: return "inverted alpha mattes"
    case .matteLuma: return "luma mattes"
    case .matteLumaInverted: return "inverted luma mattes"
    case .matteParent: return "mattes by tp"
    case .mask: return "masks"
    case .maskModeIntersect: return "intersect masks"
    case .maskModeLightenDarkenDifference: return "lighten/darken/difference masks"
    case .maskInverted: return "inverted masks"
    case .maskExpansion: return "mask expansion"
    case .maskFeather: return "mask feather"
    case .maskOpacity: return "mask opacity"
    case .blendMode: return "blend modes"
    case .mergePaths: return "merge paths"
    case .puckerBloat: return "pucker/bloat"
    case .zigZag: return "zig zag"
    case .offsetPath: return "offset path"
    case .twist: return "twist"
    case .repeater: return "repeaters"
    case .trimPaths: return "trim paths"
    case .roundedCorners: return "rounded corners"
    case .gradientFill: return "gradient fills"
    case .gradientStroke: return "gradient strokes"
    case .polystar: return "polystars"
    case .textLayer: return "text layers"
    case .textAnimator: return "text animators"
    case .layer3D: return "3D layers"
    case .timeRemap: return "time remap"
    case .timeStretch: return "time stretch"
    case .autoOrient: return "auto-orient"
    case .cameraLayer: return "camera layers"
    case .lightLayer: return "light layers"
    case .audioLayer: return "audio layers"
    case .videoLayer: return "video layers"
    case .imageLayer: return "image layers"
    case .solidLayer: return "solid layers"
    case .adjustmentLayer: return "adjustment layers"
    case .precompLayer: return "precomp layers"
    case .imageExternal: return "external images"
    case .imageEmbedded: return "embedded images"
    case .solidLayerOpacity: return "solid layers with opacity"
    case .shapeBlendMode: return "blend modes on fills, strokes and groups"
    case .skew: return "skew"
    case .textWithoutGlyphs: return "text without embedded glyphs"
    case .imageDataURLUnflagged: return "data-URL images without e: 1"
    case .gradientOpacityStops: return "gradients with opacity stops"
    case .noVersion: return "no Bodymovin version (v)"
    case .textRandomizeOrder: return "text selectors with Randomize Order"
    case .repeaterRunawayScale: return "repeaters whose last copy is scaled beyond 10^5 times"
    case .slot: return "slots"
    case .duplicateKey: return "keys written twice in one object"
    }
  }
}

/// One use of a feature, at a place in the file.
public struct FeatureUse: Sendable {
  public let feature: Feature
  /// What exactly: an effect's name, a blend mode, a mask mode…
  public let detail: String?
  public let node: JSONNode
  public let layerPath: [String]

  public var location: LottieLocation { LottieLocation(pointer: node.pointer, layerPath: layerPath) }
}

extension Animation {
  /// Every use of a renderer-relevant feature, in document order within each composition.
  public func featureUses() -> [FeatureUse] {
    var uses: [FeatureUse] = []
    func add(_ f: Feature, _ detail: String? = nil, _ node: JSONNode, _ path: [String]) {
      uses.append(FeatureUse(feature: f, detail: detail, node: node, layerPath: path))
    }
    // Text drawn from glyph outlines in the file (`chars`) needs no font; without them a player
    // needs the font itself.
    if root.isObject, root["v"] == nil, root["layers"] != nil { add(.noVersion, nil, root, []) }
    let hasGlyphs = root["chars"].map { $0.isArray && $0.count > 0 } ?? false
    var firstSharp: [UInt32: UInt32] = [:]
    forEachLayer { visit in
      let layer = visit.layer
      let node = layer.node
      let path = visit.path
      guard node.isObject else { return }
      switch layer.type {
      case .text?:
        add(.textLayer, nil, node["ty"] ?? node, path)
        if !hasGlyphs { add(.textWithoutGlyphs, layer.textData?["d"]?["k"]?.element(at: 0)?["s"]?["f"]?.string, node["ty"] ?? node, path) }
        if let animators = layer.textData?["a"], animators.isArray, animators.count > 0 {
          add(.textAnimator, "\(animators.count) animator(s)", animators, path)
          for animator in animators.elements {
            if let rn = animator["s"]?["rn"], rn.int == 1 { add(.textRandomizeOrder, nil, rn, path) }
          }
        }
      case .camera?: add(.cameraLayer, nil, node["ty"] ?? node, path)
      case .light?: add(.lightLayer, nil, node["ty"] ?? node, path)
      case .audio?: add(.audioLayer, nil, node["ty"] ?? node, path)
      case .video?, .videoPlaceholder?: add(.videoLayer, nil, node["ty"] ?? node, path)
      case .image?, .imageSequence?, .imagePlaceholder?: add(.imageLayer, nil, node["ty"] ?? node, path)
      case .solid?:
        add(.solidLayer, nil, node["ty"] ?? node, path)
        if let o = node["ks"]?["o"], Self.holdsPartialOpacity(o) { add(.solidLayerOpacity, nil, o, path) }
      case .adjustment?: add(.adjustmentLayer, nil, node["ty"] ?? node, path)
      case .precomp?: add(.precompLayer, layer.refId, node["ty"] ?? node, path)
      default: break
      }
      if layer.is3D, let n = node["ddd"] { add(.layer3D, nil, n, path) }
      if let sk = node["ks"]?["sk"], Self.isNonDefault(sk, default: 0) { add(.skew, nil, sk, path) }
      if let tm = layer.timeRemap { add(.timeRemap, nil, tm, path) }
      if let sr = node["sr"], let v = sr.double, v != 1 { add(.timeStretch, sr.numberText, sr, path) }
      if layer.autoOrient, let n = node["ao"] { add(.autoOrient, nil, n, path) }
      if let bm = node["bm"], let v = bm.int, v != 0 { add(.blendMode, BlendMode.name(v), bm, path) }
      if let tt = node["tt"], let mode = tt.int {
        switch mode {
        case 1: add(.matteAlpha, nil, tt, path)
        case 2: add(.matteAlphaInverted, nil, tt, path)
        case 3: add(.matteLuma, nil, tt, path)
        case 4: add(.matteLumaInverted, nil, tt, path)
        default: break
        }
      }
      if let tp = node["tp"] { add(.matteParent, tp.numberText, tp, path) }
      for mask in layer.masks where mask.isObject {
        let mode = mask["mode"]?.string
        add(.mask, mode.map(MaskMode.name), mask, path)
        if mode == "i" { add(.maskModeIntersect, nil, mask["mode"] ?? mask, path) }
        if mode == "l" || mode == "d" || mode == "f" { add(.maskModeLightenDarkenDifference, mode.map(MaskMode.name), mask["mode"] ?? mask, path) }
        if mask["inv"]?.truthy == true, let n = mask["inv"] { add(.maskInverted, nil, n, path) }
        // An expansion of a pixel or less moves the edge by no more than anti-aliasing does.
        if let x = mask["x"], Self.isNonDefault(x, default: 0), AnimatedProperty(node: x).isAnimated || abs(Self.staticNumber(x) ?? 0) > 1 {
          add(.maskExpansion, nil, x, path)
        }
        if let f = mask["f"], Self.isNonDefault(f, default: 0) { add(.maskFeather, nil, f, path) }
        if let o = mask["o"], Self.isNonDefault(o, default: 100) { add(.maskOpacity, nil, o, path) }
      }
      for effect in layer.effects where effect.node.isObject {
        add(.effect, EffectCatalogue.shared.displayName(of: effect), effect.node, path)
      }
      for style in layer.styles where style.isObject {
        add(.layerStyle, LayerStyle.name(style["ty"]?.int), style, path)
      }
      Shape.walk(layer.shapes, path: path) { shape, shapePath in
        let n = shape.node
        switch shape.type {
        case .merge?: add(.mergePaths, nil, n, shapePath)
        case .puckerBloat?: add(.puckerBloat, nil, n, shapePath)
        case .zigZag?: add(.zigZag, nil, n, shapePath)
        case .offsetPath?: add(.offsetPath, nil, n, shapePath)
        case .twist?: add(.twist, nil, n, shapePath)
        case .repeater?:
          add(.repeater, nil, n, shapePath)
          if Self.repeaterScaleGrowth(n) >= 1e5 { add(.repeaterRunawayScale, nil, n, shapePath) }
        case .trim?: add(.trimPaths, n["m"]?.int == 2 && Self.trimsSeveralPaths(n) ? "individually" : nil, n, shapePath)
        case .transform?:
          if let sk = n["sk"], Self.isNonDefault(sk, default: 0) { add(.skew, nil, sk, shapePath) }
        case .roundedCorners?: add(.roundedCorners, Self.roundsSharpCorners(n, firstSharp: &firstSharp) ? "sharp corners" : nil, n, shapePath)
        case .gradientFill?, .gradientStroke?:
          add(shape.type == .gradientFill ? .gradientFill : .gradientStroke, nil, n, shapePath)
          if Self.hasOpacityStops(n["g"]) {
            add(.gradientOpacityStops, Self.opacityStopsDrawnAlike(n["g"]) ? "small opacity steps" : nil, n["g"] ?? n, shapePath)
          }
        case .polystar?:
          add(.polystar, Self.rotationBreaksSymmetry(n) ? "rotated" : nil, n, shapePath)
        default: break
        }
        if let bm = n["bm"], let v = bm.int, v != 0, shape.type != nil {
          add(.shapeBlendMode, BlendMode.name(v), bm, shapePath)
        }
      }
      // Expressions: an `x` string on an object that also has `k` (a property); "no effect" when
      // the expression returns what a player that ignores it plays anyway (ExpressionEffect).
      let doc = node.document
      let span: ExpressionEffect.Span? = {
        guard let ip = layer.inPoint, let op = layer.outPoint, (node["sr"]?.double ?? 1) == 1 else { return nil }
        let st = layer.startTime ?? 0
        let start = visit.composition.isRoot ? max(ip, root["ip"]?.double ?? ip) : ip
        let end = visit.composition.isRoot ? min(op, root["op"]?.double ?? op) : op
        return ExpressionEffect.Span(start: start - st, end: end - st)
      }()
      for keyIndex in doc.keyIndices(named: "x", in: node.subtreeRange) {
        let value = doc.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
        guard let code = value.string, let owner = value.parent, owner["k"] != nil else { continue }
        add(.expression, ExpressionEffect.isInert(code, property: owner, visible: span) ? "no effect" : nil, value, path)
      }
      // Slots: a property with an `sid` the file's `slots` define (a shape path slot: "path").
      for keyIndex in doc.keyIndices(named: "sid", in: node.subtreeRange) {
        let value = doc.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
        guard let id = value.string, root["slots"]?[id] != nil, let owner = value.parent else { continue }
        add(.slot, owner.key == "ks" && owner.parent?["ty"]?.string == "sh" ? "path" : nil, value, path)
      }
    }
    // A key written twice in one object: players read the last value alike, except when the two
    // values are different kinds of JSON (keyframes, then a static path): detail "kinds differ".
    for use in Self.duplicateKeyUses(document) { add(.duplicateKey, use.kindsDiffer ? "kinds differ" : nil, use.value, layerPath(of: use.value)) }
    for asset in assets where asset.isImage {
      add(asset.isEmbedded ? .imageEmbedded : .imageExternal, asset.id, asset.node, ["assets", asset.id ?? "?"])
      if let p = asset.node["p"]?.string, p.hasPrefix("data:"), asset.node["e"]?.int != 1 {
        add(.imageDataURLUnflagged, asset.id, asset.node, ["assets", asset.id ?? "?"])
      }
    }
    return uses
  }

  /// Round Corners only rounds corner points (a vertex without tangents); it changes nothing on
  /// shapes that have none. True when a shape before the modifier in its group has one: a star or
  /// polygon, a rectangle with roundness 0, or a path (any keyframe) with a corner vertex.
  /// `firstSharp` remembers, per shape list, its first sharp shape (each list is examined once
  /// however many modifiers it holds; nodes come in file order, so "before" compares ids).
  static func roundsSharpCorners(_ modifier: JSONNode, firstSharp: inout [UInt32: UInt32]) -> Bool {
    guard let items = modifier.parent, items.isArray else { return false }
    func isZero(_ pair: JSONNode?) -> Bool {
      guard let pair, pair.isArray else { return false }
      return (pair.element(at: 0)?.double ?? 1) == 0 && (pair.element(at: 1)?.double ?? 1) == 0
    }
    func pathHasCorner(_ path: JSONNode) -> Bool {
      guard path.isObject, let v = path["v"], v.isArray else { return false }
      let closed = path["c"]?.truthy == true
      let n = v.count
      for k in 0..<n where closed || (k != 0 && k != n - 1) {
        if isZero(path["i"]?.element(at: k)) && isZero(path["o"]?.element(at: k)) { return true }
      }
      return false
    }
    func values(_ property: JSONNode?) -> [JSONNode] {
      guard let property, let k = property["k"] else { return [] }
      let p = AnimatedProperty(node: property)
      guard p.isAnimated else { return [k] }
      return p.keyframes.flatMap { kf in ["s", "e"].compactMap { kf[$0] } }.map { $0.isArray ? ($0.element(at: 0) ?? $0) : $0 }
    }
    func sharp(_ shape: JSONNode) -> Bool {
      switch shape["ty"]?.string {
      case "sr": return true
      case "rc": return values(shape["r"]).contains { (($0.double ?? Self.staticNumberValue($0)) ?? 0) <= 0 } || shape["r"] == nil
      case "sh": return values(shape["ks"]).contains(where: pathHasCorner)
      case "gr": return shape["it"].map { $0.isArray && $0.elements.contains(where: sharp) } ?? false
      default: return false
      }
    }
    if let first = firstSharp[items.id.raw] { return first < modifier.id.raw }
    let first = items.elements.first(where: sharp)?.id.raw ?? UInt32.max
    firstSharp[items.id.raw] = first
    return first < modifier.id.raw
  }

  /// Each repeated key's value, and whether an earlier value of that key in the same object is
  /// another kind of JSON value. Linear: each object with repeats is walked once.
  static func duplicateKeyUses(_ document: JSONDocument) -> [(value: JSONNode, kindsDiffer: Bool)] {
    var out: [(value: JSONNode, kindsDiffer: Bool)] = []
    var seenOwners = Set<UInt32>()
    for id in document.duplicateKeys {
      let value = document.node(JSONNode.ID(raw: id.raw + 1))
      guard let owner = value.parent, owner.isObject, seenOwners.insert(owner.id.raw).inserted else { continue }
      var firstKind: [String: JSONKind] = [:]
      for member in owner.members {
        if let kind = firstKind[member.key] {
          out.append((member.value, kind != member.value.kind))
        } else {
          firstKind[member.key] = member.value.kind
        }
      }
    }
    return out
  }

  /// A gradient (`g`: `p` colour stops, then optional position/opacity pairs) with an opacity stop
  /// below 1, in its static value or in any keyframe.
  static func hasOpacityStops(_ g: JSONNode?) -> Bool {
    guard let g, let count = g["p"]?.int, count >= 0, let k = g["k"]?["k"] else { return false }
    func check(_ values: JSONNode) -> Bool {
      let n = values.count
      guard values.isArray, n > 4 * count else { return false }
      var i = 4 * count + 1
      while i < n {
        if let a = values.element(at: i)?.double, a < 1 { return true }
        i += 2
      }
      return false
    }
    if k.isArray, let first = k.element(at: 0), first.isObject {
      return k.elements.contains { kf in kf["s"].map(check) ?? false }
    }
    return check(k)
  }

  /// How much larger than the original the last copy of a repeater gets: the per-copy scale's
  /// larger factor raised to (copies − 1), with the largest copy count and scale any keyframe has.
  static func repeaterScaleGrowth(_ repeater: JSONNode) -> Double {
    func largest(_ property: JSONNode?, component: Int?) -> Double? {
      guard let k = property?["k"] else { return nil }
      func value(_ v: JSONNode) -> Double? {
        if let d = v.double { return d }
        if v.isArray {
          if let c = component { return v.element(at: c)?.double }
          return v.elements.compactMap(\.double).map(abs).max()
        }
        return nil
      }
      if k.isArray, let first = k.element(at: 0), first.isObject {
        return k.elements.compactMap { kf in kf["s"].flatMap(value) }.max()
      }
      return value(k)
    }
    guard let copies = largest(repeater["c"], component: 0), copies > 1,
          let scale = largest(repeater["tr"]?["s"], component: nil) else { return 1 }
    let factor = abs(scale) / 100
    guard factor > 1 else { return 1 }
    let exponent = min(copies - 1, 10_000)
    return pow(factor, exponent)
  }

  /// A polystar whose own Rotation turns it to a position its symmetry does not repeat (a rotation
  /// by a multiple of 360°/points looks the same however a player applies it). Animated rotation
  /// or point count always counts.
  static func rotationBreaksSymmetry(_ star: JSONNode) -> Bool {
    guard let r = star["r"], Self.isNonDefault(r, default: 0) else { return false }
    guard !AnimatedProperty(node: r).isAnimated, let angle = Self.staticNumber(r),
          let pt = star["pt"], !AnimatedProperty(node: pt).isAnimated, let points = Self.staticNumber(pt), points >= 1 else { return true }
    let period = 360 / points
    let offset = abs(angle).truncatingRemainder(dividingBy: period)
    return min(offset, period - offset) > 2
  }

  /// Opacity that stays at a partial value (strictly between 0 and 100) statically or at a
  /// keyframe: fully transparent or opaque layers look the same even where a player applies
  /// opacity twice.
  static func holdsPartialOpacity(_ o: JSONNode) -> Bool {
    func partial(_ v: Double?) -> Bool { v.map { $0 > 0.5 && $0 < 99.5 } ?? false }
    if AnimatedProperty(node: o).isAnimated {
      return o["k"].map { k in k.elements.contains { kf in partial(kf["s"].flatMap(Self.staticNumberValue)) } } ?? false
    }
    return partial(Self.staticNumber(o))
  }

  /// A trim path whose item list holds more than one path (or group): only then does "trim
  /// individually" differ from trimming them together.
  static func trimsSeveralPaths(_ trim: JSONNode) -> Bool {
    guard let list = trim.parent, list.isArray else { return true }
    let pathLike: Set<String> = ["sh", "rc", "el", "sr", "gr"]
    return list.elements.filter { pathLike.contains($0["ty"]?.string ?? "") }.count > 1
  }

  static func staticNumber(_ property: JSONNode) -> Double? {
    property["k"].flatMap(Self.staticNumberValue)
  }

  static func staticNumberValue(_ v: JSONNode) -> Double? {
    if let d = v.double { return d }
    if v.isArray, let first = v.element(at: 0)?.double { return first }
    return nil
  }

  /// A static property whose value differs from `default`, or any animated one.
  static func isNonDefault(_ property: JSONNode, default value: Double) -> Bool {
    guard property.isObject else { return false }
    let p = AnimatedProperty(node: property)
    if p.isAnimated { return true }
    if let k = property["k"] {
      if let d = k.double { return d != value }
      if k.isArray, let first = k.element(at: 0)?.double { return first != value }
    }
    return false
  }
}

public enum BlendMode {
  public static func name(_ code: Int) -> String {
    let names = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "color dodge", "color burn",
                 "hard light", "soft light", "difference", "exclusion", "hue", "saturation", "color",
                 "luminosity", "add", "hard mix"]
    return code >= 0 && code < names.count ? names[code] : "blend mode \(code)"
  }
}

public enum MaskMode {
  public static func name(_ code: String) -> String {
    switch code {
    case "n": return "none"
    case "a": return "add"
    case "s": return "subtract"
    case "i": return "intersect"
    case "l": return "lighten"
    case "d": return "darken"
    case "f": return "difference"
    default: return "mode \(code)"
    }
  }
}

public enum LayerStyle {
  public static func name(_ code: Int?) -> String {
    switch code {
    case 0?: return "Stroke"
    case 1?: return "Drop Shadow"
    case 2?: return "Inner Shadow"
    case 3?: return "Outer Glow"
    case 4?: return "Inner Glow"
    case 5?: return "Bevel and Emboss"
    case 6?: return "Satin"
    case 7?: return "Color Overlay"
    case 8?: return "Gradient Overlay"
    case let c?: return "layer style \(c)"
    case nil: return "layer style"
    }
  }
}

/// Names of effects, from `Rules/effects.json` (compiled in).
public struct EffectCatalogue: Sendable {
  public struct Entry: Sendable {
    public let name: String
    public let isControl: Bool
    public let source: String
  }
  public let byType: [Int: Entry]
  public let byMatchName: [String: Entry]

  public static let shared = EffectCatalogue.load()

  static func load() -> EffectCatalogue {
    var byType: [Int: Entry] = [:]
    var byMatchName: [String: Entry] = [:]
    guard let text = RulesData.files["effects.json"], let doc = try? JSONDocument(parsing: text) else {
      return EffectCatalogue(byType: [:], byMatchName: [:])
    }
    for t in doc.root["types"].list {
      guard let ty = t["ty"]?.int, let name = t["name"]?.string else { continue }
      let entry = Entry(name: name, isControl: t["control"]?.bool ?? false, source: t["source"]?.string ?? "")
      byType[ty] = entry
      for mn in t["mn"].list {
        if let m = mn.string { byMatchName[m] = entry }
      }
    }
    for m in doc.root["matchNames"].list {
      guard let mn = m["mn"]?.string, let name = m["name"]?.string else { continue }
      byMatchName[mn] = Entry(name: name, isControl: false, source: m["source"]?.string ?? "")
    }
    return EffectCatalogue(byType: byType, byMatchName: byMatchName)
  }

  /// "Gaussian Blur", from the match name first (it is what After Effects calls the effect), then
  /// the type code, then the layer's own name for the effect.
  public func displayName(of effect: Effect) -> String {
    if let mn = effect.matchName, let entry = byMatchName[mn] { return entry.name }
    if let ty = effect.typeCode, let entry = byType[ty], ty != 5 { return entry.name }
    if let nm = effect.name, !nm.isEmpty { return nm }
    if let mn = effect.matchName { return mn }
    if let ty = effect.typeCode { return byType[ty]?.name ?? "effect ty \(ty)" }
    return "effect"
  }
}

