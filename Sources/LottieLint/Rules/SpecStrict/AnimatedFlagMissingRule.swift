import LottieJSON
import LottieModel

struct AnimatedFlagMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK602", name: "animated-flag-missing",
    summary: "an animatable property has \"k\" but no \"a\"",
    rationale:
      "the Lottie 1.0 schema requires \"a\" (0 static, 1 keyframes) on every property without a slot id; older exports leave it out, and players then decide from the shape of \"k\" (lottie-web, lottie-android, lottie-ios, rlottie and ThorVG always do; Skottie tries a static value first, then keyframes), so adding the \"a\" that matches \"k\" changes nothing on screen",
    fixHint:
      "add \"a\": 1 when \"k\" is a list of keyframes and \"a\": 0 when it is a value; `--fix` does it, except when \"k\" is neither (empty, or of an unexpected shape)",
    category: .specStrict, defaultSeverity: .warning, profiles: SpecStrict.profiles, isFixable: true,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":↓{\"k\":100},\"p\":↓{\"k\":[{\"t\":0,\"s\":[0,0]},{\"t\":60,\"s\":[5,5]}]}}}]}",
        fixed:
          "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"k\":100,\"a\":0},\"p\":{\"k\":[{\"t\":0,\"s\":[0,0]},{\"t\":60,\"s\":[5,5]}],\"a\":1}}}]}"
      ),
      // Not fixed: an empty "k" is neither a value nor keyframes.
      Example("{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"r\":↓{\"k\":[]}}}]}")
    ],
    nonTriggering: [
      // Text documents have no "a"; gradient colours wrap their property; slotted properties may omit it.
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":5,\"nm\":\"Title\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":0,\"k\":100}},\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":{\"t\":\"Hi\",\"f\":\"Inter\",\"s\":12}}]}}},{\"ty\":4,\"nm\":\"Blob\",\"ind\":2,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"sid\":\"opacity\",\"k\":100}},\"shapes\":[{\"ty\":\"gf\",\"g\":{\"p\":2,\"k\":{\"a\":0,\"k\":[0,1,1,1,1,0,0,0]}},\"o\":{\"a\":0,\"k\":100}}]}]}"
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    let words = SpecStrict.Describer(context)
    for property in SpecStrict.properties(in: context) {
      let node = property.node
      guard node["a"] == nil, node["sid"] == nil, SpecStrict.schemaRejects(node, in: context) else { continue }
      // Text documents (`t.d`) are keyframed but have no `a` in the schema.
      if let textDocument = context.layerVisits[property.visitIndex].layer.textData?["d"], textDocument == node { continue }
      let pointer = node.pointer
      let message = words.describe(property, pointer: pointer) + " has no \"a\" (whether it is animated)"
      switch SpecStrict.form(of: property.k) {
      case .keyframes:
        findings.append(
          Finding(
            node, message,
            fix: Fix(
              summary: "add \"a\": 1 (\"k\" holds keyframes)",
              operations: [.add(objectPointer: pointer, key: "a", json: "1")]),
            pointer: pointer))
      case .staticValue:
        findings.append(
          Finding(
            node, message,
            fix: Fix(
              summary: "add \"a\": 0 (\"k\" holds a value)",
              operations: [.add(objectPointer: pointer, key: "a", json: "0")]),
            pointer: pointer))
      case .unclear:
        findings.append(
          Finding(
            node, message,
            help: "add \"a\" by hand: \"k\" is neither a value nor a list of keyframes, so it is not fixed automatically",
            pointer: pointer))
      }
    }
    return findings
  }
}
