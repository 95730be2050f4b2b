import LottieJSON
import LottieModel

struct ParentMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK201", name: "parent-missing",
    summary: "a layer's parent index names no layer in its composition",
    rationale: "players ignore the parent and the layer loses its parent's motion",
    fixHint: "remove \"parent\" or point it at a layer of the same composition",
    category: .references, defaultSeverity: .error,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"nm\":\"Bubble\",\"ind\":4,\"parent\":↓7,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":2,\"parent\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}")
    ])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for composition in context.animation.compositions {
      let byIndex = composition.layersByIndex
      // The first six layers with an index, worked out once per composition (not per finding).
      var firstChoices: [String]?
      for layer in composition.layers {
        guard let parentNode = layer.node["parent"], let parent = parentNode.int, byIndex[parent] == nil else { continue }
        let choices =
          firstChoices ?? Array(composition.layers.lazy.compactMap { l in l.index.map { "\($0) \"\(l.name ?? "")\"" } }.prefix(6))
        firstChoices = choices
        findings.append(
          Finding(
            parentNode, "layer \(layer.label) names parent \(parent), which does not exist in composition \"\(composition.displayName)\"",
            help: choices.isEmpty ? "remove \"parent\"" : "remove \"parent\" or point it at one of: " + choices.joined(separator: ", "),
            layerPath: [composition.displayName, layer.name ?? "#\(layer.position)"]))
      }
    }
    return findings
  }
}
