import LottieJSON
import LottieModel

struct MissingFieldRule: LintRule {
  static let description = RuleDescription(
    code: "LK101", name: "missing-field",
    summary: "a field that players require is missing",
    rationale:
      "lottie-ios and lottie-android refuse the whole file when a required field is absent (top level v, fr, ip, op, w, h, layers; layers ty, ip, op and ks for visual layers; keyframes t)",
    fixHint: "re-export the animation; a hand-edited file needs the field back",
    category: .structure, defaultSeverity: .error,
    triggering: [
      Example(#"↓{"v":"5.7.4","fr":30,"ip":0,"w":10,"h":10,"layers":[]}"#),
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[↓{"ty":4,"ip":0,"op":60,"shapes":[]}]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[↓{"s":[0]},{"t":60,"s":[100]}]}}}]}"#)
    ],
    nonTriggering: [
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[]},{"ty":6,"ip":0,"op":60}]}"#)
    ])

  static let topLevel = ["v", "fr", "ip", "op", "w", "h", "layers"]

  func check(_ context: LintContext) -> [Finding] {
    let root = context.document.root
    // What LK100 does not report (JSON meant as an animation) this rule checks.
    guard context.animation.mayBeLottie else { return [] }
    var findings: [Finding] = []
    let missing = Self.topLevel.filter { root[$0] == nil }
    if !missing.isEmpty {
      findings.append(
        Finding(
          root, "the animation has no \(missing.map { "\"\($0)\"" }.joined(separator: ", "))",
          layerPath: []))
    }
    for visit in context.layerVisits {
      let layer = visit.layer
      guard layer.node.isObject else { continue }
      var fields = ["ty", "ip", "op"].filter { layer.node[$0] == nil }
      if let type = layer.type, type.isVisual, layer.node["ks"] == nil { fields.append("ks") }
      if !fields.isEmpty {
        findings.append(
          Finding(
            layer.node, "layer \(layer.label) in \"\(visit.composition.displayName)\" has no \(fields.map { "\"\($0)\"" }.joined(separator: ", "))",
            layerPath: visit.path))
      }
    }
    context.forEachAnimatedProperty { property, frames in
      for frame in frames where frame["t"] == nil {
        findings.append(
          Finding(
            frame, "keyframe has no time \"t\"",
            help: "every keyframe needs \"t\" (its frame); players reject the property without it"))
      }
    }
    return findings
  }
}
