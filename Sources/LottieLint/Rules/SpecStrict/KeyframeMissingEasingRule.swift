import LottieJSON
import LottieModel

struct KeyframeMissingEasingRule: LintRule {
  static let description = RuleDescription(
    code: "LK607", name: "keyframe-missing-easing",
    summary: "a keyframe that eases into the next one has no \"i\" or \"o\" handle",
    rationale:
      "the Lottie Animation Community's validator (lottie/lottie-specs-js src/validator.js, the \"keyframe\" check beyond the schema; https://lottie.github.io/lottie-spec/1.0.1/specs/properties/#keyframe) requires the easing handles \"i\" and \"o\" on every keyframe except a hold keyframe (\"h\": 1) and the last one: they say how the value moves to the next keyframe, and the specification gives no default",
    fixHint: "add \"i\" and \"o\" (linear is {\"x\":[0],\"y\":[0]} and {\"x\":[1],\"y\":[1]}), or re-export",
    category: .specStrict, defaultSeverity: .warning, profiles: SpecStrict.profiles,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[↓{\"t\":0,\"s\":[0]},{\"t\":60,\"s\":[100]}]}}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\(Example.ease)},{\"t\":60,\"s\":[100]}]}}}]}"
      ),
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\"h\":1},{\"t\":60,\"s\":[100]}]}}}]}"
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    let words = SpecStrict.Describer(context)
    for property in SpecStrict.properties(in: context) {
      let k = property.k
      guard k.isArray, AnimatedProperty(node: property.node).isAnimated, k.count > 1 else { continue }
      let frames = Array(k.elements)
      guard frames.allSatisfy({ $0.isObject }) else { continue }
      for (i, frame) in frames.enumerated().dropLast() where frame["h"]?.truthy != true {
        let missing = ["i", "o"].filter { frame[$0] == nil }
        guard !missing.isEmpty else { continue }
        let keyframe = frame["t"]?.double.map { "keyframe at frame \($0.compactText)" } ?? "keyframe \(i + 1)"
        let propertyPointer = property.node.pointer
        findings.append(
          Finding(
            frame,
            "\(keyframe) of \(words.describe(property, pointer: propertyPointer)) has no \(missing.map { "\"\($0)\"" }.joined(separator: " or ")) easing handle",
            pointer: propertyPointer + "/k/" + String(i)))
      }
    }
    return findings
  }
}
