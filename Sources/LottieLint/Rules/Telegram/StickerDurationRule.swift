import LottieJSON
import LottieKitIO
import LottieModel

struct StickerDurationRule: LintRule {
  static let description = RuleDescription(
    code: "LK802", name: "sticker-duration",
    summary: "a Telegram sticker lasts longer than 3 seconds",
    rationale:
      "Telegram rejects stickers longer than 3 s; python-lottie's tgs_check only errors above 180 frames, which lets 4–6 s stickers at 30–45 fps through",
    fixHint: "shorten the composition to at most 3 s ((op − ip) / fr ≤ 3)",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [Example(#"{"v":"5.5.2","fr":30,"ip":0,"op":↓120,"w":512,"h":512,"layers":[]}"#)],
    nonTriggering: [Example(Example.sticker)])
  func check(_ context: LintContext) -> [Finding] {
    guard let opNode = context.document.root["op"], let seconds = context.animation.duration,
      seconds > TelegramProfile.maxSeconds + 1e-9
    else { return [] }
    return [
      Finding(
        opNode, "the sticker lasts \(String(format: "%.2f", seconds)) s ((op − ip) / fr); Telegram allows at most \(TelegramProfile.maxSeconds.compactText) s",
        renderers: ["rlottie"])
    ]
  }
}
