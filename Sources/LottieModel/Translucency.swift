import LottieJSON

extension Animation {
  /// rlottie draws a shape layer whose opacity is strictly between 0 and 100 offscreen and blits
  /// it with a source-over that also lowers every pixel already drawn by 1/255 (Samsung/rlottie
  /// src/lottie/lottieitem.cpp `ShapeLayer::render`, vpainter `drawBitmap` with a constant alpha).
  /// Past 32 such layers (the lab's tolerance) what lies under them fades visibly: measured with
  /// fixture translucent-layers.json (40 squares at 50 % over a red one, drawn (255,40,40): 19.6 %
  /// of the tile differs; 32 of them 0.7 %; the same at fill opacity 0.0 %); corpus
  /// rlottie/example/resource/confetti.json, 200 particles fading out, 5.2 %. lottie-web and ThorVG
  /// draw them as the format says.
  static let translucentLayerLimit = 32

  /// A shape layer whose opacity is partial at some time: a partial static value or keyframe
  /// value, or keyframes that change (the value passes through partial ones).
  static func erodesInRlottie(_ layer: Layer) -> Bool {
    guard layer.typeCode == 4, let o = layer.node["ks"]?["o"], o.isObject else { return false }
    if holdsPartialOpacity(o) { return true }
    let p = AnimatedProperty(node: o)
    guard p.isAnimated else { return false }
    let values = p.keyframes.flatMap { kf in ["s", "e"].compactMap { kf[$0].flatMap(staticNumberValue) } }
    guard let low = values.min(), let high = values.max() else { return false }
    return high - low > 0.5
  }

  /// The layer a track matte (`tt`) takes its matte from: the one `tp` names by index, else the
  /// layer just before it in its composition (`layers`, `byIndex`: the composition's, built once).
  static func matteSource(of layer: Layer, layers: [Layer], byIndex: [Int: Layer]) -> Layer? {
    if let tp = layer.matteParent { return byIndex[tp] }
    guard layer.position > 0, layer.position - 1 < layers.count else { return nil }
    return layers[layer.position - 1]
  }

  /// Whether a matte layer draws anything half-transparent: its opacity, a fill's or stroke's
  /// opacity, or, for a precomp, the same in the layers it shows (one level). rlottie takes a luma
  /// matte's luminance after undoing the alpha (Samsung/rlottie src/vector/vbitmap.cpp
  /// `updateLuma`), so a white matte at 30 % counts as white, not as 30 % grey: measured with
  /// fixture luma-matte-translucent.json (36.0 % of the tile differs; lottie-web and ThorVG weight
  /// by alpha, 0.0 %); corpus lottie-android lottiefiles/loading.json (a precomp matte with layers
  /// at 18 %).
  /// `compositions` remembers the answer per precomp id, so each is looked at once.
  static func drawsTranslucent(_ matte: Layer, in animation: Animation, compositions: inout [String: Bool]) -> Bool {
    func own(_ layer: Layer) -> Bool {
      if layer.node["ks"]?["o"].map({ holdsPartialOpacity($0) || erodesInRlottie(layer) }) == true { return true }
      var partial = false
      Shape.walk(layer.shapes, path: []) { shape, _ in
        guard !partial, [.fill, .stroke, .gradientFill, .gradientStroke].contains(shape.type), let o = shape.node["o"] else { return }
        if holdsPartialOpacity(o) { partial = true }
      }
      return partial
    }
    if own(matte) { return true }
    guard matte.typeCode == 0, let id = matte.refId else { return false }
    if let known = compositions[id] { return known }
    let answer = animation.composition(id: id)?.layers.contains { $0.node.isObject && own($0) } ?? false
    compositions[id] = answer
    return answer
  }
}
