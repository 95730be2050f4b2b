import LottieJSON
import LottieModel

struct AssetMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK205", name: "asset-missing",
    summary: "a layer's refId names no asset",
    rationale: "the precomp or image layer draws nothing; lottie-android logs and skips it, lottie-ios may crash on a missing precomp (lottie-ios #1104)",
    fixHint: "point \"refId\" at an existing asset id, or add the asset",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(Example.header),\"assets\":[],\"layers\":[{\"ty\":2,\"refId\":↓\"image_9\",\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"image_0\",\"p\":\"a.png\",\"u\":\"\",\"w\":1,\"h\":1}],\"layers\":[{\"ty\":2,\"refId\":\"image_0\",\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ])
  func check(_ context: LintContext) -> [Finding] {
    let ids = Set(context.animation.assets.compactMap(\.id))
    return context.layerVisits.compactMap { visit in
      guard visit.layer.typeCode == 0 || visit.layer.typeCode == 2, let node = visit.layer.node["refId"],
        let ref = visit.layer.refId, !ids.contains(ref)
      else { return nil }
      return Finding(node, "layer \(visit.layer.label) uses asset \"\(ref)\", which does not exist", layerPath: visit.path)
    }
  }
}
