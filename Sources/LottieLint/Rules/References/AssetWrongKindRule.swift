import LottieJSON
import LottieModel

struct AssetWrongKindRule: LintRule {
  static let description = RuleDescription(
    code: "LK206", name: "asset-wrong-kind",
    summary: "a precomp layer uses an image asset, or an image layer a precomp",
    rationale: "players look the asset up by kind; the layer draws nothing (lottie-ios fails to decode the layer)",
    fixHint: "use ty 0 for precomp assets and ty 2 for image assets",
    category: .references, defaultSeverity: .error,
    triggering: [
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"image_0\",\"p\":\"a.png\",\"u\":\"\"}],\"layers\":[{\"ty\":0,\"refId\":↓\"image_0\",\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ],
    nonTriggering: [
      Example("{\(Example.header),\"assets\":[{\"id\":\"c\",\"layers\":[]}],\"layers\":[{\"ty\":0,\"refId\":\"c\",\"ip\":0,\"op\":60,\"ks\":{}}]}")
    ])
  func check(_ context: LintContext) -> [Finding] {
    let byID = context.animation.assetsByID
    return context.layerVisits.compactMap { visit in
      guard let node = visit.layer.node["refId"], let ref = visit.layer.refId, let asset = byID[ref] else { return nil }
      if visit.layer.typeCode == 0 && !asset.isPrecomp {
        return Finding(node, "precomp layer \(visit.layer.label) uses \"\(ref)\", which is not a precomposition", layerPath: visit.path)
      }
      if visit.layer.typeCode == 2 && !asset.isImage {
        return Finding(node, "image layer \(visit.layer.label) uses \"\(ref)\", which is not an image", layerPath: visit.path)
      }
      return nil
    }
  }
}
