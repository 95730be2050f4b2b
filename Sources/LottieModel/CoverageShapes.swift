import Foundation
import LottieJSON

/// What Coverage knows of the things a layer draws (#18): boxes of shapes over their keyframes,
/// values over time (with easing overshoot) and text, each an upper bound.
extension Coverage {
  // MARK: - Shapes

  /// Boxes (width, height) bounding what a shape list draws, in the list's coordinates (after
  /// its group transform), or nil when something there can draw beyond any box we can tell.
  static func boxes(_ list: JSONNode, depth: Int) -> [(w: Double, h: Double)]? {
    guard list.isArray, depth < 64 else { return nil }
    var out: [(w: Double, h: Double)] = []
    var stroke = 0.0
    var groupScale = 1.0
    for item in list.elements where item.isObject && item["hd"]?.truthy != true {
      switch item["ty"]?.string {
      case "rc", "el":
        guard let s = extents(item["s"], signed: true, { v in pair(v).map { [$0.0, $0.1] } }), s.count == 2 else { return nil }
        out.append((s[0], s[1]))
      case "sr":
        // Players alternate the two radii whichever is larger.
        guard let outer = largest(item["or"], default: 0), let inner = largest(item["ir"], default: 0) else { return nil }
        let r = max(outer, inner)
        out.append((2.2 * r, 2.2 * r))  // outer roundness bulges the sides a little past the radius
      case "sh":
        guard let s = extents(item["ks"], pathExtent), s.count == 2 else { return nil }
        out.append((s[0], s[1]))
      case "gr":
        guard let items = item["it"], let inner = boxes(items, depth: depth + 1) else { return nil }
        out += inner
      case "st", "gs":
        guard let w = largest(item["w"], default: 0) else { return nil }
        // A miter join reaches past half the width at sharp corners: count it twice.
        stroke = max(stroke, w * (item["lj"]?.int == 1 || item["lj"] == nil ? 2 : 1))
      case "tr":
        guard let s = largest(item["s"], default: 100) else { return nil }
        groupScale = s / 100
      case "rp":
        guard let copies = largest(item["c"], default: 0), copies <= 10_000, let growth = repeaterGrowth(item, copies: copies) else { return nil }
        let factor = copies.rounded(.up) * growth * growth
        guard factor.isFinite, factor < 1e12 else { return nil }
        out = out.map { ($0.w * factor, $0.h) }
      case "op":
        guard let a = largest(item["a"], default: 0) else { return nil }
        out = out.map { ($0.w + 2 * a, $0.h + 2 * a) }
      case "zz":
        guard let a = largest(item["s"], default: 0) else { return nil }
        out = out.map { ($0.w + 2 * a, $0.h + 2 * a) }
      case "fl", "gf", "tm", "rd", "mm", "no":
        continue
      default:
        return nil  // pucker/bloat, twist, unknown shapes: no bound
      }
    }
    if stroke > 0 { out = out.map { ($0.w + stroke, $0.h + stroke) } }
    return groupScale == 1 ? out : out.map { ($0.w * groupScale, $0.h * groupScale) }
  }

  /// The largest scale a repeater gives a copy: its transform applied `o` + i times to copy i
  /// (lottie-web applies a fraction of it for a fractional offset, so whole steps are counted, up
  /// and down: the offset may be negative), for the smallest and the largest |scale| of each axis
  /// over time (a shrinking step grows the copies a negative offset draws).
  static func repeaterGrowth(_ repeater: JSONNode, copies: Double) -> Double? {
    guard let (small, large) = scaleRange(repeater["tr"]?["s"]), let offset = largest(repeater["o"], default: 0) else { return nil }
    let steps = offset.rounded(.up)
    let low = -steps, high = steps + max(0, copies.rounded(.up) - 1)
    var growth = 1.0
    for step in [small / 100, large / 100] {
      for power in [low, high] {
        if step == 0 && power < 0 { return nil }
        growth = max(growth, pow(step, power))
      }
    }
    return growth.isFinite && growth < 1e12 ? growth : nil
  }

  /// The smallest and the largest absolute value of a scale's first two components over time
  /// (the keyframes' values; easing that overshoots can take a mix through 0), or nil.
  static func scaleRange(_ property: JSONNode?) -> (Double, Double)? {
    guard let property else { return (100, 100) }
    guard let large = largest(property, default: 100) else { return nil }
    var numbers: [Double] = []
    var crossesZero = false
    func add(_ v: JSONNode?) {
      guard let v else { return }
      if let d = v.double { numbers.append(abs(d)) } else { numbers += v.elements.prefix(2).compactMap(\.double).map { abs($0) } }
    }
    if AnimatedProperty(node: property).isAnimated {
      for kf in AnimatedProperty(node: property).keyframes {
        add(kf["s"])
        add(kf["e"])
        if AnimatedProperty.overshoots(kf) { crossesZero = true }
      }
    } else {
      add(property["k"])
    }
    guard let small = numbers.min() else { return nil }
    return (crossesZero ? 0 : small, large)
  }

  static func pair(_ v: JSONNode) -> (Double, Double)? {
    if let d = v.double { return (d, d) }
    guard let x = v.element(at: 0)?.double else { return nil }
    return (x, v.element(at: 1)?.double ?? x)
  }

  /// A path value's width and height over its vertices and tangent handles (the curve lies within
  /// their hull).
  static func pathExtent(_ v: JSONNode) -> [Double]? {
    guard let path = v.isArray ? v.element(at: 0) : v, let box = pathBox(path) else { return nil }
    guard !box.isEmpty else { return [0, 0] }
    return [box.maxX - box.minX, box.maxY - box.minY]
  }

  /// The box of a path's vertices and tangent ends (the curve lies within their hull).
  static func pathBox(_ path: JSONNode) -> ShapeBounds.Box? {
    guard let points = PathVertices(path) else { return nil }
    var box = ShapeBounds.Box()
    for (vertex, inTangent, outTangent) in points {
      guard let (x, y) = pair(vertex) else { return nil }
      let (ix, iy) = inTangent.flatMap(pair) ?? (0, 0)
      let (ox, oy) = outTangent.flatMap(pair) ?? (0, 0)
      box.add(x + min(0, ix, ox), y + min(0, iy, oy))
      box.add(x + max(0, ix, ox), y + max(0, iy, oy))
    }
    return box
  }

  // MARK: - Values over time

  /// The largest absolute value of a property's first two components over time.
  static func largest(_ property: JSONNode?, default value: Double, exported: Bool = false) -> Double? {
    guard let property else { return abs(value) }
    guard property.isObject else { return property.double.map(abs) }
    return extents(property, signed: true, exported: exported) { v in
      if let d = v.double { return [d] }
      let numbers = v.elements.prefix(2).compactMap(\.double)
      return numbers.isEmpty ? nil : numbers
    }?.max()
  }

  /// The largest of `measure` (non-negative magnitudes that grow at most linearly when values are
  /// mixed: an absolute value, a width) over a property's static value or keyframes, including
  /// where easing handles push the mix outside the two keyframes' values; nil when the property
  /// cannot be read or has an expression that can leave its keyframes (`exported`: the values
  /// written in the file, which a player that runs no expression plays, whatever the expression).
  static func extents(
    _ property: JSONNode?, signed: Bool = false, exported: Bool = false, _ measure: (JSONNode) -> [Double]?
  ) -> [Double]? {
    guard let property, property.isObject else { return nil }
    if !exported, let code = property["x"]?.string, !staysWithinKeyframes(code) { return nil }
    let animated = AnimatedProperty(node: property)
    guard animated.isAnimated else { return property["k"].flatMap(measure)?.map { abs($0) } }
    guard !animated.keyframes.isEmpty else { return nil }
    var best: [Double] = []
    func merge(_ m: [Double]) {
      if best.count < m.count { best += Array(repeating: 0, count: m.count - best.count) }
      for (i, x) in m.enumerated() { best[i] = max(best[i], abs(x)) }
    }
    for span in animated.spans {
      guard let a = measure(span.start) else { return nil }
      merge(a)
      guard let end = span.end, let b = measure(end) else { continue }
      merge(b)
      let (low, high) = span.mix
      if low < 0 || high > 1 {
        // A value mixes exactly; an extent (a width) of a mix is at most the mix of the extents.
        merge(zip(a, b).map { x, y in [low, high].map { t in signed ? abs((1 - t) * x + t * y) : abs(1 - t) * abs(x) + abs(t) * abs(y) }.max() ?? 0 })
      }
    }
    return best.allSatisfy(\.isFinite) ? best : nil
  }

  /// `loopOut()`/`loopIn()` cycling or ping-ponging over the keyframes, or Ease and Wizz with an
  /// easing that does not overshoot: values stay among them.
  static func staysWithinKeyframes(_ code: String) -> Bool {
    ExpressionEffect.easeAndWizzReach(code) == 1 || loopsWithinKeyframes(code)
  }

  /// `loopOut()`/`loopIn()` cycling or ping-ponging over the keyframes.
  static func loopsWithinKeyframes(_ code: String) -> Bool {
    guard let body = ExpressionEffect.returnedExpression(code), let call = ExpressionEffect.call(body),
      ["loopOut", "loop_out", "loopIn", "loop_in"].contains(call.name)
    else { return false }
    guard let kind = call.arguments.first else { return true }
    let name = kind.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
    return name == "cycle" || name == "pingpong"
  }

  // MARK: - Text

  /// Per visible character, the box of its embedded glyph (`chars`, drawn at size 100) scaled to
  /// the text's size, or else one em (plus tracking) times the line height, each grown by the
  /// stroke, for the largest text document (the em alone where the text is set in capitals, which
  /// draws other glyphs); nil with text animators (they scale and move characters) or an
  /// expression. A glyph's outline lies inside its points and tangents, so its box holds every
  /// pixel the glyph draws.
  static func textArea(_ layer: Layer, glyphs: Glyphs) -> Double? {
    guard let text = layer.textData, text.isObject else { return nil }
    if let animators = text["a"], animators.isArray, animators.count > 0 { return nil }
    guard let documents = text["d"], documents["x"] == nil, let list = documents["k"], list.isArray else { return nil }
    var best = 0.0
    for entry in list.elements {
      guard let doc = entry["s"], doc.isObject, let size = doc["s"]?.double, size >= 0 else { return nil }
      let tracking = max(0, doc["tr"]?.double ?? 0) / 1000
      let stroke = max(0, doc["sw"]?.double ?? 0)
      let line = max(doc["lh"]?.double ?? 0, 1.2 * size)
      // Capitals (`ca`) are drawn with other glyphs than the text's own letters.
      let capitals = (doc["ca"]?.double ?? 0) != 0
      let font = capitals ? [:] : doc["f"]?.string.flatMap { glyphs.boxes[$0] } ?? [:]
      var area = 0.0
      for character in doc["t"]?.string ?? "" {
        let visible = character.unicodeScalars.filter { !$0.properties.isWhitespace }.count
        guard visible > 0 else { continue }
        if let box = font[String(character)] {
          area += (box.width * size / 100 + stroke) * (box.height * size / 100 + stroke)
        } else {
          area += Double(visible) * (size * (1 + tracking) + stroke) * (line + stroke)
        }
      }
      best = max(best, area)
    }
    return best.isFinite ? best : nil
  }

  /// The boxes of the embedded glyphs (`chars`) at size 100, by the font name a text document
  /// names (`fonts.list[].fName`, matched to a glyph by family and style) and character. A glyph
  /// drawn through a moved group, an animated path or a precomp has no box.
  package struct Glyphs {
    var boxes: [String: [String: (width: Double, height: Double)]] = [:]

    init(_ root: JSONNode) {
      var byFace: [String: [String: (width: Double, height: Double)]] = [:]
      for glyph in root["chars"].list where glyph.isObject {
        guard let ch = glyph["ch"]?.string, let family = glyph["fFamily"]?.string, let style = glyph["style"]?.string,
          let shapes = glyph["data"]?["shapes"], let box = Self.box(shapes, depth: 0)
        else { continue }
        byFace[family + "\u{0}" + style, default: [:]][ch] = box.isEmpty ? (0, 0) : (box.maxX - box.minX, box.maxY - box.minY)
      }
      for font in root["fonts"]?["list"].list ?? [] {
        guard let name = font["fName"]?.string, let family = font["fFamily"]?.string, let style = font["fStyle"]?.string,
          let faces = byFace[family + "\u{0}" + style]
        else { continue }
        boxes[name] = faces
      }
    }

    /// The box of every point and tangent end of the static paths in `shapes`; nil for anything
    /// else that draws or moves (an animated path, a group transform that is not the identity).
    static func box(_ shapes: JSONNode, depth: Int) -> ShapeBounds.Box? {
      guard shapes.isArray, depth < 32 else { return nil }
      var box = ShapeBounds.Box()
      for item in shapes.elements {
        switch item["ty"]?.string {
        case "gr"?:
          guard let inner = item["it"], let b = Self.box(inner, depth: depth + 1) else { return nil }
          box.add(b)
        case "sh"?:
          guard let path = item["ks"], !AnimatedProperty(node: path).isAnimated, let k = path["k"], k.isObject,
            let b = Coverage.pathBox(k)
          else { return nil }
          box.add(b)
        case "tr"?:
          guard !moves(item) else { return nil }
        case "fl"?, "st"?: continue
        default: return nil
        }
      }
      return box
    }

    /// Whether a group's transform moves, turns or scales what it holds (or cannot be read).
    static func moves(_ transform: JSONNode) -> Bool {
      for (key, neutral) in [("p", 0.0), ("a", 0.0), ("s", 100.0), ("r", 0.0), ("sk", 0.0)] {
        guard let property = transform[key] else { continue }
        guard property.isObject, !AnimatedProperty(node: property).isAnimated, let k = property["k"] else { return true }
        let values = k.isArray ? k.elements.map(\.double) : [k.double]
        if values.prefix(2).contains(where: { $0 != neutral }) { return true }
      }
      return false
    }
  }
}
