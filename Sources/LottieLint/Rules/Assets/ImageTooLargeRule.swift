import LottieModel

struct ImageTooLargeRule: LintRule {
  static let description = RuleDescription(
    code: "LK307", name: "image-too-large",
    summary: "an image is wider or taller than the budget for a side (max-image-side, 1500 px by default)",
    rationale:
      "a decoded image costs width × height × 4 bytes of memory on the device however small it is drawn, and decoding it stalls the first frames; Bodymovin's own export report warns for images over 1500 px",
    fixHint: "scale the image down to the size it is shown at (and set \"w\"/\"h\" to match), or raise max-image-side in .lottiekit.yml",
    category: .assets, defaultSeverity: .warning,
    triggering: [
      Example(assetExample(#"{"id":"image_0","w":1600,"h":1,"u":"","p":↓"data:image/png;base64,\#(ExampleImages.png1600x1Base64)","e":1}"#)),
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/","p":↓"img_0.png","e":0}"#),
        files: ["images/img_0.png": ExampleImages.png1600x1])
    ],
    nonTriggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,\#(ExampleImages.png1x1Base64)","e":1}"#))
    ])

  func check(_ context: LintContext) -> [Finding] {
    let limit = context.budgets.maxImageSide
    return ImageAssetScan.of(context).images.compactMap { image in
      guard let asset = image.asset, let p = asset.node["p"] else { return nil }
      let width: Double, height: Double, what: String
      if let content = image.content {
        // The bytes were read: only their real size counts (none when the header says nothing).
        guard let size = content.info?.size else { return nil }
        (width, height) = (Double(size.width), Double(size.height))
        switch image.source {
        case .embedded: what = "\(image.phrase) is"
        case .external(let external): what = "\(image.phrase) (\(external.displayPath)) is"
        }
      } else {
        // The bytes could not be read (standard input, a URL, a missing file): the declared size.
        guard let w = asset.width, let h = asset.height else { return nil }
        (width, height) = (w, h)
        what = "\(image.phrase) is declared"
      }
      guard width > Double(limit) || height > Double(limit) else { return nil }
      let memory = width * height * 4
      let memoryText = memory < 9e18 ? AssetWording.bytes(Int(memory)) : "more than 9 EB"
      return Finding(
        p,
        "\(what) \(AssetWording.number(width))×\(AssetWording.number(height)) px, over the \(limit) px budget for a side (max-image-side): decoded, it takes \(memoryText) of memory",
        help: "scale the image down to at most \(limit) px a side, or raise max-image-side",
        layerPath: image.layerPath)
    }
  }
}
