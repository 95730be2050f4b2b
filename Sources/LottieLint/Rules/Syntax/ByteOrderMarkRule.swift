import LottieJSON

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
    return [
      Finding(
        context.document.root, "the file starts with a UTF-8 byte order mark (EF BB BF)",
        fix: Fix(summary: "remove the byte order mark", operations: [.removeBOM]))
    ]
  }
}
