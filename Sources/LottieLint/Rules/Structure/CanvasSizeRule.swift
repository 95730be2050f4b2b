import LottieJSON
import LottieModel

struct CanvasSizeRule: LintRule {
  static let description = RuleDescription(
    code: "LK104", name: "canvas-size",
    summary: "the canvas size is not positive, or absurdly large",
    rationale:
      "a zero or negative size draws nothing; above 8192 px a side, players allocate huge bitmaps (lottie-android renders to a bitmap of the composition size in software mode)",
    fixHint: "set \"w\" and \"h\" to the composition's real size in pixels",
    category: .structure, defaultSeverity: .error,
    triggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":↓0,"h":100,"layers":[]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":100,"h":↓20000,"layers":[]}"#)
    ],
    nonTriggering: [Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":1920,"h":1080,"layers":[]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for key in ["w", "h"] {
      guard let node = context.document.root[key], let v = node.double else { continue }
      if v <= 0 {
        findings.append(Finding(node, "canvas \(key == "w" ? "width" : "height") is \(node.sourceText): nothing can be drawn"))
      } else if v > 8192 {
        findings.append(
          Finding(
            node, "canvas \(key == "w" ? "width" : "height") is \(node.sourceText) px, larger than any screen",
            severity: .warning))
      }
    }
    return findings
  }
}
