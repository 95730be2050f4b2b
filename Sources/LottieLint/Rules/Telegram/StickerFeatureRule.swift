import LottieJSON
import LottieKitIO
import LottieModel

struct StickerFeatureRule: LintRule {
  static let description = RuleDescription(
    code: "LK805", name: "sticker-forbidden-feature",
    summary: "a Telegram sticker uses a feature Telegram forbids",
    rationale:
      "Telegram rejects stickers with expressions, masks, effects, images, solids, text, 3D layers, merge paths, star shapes, gradient strokes, repeaters, time stretching, time remapping or auto-orient, wherever they are — in nested groups and precomps too, which existing checkers do not search",
    fixHint: "rebuild the part with plain shapes, fills, strokes and transforms",
    category: .compat, defaultSeverity: .error, profiles: ["telegram-sticker"],
    triggering: [
      Example(
        #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[{"ty":4,"ind":1,"ip":0,"op":180,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"gr","it":[↓{"ty":"rp","nm":"Repeater"}]}]}]}]}"#
      ),
      Example(
        #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"assets":[{"id":"c","layers":[{"ty":4,"ind":1,"ip":0,"op":180,"ks":{"o":{"a":0,"k":100,"x":↓"value"}},"shapes":[]}]}],"layers":[{"ty":0,"refId":"c","ind":1,"ip":0,"op":180,"ks":{}}]}"#
      )
    ],
    nonTriggering: [
      Example(
        #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[{"ty":4,"ind":1,"ip":0,"op":180,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"el"},{"ty":"fl"},{"ty":"gf"},{"ty":"tm"}]}]}]}"#
      )
    ])

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
