import LottieJSON
import LottieModel

struct ParentSelfRule: LintRule {
  static let description = RuleDescription(
    code: "LK202", name: "parent-self",
    summary: "a layer is its own parent",
    rationale:
      "players disagree on such a layer: rlottie leaves it out, lottie-web's canvas renderer draws nothing at all, its svg renderer and ThorVG draw the layer as if it had no parent (measured: Tests/Fixtures/compat/parent-self.json)",
    fixHint: "remove \"parent\" or point it at another layer",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(Example.header),\"layers\":[{\"ty\":3,\"ind\":1,\"parent\":↓1,\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [Example("{\(Example.header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}")])
  func check(_ context: LintContext) -> [Finding] {
    context.layerVisits.compactMap { visit in
      guard let p = visit.layer.node["parent"], let parent = p.int, parent == visit.layer.index else { return nil }
      return Finding(p, "layer \(visit.layer.label) names itself as its parent", layerPath: visit.path)
    }
  }
}
