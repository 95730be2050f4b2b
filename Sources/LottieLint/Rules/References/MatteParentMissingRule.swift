import LottieJSON
import LottieModel

struct MatteParentMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK209", name: "matte-parent-missing",
    summary: "a layer's \"tp\" names no layer in its composition",
    rationale: "players that honour \"tp\" find no matte and draw the layer unmatted or not at all",
    fixHint: "point \"tp\" at the ind of the matte layer",
    category: .references, defaultSeverity: .error,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":1,\"tp\":↓9,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":1,\"tp\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for composition in context.animation.compositions {
      let byIndex = composition.layersByIndex
      for layer in composition.layers {
        guard let tpNode = layer.node["tp"], let tp = tpNode.int, byIndex[tp] == nil else { continue }
        findings.append(
          Finding(
            tpNode, "layer \(layer.label) names matte layer \(tp) (\"tp\"), which does not exist in composition \"\(composition.displayName)\"",
            layerPath: [composition.displayName, layer.name ?? "#\(layer.position)"]))
      }
    }
    return findings
  }
}
