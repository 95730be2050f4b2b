import LottieJSON
import LottieModel

struct DuplicateIndexRule: LintRule {
  static let description = RuleDescription(
    code: "LK204", name: "duplicate-layer-index",
    summary: "two layers of one composition share an \"ind\"",
    rationale: "parents and mattes refer to layers by ind; with duplicates players pick one of them and the others lose their children's motion",
    fixHint: "give every layer of the composition its own \"ind\"",
    category: .references, defaultSeverity: .error,
    triggering: [
      Example("{\(Example.header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":↓1,\"ip\":0,\"op\":60,\"ks\":{}}]}")
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}],\"assets\":[{\"id\":\"c\",\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}]}"
      )
    ])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for composition in context.animation.compositions {
      var seen: [Int: Layer] = [:]
      for layer in composition.layers {
        guard let ind = layer.index, let node = layer.node["ind"] else { continue }
        if let first = seen[ind] {
          findings.append(
            Finding(
              node, "layer \(layer.label) has the same ind as \(first.label) in composition \"\(composition.displayName)\"",
              layerPath: [composition.displayName, layer.name ?? "#\(layer.position)"]))
        } else {
          seen[ind] = layer
        }
      }
    }
    return findings
  }
}
