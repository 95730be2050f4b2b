import LottieJSON
import LottieModel

struct EmptyFrameRangeRule: LintRule {
  static let description = RuleDescription(
    code: "LK103", name: "empty-frame-range",
    summary: "in-point is not before out-point (the animation's: error; a layer's: warning)",
    rationale:
      "an animation with ip >= op has no frames and players show nothing, so that is an error; a layer with ip >= op is never visible, which costs bytes and loading time but breaks nothing else, so that is a warning",
    fixHint: "set \"op\" after \"ip\" (op is one past the last frame)",
    category: .structure, defaultSeverity: .error,
    triggering: [
      Example(#"{"v":"5","fr":30,"ip":60,"op":↓60,"w":10,"h":10,"layers":[]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"nm":"n","ip":30,"op":↓10,"ks":{}}]}"#)
    ],
    nonTriggering: [Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ip":0,"op":60,"ks":{}}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    let root = context.document.root
    if let ip = root["ip"]?.double, let opNode = root["op"], let op = opNode.double, ip >= op {
      findings.append(Finding(opNode, "the animation's out-point \(opNode.sourceText) is not after its in-point \(root["ip"]?.sourceText ?? "")"))
    }
    for visit in context.layerVisits {
      let layer = visit.layer
      guard let ip = layer.inPoint, let opNode = layer.node["op"], let op = opNode.double, ip >= op else { continue }
      let ipText = layer.node["ip"]?.sourceText ?? ""
      let what =
        ip == op
        ? "starts and ends at the same frame (ip \(ipText), op \(opNode.sourceText))"
        : "ends (op \(opNode.sourceText)) before it starts (ip \(ipText))"
      findings.append(
        Finding(
          opNode, "layer \(layer.label) \(what): it is never visible",
          help: "set the layer's \"op\" after its \"ip\", or remove the layer", layerPath: visit.path,
          severity: .warning))
    }
    return findings
  }
}
