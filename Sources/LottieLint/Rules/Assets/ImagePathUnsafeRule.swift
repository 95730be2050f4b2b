import LottieModel

struct ImagePathUnsafeRule: LintRule {
  static let description = RuleDescription(
    code: "LK302", name: "image-path-unsafe",
    summary: "an image asset's path is absolute, leaves the animation's folder, or is a URL",
    rationale:
      "players look for images inside the app: lottie-ios in the bundle (search path + \"u\", then the bundle root), lottie-android in its images folder (and it ignores \"u\"), so an absolute path or one that climbs out with \"..\" or through a symbolic link finds nothing once the animation ships (and makes a player read wherever the file says); a URL is fetched at run time by lottie-web, while lottie-ios and lottie-android do not load http(s) images unless the app supplies an image provider",
    fixHint: "copy the image into the animation's folder (for example images/) and make \"u\" + \"p\" a relative path to it, or embed it",
    category: .assets, defaultSeverity: .error,
    triggering: [
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":"","p":↓"/Users/me/Desktop/img_0.png","e":0}"#)),
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":↓"../shared/","p":"img_0.png","e":0}"#)),
      Example(assetExample(#"{"id":"image_0","w":1,"h":1,"u":↓"https://cdn.example.com/images/","p":"img_0.png","e":0}"#))
    ],
    nonTriggering: [
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/","p":"img_0.png","e":0}"#),
        files: ["images/img_0.png": ExampleImages.png1x1]),
      Example(
        assetExample(#"{"id":"image_0","w":1,"h":1,"u":"images/../images/","p":"img_0.png","e":0}"#),
        files: ["images/img_0.png": ExampleImages.png1x1])
    ])

  func check(_ context: LintContext) -> [Finding] {
    ImageAssetScan.of(context).images.compactMap { image in
      guard case .external(let external) = image.source, let asset = image.asset,
        let p = asset.node["p"]
      else { return nil }
      let u = asset.node["u"]
      let folder = asset.folder ?? ""
      let path = external.displayPath
      switch external.location {
      case .absolute:
        let node = ExternalImageFacts.isAbsolute(folder) ? (u ?? p) : p
        return Finding(
          node, "\(image.phrase) uses the absolute path \(path): players look for it at that path on the device, where it is not",
          help:
            "copy the image beside the animation and make \"u\" + \"p\" relative (for example \"u\": \"images/\", \"p\": \"\(lastComponent(external.relativePath))\")",
          layerPath: image.layerPath)
      case .escapesByDots:
        let node = ExternalImageFacts.climbsOut(folder) || folder.split(separator: "/").contains("..") ? (u ?? p) : p
        return Finding(
          node,
          "\(image.phrase) points to \(path), outside the animation's folder: players look for images only inside their own image folder, so it is not found once the animation ships",
          help: "copy the image into the animation's folder (for example images/\(lastComponent(external.relativePath))) and point \"u\" + \"p\" at it",
          layerPath: image.layerPath)
      case .escapesBySymlink:
        return Finding(
          p,
          "\(image.phrase) points to \(path), a symbolic link that leads outside the animation's folder: bundling copies the link or nothing, so players may not find the image",
          help: "replace the link with a copy of the image",
          layerPath: image.layerPath)
      case .url(let fullURL):
        let url = AssetWording.shortened(fullURL)
        let node = folder.contains("://") ? (u ?? p) : p
        return Finding(
          node,
          "\(image.phrase) is loaded from the URL \(url): lottie-web fetches it at run time, while lottie-ios and lottie-android do not load http(s) images unless the app supplies an image provider",
          help: "embed the image or ship it beside the animation; keep the URL only if every app that plays the file loads it itself",
          layerPath: image.layerPath, severity: .warning)
      case .file, .unchecked, .invalid:
        return nil
      }
    }
  }

  func lastComponent(_ path: String) -> String {
    path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? path
  }
}
