import LottieJSON

/// Layers and shapes no player draws (#18). A feature used only there cannot make a player draw
/// the file differently, so renderer claims leave such uses out (their detail becomes
/// `FeatureUse.notDrawn`); checks that do not depend on drawing (Telegram's sticker rules) still
/// see them.
///
/// A layer is never drawn when its composition is a precomp asset no layer reaches from the root,
/// or when it is hidden (`hd`), holds a static opacity of 0, or (in the root composition) lies
/// wholly outside the animation's frames — unless another layer needs it: as its parent (the
/// parent's transform moves the child), as its track matte (`td`, `tp`, or the layer just above a
/// layer with `tt`). A shape is never drawn when it, or a group around it, is hidden.
public struct NeverDrawn: Sendable {
  /// Tape indices of the layers never drawn.
  let layers: Set<Int>

  public init(_ animation: Animation) {
    var never = Set<Int>()
    let reachable = animation.reachablePrecompIDs()
    let rootIn = animation.inPoint, rootOut = animation.outPoint
    for composition in animation.compositions {
      let layers = composition.layers
      if let id = composition.id, !reachable.contains(id) {
        for layer in layers { never.insert(Int(layer.node.id.raw)) }
        continue
      }
      var needed = Set<Int>()  // positions of layers another layer uses
      var byIndex: [Int: Int] = [:]
      for (n, layer) in layers.enumerated() {
        if let ind = layer.index { byIndex[ind] = n }
      }
      for (n, layer) in layers.enumerated() {
        if let p = layer.parentIndex, let at = byIndex[p] { needed.insert(at) }
        if let p = layer.matteParent, let at = byIndex[p] { needed.insert(at) }
        if layer.matteModeCode.map({ $0 != 0 }) == true, n > 0 { needed.insert(n - 1) }
        if layer.isMatteSource { needed.insert(n) }
      }
      for (n, layer) in layers.enumerated() where layer.node.isObject && !needed.contains(n) {
        var hidden = layer.isHidden || Self.alwaysTransparent(layer.transform?["o"])
        if composition.isRoot, let ip = layer.inPoint, let op = layer.outPoint, let rootIn, let rootOut {
          hidden = hidden || op <= ip || op <= rootIn || ip >= rootOut
        }
        if hidden { never.insert(Int(layer.node.id.raw)) }
      }
    }
    layers = never
  }

  public func contains(_ layer: Layer) -> Bool { layers.contains(Int(layer.node.id.raw)) }

  /// A static opacity of exactly 0 (animated opacity may rise above it).
  static func alwaysTransparent(_ opacity: JSONNode?) -> Bool {
    guard let opacity, opacity.isObject, !AnimatedProperty(node: opacity).isAnimated,
      let k = opacity["k"]
    else { return false }
    if let d = k.double { return d == 0 }
    if k.isArray, k.count == 1, let d = k.element(at: 0)?.double { return d == 0 }
    return false
  }

  /// The tape ranges of the hidden shapes (and everything inside them) under a layer's `shapes`.
  public static func hiddenShapeRanges(_ layer: Layer) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    Shape.forEach(layer.shapes) { shape in
      guard shape.isHidden, !ranges.contains(where: { $0.contains(Int(shape.node.id.raw)) }) else { return }
      ranges.append(shape.node.subtreeRange)
    }
    return ranges
  }
}

extension FeatureUse {
  /// The detail of a use in a layer or shape that no player draws (see `NeverDrawn`).
  public static let notDrawn = "not drawn"
}
