import LottieJSON
import LottieKitIO
import LottieModel

struct StickerFrameRateRule: LintRule {
  static let description = RuleDescription(
    code: "LK803", name: "sticker-frame-rate",
    summary: "a Telegram sticker does not run at 60 fps (30 allowed with --sticker-30fps)",
    rationale: "Telegram's current requirements ask for 60 fps; the older page allowed 30 or 60 for a whole pack",
    fixHint: "export at 60 fps",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [Example(#"{"v":"5.5.2","fr":↓25,"ip":0,"op":75,"w":512,"h":512,"layers":[]}"#)],
    nonTriggering: [Example(Example.sticker)])
  func check(_ context: LintContext) -> [Finding] {
    guard let frNode = context.document.root["fr"], let fr = frNode.double else { return [] }
    let allowed: [Double] = context.sticker.allow30fps ? [30, 60] : [60]
    guard !allowed.contains(fr) else { return [] }
    return [
      Finding(
        frNode, "the frame rate is \(fr.compactText) fps; Telegram stickers must be \(allowed.map(\.compactText).joined(separator: " or ")) fps",
        renderers: ["rlottie"])
    ]
  }
}
