import LottieJSON
import LottieModel

struct FrameRateRule: LintRule {
  static let description = RuleDescription(
    code: "LK105", name: "frame-rate",
    summary: "the frame rate is not positive, or implausibly high",
    rationale: "with fr <= 0 players divide by zero or never advance; above 240 fps the file was probably written wrong (exports use 15–120)",
    fixHint: "set \"fr\" to the composition's frame rate (usually 24, 25, 30 or 60)",
    category: .structure, defaultSeverity: .error,
    triggering: [
      Example(#"{"v":"5","fr":↓0,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#),
      Example(#"{"v":"5","fr":↓1000,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)
    ],
    nonTriggering: [Example(#"{"v":"5","fr":29.97,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    guard let node = context.document.root["fr"], let fr = node.double else { return [] }
    if fr <= 0 { return [Finding(node, "frame rate is \(node.sourceText): the animation cannot play")] }
    if fr > 240 { return [Finding(node, "frame rate is \(node.sourceText) fps, far above what exports use", severity: .warning)] }
    return []
  }
}
