import LottieJSON
import LottieModel

struct UnusedAssetRule: LintRule {
  static let description = RuleDescription(
    code: "LK211", name: "unused-asset",
    summary: "an asset is not used by any layer that can be shown",
    rationale: "players still parse and, for images, load and decode it: wasted download size and memory",
    fixHint: "remove the asset (lottiekit pack --prune does it safely)",
    category: .references, defaultSeverity: .warning,
    triggering: [
      Example(
        "{\(Example.header),\"assets\":[↓{\"id\":\"image_0\",\"p\":\"a.png\",\"u\":\"\"},{\"id\":\"c\",\"layers\":[]}],\"layers\":[{\"ty\":0,\"refId\":\"c\",\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"image_0\",\"p\":\"a.png\",\"u\":\"\"},{\"id\":\"c\",\"layers\":[{\"ty\":2,\"refId\":\"image_0\",\"ip\":0,\"op\":60,\"ks\":{}}]}],\"layers\":[{\"ty\":0,\"refId\":\"c\",\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ])
  func check(_ context: LintContext) -> [Finding] {
    let animation = context.animation
    let reachable = animation.reachablePrecompIDs()
    var used = Set<String>()
    for composition in animation.compositions where composition.isRoot || reachable.contains(composition.id ?? "") {
      for layer in composition.layers { if let ref = layer.refId { used.insert(ref) } }
    }
    return animation.assets.compactMap { asset in
      guard let id = asset.id, !used.contains(id), asset.isPrecomp || asset.isImage else { return nil }
      return Finding(
        asset.node, "\(asset.isPrecomp ? "precomp" : "image") asset \"\(id)\" is not used by any visible layer",
        layerPath: ["assets", id])
    }
  }
}
