import LottieJSON

let syntaxRules: [any LintRule.Type] = [SyntaxErrorRule.self, DuplicateKeyRule.self, ByteOrderMarkRule.self]

/// Reported by the linter itself when the file does not parse (rules never see such a file).
struct SyntaxErrorRule: LintRule {
  static let description = RuleDescription(
    code: "LK001", name: "invalid-json",
    summary: "the file is not valid JSON",
    rationale: "every player rejects the whole animation (lottie-android throws, lottie-ios shows nothing)",
    fixHint: "re-export the animation; if the file was edited by hand, fix the JSON at this position",
    category: .syntax, defaultSeverity: .error,
    triggering: [Example(#"{"v":"5.7.4","layers":[↓}"#), Example(#"{"fr":30,"ip":0,↓,"op":60}"#)],
    nonTriggering: [Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)])
  func check(_ context: LintContext) -> [Finding] { [] }
}

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
      return Finding(value, "key \"\(name)\" appears more than once in this object; players keep only one value",
                     help: "remove the duplicate \"\(name)\" (the last one is the one most players use)")
    }
  }
}

struct ByteOrderMarkRule: LintRule {
  static let description = RuleDescription(
    code: "LK003", name: "byte-order-mark",
    summary: "the file starts with a UTF-8 byte order mark",
    rationale: "JSON forbids a BOM (RFC 8259 §8.1); some parsers, such as Python's json and older Android JSON readers, reject the file",
    fixHint: "save the file as UTF-8 without BOM (lottiekit lint --fix removes it)",
    category: .syntax, defaultSeverity: .warning, isFixable: true,
    triggering: [Example("\u{FEFF}↓{\"layers\":[]}", fixed: "{\"layers\":[]}")],
    nonTriggering: [Example(#"{"layers":[]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    guard context.document.hasBOM else { return [] }
    return [Finding(context.document.root, "the file starts with a UTF-8 byte order mark (EF BB BF)",
                    fix: Fix(summary: "remove the byte order mark", operations: [.removeBOM]))]
  }
}
