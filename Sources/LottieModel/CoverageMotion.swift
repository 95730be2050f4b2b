import Foundation
import LottieJSON

/// A tighter bound for uses that only move what a layer or a group draws (#18): an expression or
/// an easing per dimension on a layer's or a group's position, anchor, scale or rotation, that a
/// player reads otherwise (rlottie and ThorVG play the exported keyframes, and ease every
/// dimension on the first dimension's curve).
///
/// If no point of a drawing moves by more than d pixels and the drawing is solid colours inside
/// edges of total length L in k pieces, a pixel can change only within d of an edge: the change is
/// at most 2·d·L + π·d²·k (the tube around the edges), whatever the drawing's area. So a wheel
/// that bounces 2 px changes a thin ring, not twice the wheel.
/// - d: how far the two readings of the value can be apart (`EasingPerDimension.largestGap`,
///   `ExpressionEffect.deviation`), carried to the composition: as it is for a position, times
///   the scale for an anchor, times the distance from the anchor to the farthest point drawn
///   (`reach`) for a scale (per 100 %) or a rotation (per radian), and times the scales of the
///   groups and parents above.
/// - L and k: the edges (`Outline`) of the layer, its masks and its children through `parent`
///   (they move with it), or of the group's contents (painted by any fill or stroke of the layer),
///   each scaled into the composition.
/// - Inside a precomp, once per copy the precomp layers show (`compositionWeight`).
/// Unknown (and the area bound stays) for gradients, images, text, precomps, dashes, effects
/// that draw, auto-orient (the rotation follows the position), and anything `Outline` and
/// `reach` cannot bound.
extension Coverage {
  /// Per layer of a composition, what moves with it, in its coordinates (before its own
  /// transform): the edges of its drawing and its children's, and the farthest point drawn.
  struct Moving {
    var length: Double?
    var pieces: Double?
    var reach: Double?
  }

  /// The share of the frame a use that only moves its layer's drawing changes at most, or nil.
  mutating func motionChange(of use: FeatureUse) -> Double? {
    guard let canvas, use.feature == .expression || use.feature == .easingPerDimension, skewFree else { return nil }
    guard let property = use.feature == .expression ? use.node.parent : use.node else { return nil }
    let deviation: Double?
    if use.feature == .easingPerDimension {
      deviation = EasingPerDimension.largestGap(property)
    } else {
      deviation = use.node.string.flatMap { ExpressionEffect.deviation($0, property: property, frameRate: animation.frameRate) }
    }
    guard let deviation, deviation.isFinite else { return nil }
    let move: Move?
    if let (layer, key) = Self.transformProperty(property) {
      move = layerMove(layer, key: key, deviation: deviation)
    } else if let (layer, list, key) = Self.groupProperty(property) {
      move = groupMove(layer, list: list, key: key, deviation: deviation)
    } else {
      return nil
    }
    // Nothing moves (a loop over equal values): no band to bound; the area bound stays.
    guard let move, move.distance > 0 else { return nil }
    // A pixel that moves by no more than `unseenMove` of the frame is still within the
    // comparison's reach of where it was: only the rest of the move counts. Each copy moves by
    // the distance times its scale, at most the square root of `copies` (the squares' sum), so
    // taking the tolerance off at that scale takes off no more than any copy is owed.
    guard let side = frameSide else { return nil }
    let d = max(0, move.distance - Self.unseenMove * side / move.copies.squareRoot())
    // Each copy a precomp layer shows moves alike, at its own scale.
    let area = (2 * d * move.edges + Double.pi * d * d * move.pieces) * move.copies
    return area.isFinite ? area / canvas : nil
  }

  /// A move of at most this share of the frame's larger side is not a change: one pixel of the
  /// 200-pixel tile the evidence compares (docs/compat-evidence.md: a pixel differs only when
  /// nothing within one pixel of it in the other picture matches), under a point on a phone for
  /// any frame shown smaller than 200 points across.
  package static let unseenMove = 1.0 / 200

  /// The frame's larger side, when the animation gives a positive, finite width and height.
  var frameSide: Double? {
    guard let w = animation.width, let h = animation.height, w > 0, h > 0, max(w, h).isFinite else { return nil }
    return max(w, h)
  }

  /// How far the drawing moves at most, and the edges (length, pieces) that move, in its
  /// composition's pixels; `copies`: the composition's weight on the frame
  /// (`compositionWeight`, 1 for the root's).
  struct Move {
    var distance: Double
    var edges: Double
    var pieces: Double
    var copies: Double
  }

  /// How far a point moves, in the coordinates the transform puts it in, when the transform's
  /// `key` reads `deviation` otherwise: a position as it is, an anchor times the scale, a scale
  /// (per 100 %) or a rotation (per radian, after the scale) times the distance from the anchor.
  static func pointMove(key: String, deviation: Double, scale: Double, reach: Double?, anchor: Double?) -> Double? {
    switch key {
    case "p": return deviation
    case "a": return deviation * scale
    case "s": return reach.flatMap { r in anchor.map { deviation / 100 * (r + $0) } }
    case "r": return reach.flatMap { r in anchor.map { deviation * Double.pi / 180 * (r + $0) * scale } }
    default: return nil
    }
  }

  /// The layer's composition, position and the composition's weight on the frame.
  mutating func placement(of layerNode: JSONNode) -> (comp: Comp, position: Int, copies: Double)? {
    guard let container = layerNode.parent, let owner = assetID(of: container), let position = layerNode.arrayIndex,
      let copies = owner.map({ compositionWeight($0) }) ?? 1
    else { return nil }
    let comp = composition(container)
    return position < comp.layers.count ? (comp, position, copies) : nil
  }

  /// A layer transform read otherwise: the layer, its masks and its children move.
  mutating func layerMove(_ layerNode: JSONNode, key: String, deviation: Double) -> Move? {
    guard let (comp, position, copies) = placement(of: layerNode), let container = layerNode.parent else { return nil }
    let moving = self.moving(container)[position]
    let layer = comp.layers[position]
    guard !layer.autoOrient, let above = comp.parent[position].map({ comp.chain[$0] }) ?? 1, let length = moving.length,
      let pieces = moving.pieces
    else { return nil }
    // The layer's own scale in both readings: the exported one, and for a scale use, that moved
    // by the deviation.
    guard let exported = Self.largest(layer.node["ks"]?["s"], default: 100, exported: key == "s") else { return nil }
    let own = (exported + (key == "s" ? deviation : 0)) / 100
    let anchor = Self.positionNorm(layer.node["ks"]?["a"])
    guard let d = Self.pointMove(key: key, deviation: deviation, scale: own, reach: moving.reach, anchor: anchor) else { return nil }
    return Move(distance: d * above, edges: length * own * above, pieces: pieces, copies: copies)
  }

  /// A group transform read otherwise: the group's contents move, painted by what paints the
  /// layer (a fill or stroke after the group, in a list around it, paints its paths too).
  mutating func groupMove(_ layerNode: JSONNode, list: JSONNode, key: String, deviation: Double) -> Move? {
    guard let (comp, position, copies) = placement(of: layerNode), let layerScale = comp.chain[position] else { return nil }
    let layer = comp.layers[position]
    guard let transform = list.elements.first(where: { $0["ty"]?.string == "tr" }), layer.typeCode == 4, Self.drawsPlainly(layer),
      let paint = paint(of: layer),
      let content = Self.outline(list, depth: 0, placed: false), let enclosing = Self.enclosingScale(of: list)
    else { return nil }
    guard let exported = Self.largest(transform["s"], default: 100, exported: key == "s") else { return nil }
    let own = (exported + (key == "s" ? deviation : 0)) / 100
    let reach = Self.reach(list, depth: 0, placed: false)
    guard let inner = Self.pointMove(key: key, deviation: deviation, scale: own, reach: reach, anchor: Self.positionNorm(transform["a"]))
    else { return nil }
    // A stroke from a list around the group is drawn after the group's transform: turning or
    // scaling the group turns the path's tangent there (by more than the angle under an uneven
    // scale around it), which swings the stroke's rim (half the width, or the miter's reach) by
    // up to twice its reach.
    let rim = paint.stroke / 2
    let swing = key == "r" || key == "s" ? 2 * rim : 0
    let d = inner * enclosing + swing  // in the layer's coordinates
    // Into the layer's coordinates, then into its composition's.
    let toLayer = own * enclosing
    var moved = Outline()
    moved.add(content, grow: toLayer)
    moved.fill = paint.fill
    moved.stroke = max(paint.stroke, moved.stroke)
    let edges = moved.edges
    return Move(distance: d * layerScale, edges: edges.length * layerScale, pieces: edges.pieces, copies: copies)
  }

  /// What paints a shape layer's paths (fills, and the widest stroke in the layer's coordinates,
  /// at the groups' exported scales: a moving group's own strokes are scaled as it moves), once
  /// per layer; nil with repeaters, trims across paths, or what `outline` cannot bound.
  mutating func paint(of layer: Layer) -> Outline? {
    if let known = layerPaints[layer.node.id] { return known }
    var result: Outline?
    if let shapes = layer.node["shapes"], !Self.repeatsOrTrimsAcross(shapes, depth: 0) {
      result = Self.outline(shapes, depth: 0, exportedScales: true)
    }
    layerPaints[layer.node.id] = .some(result)
    return result
  }

  /// The product of the scales of the groups around a group's `it` list, up to the layer.
  static func enclosingScale(of list: JSONNode) -> Double? {
    var scale = 1.0
    var current = list.parent?.parent  // the list the group is an item of
    var depth = 0
    while let l = current, l.isArray, l.key == "it", depth < 64 {
      guard let s = l.elements.first(where: { $0["ty"]?.string == "tr" }).map({ largest($0["s"], default: 100) }) ?? 100 else { return nil }
      scale *= s / 100
      current = l.parent?.parent
      depth += 1
    }
    guard let l = current, l.isArray, l.key == "shapes" else { return nil }
    return scale
  }

  /// Repeaters copy a group wherever it moves, and trims across paths (individually) trim other
  /// paths by its length: neither leaves the change at the group's edges.
  static func repeatsOrTrimsAcross(_ list: JSONNode, depth: Int) -> Bool {
    guard list.isArray, depth < 64 else { return true }
    return list.elements.contains { item in
      switch item["ty"]?.string {
      case "rp": return true
      case "tm": return item["m"]?.int == 2
      case "gr": return item["it"].map { repeatsOrTrimsAcross($0, depth: depth + 1) } ?? false
      default: return false
      }
    }
  }

  /// A group transform's property: the layer, the group's `it` list and the key (`p`, `a`, `s`,
  /// `r`).
  static func groupProperty(_ property: JSONNode) -> (JSONNode, JSONNode, String)? {
    guard let key = property.key, ["p", "a", "s", "r"].contains(key), let transform = property.parent,
      transform["ty"]?.string == "tr", let list = transform.parent, list.isArray, list.key == "it",
      let layer = layerNode(of: list)
    else { return nil }
    return (layer, list, key)
  }

  /// Whether no layer of the animation is skewed (a skew lengthens edges, which scales do not
  /// account for).
  var skewFree: Bool {
    mutating get {
      if let known = noSkew { return known }
      let free = animation.compositions.allSatisfy { c in
        c.layers.allSatisfy { l in l.node["ks"]?["sk"].map { Self.largest($0, default: 0) == 0 } ?? true }
      }
      noSkew = free
      return free
    }
  }

  /// The layer and the transform key (`p`, `a`, `s`, `r`) of a layer transform property; `p` also
  /// for one of a split position's `x` and `y`.
  static func transformProperty(_ property: JSONNode) -> (JSONNode, String)? {
    var transform = property.parent
    var key = property.key
    if let owner = transform, owner.key == "p", key == "x" || key == "y" {
      transform = owner.parent
      key = "p"
    }
    guard let transform, transform.key == "ks", let layer = transform.parent, let key, ["p", "a", "s", "r"].contains(key),
      let container = layer.parent, container.isArray, container.key == "layers"
    else { return nil }
    return (layer, key)
  }

  /// `Moving` for every layer of a composition, worked out leaves first through `parent` (each
  /// child's edges scaled by its scale, its reach placed by its position and anchor); unknown on
  /// a parent cycle.
  mutating func moving(_ layers: JSONNode) -> [Moving] {
    if let known = movingLayers[layers.id] { return known }
    let comp = composition(layers)
    let n = comp.layers.count
    var result = comp.layers.map { ownMoving($0) }
    let done = comp.leavesFirst { i, p in
      let transform = comp.layers[i].node["ks"]
      let s = Self.largest(transform?["s"], default: 100).map { $0 / 100 }
      let placed = s.flatMap { s in
        Self.positionNorm(transform?["p"]).flatMap { position in
          Self.positionNorm(transform?["a"]).flatMap { anchor in result[i].reach.map { position + s * ($0 + anchor) } }
        }
      }
      result[p].length = result[p].length.flatMap { l in s.flatMap { s in result[i].length.map { l + s * $0 } } }
      result[p].pieces = result[p].pieces.flatMap { k in result[i].pieces.map { k + $0 } }
      result[p].reach = result[p].reach.flatMap { r in placed.map { max(r, $0) } }
    }
    for i in 0..<n where !done[i] { result[i] = Moving() }
    movingLayers[layers.id] = result
    return result
  }

  /// No effect that draws beyond the layer's pixels, no layer style, no depth.
  static func drawsPlainly(_ layer: Layer) -> Bool {
    let effectsContained = layer.effects.allSatisfy { e in !e.isEnabled || e.typeCode.map { containedEffects.contains($0) } ?? false }
    return effectsContained && layer.styles.isEmpty && !layer.is3D
  }

  /// A layer's own edges and reach (its shapes or solid, and its masks); zero for what draws
  /// nothing (hidden layers and nulls).
  func ownMoving(_ layer: Layer) -> Moving {
    guard Self.drawsPlainly(layer) else { return Moving() }
    if layer.isHidden || layer.typeCode == 3 { return Moving(length: 0, pieces: 0, reach: 0) }
    var outline = Outline()
    var reach = 0.0
    switch layer.typeCode {
    case 4?:
      guard let shapes = layer.node["shapes"], let o = Self.outline(shapes, depth: 0) else { return Moving() }
      outline = o
      guard let r = Self.reach(shapes, depth: 0) else { return Moving(length: o.edges.length, pieces: o.edges.pieces) }
      reach = r
    case 1?:
      guard let w = layer.node["sw"]?.double, let h = layer.node["sh"]?.double else { return Moving() }
      outline = Outline(length: 2 * (abs(w) + abs(h)), segments: 4, paths: 1, fill: true)
      reach = hypot(w, h)
    default:
      return Moving()
    }
    var (length, pieces) = outline.edges
    for mask in layer.masks where mask["mode"]?.string != "n" {
      // Expansion moves the edge and feather blurs it: neither stays on the path.
      guard Self.largest(mask["x"], default: 0) == 0, Self.largest(mask["f"], default: 0) == 0, let m = Self.extents(mask["pt"], Self.pathLength),
        let far = Self.extents(mask["pt"], Self.pathReach)?.first
      else { return Moving() }
      length += m[0]
      pieces += 1
      reach = max(reach, far)
    }
    return Moving(length: length, pieces: pieces, reach: reach)
  }
}
