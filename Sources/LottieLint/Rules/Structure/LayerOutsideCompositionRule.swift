import LottieJSON
import LottieModel

struct LayerOutsideCompositionRule: LintRule {
  static let description = RuleDescription(
    code: "LK106", name: "layer-outside-composition",
    summary: "a layer's frames lie entirely outside the animation's frames",
    rationale: "the layer is never shown but still costs parsing and memory in every player",
    fixHint: "move the layer's in/out points inside the animation's range, or remove the layer",
    category: .structure, defaultSeverity: .warning,
    triggering: [Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[↓{"ty":3,"nm":"late","ip":90,"op":120,"ks":{}}]}"#)],
    nonTriggering: [Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ip":-10,"op":5,"ks":{}}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    guard let ip = context.animation.inPoint, let op = context.animation.outPoint, ip < op else { return [] }
    var findings: [Finding] = []
    for layer in context.animation.rootComposition.layers {
      guard let lip = layer.inPoint, let lop = layer.outPoint, lip < lop else { continue }
      if lop <= ip || lip >= op {
        findings.append(
          Finding(
            layer.node, "layer \(layer.label) spans frames \(lip.compactText)–\(lop.compactText), outside the animation's \(ip.compactText)–\(op.compactText)"))
      }
    }
    return findings
  }
}
