import LottieJSON
import LottieModel

struct SchemaViolationRule: LintRule {
  static let description = RuleDescription(
    code: "LK606", name: "schema-violation",
    summary: "a value breaks the official Lottie 1.0 schema",
    rationale:
      "players built on the Lottie specification validate against its schema (Rules/spec/lottie.schema.json, the Lottie Animation Community's, vendored with its version and licence); every `type`, `const`, `enum`, `required`, `pattern`, range and `oneOf` constraint is checked at the value that breaks it. Findings that another rule already reports at the same place (LK101, LK102, LK601 to LK605) are left to that rule, whose message and fix are more specific. Spec: https://lottie.github.io/lottie-spec/1.0/specs/",
    fixHint: "write the value as the schema path in the message says; re-exporting with a current Bodymovin fixes most legacy forms",
    category: .specStrict, defaultSeverity: .warning, profiles: SpecStrict.profiles,
    triggering: [
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ind":↓1.5,"ip":0,"op":60,"st":0,"ks":{}}]}"#),
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"rc","d":↓7,"s":{"a":0,"k":[1,1]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}}]}]}"#
      ),
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"i":↓null,"o":↓null},{"t":60,"s":[100]}]}}}]}"#
      )
    ],
    nonTriggering: [
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{}}]}"#),
      // Reported by LK101 (missing-field), not twice.
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10}"#)
    ])

  /// The schema, parsed once per process.
  static let schema: JSONDocument? = RulesData.files["spec/lottie.schema.json"].flatMap { try? JSONDocument(parsing: $0) }

  /// Rules whose findings say the same as a schema violation at the same place, better.
  static let overlapping: [any LintRule.Type] = [
    MissingFieldRule.self, WrongTypeRule.self, KeyframeMissingStartRule.self, AnimatedFlagMissingRule.self,
    StaticValueMarkedAnimatedRule.self, ImageAssetWithoutSizeRule.self, NonIntegerSizeRule.self
  ]

  func check(_ context: LintContext) -> [Finding] {
    let violations = SpecStrict.schemaViolations(in: context).all
    guard !violations.isEmpty else { return [] }
    // Places other rules already report: their node, its parent and its children.
    var covered = Set<Int>()
    for rule in Self.overlapping {
      for finding in rule.init().check(context) {
        covered.insert(finding.node.span.lowerBound)
        if let parent = finding.node.parent {
          covered.insert(parent.span.lowerBound)
          if parent.isKey, let object = parent.parent { covered.insert(object.span.lowerBound) }
        }
        if finding.node.isObject || finding.node.isArray {
          for child in finding.node.isObject ? finding.node.members.map(\.value) : Array(finding.node.elements) {
            covered.insert(child.span.lowerBound)
          }
        }
      }
    }
    var seen = Set<String>()
    var findings: [Finding] = []
    for v in violations where !covered.contains(v.instance.span.lowerBound) {
      // One finding per place and message (allOf branches can repeat a constraint).
      guard seen.insert("\(v.instance.span.lowerBound) \(v.message)").inserted else { continue }
      let name = v.instance.key.map { "\"\($0)\" " } ?? (v.instance.parent == nil ? "the animation " : "")
      findings.append(
        Finding(
          v.instance, "\(name)\(v.message) (schema: \(v.schemaPath))",
          help: "see \(v.schemaPath) in the Lottie 1.0 schema (Rules/spec/lottie.schema.json)"))
    }
    return findings
  }
}
