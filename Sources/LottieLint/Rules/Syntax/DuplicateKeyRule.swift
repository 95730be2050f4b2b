import LottieJSON

struct DuplicateKeyRule: LintRule {
  static let description = RuleDescription(
    code: "LK002", name: "duplicate-key",
    summary: "an object has the same key twice",
    rationale: "players keep one of the values (usually the last) and silently drop the other; which one depends on the JSON library",
    fixHint: "remove the key you do not want",
    category: .syntax, defaultSeverity: .warning,
    triggering: [Example(#"{"fr":30,"layers":[],"fr":↓60}"#)],
    nonTriggering: [Example(#"{"fr":30,"layers":[{"nm":"a"},{"nm":"a"}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    context.document.duplicateKeys.map { id in
      let key = context.document.node(id)
      let name = key.string ?? ""
      // At the repeated value: that is where the pointer resolves (the last value wins).
      let value = context.document.node(JSONNode.ID(raw: id.raw + 1))
      return Finding(
        value, "key \"\(name)\" appears more than once in this object; players keep only one value",
        help: "remove the duplicate \"\(name)\" (the last one is the one most players use)")
    }
  }
}
