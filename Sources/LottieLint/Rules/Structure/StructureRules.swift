import LottieJSON
import LottieModel

let structureRules: [any LintRule.Type] = [
  NotLottieRule.self, MissingFieldRule.self, WrongTypeRule.self, EmptyFrameRangeRule.self, CanvasSizeRule.self,
  FrameRateRule.self, LayerOutsideCompositionRule.self, KeyframeOrderRule.self, UnknownLayerTypeRule.self,
  UnknownShapeTypeRule.self
]

/// Keys of an object that a player needs, and what kind of value each must be.
enum Requirement {
  case number, string, array, object, numberOrString

  func accepts(_ node: JSONNode) -> Bool {
    switch self {
    case .number: return node.isNumber
    case .string: return node.isString
    case .array: return node.isArray
    case .object: return node.isObject
    case .numberOrString: return node.isNumber || node.isString
    }
  }

  var noun: String {
    switch self {
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    case .numberOrString: return "a number or a string"
    }
  }
}

extension LintContext {
  /// Every animated property (objects with `a: 1` or keyframe-shaped `k`) in the layers of every
  /// composition, with its keyframe objects. Computed once per file (see `animatedProperties`).
  func forEachAnimatedProperty(_ body: (JSONNode, [JSONNode]) -> Void) {
    for entry in animatedProperties { body(entry.property, entry.frames) }
  }
}
