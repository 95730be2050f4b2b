import LottieJSON
import LottieModel

struct UnusedSlotRule: LintRule {
  static let description = RuleDescription(
    code: "LK214", name: "unused-slot",
    summary: "a slot that no property's sid names",
    rationale:
      "Lottie 1.0.1 (https://lottie.github.io/lottie-spec/1.0.1/specs/slots/): a slot only acts through the properties that name it; one no property names does nothing, and code that sets it changes nothing on screen",
    fixHint: "add \"sid\" to the property the slot is meant for, or remove the slot",
    category: .references, defaultSeverity: .info,
    triggering: [Example("{\(Example.header),\"slots\":{↓\"spare\":{\"p\":{\"a\":0,\"k\":[1,0,0,1]}}},\"layers\":[]}")],
    nonTriggering: [Example(Example.slotted("[1,0,0,1]"))])
  func check(_ context: LintContext) -> [Finding] {
    let animation = context.animation
    guard let slots = animation.root["slots"], slots.isObject else { return [] }
    let used = Set(context.slotUses.compactMap { $0.sid.string })
    return slots.members.compactMap { m in
      guard !used.contains(m.key) else { return nil }
      return Finding(m.keyNode, "slot \"\(m.key)\" is named by no property's sid", layerPath: ["slots", m.key])
    }
  }
}
