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
    // Otherwise cheaper levels settle most files. Over the corpus's 145 animations above 64 KB
    // minified, best compression (level 9) was never larger than level 1 (at most 0.98×) or level 6
    // (at most 1.00×), and never below 0.87× of level 6 (0.86× on synthetic repeats) — but down to
    // 0.42× of level 1 (0.29× synthetic), so only level 6 may show that a file is too big, and only
    // with a wide margin (0.75×). Files in between pay for best compression, stopped at the limit.
    if Gzip.compressedSize(json, atMost: limit, level: 1) != nil { return [] }
    let medium = Gzip.compressedSize(json, atMost: limit * 4 / 3, level: 6)
    if let medium, medium <= limit { return [] }
    if medium != nil, Gzip.compressedSize(json, atMost: limit) != nil { return [] }
    return [
      Finding(
        context.document.root,
        "the sticker is more than \(limit) bytes gzipped (best compression, \(json.count) bytes minified); Telegram allows at most \(limit)",
        help: "simplify the animation (fewer keyframes, layers and points); lottiekit pack --format tgs reports the exact size",
        renderers: ["rlottie"])
    ]
  }
}
