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
/// - each shape by its box (rectangles and ellipses by their size, stars by their larger radius,
///   paths by their vertices and tangents), over all keyframes, including what easing handles
///   overshoot; strokes widen the boxes; the boxes' areas are added (the union is never larger);
///   a layer that fills nothing, only strokes, by the band its strokes can cover around its paths
///   where that is smaller and no layer is skewed (Outline.strokedArea: a ring or a line icon
///   covers far less than its box);
/// - text by each visible character's embedded glyph box, or one em (plus tracking) by the line
///   height (1.2 em at least) for a character without one; text in a file that draws nothing
///   else leaves the bound unknown (a player that drops it draws nothing at all);
/// - images and solids by their size, precomps by their contents or their clip rectangle;
/// - scaled by the largest scale the layer, its parents and enclosing groups reach (rotation and
///   skew keep areas), and inside a precomp, once for every precomp layer that shows it (each
///   shows its own copy: the squares of their scales are added);
/// - over the canvas's area, w × h.
/// Anything that can draw beyond that (blur, drop shadow and other drawing effects, layer
/// styles, pucker and bloat, twist, a camera or a 3D layer, an expression on a size or a scale
/// that is not a loop over its keyframes) leaves the bound unknown, and the claim as it is.
/// A use that only moves a layer's drawing (an expression or a per-dimension easing on its
/// transform) has a second bound, often much smaller: the edges it moves times how far
/// (CoverageMotion); so has a mask expansion a player ignores, the band around the mask's path
/// (CoverageMaskExpansion). The smaller of the two counts.
package struct Coverage {
  /// Under this share of the frame a change is minor: the evidence's measure (docs/compat-evidence.md)
  /// counts a player as drawing a file differently from 2 % of the picture.
  package static let minorShare = 0.02

  let animation: Animation
  let canvas: Double?
  var layerShares: [JSONNode.ID: Double?] = [:]
  var ownAreas: [JSONNode.ID: Double?] = [:]
  var compositionAreas: [String: Double?] = [:]
  /// The embedded glyphs' boxes, read at the first text layer.
  var glyphs: Glyphs?
  /// Whether the file draws nothing but text (drawsOnlyText), once asked.
  var textOnly: Bool?
  var compositionWeights: [String: Double?] = [:]
  var compositions: [JSONNode.ID: Comp] = [:]
  var affectedAreas: [JSONNode.ID: [Double?]] = [:]
  var movingLayers: [JSONNode.ID: [Moving]] = [:]
  var noSkew: Bool?
  var layerPaints: [JSONNode.ID: Outline?] = [:]
  /// Compositions being worked out (precomps can refer to each other in a cycle).
  var visiting: Set<String> = []
  var precompUsers: [String: [(layer: Layer, composition: JSONNode)]]?

  /// One composition's layers, who is whose parent, and each layer's scale times its parents'.
  struct Comp {
    let layers: [Layer]
    let parent: [Int?]
    let chain: [Double?]

    /// Visits each layer that has a parent, with it, once all the layer's own children were
    /// visited (leaves first); says which layers were reached (not those on a parent cycle).
    func leavesFirst(_ visit: (_ child: Int, _ parent: Int) -> Void) -> [Bool] {
      let n = layers.count
      var pending = Array(repeating: 0, count: n)
      for p in parent { if let p { pending[p] += 1 } }
      var ready = (0..<n).filter { pending[$0] == 0 }
      var done = Array(repeating: false, count: n)
      while let i = ready.popLast() {
        done[i] = true
        guard let p = parent[i] else { continue }
        visit(i, p)
        pending[p] -= 1
        if pending[p] == 0 { ready.append(p) }
      }
      return done
    }
  }

  /// Draws what no bound can tell (`measurable` features), with the images of `imagesFolder`.
  var measurer: (any ChangeMeasuring)?
  var imagesFolder: String?
  var measuredShares: [Feature: Double?] = [:]

  package init(_ animation: Animation, measurer: (any ChangeMeasuring)? = nil, imagesFolder: String? = nil) {
    self.animation = animation
    self.measurer = measurer
    self.imagesFolder = imagesFolder
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
    case .layer3D, .cameraLayer, .lightLayer, .adjustmentLayer, .audioLayer, .videoLayer, .noVersion, .duplicateKey, .mistypedValue, .byteOrderMark,
      .headerMisread, .threeDKeyIn2DTransform,
      .translucentLayers, .manyMattes, .legacyColors, .repeaterRunawayScale, .slot, .layerStyle, .parentCycle:
      return nil
    // A file that draws nothing but text draws nothing at all in a player that drops its text:
    // a failure whatever the text's size, never minor.
    case .textLayer, .textWithoutGlyphs:
      if textOnly == nil { textOnly = Self.drawsOnlyText(animation) }
      if textOnly == true { return nil }
    default: break
    }
    let moved = use.feature == .maskExpansion ? maskExpansionChange(of: use) : motionChange(of: use)
    guard let layer = Self.layerNode(of: use.node), let share = share(ofLayer: layer) else { return measuredUnlessSmall(use, bound: moved) }
    let covered = share * (use.feature == .textLayer ? 1 : 2)
    return measuredUnlessSmall(use, bound: moved.map { min($0, covered) } ?? covered)
  }

  /// Whether no layer but text layers can draw: no shape, solid or image layer that is shown.
  static func drawsOnlyText(_ animation: Animation) -> Bool {
    !animation.compositions.contains { c in c.layers.contains { [1, 2, 4].contains($0.typeCode ?? -1) && !$0.isHidden } }
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
      let weight = owner.map { compositionWeight($0) } ?? 1
      if let weight, let area = affected(container)[safe: position] ?? nil {
        result = area * weight / canvas
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
    let done = comp.leavesFirst { i, p in total[p] = total[p].flatMap { t in total[i].map { t + $0 } } }
    let result = (0..<n).map { done[$0] ? total[$0] : nil }
    affectedAreas[layers.id] = result
    return result
  }

  /// What an area in a precomp asset covers of the root canvas at most: the sum, over every
  /// precomp layer that shows it (each draws its own copy, and those inside precomps once per
  /// copy of theirs), of the square of the scale it shows it at; 0 for one no layer shows.
  mutating func compositionWeight(_ id: String) -> Double? {
    if let known = compositionWeights[id] { return known }
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
    var total = 0.0
    var result: Double? = nil
    var known = true
    for (layer, layers) in precompUsers?[id] ?? [] {
      guard let owner = assetID(of: layers) else {
        known = false
        break
      }
      let outer = owner.map { compositionWeight($0) } ?? 1
      let comp = composition(layers)
      // A blur, a shadow or a style on the precomp layer spreads a change inside past its place.
      guard let outer, let s = comp.chain[layer.position], Self.drawsPlainly(layer) else {
        known = false
        break
      }
      total += outer * s * s
    }
    if known, total.isFinite { result = total }
    compositionWeights[id] = .some(result)
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
        // The shapes' boxes, or for strokes with no fill the band around their paths, if smaller
        // (a skew keeps areas but lengthens paths: no band in a file with a skewed layer).
        let boxes = layer.node["shapes"].flatMap { Self.boxes($0, depth: 0) }.map { $0.reduce(0) { $0 + $1.w * $1.h } }
        let band = skewFree ? layer.node["shapes"].flatMap { Self.outline($0, depth: 0)?.strokedArea } : nil
        result = [boxes, band].compactMap { $0 }.min()
      case 5?:
        if glyphs == nil { glyphs = Glyphs(animation.root) }
        result = glyphs.flatMap { Self.textArea(layer, glyphs: $0) }
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
}

extension Coverage {
  /// "at most 0.4 % of the frame", rounded up to a tenth of a percent.
  package static func describe(_ share: Double) -> String {
    share == 0
      ? "nothing: what it acts on draws nothing, or moves by under \((unseenMove * 100).compactText) % of the frame's larger side"
      : "at most \(percent(share)) of the frame"
  }

  /// `2.4 %`: a share of the frame, rounded up to a tenth of a percent.
  static func percent(_ share: Double) -> String { "\(((share * 1000).rounded(.up) / 10).compactText) %" }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
