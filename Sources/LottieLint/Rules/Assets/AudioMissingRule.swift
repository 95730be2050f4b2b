import LottieModel

struct AudioMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK310", name: "audio-missing",
    summary: "a sound asset points to a file that does not exist",
    rationale:
      "lottie-web plays audio layers (ty 6) from \"u\" + \"p\" when the app gives it an audio factory, and finds nothing to play; pack and dotLottie archives cannot carry a sound that is not there. \"u\" + \"p\" are resolved against the animation's folder, as for images (LK301)",
    fixHint: "put the sound at the path \"u\" + \"p\" names, relative to the animation, or remove the asset and its audio layer",
    category: .assets, defaultSeverity: .warning,
    triggering: [
      Example(assetExample(#"{"id":"audio_0","u":"audio/","p":↓"aud_0.mp3","e":0}"#)),
      Example(
        assetExample(#"{"id":"audio_0","u":"audio/","p":"aud_0.mp3","e":0},{"id":"audio_1","u":"audio/","p":↓"aud_1.wav","e":0}"#),
        files: ["audio/aud_0.mp3": [0x49, 0x44, 0x33]])
    ],
    nonTriggering: [
      Example(assetExample(#"{"id":"audio_0","u":"audio/","p":"aud_0.mp3","e":0}"#), files: ["audio/aud_0.mp3": [0x49, 0x44, 0x33]]),
      Example(assetExample(#"{"id":"audio_0","u":"","p":"data:audio/mpeg;base64,SUQz","e":1}"#))
    ])

  func check(_ context: LintContext) -> [Finding] {
    guard let base = context.baseDirectory, let fileSystem = context.fileSystem else { return [] }
    var findings: [Finding] = []
    for (position, asset) in context.animation.assets.enumerated() where asset.isSound {
      guard case .file(let relative, _, exists: false) = fileSystem.locate(asset, baseDirectory: base),
        let p = asset.node["p"]
      else { continue }
      let label = asset.id.map { "\"\($0)\"" } ?? "#\(position)"
      findings.append(
        Finding(
          p, "sound asset \(label) points to \(relative), which does not exist",
          help: "put the sound at \(relative), relative to the animation, or fix \"u\" and \"p\"",
          layerPath: ["assets", asset.id ?? "#\(position)"]))
    }
    return findings
  }
}
