import LottieModel

struct ImageMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK301", name: "image-missing",
    summary: "an image asset points to a file that does not exist",
    rationale:
      "players draw nothing where the image should be: lottie-android logs \"Unable to open asset\" (ImageAssetManager), lottie-ios's BundleImageProvider finds no image, lottie-web shows a broken image; \"u\" + \"p\" are resolved against the animation's folder (not checked for standard input and archives)",
    fixHint: "put the image at the path \"u\" + \"p\" names, relative to the animation, or point \"u\" and \"p\" at the image",
    category: .assets, defaultSeverity: .error,
    triggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/","p":↓"img_0.png","e":0}"#)),
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/","p":"img_0.png","e":0},{"id":"image_1","w":1,"h":1,"u":"","p":↓"img_1.png","e":0}"#),
        files: ["images/img_0.png": ExampleImages.png1x1])
    ],
    nonTriggering: [
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/","p":"img_0.png","e":0}"#),
        files: ["images/img_0.png": ExampleImages.png1x1]),
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,\#(ExampleImages.png1x1Base64)","e":1}"#))
    ])

  func check(_ context: LintContext) -> [Finding] {
    ImageAssetScan.of(context).images.compactMap { image in
      guard case .external(let external) = image.source, case .file(_, exists: false) = external.location,
        let p = image.asset?.node["p"]
      else { return nil }
      return Finding(
        p, "\(image.phrase) points to \(external.displayPath), which does not exist",
        help: "put the image at \(external.displayPath), relative to the animation, or fix \"u\" and \"p\"",
        layerPath: image.layerPath)
    }
  }
}
