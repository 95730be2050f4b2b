import LottieJSON
import LottieModel

struct StaticValueMarkedAnimatedRule: LintRule {
  static let description = RuleDescription(
    code: "LK603", name: "static-value-marked-animated",
    summary: "a property says \"a\": 1 but its \"k\" is a single value, not keyframes",
    rationale:
      "the Lottie 1.0 schema requires keyframes when \"a\" is 1; lottie-web, lottie-android, lottie-ios, rlottie and ThorVG ignore \"a\" and draw the value, but Skottie trusts it, fails with \"Could not parse keyframed property\" and leaves the property at its default (Animator.cpp); setting \"a\" to 0 changes nothing in the players that ignore it and makes Skottie draw what they draw",
    fixHint: "set \"a\" to 0; `--fix` does it",
    category: .specStrict, defaultSeverity: .warning, profiles: SpecStrict.profiles, isFixable: true,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":↓{\"a\":1,\"k\":100},\"s\":↓{\"a\":1,\"k\":[100,100]}}}]}",
        fixed:
          "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":0,\"k\":100},\"s\":{\"a\":0,\"k\":[100,100]}}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0]},{\"t\":60,\"s\":[100]}]},\"r\":{\"a\":1,\"k\":[]}}}]}"
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    let words = SpecStrict.Describer(context)
    for property in SpecStrict.properties(in: context) {
      guard let a = property.node["a"], a.truthy == true, SpecStrict.form(of: property.k) == .staticValue else { continue }
      let pointer = property.node.pointer
      findings.append(
        Finding(
          property.node, "\(words.describe(property, pointer: pointer)) is marked animated (\"a\": \(a.sourceText)) but its \"k\" is a single value",
          fix: Fix(summary: "set \"a\" to 0", operations: [.replace(pointer: pointer + "/a", json: "0")]),
          pointer: pointer))
    }
    return findings
  }
}
