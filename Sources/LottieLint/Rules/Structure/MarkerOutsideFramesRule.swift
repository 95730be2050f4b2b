import LottieJSON
import LottieModel

struct MarkerOutsideFramesRule: LintRule {
  static let description = RuleDescription(
    code: "LK111", name: "marker-outside-frames",
    summary: "a named marker starts or ends outside the animation's frames",
    rationale:
      "a segment played from such a marker is clamped by the players (lottie-android clamps to the composition, lottie-ios plays the frames that exist), so the app shows a shorter or empty segment than the designer marked",
    fixHint: "move the marker inside the work area in After Effects, or extend the work area, and re-export",
    category: .structure, defaultSeverity: .warning,
    triggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[↓{"tm":120,"cm":"outro","dr":30}]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[↓{"tm":60,"cm":"loop","dr":60}]}"#)
    ],
    nonTriggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":0,"cm":"intro","dr":30},{"tm":30,"cm":"loop","dr":60}]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":300,"cm":"","dr":0}]}"#)
    ])

  func check(_ context: LintContext) -> [Finding] {
    guard let ip = context.animation.inPoint, let op = context.animation.outPoint, ip < op else { return [] }
    var findings: [Finding] = []
    for marker in MarkerView.all(context) where marker.isNamed {
      guard let start = marker.start else { continue }
      let end = start + max(0, marker.duration ?? 0)
      let range = "the animation's frames \(ip.compactText)–\(op.compactText)"
      if start < ip || start > op {
        findings.append(Finding(marker.node, "\(marker.label) starts at frame \(start.compactText), outside \(range)"))
      } else if end > op {
        findings.append(
          Finding(marker.node, "\(marker.label) runs to frame \(end.compactText), past \(range): the players cut the segment at \(op.compactText)"))
      }
    }
    return findings
  }
}
