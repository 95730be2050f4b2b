import LottieModel

struct DataURIMalformedRule: LintRule {
  static let description = RuleDescription(
    code: "LK303", name: "data-uri-malformed",
    summary: "an embedded image's \"p\" starts with \"data:\" but is not a well-formed base64 data URI",
    rationale:
      "players recognise embedded images by their text: lottie-ios needs a string that URL(string:) accepts and that contains \";base64,\" (ImageAsset.swift), lottie-android needs \"base64,\" after \"data:\" (ImageAssetManager.java); anything else is decoded as garbage or looked up as a file name, and the image layer draws nothing",
    fixHint: "write the image as data:<media type>;base64,<base64 data>, for example data:image/png;base64,iVBORw0KGgo…",
    category: .assets, defaultSeverity: .error,
    triggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":↓"data:image/png,\#(ExampleImages.png1x1Base64)","e":1}"#)),
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":↓"data:image/png;base64\#(ExampleImages.png1x1Base64)","e":1}"#)),
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":↓"data:image png;base64,\#(ExampleImages.png1x1Base64)","e":1}"#)),
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":↓"data:image/png;BASE64,\#(ExampleImages.png1x1Base64)","e":1}"#))
    ],
    nonTriggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,\#(ExampleImages.png1x1Base64)","e":1}"#)),
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;charset=binary;base64,\#(ExampleImages.png1x1Base64)","e":1}"#))
    ])

  func check(_ context: LintContext) -> [Finding] {
    ImageAssetScan.of(context).images.compactMap { image in
      guard case .embedded(let embedded) = image.source, let p = image.asset?.node["p"] else { return nil }
      let example = "data:\(embedded.mediaType ?? "image/png");base64,<base64 data>"
      if let error = embedded.headerError {
        return Finding(
          p, "\(image.phrase) has a malformed data URI: \(error)", help: "write it as \(example)",
          layerPath: image.layerPath)
      }
      if !embedded.isBase64 {
        return Finding(
          p,
          "\(image.phrase) has a data URI without \";base64,\": lottie-android decodes only base64 data URIs and lottie-ios reads the rest as percent-encoded bytes",
          help: "encode the image in base64 and write it as \(example)", layerPath: image.layerPath)
      }
      if !embedded.hasPlayerBase64Marker {
        return Finding(
          p, "\(image.phrase) writes the data URI's \";base64\" in capitals: players look for lowercase \";base64,\"",
          help: "write it as \(example)", layerPath: image.layerPath)
      }
      return nil
    }
  }
}
