import LottieJSON
import LottieModel

/// Markers (`markers`: `{"tm": start frame, "cm": name, "dr": duration in frames}`) are how apps
/// play one segment of an animation by name: lottie-ios `play(fromMarker:toMarker:)` and
/// `play(marker:)`, lottie-android `setMinAndMaxFrame(markerName)`, lottie-web
/// `goToAndPlay(markerName)`, dotLottie's `segment`/`marker` setting.
let markerRules: [any LintRule.Type] = [DuplicateMarkerNameRule.self, MarkerOutsideFramesRule.self, ZeroLengthMarkerRule.self]

/// A marker with its name, start and duration where they are readable.
struct MarkerView {
  let node: JSONNode
  let name: String?
  let start: Double?
  let duration: Double?

  init(_ node: JSONNode) {
    self.node = node
    name = node["cm"]?.string
    start = node["tm"]?.double
    duration = node["dr"]?.double
  }

  /// Apps can play only named markers by name; an unnamed one is a plain note on the timeline.
  var isNamed: Bool { !(name ?? "").isEmpty }

  var label: String {
    if let name, !name.isEmpty { return "marker \(JSONStringCodec.quoted(name))" }
    return start.map { "unnamed marker at frame \($0.compactText)" } ?? "unnamed marker"
  }

  static func all(_ context: LintContext) -> [MarkerView] {
    context.animation.markers.filter(\.isObject).map(MarkerView.init)
  }
}

struct DuplicateMarkerNameRule: LintRule {
  static let description = RuleDescription(
    code: "LK110", name: "duplicate-marker-name",
    summary: "two markers have the same name",
    rationale: "apps play a segment by marker name (lottie-ios play(marker:), lottie-android setMinAndMaxFrame(name), lottie-web goToAndPlay(name)); with two markers of one name each player picks one of them, and not the same one",
    fixHint: "give every marker its own name in After Effects (the marker's comment) and re-export",
    category: .structure, defaultSeverity: .warning,
    triggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":0,"cm":"intro","dr":30},↓{"tm":30,"cm":"intro","dr":30}]}"#),
    ],
    nonTriggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":0,"cm":"intro","dr":30},{"tm":30,"cm":"loop","dr":60}]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":0,"cm":"","dr":0},{"tm":30,"cm":"","dr":0}]}"#),
    ])

  func check(_ context: LintContext) -> [Finding] {
    var first: [String: MarkerView] = [:]
    var findings: [Finding] = []
    for marker in MarkerView.all(context) {
      guard let name = marker.name, !name.isEmpty else { continue }
      if let earlier = first[name] {
        let at = earlier.start.map { " at frame \($0.compactText)" } ?? ""
        findings.append(Finding(marker.node, "\(marker.label) has the same name as the marker\(at) before it: playing \(JSONStringCodec.quoted(name)) by name picks one of the two"))
      } else {
        first[name] = marker
      }
    }
    return findings
  }
}

struct MarkerOutsideFramesRule: LintRule {
  static let description = RuleDescription(
    code: "LK111", name: "marker-outside-frames",
    summary: "a named marker starts or ends outside the animation's frames",
    rationale: "a segment played from such a marker is clamped by the players (lottie-android clamps to the composition, lottie-ios plays the frames that exist), so the app shows a shorter or empty segment than the designer marked",
    fixHint: "move the marker inside the work area in After Effects, or extend the work area, and re-export",
    category: .structure, defaultSeverity: .warning,
    triggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[↓{"tm":120,"cm":"outro","dr":30}]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[↓{"tm":60,"cm":"loop","dr":60}]}"#),
    ],
    nonTriggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":0,"cm":"intro","dr":30},{"tm":30,"cm":"loop","dr":60}]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":300,"cm":"","dr":0}]}"#),
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
        findings.append(Finding(marker.node, "\(marker.label) runs to frame \(end.compactText), past \(range): the players cut the segment at \(op.compactText)"))
      }
    }
    return findings
  }
}

struct ZeroLengthMarkerRule: LintRule {
  static let description = RuleDescription(
    code: "LK112", name: "zero-length-marker",
    summary: "a named marker has no duration",
    rationale: "an app that plays the marker as a segment (lottie-ios play(marker:), lottie-android setMinAndMaxFrame(name), dotLottie's marker setting) gets an empty segment: nothing plays. Markers used only as cue points (play(fromMarker:toMarker:)) are fine without a duration, hence info",
    fixHint: "give the marker a duration in After Effects (drag its end) if apps play it as a segment",
    category: .structure, defaultSeverity: .info,
    triggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[↓{"tm":30,"cm":"celebrate","dr":0}]}"#),
    ],
    nonTriggering: [
      Example(#"{"v":"5","fr":30,"ip":0,"op":90,"w":10,"h":10,"layers":[],"markers":[{"tm":30,"cm":"celebrate","dr":30},{"tm":0,"cm":"","dr":0}]}"#),
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
