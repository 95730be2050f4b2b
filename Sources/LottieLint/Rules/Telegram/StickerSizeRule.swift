import LottieJSON
import LottieKitIO
import LottieModel

struct StickerSizeRule: LintRule {
  static let description = RuleDescription(
    code: "LK804", name: "sticker-file-size",
    summary: "a Telegram sticker is larger than 64 KB after gzip",
    rationale:
      "Telegram rejects .tgs files over 64 KB; the size is measured on the minified JSON gzipped at the best level, as lottiekit pack --format tgs writes it",
    fixHint: "simplify paths (fewer vertices and keyframes), remove hidden layers, round numbers with lottiekit pack --precision",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [Example("↓{\"v\":\"5.5.2\",\"fr\":60,\"ip\":0,\"op\":180,\"w\":512,\"h\":512,\"layers\":[],\"noise\":[\(StickerSizeRule.noise)]}")],
    nonTriggering: [Example(Example.sticker)])

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
    // Otherwise the size pack writes: best compression, stopped as soon as it passes the limit.
    // (Cheaper levels are no bound: on data that hardly compresses, level 6 came out 2 bytes
    // under the limit where level 9 was 2 bytes over, and a 65,538-byte sticker passed.)
    if Gzip.compressedSize(json, atMost: limit) != nil { return [] }
    return [
      Finding(
        context.document.root,
        "the sticker is more than \(limit) bytes gzipped (best compression, \(json.count) bytes minified); Telegram allows at most \(limit)",
        help: "simplify the animation (fewer keyframes, layers and points); lottiekit pack --format tgs reports the exact size",
        renderers: ["rlottie"])
    ]
  }
}
