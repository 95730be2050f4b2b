import LottieJSON
import LottieModel

struct KeyframeOrderRule: LintRule {
  static let description = RuleDescription(
    code: "LK107", name: "keyframes-not-ascending",
    summary: "keyframe times go backwards",
    rationale: "players interpolate between neighbours assuming ascending times; out-of-order keyframes jump or freeze differently in each player",
    fixHint: "sort the keyframes by \"t\" (re-export usually fixes it)",
    category: .structure, defaultSeverity: .warning,
    triggering: [Example(#"{"layers":[{"ty":3,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[50]},↓{"t":20,"s":[100]}]}}}]}"#)],
    nonTriggering: [Example(#"{"layers":[{"ty":3,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[50]},{"t":30,"s":[100]}]}}}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    context.forEachAnimatedProperty { _, frames in
      var previous: Double? = nil
      for frame in frames {
        guard let t = frame["t"]?.double else { continue }
        if let p = previous, t < p {
          findings.append(Finding(frame, "keyframe at frame \(t.compactText) comes after one at frame \(p.compactText)"))
        }
        previous = t
      }
    }
    return findings
  }
}
