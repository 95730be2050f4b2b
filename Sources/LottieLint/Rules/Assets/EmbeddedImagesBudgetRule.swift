import LottieModel

struct EmbeddedImagesBudgetRule: LintRule {
  static let description = RuleDescription(
    code: "LK308", name: "embedded-images-budget",
    summary: "embedded images together decode to more bytes than the budget (max-embedded-image-bytes, 1 MB by default)",
    rationale:
      "base64 adds a third to the file, and players hold the whole JSON string and every decoded image in memory at once, and decode them before the first frame: large embedded images cause memory warnings, slow loads and crashes (lottie-ios #2698, lottie-react-native #1378, lottie-android #39)",
    fixHint:
      "store large images as files beside the animation (or in a .lottie archive), shrink them (WebP is 24–48% of the PNG size), or raise max-embedded-image-bytes in .lottiekit.yml",
    category: .assets, defaultSeverity: .warning,
    triggering: [
      Example(
        #"{\#(assetExampleHeader),"assets":↓[{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,\#(ExampleImages.png1x1Base64)","e":1},{"id":"image_1","w":1,"h":1,"u":"","p":"data:image/jpeg;base64,\#(ExampleImages.jpeg1x1Base64)","e":1}],"layers":[]}"#,
        budgets: smallBudget)
    ],
    nonTriggering: [
      Example(
        #"{\#(assetExampleHeader),"assets":[{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,\#(ExampleImages.png1x1Base64)","e":1},{"id":"image_1","w":1,"h":1,"u":"","p":"data:image/jpeg;base64,\#(ExampleImages.jpeg1x1Base64)","e":1}],"layers":[]}"#
      )
    ])

  /// A 100-byte budget, so that two tiny images go over it.
  static var smallBudget: Budgets {
    var budgets = Budgets()
    budgets.maxEmbeddedImageBytes = 100
    return budgets
  }

  func check(_ context: LintContext) -> [Finding] {
    let budget = context.budgets.maxEmbeddedImageBytes
    var total = 0, count = 0
    var largest: (image: ImageAssetFacts, bytes: Int)?
    for image in ImageAssetScan.of(context).images {
      guard case .embedded(let embedded) = image.source else { continue }
      let bytes = embedded.decodedByteCount
      total = total.addingReportingOverflow(bytes).overflow ? Int.max : total + bytes
      count += 1
      if bytes > largest?.bytes ?? -1 { largest = (image, bytes) }
    }
    guard total > budget, let assets = context.animation.root["assets"], let largest else { return [] }
    let detail = count == 1 ? "1 image" : "\(count) images; the largest, \(largest.image.label), is \(AssetWording.bytes(largest.bytes))"
    return [
      Finding(
        assets, "embedded images decode to \(AssetWording.bytes(total)) (\(detail)), over the \(AssetWording.bytes(budget)) budget (max-embedded-image-bytes)",
        layerPath: ["assets"])
    ]
  }
}
