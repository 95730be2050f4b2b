import LottieJSON
import LottieKitIO
import LottieModel

let telegramRules: [any LintRule.Type] = [
  StickerCanvasRule.self, StickerDurationRule.self, StickerFrameRateRule.self, StickerSizeRule.self, StickerFeatureRule.self,
  StickerCanvasBoundsRule.self
]

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
