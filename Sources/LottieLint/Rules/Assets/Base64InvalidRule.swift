import LottieKitIO
import LottieModel

struct Base64InvalidRule: LintRule {
  static let description = RuleDescription(
    code: "LK304", name: "base64-invalid",
    summary: "an embedded image's base64 data does not decode",
    rationale:
      "lottie-ios decodes with Data(base64Encoded:) and no options, which rejects line breaks, spaces, missing \"=\" padding and characters outside the standard alphabet, and then draws nothing; android.util.Base64 in lottie-android is more lenient, so the image shows on one platform and not on the other",
    fixHint: "re-encode the image as standard base64 (alphabet A–Z a–z 0–9 + /, \"=\" padding, no line breaks)",
    category: .assets, defaultSeverity: .error,
    triggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":↓"data:image/png;base64,iVBORw0KGgo%AAAA","e":1}"#)),
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":↓"data:image/png;base64,\#(ExampleImages.png1x1Base64.dropLast(2))","e":1}"#)),
      Example(
        assetExample(
          #"{"id":"image_0","w":1,"h":1,"u":"","p":↓"data:image/png;base64,\#(ExampleImages.png1x1Base64.prefix(40))\n\#(ExampleImages.png1x1Base64.dropFirst(40))","e":1}"#
        ))
    ],
    nonTriggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,\#(ExampleImages.png1x1Base64)","e":1}"#))
    ])

  func check(_ context: LintContext) -> [Finding] {
    ImageAssetScan.of(context).images.compactMap { image in
      guard case .embedded(let embedded) = image.source, let error = embedded.base64Error,
        let p = image.asset?.node["p"]
      else { return nil }
      return Finding(
        p, "\(image.phrase) has base64 data that does not decode: \(error)", help: help(for: error),
        layerPath: image.layerPath)
    }
  }

  func help(for error: Base64Error) -> String {
    switch error {
    case .whitespace: return "remove the line breaks and spaces from the base64 data"
    case .invalidLength: return "restore the \"=\" padding at the end (the length must be a multiple of 4), or re-embed the image if the data was cut short"
    case .misplacedPadding: return "re-embed the image: \"=\" may only end the data"
    case .invalidCharacter: return "re-encode the image as standard base64 (A–Z a–z 0–9 + / and \"=\" padding)"
    }
  }
}
