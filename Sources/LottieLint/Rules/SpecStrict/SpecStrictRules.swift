import LottieJSON
import LottieModel

let specStrictRules: [any LintRule.Type] = [
  KeyframeMissingStartRule.self, AnimatedFlagMissingRule.self, StaticValueMarkedAnimatedRule.self,
  ImageAssetWithoutSizeRule.self, NonIntegerSizeRule.self,
]

/// Shared by the spec-strict rules: the legacy forms that the Lottie 1.0 schema rejects and players
/// accept. Their fixes must not change what any player draws, so each rule fixes only the cases
/// where every player reads the old and the new form alike (or where the one that differs already
/// draws the file wrongly and the fix makes it agree with all the others).
enum SpecStrict {
  static let profiles = ["spec-strict"]

  /// What a property's `k` holds, judged by its shape: lottie-web, lottie-android, lottie-ios,
  /// rlottie and ThorVG decide this way and ignore `a`; Skottie trusts `a` when it is present.
  enum ValueForm: Equatable {
    case keyframes
    case staticValue
    /// Empty, or neither numbers nor keyframe objects: no fix can know what was meant.
    case unclear
  }

  static func form(of k: JSONNode) -> ValueForm {
    if k.isNumber || k.isObject { return .staticValue }
    guard k.isArray, let first = k.element(at: 0) else { return .unclear }
    if first.isNumber { return k.elements.allSatisfy({ $0.isNumber }) ? .staticValue : .unclear }
    if first.isObject && first["t"] != nil && k.elements.allSatisfy({ $0.isObject }) { return .keyframes }
    return .unclear
  }

  /// Every property (an object with `k`) inside the layers of every composition, except wrappers
  /// whose `k` is itself a property (gradient colours: `"g": {"p": 3, "k": {"a": 0, "k": […]}}`).
  static func forEachProperty(in context: LintContext, _ body: (JSONNode, LayerVisit) -> Void) {
    let document = context.document
    for visit in context.layerVisits {
      let layer = visit.layer.node
      guard layer.isObject else { continue }
      for i in layer.subtreeRange {
        let candidate = document.node(JSONNode.ID(raw: UInt32(i)))
        guard candidate.isObject, let k = candidate["k"] else { continue }
        if k.isObject && k["k"] != nil { continue }
        body(candidate, visit)
      }
    }
  }

  /// `property ks/o of layer "Dot" (ind 1) in composition "Main"`
  static func describe(_ property: JSONNode, in visit: LayerVisit) -> String {
    let layerPointer = visit.layer.node.pointer
    let pointer = property.pointer
    let relative = pointer.hasPrefix(layerPointer + "/") ? String(pointer.dropFirst(layerPointer.count + 1)) : pointer
    return "property \(relative) of layer \(visit.layer.label) in composition \"\(visit.composition.displayName)\""
  }
}
