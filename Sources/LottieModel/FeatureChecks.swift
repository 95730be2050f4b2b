import Foundation
import LottieJSON

/// The tests behind feature details (see `featureUses()`).
extension Animation {
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
      guard let points = PathVertices(path) else { return false }
      let (closed, n) = (points.isClosed, points.count)
      for (k, (_, i, o)) in points.enumerated() where (closed || (k != 0 && k != n - 1)) && isZero(i) && isZero(o) { return true }
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

  /// Each repeated key's value, and for a property's value (`k`) written twice, how the first
  /// and this one are written where players read them otherwise (#18, measured with rlottie 1.3.8
  /// and ThorVG 1.1.3; lottie-web and JSON itself keep the last):
  /// - "keyframes, then a static value": rlottie refuses the file, ThorVG keeps the keyframes;
  /// - "keyframes twice": both join the two lists of keyframes;
  /// - "an array, then a number": rlottie keeps the array.
  /// Otherwise nil: the last value is read (a number twice, a static value then keyframes, a
  /// number then an array). Linear: each object with repeats is walked once.
  static func duplicateKeyUses(_ document: JSONDocument) -> [(value: JSONNode, detail: String?)] {
    var out: [(value: JSONNode, detail: String?)] = []
    var seenOwners = Set<UInt32>()
    for id in document.duplicateKeys {
      let value = document.node(JSONNode.ID(raw: id.raw + 1))
      guard let owner = value.parent, owner.isObject, seenOwners.insert(owner.id.raw).inserted else { continue }
      var first: [String: JSONNode] = [:]
      for member in owner.members {
        if let earlier = first[member.key] {
          out.append((member.value, member.key == "k" ? Self.rereadForm(earlier, then: member.value) : nil))
        } else {
          first[member.key] = member.value
        }
      }
    }
    return out
  }

  /// How a property value written first (`earlier`) and again (`later`) differ where a player
  /// reads them otherwise (duplicateKeyUses).
  static func rereadForm(_ earlier: JSONNode, then later: JSONNode) -> String? {
    func isKeyframes(_ v: JSONNode) -> Bool { v.isArray && v.element(at: 0)?.isObject == true }
    if isKeyframes(earlier) { return isKeyframes(later) ? "keyframes twice" : "keyframes, then a static value" }
    if earlier.isArray, later.isNumber { return "an array, then a number" }
    return nil
  }

  /// A gradient (`g`: `p` colour stops, then optional position/opacity pairs) with an opacity stop
  /// below 1, in its static value or in any keyframe.
  static func hasOpacityStops(_ g: JSONNode?) -> Bool {
    guard let g, let count = g["p"]?.int, count >= 0, let k = g["k"]?["k"] else { return false }
    func check(_ values: JSONNode) -> Bool {
      guard values.isArray, values.count > 0, count <= (values.count - 1) / 4 else { return false }
      // Opacities are every second value after the colour stops (position, opacity, ...).
      let first = 4 * count + 1
      for (i, value) in values.elements.enumerated() where i >= first && (i - first) % 2 == 0 {
        if let a = value.double, a < 1 { return true }
      }
      return false
    }
    if k.isArray, let first = k.element(at: 0), first.isObject {
      return k.elements.contains { kf in kf["s"].map(check) ?? false }
    }
    return check(k)
  }

  /// The shape items that paint the paths above them: fills, strokes and their gradient forms.
  static let paintTypes: Set<String> = ["fl", "st", "gf", "gs"]
  /// The shape items that are paths: free paths, rectangles, ellipses and polystars.
  static let pathTypes: Set<String> = ["sh", "rc", "el", "sr"]

  /// Repeaters in a shape list that follow an earlier repeater with a fill or stroke between
  /// them: the later one repeats painted copies. ThorVG draws the earlier repeater's result once
  /// more under the later one's copies (#18, measured with fixture repeater-nested.json: a
  /// half-transparent fill comes out darker, an offset copy appears twice; 8 % of the tile
  /// differs, rlottie 0 %; corpus lottie-android Tests/Repeater.json). Worked out once per list.
  static func nestedRepeaters(in list: JSONNode) -> Set<UInt32> {
    var found: Set<UInt32> = []
    var repeated = false, painted = false
    for item in list.elements where item.isObject {
      switch item["ty"]?.string {
      case "rp":
        if repeated && painted { found.insert(item.id.raw) }
        repeated = true
      case let type? where paintTypes.contains(type):
        if repeated { painted = true }
      default: break
      }
    }
    return found
  }

  /// A Gaussian Blur (effect type 29) that blurs, with Repeat Edge Pixels off: After Effects
  /// and lottie-web fade the blurred layer's edges to transparent; ThorVG repeats the edge pixels
  /// (it passes the flag as its border mode, 0 = duplicate), which shows at the bounds of a
  /// precomp layer (#18, measured with fixture blur-edge.json: 11.8 % of the tile differs;
  /// corpus lottie-android Tests/PrecompBlur.json). Values are looked up by match name, then by
  /// position (Blurriness, Blur Dimensions, Repeat Edge Pixels).
  static func blurWithTransparentEdges(_ effect: JSONNode) -> Bool {
    guard effect["ty"]?.int == 29, effect["en"]?.truthy ?? true, let values = effect["ef"], values.isArray else { return false }
    func value(_ suffix: String, _ index: Int) -> JSONNode? {
      let item = values.elements.first { $0["mn"]?.string?.hasSuffix(suffix) == true } ?? values.element(at: index)
      return item?["v"]
    }
    guard let blurriness = value("-0001", 0), isNonDefault(blurriness, default: 0) else { return false }
    guard let edges = value("-0003", 2) else { return true }
    return !AnimatedProperty(node: edges).isAnimated && (staticNumber(edges) ?? 0) == 0
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
      let scale = largest(repeater["tr"]?["s"], component: nil)
    else { return 1 }
    let factor = abs(scale) / 100
    guard factor > 1 else { return 1 }
    let exponent = min(copies - 1, 10_000)
    return pow(factor, exponent)
  }

  /// The share of the picture a polystar drawn by rlottie is estimated to change: rlottie turns
  /// the star by twice its own Rotation (measured: Rotation 15 draws like lottie-web's 30), so it
  /// is off by the Rotation itself, folded to the nearest angle the star repeats at (360°/points).
  /// Turning a star by a small angle δ changes about 3·δ·R² of area (R its outer radius; 3 fits
  /// the measured fixtures: R 40 on 100 px, δ 15°, estimate 12.6 %, seen 12.2 %; R 6: 0.28 %,
  /// seen 0.2 %). 0 when the rotation is a multiple of that angle. Animated rotation counts with
  /// its widest swing, the radius with its largest value; the star's own transforms are not
  /// followed (taken as 100 %).
  /// A polygon (`sy` 2) starts π/2 degrees (1.5708°) short of its first corner as well: rlottie's
  /// addPolygon (src/vector/vpath.cpp) converts the start angle to radians twice, so −90° becomes
  /// −91.5708° (measured: a triangle with Rotation 1.5708 draws as lottie-web's, 0.05 %; with
  /// −1.5708, 3.14° off, 2.8 %). A polygon is off by its Rotation less that, an unrotated one by
  /// 1.57°, which the 2° allowance keeps out (measured under 2 % even across the whole canvas).
  static func polystarRotationShare(_ star: JSONNode, canvas: Double, visible: ExpressionEffect.Span? = nil) -> Double {
    let polygon = star["sy"]?.int == 2
    guard let r = star["r"], polygon || Self.isNonDefault(r, default: 0) else { return 0 }
    let points = numbersSeen(star["pt"], visible: visible).min() ?? 5
    let radius = numbersSeen(star["or"], visible: visible).map(abs).max() ?? 0
    let period = 360 / max(points.rounded(), 1)
    let angles = numbersSeen(r, visible: visible).map { polygon ? $0 - rlottiePolygonStartOffset : $0 }
    guard let lowest = angles.min(), let highest = angles.max() else { return 0 }
    func folded(_ a: Double) -> Double {
      let offset = abs(a).truncatingRemainder(dividingBy: period)
      return min(offset, period - offset)
    }
    // A swing over half the period passes the worst angle on its way.
    let worst = highest - lowest >= period / 2 ? period / 2 : angles.map(folded).max() ?? 0
    guard worst > 2 else { return 0 }  // within 2°: lost in anti-aliasing
    let relative = radius / max(canvas, 1)
    return 3 * (worst * .pi / 180) * relative * relative
  }

  /// A star (`sy` 1, not a polygon) whose point count is not a whole number while its layer is
  /// shown: a static fraction, or keyframes that move from one count to another (the count passes
  /// through fractions on the way). After Effects, lottie-android, lottie-ios, rlottie and ThorVG
  /// draw the last point partly (partialPointAmount in their star builders); lottie-web 5.7.5
  /// draws the whole points only (measured: a 7.7-point star, 14.1 % of the tile). Polygons round
  /// the count down in every player measured.
  /// How far rlottie's polygons start past lottie-web's, in degrees (π/2: see
  /// polystarRotationShare).
  package static let rlottiePolygonStartOffset = Double.pi / 2

  static func starHasFractionalPoints(_ star: JSONNode, visible: ExpressionEffect.Span?) -> Bool {
    guard star["sy"]?.int == 1, let points = star["pt"] else { return false }
    let counts = numbersSeen(points, visible: visible)
    if counts.contains(where: { abs($0 - $0.rounded()) > 1e-3 }) { return true }
    return AnimatedProperty(node: points).isAnimated && Set(counts).count > 1
  }

  /// The values a one-number property takes while its layer is visible (`visible`, in the
  /// keyframes' clock; nil: all of them): a static value, or the start and end values of the
  /// keyframe segments that overlap that time, with the first value where the time begins before
  /// the first keyframe and the last where it ends after the last. A keyframe's end value is its
  /// `e` where the file writes one (exports before 5.5 write a rotation 0 → 360 as `s` 0, `e` 360:
  /// corpus bodymovin-extension expander.json), else the next keyframe's `s`. A value animated only
  /// outside that time is never seen (corpus lottie-android Tests/Precomps: a star turns at frames
  /// 160-199 of a layer shown at 24-64).
  static func numbersSeen(_ property: JSONNode?, visible: ExpressionEffect.Span?) -> [Double] {
    guard let property else { return [] }
    let animated = AnimatedProperty(node: property)
    if !animated.isAnimated { return Self.staticNumber(property).map { [$0] } ?? [] }
    let frames = animated.keyframes
    func value(_ kf: JSONNode?, _ key: String) -> Double? { kf?[key].flatMap(Self.staticNumberValue) }
    guard let visible, frames.allSatisfy({ $0["t"]?.double != nil }) else {
      return frames.flatMap { kf in ["s", "e"].compactMap { value(kf, $0) } }
    }
    var seen: [Double] = []
    for (n, kf) in frames.enumerated() {
      let from = kf["t"]?.double ?? 0
      let next = n + 1 < frames.count ? frames[n + 1] : nil
      let to = next?["t"]?.double ?? .infinity
      if n == 0, visible.start < from, let s = value(kf, "s") { seen.append(s) }
      // The out point is not shown: a segment that starts there is never seen.
      guard from < visible.end, to >= visible.start else { continue }
      // A last keyframe written as a bare time (older exports) holds the previous one's end value.
      if let s = value(kf, "s") ?? (n > 0 ? value(frames[n - 1], "e") : nil) { seen.append(s) }
      if let e = value(kf, "e") ?? value(next, "s") { seen.append(e) }
    }
    return seen
  }

  /// An opacity strictly between transparent and opaque (half a percent either way counts as either).
  static func isPartialOpacity(_ v: Double?) -> Bool { v.map { $0 > 0.5 && $0 < 99.5 } ?? false }

  /// Opacity that stays at a partial value (strictly between 0 and 100) statically or at a
  /// keyframe: fully transparent or opaque layers look the same even where a player applies
  /// opacity twice.
  static func holdsPartialOpacity(_ o: JSONNode) -> Bool {
    let partial = isPartialOpacity
    if AnimatedProperty(node: o).isAnimated {
      // A keyframe's start value, or its end value where the file writes one (`e`, older exports).
      return o["k"].map { k in
        k.elements.contains { kf in ["s", "e"].contains { partial(kf[$0].flatMap(Self.staticNumberValue)) } }
      } ?? false
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
    let names = [
      "normal", "multiply", "screen", "overlay", "darken", "lighten", "color dodge", "color burn",
      "hard light", "soft light", "difference", "exclusion", "hue", "saturation", "color",
      "luminosity", "add", "hard mix"
    ]
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
