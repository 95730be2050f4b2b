import LottieJSON

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
