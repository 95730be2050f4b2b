import LottieModel

struct ImageSizeMismatchRule: LintRule {
  static let description = RuleDescription(
    code: "LK306", name: "image-size-mismatch",
    summary: "an image's pixel size differs from its asset's \"w\" and \"h\"",
    rationale:
      "\"w\" and \"h\" are the size the animation was designed for, and players disagree about other sizes: lottie-android resizes image files to w×h (ImageAssetManager: Utils.resizeBitmapIfNeeded) but not embedded ones, lottie-ios draws the image into a w×h layer, lottie-web's SVG renderer fits it with preserveAspectRatio \"xMidYMid slice\" and crops when the aspect ratios differ; a larger image also costs memory for pixels nobody sees",
    fixHint: "resize the image to w×h, or set \"w\" and \"h\" to the image's size if the layer's transform already accounts for it",
    category: .assets, defaultSeverity: .warning,
    triggering: [
      Example(assetExample(#"{"id":"image_0","w":↓100,"h":100,"u":"","p":"data:image/png;base64,\#(ExampleImages.png1x1Base64)","e":1}"#)),
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":↓2,"u":"images/","p":"img_0.jpg","e":0}"#),
        files: ["images/img_0.jpg": ExampleImages.jpeg1x1])
    ],
    nonTriggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,\#(ExampleImages.png1x1Base64)","e":1}"#)),
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/","p":"img_0.jpg","e":0}"#),
        files: ["images/img_0.jpg": ExampleImages.jpeg1x1])
    ])

  func check(_ context: LintContext) -> [Finding] {
    ImageAssetScan.of(context).images.compactMap { image in
      guard let size = image.content?.info?.size, let asset = image.asset,
        let w = asset.width, let h = asset.height, let wNode = asset.node["w"], let hNode = asset.node["h"]
      else { return nil }
      let widthDiffers = Double(size.width) != w, heightDiffers = Double(size.height) != h
      guard widthDiffers || heightDiffers else { return nil }
      let declared = "\(AssetWording.number(w))×\(AssetWording.number(h))"
      let actual = "\(size.width)×\(size.height) px"
      let whose: String
      switch image.source {
      case .embedded: whose = "its image is"
      case .external(let external): whose = "\(external.displayPath) is"
      }
      // Same aspect ratio (within 1%): players scale it; otherwise some stretch and lottie-web crops.
      let ratio = (Double(size.width) * h) / (Double(size.height) * w)
      let sameAspect = ratio.isFinite && abs(ratio - 1) < 0.01
      let effect = sameAspect ? ": players scale it" : ", a different aspect ratio: lottie-web crops the image, other players stretch it"
      return Finding(
        widthDiffers ? wNode : hNode,
        "\(image.phrase) is declared \(declared) (\"w\", \"h\") but \(whose) \(actual)\(effect)",
        help: "resize the image to \(declared), or set \"w\": \(size.width), \"h\": \(size.height)",
        layerPath: image.layerPath)
    }
  }
}
