import LottieJSON
import LottieKitIO
import LottieModel

struct StickerCanvasRule: LintRule {
  static let description = RuleDescription(
    code: "LK801", name: "sticker-canvas-size",
    summary: "a Telegram sticker's canvas is not 512×512 (100×100 for custom emoji with --sticker-emoji)",
    rationale: "Telegram rejects sticker uploads of any other size (core.telegram.org/stickers)",
    fixHint: "set the composition to 512×512 px and scale the artwork to fit",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [Example(#"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":↓500,"h":512,"layers":[]}"#)],
    nonTriggering: [Example(Example.sticker)])
  func check(_ context: LintContext) -> [Finding] {
    let (ew, eh) = context.sticker.emoji ? (100.0, 100.0) : (512.0, 512.0)
    let root = context.document.root
    guard let wNode = root["w"], let hNode = root["h"], let w = wNode.double, let h = hNode.double, w != ew || h != eh else { return [] }
    return [
      Finding(
        w != ew ? wNode : hNode,
        "the canvas is \(w.compactText)×\(h.compactText); Telegram \(context.sticker.emoji ? "custom emoji" : "stickers") must be \(ew.compactText)×\(eh.compactText)",
        help: "set the composition to \(ew.compactText)×\(eh.compactText) px and scale the artwork to fit", renderers: ["rlottie"])
    ]
  }
}
