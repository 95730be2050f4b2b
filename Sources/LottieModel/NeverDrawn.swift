import LottieJSON

/// Layers and shapes no player draws (#18). A feature used only there cannot make a player draw
/// the file differently, so renderer claims leave such uses out (their detail becomes
/// `FeatureUse.notDrawn`); checks that do not depend on drawing (Telegram's sticker rules) still
/// see them.
///
/// A layer is never drawn when its composition is a precomp asset no layer reaches from the root,
/// or when it is hidden (`hd`), a null (`ty` 3), holds an opacity of 0 or a scale of 0 in both x and
/// y over all its keyframes, or (in the root composition) lies wholly outside the animation's
/// frames — unless another layer needs it: as its parent (the parent's transform moves the
/// child), as its track matte (`td`, `tp`, or the layer just above a layer with `tt`), or as the
/// layer an effect reads (a layer control, `ty` 10, such as a displacement map's). A property with
/// a slot id or an expression may hold another value, so it never makes a layer invisible. A shape
/// is never drawn when it, or a group around it, is hidden.
public struct NeverDrawn: Sendable {
  /// Tape indices of the layers never drawn, with why.
  let reasons: [Int: Reason]

  /// Why a layer is never drawn.
  public enum Reason: String, Sendable {
    case unreachable = "in a precomp nothing uses"
    case hidden = "hidden"
    case null = "a null nothing uses"
    case transparent = "opacity 0"
    case flat = "scale 0"
    case outsideFrames = "outside the animation's frames"
  }

  public init(_ animation: Animation) {
    var never: [Int: Reason] = [:]
    let reachable = animation.reachablePrecompIDs()
    let rootIn = animation.inPoint, rootOut = animation.outPoint
    for composition in animation.compositions {
      let layers = composition.layers
      if let id = composition.id, !reachable.contains(id) {
        for layer in layers { never[Int(layer.node.id.raw)] = .unreachable }
        continue
      }
      // Which layers each layer uses (by position): its parent, its track matte, the layers its
      // effects read. A layer is needed when a layer that is drawn, or itself needed, uses it; so a
      // null whose only child is never drawn goes with it, and one pass finds what repeated
      // removals would (optimize must find nothing more the second time).
      var byIndex: [Int: Int] = [:]
      for (n, layer) in layers.enumerated() {
        if let ind = layer.index { byIndex[ind] = n }
      }
      var uses: [[Int]] = Array(repeating: [], count: layers.count)
      var candidates: [Int: Reason] = [:]
      for (n, layer) in layers.enumerated() {
        if let p = layer.parentIndex, let at = byIndex[p] { uses[n].append(at) }
        if let p = layer.matteParent, let at = byIndex[p] { uses[n].append(at) }
        if layer.matteModeCode.map({ $0 != 0 }) == true, n > 0 { uses[n].append(n - 1) }
        Self.forEachLayerControl(layer.node["ef"]) { ind in
          if let at = byIndex[ind] { uses[n].append(at) }
        }
        // A matte source is drawn through the layer it mattes.
        guard layer.node.isObject, !layer.isMatteSource else { continue }
        var reason: Reason? = nil
        if layer.isHidden {
          reason = .hidden
        } else if layer.typeCode == 3 {
          reason = .null
        } else if Self.alwaysTransparent(layer.transform?["o"]) {
          reason = .transparent
        } else if Self.alwaysFlat(layer.transform?["s"]) {
          reason = .flat
        } else if composition.isRoot, let ip = layer.inPoint, let op = layer.outPoint, let rootIn, let rootOut,
          op <= ip || op <= rootIn || ip >= rootOut
        {
          reason = .outsideFrames
        }
        if let reason { candidates[n] = reason }
      }
      var needed = Set<Int>()
      var stack = layers.indices.filter { candidates[$0] == nil }
      while let user = stack.popLast() {
        for n in uses[user] where candidates[n] != nil && needed.insert(n).inserted { stack.append(n) }
      }
      for (n, reason) in candidates where !needed.contains(n) { never[Int(layers[n].node.id.raw)] = reason }
    }
    reasons = never
  }

  public func contains(_ layer: Layer) -> Bool { reasons[Int(layer.node.id.raw)] != nil }

  /// Why a layer is never drawn, or nil when it may be.
  public func reason(_ layer: Layer) -> Reason? { reasons[Int(layer.node.id.raw)] }

  /// The layer indices (`ind`) the layer controls (`ty` 10) of an effects list read, nested
  /// effect groups included.
  static func forEachLayerControl(_ effects: JSONNode?, _ body: (Int) -> Void) {
    guard let effects, effects.isArray else { return }
    for effect in effects.elements where effect.isObject {
      if effect["ty"]?.int == 10, let value = effect["v"] {
        if let ind = value["k"]?.int { body(ind) }
        if let frames = value["k"], frames.isArray {
          for frame in frames.elements where frame.isObject {
            for key in ["s", "e"] {
              guard let v = frame[key] else { continue }
              if let ind = v.int { body(ind) }
              if let ind = v.element(at: 0)?.int { body(ind) }
            }
          }
        }
      }
      forEachLayerControl(effect["ef"], body)
    }
  }

  /// Every value an opacity or scale property can take, as arrays of numbers (a static value, or
  /// each keyframe's start and end values), or nil when a slot or an expression may set another or
  /// a value is not numbers.
  static func values(of property: JSONNode?) -> [[Double]]? {
    guard let property, property.isObject, property["sid"] == nil, property["x"] == nil, let k = property["k"]
    else { return nil }
    guard AnimatedProperty(node: property).isAnimated else { return k.numbers.map { [$0] } }
    var all: [[Double]] = []
    for frame in k.elements {
      guard frame.isObject else { return nil }
      for key in ["s", "e"] {
        guard let v = frame[key] else { continue }
        guard let n = v.numbers else { return nil }
        all.append(n)
      }
    }
    return all.isEmpty ? nil : all
  }

  /// An opacity of exactly 0 in every value it takes (keyframes between zeros stay zero, whatever
  /// their easing).
  static func alwaysTransparent(_ opacity: JSONNode?) -> Bool {
    guard let values = values(of: opacity) else { return false }
    return values.allSatisfy { $0.count == 1 && $0[0] == 0 }
  }

  /// A scale of exactly 0 in both x and y in every value it takes: the layer shrinks to a point,
  /// and no player draws it (measured: rlottie and ThorVG draw nothing of a stroked, filled
  /// ellipse at [0,0]). At 0 in one axis only, rlottie still draws the stroke as a line
  /// (`stroke-uneven-scale`, collapsed), so that is not invisible.
  static func alwaysFlat(_ scale: JSONNode?) -> Bool {
    guard let values = values(of: scale) else { return false }
    return values.allSatisfy { $0.count >= 2 && $0[0] == 0 && $0[1] == 0 }
  }

  /// The tape ranges of the hidden shapes (and everything inside them) under a layer's `shapes`,
  /// in document order. The walk is depth-first in document order, so a shape inside a hidden one
  /// comes right after it: only the last range found can hold it.
  public static func hiddenShapeRanges(_ layer: Layer) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    Shape.forEach(layer.shapes) { shape in
      guard shape.isHidden, ranges.last?.contains(Int(shape.node.id.raw)) != true else { return }
      ranges.append(shape.node.subtreeRange)
    }
    return ranges
  }

  /// The same ranges, for "is this node inside a hidden shape" in logarithmic time.
  package static func hiddenShapes(_ layer: Layer) -> SpanSet { SpanSet(hiddenShapeRanges(layer)) }
}

extension FeatureUse {
  /// The detail of a use in a layer or shape that no player draws (see `NeverDrawn`).
  public static let notDrawn = "not drawn"
}
