import LottieJSON
import LottieModel

private let imageLayer = #"{"ty":2,"nm":"Photo","refId":"image_0","ind":1,"ip":0,"op":60,"ks":{}}"#

struct ImageAssetWithoutSizeRule: LintRule {
  static let description = RuleDescription(
    code: "LK604", name: "image-asset-without-size",
    summary: "an image asset has no \"w\" or \"h\"",
    rationale:
      "the Lottie 1.0 schema requires \"w\" and \"h\" on image assets without a slot id; players use them to size or scale the image (lottie-web's SVG renderer writes them on the <image> element) and each treats missing ones its own way, so writing them in can change what a player draws",
    fixHint:
      "set \"w\" and \"h\" to the image's size in pixels and check the result in the target players; there is no automatic fix because adding a size can change how a player draws the image",
    category: .specStrict, defaultSeverity: .warning, profiles: SpecStrict.profiles,
    triggering: [
      Example("{\(Example.header),\"assets\":[↓{\"id\":\"image_0\",\"u\":\"images/\",\"p\":\"img_0.png\",\"e\":0}],\"layers\":[\(imageLayer)]}"),
      Example("{\(Example.header),\"assets\":[↓{\"id\":\"image_0\",\"w\":64,\"u\":\"images/\",\"p\":\"img_0.png\",\"e\":0}],\"layers\":[]}")
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"image_0\",\"w\":64,\"h\":64,\"u\":\"images/\",\"p\":\"img_0.png\",\"e\":0},{\"id\":\"slot\",\"sid\":\"photo\",\"p\":\"placeholder.png\"},{\"id\":\"comp_0\",\"layers\":[]}],\"layers\":[\(imageLayer)]}"
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    let animation = context.animation
    // Image layers by the asset they show, in visit order, gathered once.
    var usersByID: [String: [LayerVisit]]?
    for asset in animation.assets where asset.node.isObject && asset.isImage && asset.node["sid"] == nil {
      let missing = ["w", "h"].filter { asset.node[$0] == nil }
      guard !missing.isEmpty else { continue }
      let id = asset.id ?? "?"
      var message = "image asset \"\(id)\" has no \(missing.map { "\"\($0)\"" }.joined(separator: " and "))"
      if usersByID == nil {
        var byID: [String: [LayerVisit]] = [:]
        for visit in context.layerVisits where visit.layer.typeCode == 2 {
          if let ref = visit.layer.refId { byID[ref, default: []].append(visit) }
        }
        usersByID = byID
      }
      let users = usersByID?[id] ?? []
      if let first = users.first {
        message += ", used by layer \(first.layer.label) in composition \"\(first.composition.displayName)\""
        if users.count > 1 { message += " and \(users.count - 1) more" }
      }
      findings.append(Finding(asset.node, message, layerPath: ["assets", id]))
    }
    return findings
  }
}
