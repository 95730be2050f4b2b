import LottieJSON
import LottieKitIO
import LottieModel

struct ImageTypeMismatchRule: LintRule {
  static let description = RuleDescription(
    code: "LK305", name: "image-type-mismatch",
    summary: "an image's declared type (data URI media type or file extension) does not match its bytes, or the bytes are not an image",
    rationale:
      "players decode by content, so a mislabelled image usually still shows, but servers, CDNs and packers go by the declared type (a wrong Content-Type, a wrong extension inside a .lottie), \"image/jpg\" is not a registered media type, and bytes that are not an image at all draw nothing (an error-level finding)",
    fixHint:
      "declare the type the bytes have (data:image/jpeg;base64,… for JPEG, never image/jpg; a .png file must hold PNG), or replace the bytes with a real image",
    category: .assets, defaultSeverity: .warning,
    triggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":↓"data:image/png;base64,\#(ExampleImages.jpeg1x1Base64)","e":1}"#)),
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":↓"data:image/jpg;base64,\#(ExampleImages.jpeg1x1Base64)","e":1}"#)),
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/","p":↓"img_0.png","e":0}"#),
        files: ["images/img_0.png": ExampleImages.jpeg1x1]),
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/","p":↓"img_0.png","e":0}"#),
        files: ["images/img_0.png": Array("<html><body>404 not found</body></html>".utf8)])
    ],
    nonTriggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/jpeg;base64,\#(ExampleImages.jpeg1x1Base64)","e":1}"#)),
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/","p":"img_0.jpg","e":0},{"id":"image_1","w":1,"h":1,"u":"images/","p":"img_1.png","e":0}"#),
        files: ["images/img_0.jpg": ExampleImages.jpeg1x1, "images/img_1.png": ExampleImages.png1x1])
    ])

  func check(_ context: LintContext) -> [Finding] {
    ImageAssetScan.of(context).images.compactMap { image in
      guard let content = image.content, let p = image.asset?.node["p"] else { return nil }
      switch image.source {
      case .embedded(let embedded):
        return checkEmbedded(image, embedded, content, at: p)
      case .external(let external):
        return checkFile(image, external, content, at: p)
      }
    }
  }

  func checkEmbedded(_ image: ImageAssetFacts, _ embedded: EmbeddedImageFacts, _ content: ImageContent, at p: JSONNode) -> Finding? {
    let declared = embedded.mediaType
    guard let info = content.info else {
      let what = declared.map { "declares \($0), but its data is not an image" } ?? "holds data that is not an image"
      return Finding(
        p, "\(image.phrase) \(what) (\(content.startDescription))",
        help: "embed a PNG, JPEG, WebP or GIF image", layerPath: image.layerPath, severity: .error)
    }
    guard let declared else { return nil }
    let lowered = declared.lowercased()
    if lowered == info.mimeType { return nil }
    let fixed = "data:\(info.mimeType);base64,"
    if lowered == "image/jpg" && info.type == .jpeg {
      return Finding(
        p, "\(image.phrase) declares \(declared), which is not a registered media type",
        help: "write \"\(fixed)\" (the registered type for JPEG is image/jpeg)", layerPath: image.layerPath)
    }
    return Finding(
      p, "\(image.phrase) declares \(declared), but its data is \(info.type.displayName)",
      help: "write \"\(fixed)\"", layerPath: image.layerPath)
  }

  func checkFile(_ image: ImageAssetFacts, _ external: ExternalImageFacts, _ content: ImageContent, at p: JSONNode) -> Finding? {
    let path = external.displayPath
    guard let info = content.info else {
      return Finding(
        p, "\(image.phrase) points to \(path), which is not an image (\(content.startDescription))",
        help: "replace \(path) with a PNG, JPEG, WebP or GIF image", layerPath: image.layerPath, severity: .error)
    }
    let name = external.relativePath.split(separator: "/").last.map(String.init) ?? external.relativePath
    guard let dot = name.lastIndex(of: "."), let declared = ImageType(fileExtension: String(name[name.index(after: dot)...])),
      declared != info.type
    else { return nil }
    let stem = String(name[..<dot])
    return Finding(
      p, "\(image.phrase) points to \(path), which holds \(info.type.displayName) data, not \(declared.displayName)",
      help: "rename the file to \(stem).\(info.type.fileExtensions[0]) and update \"p\", or convert the image to \(declared.displayName)",
      layerPath: image.layerPath)
  }
}
