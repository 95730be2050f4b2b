import Foundation
import LottieJSON

/// How much of the frame a feature use can change at most (#18), for telling a claim that breaks
/// what the viewer sees from one too small to notice: a text caption of a few letters that rlottie
/// leaves out, an expression that bounces a small wheel.
///
/// A player that draws a layer differently (or not at all) can change only pixels that the layer
/// covers in its picture or in the reference's. So the change is at most twice the area the layer
/// covers (once for a layer the player leaves out), plus its children through `parent`, the layer
/// it is a matte for, and a precomp's contents. That area is bounded from above without drawing:
/// - each shape by its box (rectangles and ellipses by their size, stars by their outer radius,
///   paths by their vertices and tangents), over all keyframes, including what easing handles
///   overshoot; strokes widen the boxes; the boxes' areas are added (the union is never larger);
/// - text by one em (plus tracking) per visible character times the line height, 1.2 em at least;
/// - images and solids by their size, precomps by their contents or their clip rectangle;
/// - scaled by the largest scale the layer, its parents, enclosing groups and the precomp layers
///   that show it reach (rotation and skew keep areas);
/// - over the canvas's area, w × h.
/// Anything that can draw beyond that (blur, drop shadow and other drawing effects, layer
/// styles, pucker and bloat, twist, a camera or a 3D layer, an expression on a size or a scale
/// that is not a loop over its keyframes) leaves the bound unknown, and the claim as it is.
package struct Coverage {
  /// Under this share of the frame a change is minor: the evidence's measure (docs/compat-evidence.md)
  /// counts a player as drawing a file differently from 2 % of the picture.
  package static let minorShare = 0.02

  let animation: Animation
  let canvas: Double?
  var layerShares: [JSONNode.ID: Double?] = [:]
  var ownAreas: [JSONNode.ID: Double?] = [:]
  var compositionAreas: [String: Double?] = [:]
  var compositionScales: [String: Double?] = [:]
  var compositions: [JSONNode.ID: Comp] = [:]
  var affectedAreas: [JSONNode.ID: [Double?]] = [:]
  /// Compositions being worked out (precomps can refer to each other in a cycle).
  var visiting: Set<String> = []
  var precompUsers: [String: [(layer: Layer, composition: JSONNode)]]?

  /// One composition's layers, who is whose parent, and each layer's scale times its parents'.
  struct Comp {
    let layers: [Layer]
    let parent: [Int?]
    let chain: [Double?]
  }

  package init(_ animation: Animation) {
    self.animation = animation
    let usable = !Self.hasDepth(animation)
    if usable, let w = animation.width, let h = animation.height, w > 0, h > 0, (w * h).isFinite {
      canvas = w * h
    } else {
      canvas = nil
    }
  }

  /// Cameras and 3D layers can bring a layer closer than drawn: no bound then.
  static func hasDepth(_ animation: Animation) -> Bool {
    if animation.is3D { return true }
    return animation.compositions.contains { c in c.layers.contains { $0.is3D || $0.typeCode == 13 } }
  }

  /// The share of the frame (0…) that `use` can change at most, or nil when unknown.
  package mutating func change(of use: FeatureUse) -> Double? {
    switch use.feature {
    case .layer3D, .cameraLayer, .lightLayer, .adjustmentLayer, .audioLayer, .videoLayer, .noVersion, .duplicateKey,
      .translucentLayers, .legacyColors, .repeaterRunawayScale, .slot, .layerStyle:
      return nil
    default: break
    }
    guard let layer = Self.layerNode(of: use.node), let share = share(ofLayer: layer) else { return nil }
    return share * (use.feature == .textLayer ? 1 : 2)
  }

  /// The layer object a node lies in (the element of a `layers` array it descends from).
  static func layerNode(of node: JSONNode) -> JSONNode? {
    var current: JSONNode? = node
    var depth = 0
    while let n = current, depth < 4096 {
      if let container = n.parent, container.isArray, container.key == "layers", n.isObject { return n }
      current = n.parent
      depth += 1
    }
    return nil
  }

  /// The id of the precomp asset whose `layers` these are; nil for the root's.
  func assetID(of layers: JSONNode) -> String?? {
    guard let owner = layers.parent else { return .some(nil) }
    if owner == animation.root { return .some(nil) }
    guard let id = owner["id"]?.string ?? owner["id"]?.numberText else { return nil }
    return .some(id)
  }

  /// The share of the frame a layer, its children, its matte target and its contents cover.
  mutating func share(ofLayer node: JSONNode) -> Double? {
    if let known = layerShares[node.id] { return known }
    var result: Double?
    if let canvas, let container = node.parent, let owner = assetID(of: container), let position = node.arrayIndex {
      let scale = owner.map { compositionScale($0) } ?? 1
      if let scale, let area = affected(container)[safe: position] ?? nil {
        result = area * scale * scale / canvas
      }
    }
    layerShares[node.id] = .some(result)
    return result
  }

  /// The composition's layers with their parents (by position) and chains of scales, each layer
  /// walked once: a walk up stops at the first layer whose chain is known.
  mutating func composition(_ layers: JSONNode) -> Comp {
    if let known = compositions[layers.id] { return known }
    let list = layers.elements.enumerated().map { Layer(node: $1, position: $0) }
    var byIndex: [Int: Int] = [:]
    for l in list { if let i = l.index, byIndex[i] == nil { byIndex[i] = l.position } }
    let parent = list.map { l in l.parentIndex.flatMap { byIndex[$0] } }
    var chain: [Double??] = Array(repeating: nil, count: list.count)  // nil: not worked out yet
    for start in list.indices where chain[start] == nil {
      var walked: [Int] = []
      var onWalk: Set<Int> = []
      var above: Double? = 1
      var next: Int? = start
      while let i = next {
        if let known = chain[i] {
          above = known
          break
        }
        if !onWalk.insert(i).inserted {
          above = nil  // a parent cycle: unknown for the cycle and all below it
          break
        }
        walked.append(i)
        next = parent[i]
      }
      for i in walked.reversed() {
        let own = Self.largest(list[i].node["ks"]?["s"], default: 100)
        above = above.flatMap { a in own.map { a * $0 / 100 } }
        chain[i] = .some(above)
      }
    }
    let comp = Comp(layers: list, parent: parent, chain: chain.map { $0 ?? nil })
    compositions[layers.id] = comp
    return comp
  }

  /// Per layer: its own area times its chain of scales squared, plus its children's (through
  /// `parent`, worked out leaves first) and its matte targets' own areas. Unknown for a layer on
  /// a parent cycle or above an unknown one.
  mutating func affected(_ layers: JSONNode) -> [Double?] {
    if let known = affectedAreas[layers.id] { return known }
    let comp = composition(layers)
    let n = comp.layers.count
    var own: [Double?] = []
    own.reserveCapacity(n)
    for l in comp.layers { own.append(ownArea(l).flatMap { a in comp.chain[l.position].map { a * $0 * $0 } }) }
    var total = own
    // Matte targets: the next layer with `tt` for a `td` layer, and layers naming it in `tp`.
    var byIndex: [Int: Int] = [:]
    for l in comp.layers { if let i = l.index, byIndex[i] == nil { byIndex[i] = l.position } }
    for l in comp.layers {
      if l.isMatteSource, l.position + 1 < n, comp.layers[l.position + 1].matteModeCode != nil {
        total[l.position] = total[l.position].flatMap { t in own[l.position + 1].map { t + $0 } }
      }
      if let tp = l.matteParent, let source = byIndex[tp] {
        total[source] = total[source].flatMap { t in own[l.position].map { t + $0 } }
      }
    }
    var pending = Array(repeating: 0, count: n)
    for p in comp.parent { if let p { pending[p] += 1 } }
    var ready = (0..<n).filter { pending[$0] == 0 }
    var done = Array(repeating: false, count: n)
    while let i = ready.popLast() {
      done[i] = true
      guard let p = comp.parent[i] else { continue }
      total[p] = total[p].flatMap { t in total[i].map { t + $0 } }
      pending[p] -= 1
      if pending[p] == 0 { ready.append(p) }
    }
    let result = (0..<n).map { done[$0] ? total[$0] : nil }
    affectedAreas[layers.id] = result
    return result
  }

  /// The largest scale at which a precomp asset's contents reach the root canvas (over every
  /// precomp layer that shows it); 0 for one no layer shows.
  mutating func compositionScale(_ id: String) -> Double? {
    if let known = compositionScales[id] { return known }
    guard visiting.count < 64, visiting.insert(id).inserted else { return nil }  // a precomp cycle, or too deep
    defer { visiting.remove(id) }
    if precompUsers == nil {
      var users: [String: [(layer: Layer, composition: JSONNode)]] = [:]
      for c in animation.compositions {
        guard let layers = c.layersNode else { continue }
        for l in composition(layers).layers where l.typeCode == 0 {
          if let ref = l.refId { users[ref, default: []].append((layer: l, composition: layers)) }
        }
      }
      precompUsers = users
    }
    var best = 0.0
    var result: Double? = nil
    var known = true
    for (layer, layers) in precompUsers?[id] ?? [] {
      guard let owner = assetID(of: layers) else {
        known = false
        break
      }
      let outer = owner.map { compositionScale($0) } ?? 1
      let comp = composition(layers)
      guard let outer, let s = comp.chain[layer.position] else {
        known = false
        break
      }
      best = max(best, outer * s)
    }
    if known { result = best }
    compositionScales[id] = .some(result)
    return result
  }

  /// The area a precomp asset's layers cover on it.
  mutating func compositionArea(_ id: String) -> Double? {
    if let known = compositionAreas[id] { return known }
    guard visiting.count < 64, visiting.insert("area " + id).inserted else { return nil }
    defer { visiting.remove("area " + id) }
    var total: Double? = 0
    if let layers = animation.composition(id: id)?.layersNode {
      let comp = composition(layers)
      for l in comp.layers {
        guard let a = ownArea(l), let s = comp.chain[l.position] else {
          total = nil
          break
        }
        total? += a * s * s
      }
    }
    compositionAreas[id] = .some(total)
    return total
  }

  /// Effect types that draw only inside the layer's own pixels: expression controls and custom
  /// groups (draw nothing), Tint, Fill, Tritone, Levels.
  static let containedEffects: Set<Int> = [0, 1, 2, 3, 4, 5, 6, 7, 10, 20, 21, 23, 24]

  /// The area a layer draws on in its own coordinates (before its scale).
  mutating func ownArea(_ layer: Layer) -> Double? {
    if let known = ownAreas[layer.node.id] { return known }
    var result: Double?
    let effectsContained = layer.effects.allSatisfy { e in !e.isEnabled || e.typeCode.map { Self.containedEffects.contains($0) } ?? false }
    if layer.isHidden {
      result = 0
    } else if effectsContained && layer.styles.isEmpty {
      switch layer.typeCode {
      case 4?:
        result = layer.node["shapes"].flatMap { Self.boxes($0, depth: 0) }.map { $0.reduce(0) { $0 + $1.w * $1.h } }
      case 5?: result = Self.textArea(layer)
      case 2?:
        if let ref = layer.refId, let asset = animation.assetsByID[ref], let w = asset.node["w"]?.double, let h = asset.node["h"]?.double {
          result = abs(w * h)
        }
      case 1?:
        if let w = layer.node["sw"]?.double, let h = layer.node["sh"]?.double { result = abs(w * h) }
      case 0?:
        let clip = layer.node["w"]?.double.flatMap { w in layer.node["h"]?.double.map { abs(w * $0) } }
        let content = layer.refId.flatMap { compositionArea($0) }
        result = [clip, content].compactMap { $0 }.min()
      case 3?, 6?: result = 0
      default: result = nil
      }
    }
    if let r = result, !r.isFinite { result = nil }
    ownAreas[layer.node.id] = .some(result)
    return result
  }

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
        guard let r = largest(item["or"], default: 0) else { return nil }
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
        guard let copies = largest(item["c"], default: 0), copies <= 10_000, let s = largest(item["tr"]?["s"], default: 100) else { return nil }
        let grow = max(1, s / 100)
        let factor = copies.rounded(.up) * pow(grow, 2 * max(0, copies.rounded(.up) - 1))
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

  static func pair(_ v: JSONNode) -> (Double, Double)? {
    if let d = v.double { return (d, d) }
    guard let x = v.element(at: 0)?.double else { return nil }
    return (x, v.element(at: 1)?.double ?? x)
  }

  /// A path value's width and height over its vertices and tangent handles (the curve lies within
  /// their hull).
  static func pathExtent(_ v: JSONNode) -> [Double]? {
    let path = v.isArray ? v.element(at: 0) : v
    guard let path, path.isObject, let vertices = path["v"], vertices.isArray else { return nil }
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    let ins = path["i"], outs = path["o"]
    for (n, vertex) in vertices.elements.enumerated() {
      guard let (x, y) = pair(vertex) else { return nil }
      for handle in [ins?.element(at: n), outs?.element(at: n)] {
        let (dx, dy) = handle.flatMap(pair) ?? (0, 0)
        minX = min(minX, x + dx, x); maxX = max(maxX, x + dx, x)
        minY = min(minY, y + dy, y); maxY = max(maxY, y + dy, y)
      }
    }
    guard minX <= maxX else { return [0, 0] }
    return [maxX - minX, maxY - minY]
  }

  // MARK: - Values over time

  /// The largest absolute value of a property's first two components over time.
  static func largest(_ property: JSONNode?, default value: Double) -> Double? {
    guard let property else { return abs(value) }
    guard property.isObject else { return property.double.map(abs) }
    return extents(property, signed: true) { v in
      if let d = v.double { return [d] }
      let numbers = v.elements.prefix(2).compactMap(\.double)
      return numbers.isEmpty ? nil : numbers
    }?.max()
  }

  /// The largest of `measure` (non-negative magnitudes that grow at most linearly when values are
  /// mixed: an absolute value, a width) over a property's static value or keyframes, including
  /// where easing handles push the mix outside the two keyframes' values; nil when the property
  /// cannot be read or has an expression that can leave its keyframes.
  static func extents(_ property: JSONNode?, signed: Bool = false, _ measure: (JSONNode) -> [Double]?) -> [Double]? {
    guard let property, property.isObject else { return nil }
    if let code = property["x"]?.string, !staysWithinKeyframes(code) { return nil }
    let animated = AnimatedProperty(node: property)
    guard animated.isAnimated else { return property["k"].flatMap(measure) }
    let keyframes = animated.keyframes
    guard !keyframes.isEmpty else { return nil }
    var best: [Double] = []
    func merge(_ m: [Double]) {
      if best.count < m.count { best += Array(repeating: 0, count: m.count - best.count) }
      for (i, x) in m.enumerated() { best[i] = max(best[i], abs(x)) }
    }
    for (n, kf) in keyframes.enumerated() {
      guard let start = kf["s"] else { continue }
      guard let a = measure(start) else { return nil }
      merge(a)
      let endNode = kf["e"] ?? (n + 1 < keyframes.count ? keyframes[n + 1]["s"] : nil)
      guard let endNode, kf["h"]?.int != 1, let b = measure(endNode) else { continue }
      merge(b)
      let handles = [kf["o"]?["y"], kf["i"]?["y"]].compactMap { $0 }.flatMap { y in y.double.map { [$0] } ?? y.elements.compactMap(\.double) }
      let low = min(0, handles.min() ?? 0), high = max(1, handles.max() ?? 1)
      if low < 0 || high > 1 {
        // A value mixes exactly; an extent (a width) of a mix is at most the mix of the extents.
        merge(zip(a, b).map { x, y in [low, high].map { t in signed ? abs((1 - t) * x + t * y) : abs(1 - t) * abs(x) + abs(t) * abs(y) }.max() ?? 0 })
      }
    }
    return best.allSatisfy(\.isFinite) ? best : nil
  }

  /// `loopOut()`/`loopIn()` cycling or ping-ponging over the keyframes: values stay among them.
  static func staysWithinKeyframes(_ code: String) -> Bool {
    guard let body = ExpressionEffect.returnedExpression(code), let call = ExpressionEffect.call(body),
      ["loopOut", "loop_out", "loopIn", "loop_in"].contains(call.name)
    else { return false }
    guard let kind = call.arguments.first else { return true }
    let name = kind.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
    return name == "cycle" || name == "pingpong"
  }

  // MARK: - Text

  /// One em (plus tracking) per visible character times the line height, for the largest text
  /// document; nil with text animators (they scale and move characters) or an expression.
  static func textArea(_ layer: Layer) -> Double? {
    guard let text = layer.textData, text.isObject else { return nil }
    if let animators = text["a"], animators.isArray, animators.count > 0 { return nil }
    guard let documents = text["d"], documents["x"] == nil, let list = documents["k"], list.isArray else { return nil }
    var best = 0.0
    for entry in list.elements {
      guard let doc = entry["s"], doc.isObject, let size = doc["s"]?.double, size >= 0 else { return nil }
      let characters = (doc["t"]?.string ?? "").unicodeScalars.filter { !$0.properties.isWhitespace }.count
      let tracking = max(0, doc["tr"]?.double ?? 0) / 1000
      let stroke = max(0, doc["sw"]?.double ?? 0)
      let line = max(doc["lh"]?.double ?? 0, 1.2 * size)
      best = max(best, Double(characters) * (size * (1 + tracking) + stroke) * (line + stroke))
    }
    return best.isFinite ? best : nil
  }
}

extension Coverage {
  /// "at most 0.4 % of the frame", rounded up to a tenth of a percent.
  package static func describe(_ share: Double) -> String {
    share == 0 ? "nothing: what it acts on draws nothing" : "at most \(((share * 1000).rounded(.up) / 10).compactText) % of the frame"
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
