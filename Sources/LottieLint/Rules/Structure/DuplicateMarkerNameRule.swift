import LottieJSON
import LottieModel

struct DuplicateMarkerNameRule: LintRule {
  static let description = RuleDescription(
    code: "LK110", name: "duplicate-marker-name",
    summary: "two markers have the same name",
    rationale:
      "apps play a segment by marker name (lottie-ios play(marker:), lottie-android setMinAndMaxFrame(name), lottie-web goToAndPlay(name)); with two markers of one name each player picks one of them, and not the same one",
    fixHint: "give every marker its own name in After Effects (the marker's comment) and re-export",
    category: .structure, defaultSeverity: .warning,
    triggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":0,"cm":"intro","dr":30},↓{"tm":30,"cm":"intro","dr":30}]}"#)
    ],
    nonTriggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":0,"cm":"intro","dr":30},{"tm":30,"cm":"loop","dr":60}]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":0,"cm":"","dr":0},{"tm":30,"cm":"","dr":0}]}"#)
    ])

  func check(_ context: LintContext) -> [Finding] {
    var first: [String: MarkerView] = [:]
    var findings: [Finding] = []
    for marker in MarkerView.all(context) {
      guard let name = marker.name, !name.isEmpty else { continue }
      if let earlier = first[name] {
        let at = earlier.start.map { " at frame \($0.compactText)" } ?? ""
        findings.append(
          Finding(
            marker.node, "\(marker.label) has the same name as the marker\(at) before it: playing \(JSONStringCodec.quoted(name)) by name picks one of the two")
        )
      } else {
        first[name] = marker
      }
    }
    return findings
  }
}
