import LottieJSON
import LottieModel

/// Found with the render oracle on lottie-android's `WeAcceptInlineImage.json`: a data URI in
/// `p` without `"e": 1` renders blank in rlottie and ThorVG, which decide "embedded" by `e`
/// (lottie-ios and lottie-android look at the `data:` prefix instead).
struct EmbeddedFlagMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK309", name: "embedded-image-without-flag",
    summary: "an embedded image's data URI is not marked with \"e\": 1",
    rationale:
      "rlottie (Telegram) and ThorVG treat \"p\" as a file name unless \"e\" is 1, so the image layer draws nothing there (rendered blank in both, checked with their Python bindings); lottie-ios and lottie-android look at the data: prefix and draw it",
    fixHint: "set \"e\": 1 on the asset (lottiekit lint --fix does it)",
    category: .assets, defaultSeverity: .warning, isFixable: true,
    triggering: [
      Example(
        #"{"assets":[↓{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,iVBORw0KGgo="}],"layers":[]}"#,
        fixed: #"{"assets":[{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,iVBORw0KGgo=","e":1}],"layers":[]}"#),
      Example(
        #"{"assets":[{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,iVBORw0KGgo=","e":↓0}],"layers":[]}"#,
        fixed: #"{"assets":[{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,iVBORw0KGgo=","e":1}],"layers":[]}"#)
    ],
    nonTriggering: [
      Example(#"{"assets":[{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,iVBORw0KGgo=","e":1}],"layers":[]}"#),
      Example(#"{"assets":[{"id":"image_0","w":1,"h":1,"u":"images/","p":"img_0.png","e":0}],"layers":[]}"#)
    ])

  func check(_ context: LintContext) -> [Finding] {
    context.animation.assets.compactMap { asset in
      guard asset.isImage, asset.isEmbedded, asset.node["e"]?.int != 1 else { return nil }
      let fix = Fix(summary: "set \"e\": 1", operations: [.add(objectPointer: asset.node.pointer, key: "e", json: "1")])
      let id = asset.id ?? "?"
      return Finding(
        asset.node["e"] ?? asset.node,
        "image asset \"\(id)\" embeds a data URI but \(asset.node["e"] == nil ? "has no \"e\"" : "says \"e\": \(asset.node["e"]?.sourceText ?? "")"): rlottie and ThorVG draw nothing for it",
        layerPath: ["assets", id], fix: fix, renderers: ["rlottie", "thorvg"])
    }
  }
}
