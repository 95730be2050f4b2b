import LottieJSON

/// Copies of a file for `DrawingMeasure`, drawn by rlottie beside the file as it is: what rlottie
/// would draw if it read the feature as lottie-web does (expressions: `ExpressionBake.rewrite`;
/// translucent layers: LottieRender's `Precompose`).
package enum MeasureRewrite {
  /// A rewrite, and the same with the layers it edits (and their children) hidden: what rlottie
  /// draws of them. A change too small to see is trusted only where hiding them changes rlottie's
  /// picture (corpus location_marker.json: rlottie draws nothing of the pulsing circle a looped
  /// expression drives, so drawing it looped or not measures 0 %, where lottie-web shows 37 %).
  package struct Copies: Sendable {
    package let drawn: [UInt8]
    package let hidden: [UInt8]
  }

  /// What one visit of `rewriting` did.
  enum Step {
    case skipped
    /// Edited, writing this many bytes.
    case written(Int)
    /// The file cannot be rewritten so: no copy.
    case refused
  }

  /// At most this many bytes written into one copy (a file of thousands of looped or bounced
  /// properties, each written frame by frame, would otherwise take gigabytes): past it, no copy.
  static let maxWrittenBytes = 32 << 20

  /// Whether the file has a layer rlottie, which draws the measurements, does not draw as other
  /// players do: text (ThorVG and lottie-web draw it; rlottie not at all) or 3D. What changes
  /// there, or in what hangs from it, drawing with rlottie cannot show.
  static func hasUndrawnLayers(_ animation: Animation) -> Bool {
    animation.is3D || animation.compositions.contains { c in c.layers.contains { $0.typeCode == 5 || $0.is3D } }
  }

  /// The file with the edits `visit` makes at each value of a key named `key` in a layer (every
  /// composition's; the value, its layer and composition, and the composition's last frame), or
  /// nil when it makes none, refuses one, or (`refusingUndrawn`) the file `hasUndrawnLayers`. An
  /// object that repeats the key is visited once.
  static func rewriting(
    _ animation: Animation, key: String, refusingUndrawn: Bool = false,
    _ visit: (_ value: JSONNode, _ layer: Layer, _ composition: Composition, _ end: Double?, _ edits: inout JSONEdits) -> Step
  ) -> Copies? {
    if refusingUndrawn, hasUndrawnLayers(animation) { return nil }
    let document = animation.document
    var edits = JSONEdits(document)
    var written = 0, bytes = 0
    var visited = Set<Int>()
    var hide: [JSONNode] = []
    for composition in animation.compositions {
      let layers = composition.layers
      var touched = Set<Int>()
      var end = layers.compactMap(\.outPoint).filter(\.isFinite).max()
      if composition.isRoot, let op = animation.root["op"]?.double, op.isFinite { end = max(end ?? op, op) }
      for layer in layers where layer.node.isObject {
        for keyIndex in document.keyIndices(named: key, in: layer.node.subtreeRange) {
          let value = document.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
          guard let owner = value.parent, visited.insert(owner.subtreeRange.lowerBound).inserted else { continue }
          switch visit(value, layer, composition, end, &edits) {
          case .skipped: continue
          case .written(let count):
            written += 1
            bytes += count
            if bytes > maxWrittenBytes { return nil }
            touched.insert(layer.position)
          case .refused: return nil
          }
        }
      }
      // The edited layers and every layer that hangs from them.
      var children: [Int: [Int]] = [:]
      for layer in layers { if let p = layer.parentIndex { children[p, default: []].append(layer.position) } }
      var queue = Array(touched)
      while let position = queue.popLast() {
        hide.append(layers[position].node)
        for child in layers[position].index.flatMap({ children[$0] }) ?? [] where touched.insert(child).inserted { queue.append(child) }
      }
    }
    guard written > 0 else { return nil }
    var hiding = edits
    do {
      for layer in hide { try hiding.set("hd", to: .bool(true), in: layer) }
      return Copies(drawn: try edits.apply(), hidden: try hiding.apply())
    } catch { return nil }
  }

  /// The file with every property eased differently per dimension (`EasingPerDimension.differs`)
  /// written frame by frame as lottie-web reads it, each dimension on its own curve: what rlottie
  /// and ThorVG, which ease every dimension on the first curve, should draw. Nil when there is
  /// none, or one cannot be written (a segment that bends in space, an expression on it).
  package static func easing(_ animation: Animation) -> Copies? {
    rewriting(animation, key: "k", refusingUndrawn: true) { k, layer, _, end, edits in
      guard let property = k.parent, EasingPerDimension.differs(property) else { return .skipped }
      // Effects and layer styles: rlottie does not draw them.
      let undrawn = [layer.node["ef"], layer.node["sy"]].contains { $0?.subtreeRange.contains(k.subtreeRange.lowerBound) == true }
      guard !undrawn, property["x"] == nil, let exported = KeyframeReader(property), let op = layer.outPoint,
        let (text, _) = ExpressionBake.sampled(layer: layer, through: max(op, end ?? op), { exported.numbers(at: $0) }), let text
      else { return .refused }
      edits.replace(k, withRaw: text)
      return .written(text.count)
    }
  }

  /// The file with each star's Rotation halved (rlottie turns a star by twice its Rotation:
  /// Rules/renderers/rlottie.json, polystar): what rlottie draws then is what lottie-web draws.
  /// Nil when the file has none turned, a polygon (whose turn rlottie also starts 1.5708° short:
  /// halved, one conformance file's triangle measures 1.3 % where it differs from the After
  /// Effects render by 3.3 %, so polygons keep the bound), or a star whose point count is not a
  /// plain positive number.
  package static func stars(_ animation: Animation) -> Copies? {
    rewriting(animation, key: "ty") { ty, _, _, _, edits in
      guard ty.string == "sr", let star = ty.parent else { return .skipped }
      let points = AnimatedProperty(node: star["pt"] ?? star).values.compactMap(\.numbers).flatMap { $0 }
      // lottie-web draws a star only for `sy` 1; anything else is a polygon.
      guard !points.isEmpty, points.allSatisfy({ $0 > 0 }), star["sy"]?.int == 1 else { return .refused }
      guard let rotation = star["r"], let k = rotation["k"],
        !ExpressionEffect.values(rotation, animated: AnimatedProperty(node: rotation).isAnimated).allSatisfy({ $0 == 0 })
      else { return .skipped }
      guard let text = ExpressionBake.Context.mapped(k, scale: 0.5, offset: 0) else { return .refused }
      edits.replace(k, withRaw: Array(text.utf8))
      return .written(text.utf8.count)
    }
  }
}
