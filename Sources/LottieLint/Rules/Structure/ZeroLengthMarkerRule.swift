import LottieJSON
import LottieModel

struct ZeroLengthMarkerRule: LintRule {
  static let description = RuleDescription(
    code: "LK112", name: "zero-length-marker",
    summary: "a named marker has no duration",
    rationale:
      "an app that plays the marker as a segment (lottie-ios play(marker:), lottie-android setMinAndMaxFrame(name), dotLottie's marker setting) gets an empty segment: nothing plays. Markers used only as cue points (play(fromMarker:toMarker:)) are fine without a duration, hence info",
    fixHint: "give the marker a duration in After Effects (drag its end) if apps play it as a segment",
    category: .structure, defaultSeverity: .info,
    triggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[↓{"tm":30,"cm":"celebrate","dr":0}]}"#)
    ],
    nonTriggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":30,"cm":"celebrate","dr":30},{"tm":0,"cm":"","dr":0}]}"#)
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for marker in MarkerView.all(context) {
      guard let name = marker.name, !name.isEmpty, (marker.duration ?? 0) <= 0 else { continue }
      findings.append(Finding(marker.node, "\(marker.label) has no duration: playing it as a segment plays nothing"))
    }
    return findings
  }
}
