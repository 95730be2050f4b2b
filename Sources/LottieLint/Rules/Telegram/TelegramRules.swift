import LottieJSON
import LottieKitIO
import LottieModel

let telegramRules: [any LintRule.Type] = [
  StickerCanvasRule.self, StickerDurationRule.self, StickerFrameRateRule.self, StickerSizeRule.self, StickerFeatureRule.self,
  StickerCanvasBoundsRule.self,
]

private let sticker = #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[]}"#

/// The Telegram sticker profile's data (Rules/profiles/telegram-sticker.json).
enum TelegramProfile {
  struct Forbidden { let name: String; let features: [String]; let source: String }
  static let document: JSONDocument? = RulesData.files["profiles/telegram-sticker.json"].flatMap { try? JSONDocument(parsing: $0) }
  static var maxGzipBytes: Int { document?.root["maxGzipBytes"]?["value"]?.int ?? 65536 }
  static var maxSeconds: Double { document?.root["maxDurationSeconds"]?["value"]?.double ?? 3 }
  static var forbidden: [Forbidden] {
    document?.root["forbidden"].list.compactMap { f in
      guard let name = f["name"]?.string else { return nil }
      return Forbidden(name: name, features: f["features"].list.compactMap(\.string), source: f["source"]?.string ?? "")
    } ?? []
  }
}

struct StickerCanvasRule: LintRule {
  static let description = RuleDescription(
    code: "LK801", name: "sticker-canvas-size",
    summary: "a Telegram sticker's canvas is not 512×512 (100×100 for custom emoji with --sticker-emoji)",
    rationale: "Telegram rejects sticker uploads of any other size (core.telegram.org/stickers)",
    fixHint: "set the composition to 512×512 px and scale the artwork to fit",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [Example(#"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":↓500,"h":512,"layers":[]}"#)],
    nonTriggering: [Example(sticker)])
  func check(_ context: LintContext) -> [Finding] {
    let (ew, eh) = context.stickerEmoji ? (100.0, 100.0) : (512.0, 512.0)
    let root = context.document.root
    guard let wNode = root["w"], let hNode = root["h"], let w = wNode.double, let h = hNode.double, w != ew || h != eh else { return [] }
    return [Finding(w != ew ? wNode : hNode, "the canvas is \(w.compactText)×\(h.compactText); Telegram stickers must be \(ew.compactText)×\(eh.compactText)",
                    renderers: ["rlottie"])]
  }
}

struct StickerDurationRule: LintRule {
  static let description = RuleDescription(
    code: "LK802", name: "sticker-duration",
    summary: "a Telegram sticker lasts longer than 3 seconds",
    rationale: "Telegram rejects stickers longer than 3 s; python-lottie's tgs_check only errors above 180 frames, which lets 4–6 s stickers at 30–45 fps through",
    fixHint: "shorten the composition to at most 3 s ((op − ip) / fr ≤ 3)",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [Example(#"{"v":"5.5.2","fr":30,"ip":0,"op":↓120,"w":512,"h":512,"layers":[]}"#)],
    nonTriggering: [Example(sticker)])
  func check(_ context: LintContext) -> [Finding] {
    guard let opNode = context.document.root["op"], let seconds = context.animation.duration,
          seconds > TelegramProfile.maxSeconds + 1e-9 else { return [] }
    return [Finding(opNode, "the sticker lasts \(String(format: "%.2f", seconds)) s ((op − ip) / fr); Telegram allows at most \(TelegramProfile.maxSeconds.compactText) s",
                    renderers: ["rlottie"])]
  }
}

struct StickerFrameRateRule: LintRule {
  static let description = RuleDescription(
    code: "LK803", name: "sticker-frame-rate",
    summary: "a Telegram sticker does not run at 60 fps (30 allowed with --sticker-30fps)",
    rationale: "Telegram's current requirements ask for 60 fps; the older page allowed 30 or 60 for a whole pack",
    fixHint: "export at 60 fps",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [Example(#"{"v":"5.5.2","fr":↓25,"ip":0,"op":75,"w":512,"h":512,"layers":[]}"#)],
    nonTriggering: [Example(sticker)])
  func check(_ context: LintContext) -> [Finding] {
    guard let frNode = context.document.root["fr"], let fr = frNode.double else { return [] }
    let allowed: [Double] = context.stickerAllow30fps ? [30, 60] : [60]
    guard !allowed.contains(fr) else { return [] }
    return [Finding(frNode, "the frame rate is \(fr.compactText) fps; Telegram stickers must be \(allowed.map(\.compactText).joined(separator: " or ")) fps",
                    renderers: ["rlottie"])]
  }
}

struct StickerSizeRule: LintRule {
  static let description = RuleDescription(
    code: "LK804", name: "sticker-file-size",
    summary: "a Telegram sticker is larger than 64 KB after gzip",
    rationale: "Telegram rejects .tgs files over 64 KB; the size is measured on the minified JSON gzipped at the best level, as lottiekit pack --format tgs writes it",
    fixHint: "simplify paths (fewer vertices and keyframes), remove hidden layers, round numbers with lottiekit pack --precision",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [Example("↓{\"v\":\"5.5.2\",\"fr\":60,\"ip\":0,\"op\":180,\"w\":512,\"h\":512,\"layers\":[],\"noise\":[\(StickerSizeRule.noise)]}")],
    nonTriggering: [Example(sticker)])

  /// 30,000 pseudo-random numbers: well over 64 KB even gzipped.
  static let noise: String = {
    var x: UInt64 = 88172645463325252
    return (0..<30000).map { _ -> String in
      x ^= x << 13; x ^= x >> 7; x ^= x << 17
      return String(x % 1_000_000)
    }.joined(separator: ",")
  }()

  func check(_ context: LintContext) -> [Finding] {
    let limit = TelegramProfile.maxGzipBytes
    let json = context.document.written(.minified)
    // gzip adds at most 18 bytes of framing and 5 per 16 KB stored block to text that does not
    // compress at all: JSON this small fits without compressing it.
    if json.count + 18 + 5 * (json.count / 16_384 + 1) <= limit { return [] }
    // Otherwise cheaper levels settle most files. Over the corpus's 145 animations above 64 KB
    // minified, best compression (level 9) was never larger than level 1 (at most 0.98×) or level 6
    // (at most 1.00×), and never below 0.87× of level 6 (0.86× on synthetic repeats) — but down to
    // 0.42× of level 1 (0.29× synthetic), so only level 6 may show that a file is too big, and only
    // with a wide margin (0.75×). Files in between pay for best compression, stopped at the limit.
    if Gzip.compressedSize(json, atMost: limit, level: 1) != nil { return [] }
    let medium = Gzip.compressedSize(json, atMost: limit * 4 / 3, level: 6)
    if let medium, medium <= limit { return [] }
    if medium != nil, Gzip.compressedSize(json, atMost: limit) != nil { return [] }
    return [Finding(context.document.root, "the sticker is more than \(limit) bytes gzipped (best compression, \(json.count) bytes minified); Telegram allows at most \(limit)",
                    help: "simplify the animation (fewer keyframes, layers and points); lottiekit pack --format tgs reports the exact size",
                    renderers: ["rlottie"])]
  }
}

struct StickerFeatureRule: LintRule {
  static let description = RuleDescription(
    code: "LK805", name: "sticker-forbidden-feature",
    summary: "a Telegram sticker uses a feature Telegram forbids",
    rationale: "Telegram rejects stickers with expressions, masks, effects, images, solids, text, 3D layers, merge paths, star shapes, gradient strokes, repeaters, time stretching, time remapping or auto-orient, wherever they are — in nested groups and precomps too, which existing checkers do not search",
    fixHint: "rebuild the part with plain shapes, fills, strokes and transforms",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [
      Example(#"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[{"ty":4,"ind":1,"ip":0,"op":180,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"gr","it":[↓{"ty":"rp","nm":"Repeater"}]}]}]}]}"#),
      Example(#"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"assets":[{"id":"c","layers":[{"ty":4,"ind":1,"ip":0,"op":180,"ks":{"o":{"a":0,"k":100,"x":↓"value"}},"shapes":[]}]}],"layers":[{"ty":0,"refId":"c","ind":1,"ip":0,"op":180,"ks":{}}]}"#),
    ],
    nonTriggering: [Example(#"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[{"ty":4,"ind":1,"ip":0,"op":180,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"el"},{"ty":"fl"},{"ty":"gf"},{"ty":"tm"}]}]}]}"#)])

  func check(_ context: LintContext) -> [Finding] {
    var byFeature: [String: String] = [:]
    for f in TelegramProfile.forbidden { for id in f.features { byFeature[id] = f.name } }
    return context.featureUses.compactMap { use in
      guard let name = byFeature[use.feature.rawValue] else { return nil }
      let detail = use.detail.map { " (\($0))" } ?? ""
      return Finding(use.node, "\(name.lowercased()) are not allowed in Telegram stickers: \(use.feature.title)\(detail)", renderers: ["rlottie"])
    }
  }
}
