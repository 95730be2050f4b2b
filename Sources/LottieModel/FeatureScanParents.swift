import LottieJSON

/// The feature scan's parent chains (#18).
extension FeatureScan {
  /// A layer that names itself as its parent ("self": rlottie leaves it out), and each loop of
  /// parents ("loop", at the loop's layer first in the file): rlottie (rlottie-python 1.3.8) and ThorVG (thorvg-python
  /// 1.1.3) crash on it whether or not its layers are drawn, lottie-web draws nothing (measured, fixtures
  /// parent-self.json and parent-cycle.json). The composition's loops are found once.
  mutating func parentLoops(_ visit: LayerVisit) {
    let layer = visit.layer
    guard let p = layer.node["parent"] else { return }
    if let index = layer.index, p.int == index {
      add(.parentCycle, "self", p, visit.path)
      return
    }
    let key = visit.composition.node.id
    if loopStarts[key] == nil {
      if parentsByComposition[key] == nil { parentsByComposition[key] = visit.composition.layersByIndex }
      loopStarts[key] = Set(visit.composition.parentLoops(byIndex: parentsByComposition[key] ?? [:]).map(\.first.position))
    }
    if loopStarts[key]?.contains(layer.position) == true {
      uses.append(FeatureUse(feature: .parentCycle, detail: "loop", node: p, layerPath: visit.path))
    }
  }
}
