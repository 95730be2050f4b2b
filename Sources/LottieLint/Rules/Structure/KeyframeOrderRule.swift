import LottieJSON
import LottieModel

struct KeyframeOrderRule: LintRule {
  static let description = RuleDescription(
    code: "LK107", name: "keyframes-not-ascending",
    summary: "keyframe times go backwards, or three keyframes share a time",
    rationale:
      "players interpolate between neighbours assuming ascending times; out-of-order keyframes jump or freeze differently in each player. Two keyframes at one time make a jump; a third one there is never shown, and the Lottie Animation Community's validator (lottie/lottie-specs-js src/validator.js) rejects it",
    fixHint: "sort the keyframes by \"t\" (re-export usually fixes it)",
    category: .structure, defaultSeverity: .warning,
    triggering: [
      Example(#"{"layers":[{"ty":3,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[50]},↓{"t":20,"s":[100]}]}}}]}"#),
      Example(#"{"layers":[{"ty":3,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[50]},{"t":30,"s":[80]},↓{"t":30,"s":[100]}]}}}]}"#)
    ],
    nonTriggering: [Example(#"{"layers":[{"ty":3,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[50]},{"t":30,"s":[100]}]}}}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    context.forEachAnimatedProperty { _, frames in
      var previous: Double? = nil
      var sameTime = 0
      for frame in frames {
        guard let t = frame["t"]?.double else { continue }
        if let p = previous, t < p {
          findings.append(Finding(frame, "keyframe at frame \(t.compactText) comes after one at frame \(p.compactText)"))
        }
        sameTime = previous == t ? sameTime + 1 : 1
        if sameTime == 3 {
          findings.append(
            Finding(
              frame, "a third keyframe at frame \(t.compactText): two keyframes at one time make a jump, a third is never shown",
              help: "remove the keyframes between the first and the last at frame \(t.compactText)"))
        }
        previous = t
      }
    }
    return findings
  }
}
