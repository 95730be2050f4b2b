import LottieJSON
import LottieModel

struct MatteSourceMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK208", name: "matte-source-missing",
    summary: "a matted layer has no matte source",
    rationale:
      "without \"tp\" the matte source is the layer directly above, which must have \"td\": 1; otherwise players use whatever layer is above (or nothing), and the layer is cut wrongly or disappears",
    fixHint: "put the matte layer (with \"td\": 1) directly above the matted layer, or name it with \"tp\"",
    category: .references, defaultSeverity: .error,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":4,\"nm\":\"plain\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":↓1,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      ),
      Example("{\(Example.header),\"layers\":[{\"ty\":4,\"ind\":2,\"tt\":↓1,\"ip\":0,\"op\":60,\"ks\":{}}]}")
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      ),
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":4,\"ind\":5,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":1,\"tp\":5,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for composition in context.animation.compositions {
      let layers = composition.layers
      for layer in layers {
        guard let ttNode = layer.node["tt"], let tt = ttNode.int, tt != 0, layer.node["tp"] == nil else { continue }
        let path = [composition.displayName, layer.name ?? "#\(layer.position)"]
        if layer.position == 0 {
          findings.append(
            Finding(
              ttNode, "layer \(layer.label) uses a track matte but is the top layer: there is no layer above it to be the matte",
              layerPath: path))
        } else {
          let above = layers[layer.position - 1]
          if !above.isMatteSource {
            findings.append(
              Finding(
                ttNode, "layer \(layer.label) uses a track matte, but the layer above it, \(above.label), is not a matte (no \"td\": 1)",
                layerPath: path))
          }
        }
      }
    }
    return findings
  }
}
