import LottieJSON
import LottieModel

struct SlotMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK212", name: "slot-missing",
    summary: "a property's sid names a slot that slots does not define",
    rationale:
      "Lottie 1.0.1 (https://lottie.github.io/lottie-spec/1.0.1/specs/slots/): a property (or image asset) with \"sid\" takes the value of that slot; with no such slot players that apply slots (lottie-web's SlotManager, ThorVG) keep the value written there, and without one there is no value at all",
    fixHint: "add the slot to the top-level \"slots\" object, or correct the sid",
    category: .references, defaultSeverity: .warning,
    triggering: [Example(Example.slotted("[1,0,0,1]", sid: #"↓"acent""#))],
    nonTriggering: [Example(Example.slotted("[1,0,0,1]"))])
  func check(_ context: LintContext) -> [Finding] {
    let animation = context.animation
    let slots = animation.slotsByID
    return context.slotUses.compactMap { use in
      guard let id = use.sid.string, slots[id] == nil else { return nil }
      let known = slots.keys.sorted().prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
      // A property's own value is its "k"; an image asset's (a file asset slot) is its "p".
      let own = use.property["k"] != nil || use.property["p"] != nil
      return Finding(
        use.sid, "sid \"\(id)\" names no slot of this file; " + (own ? "players keep the value written here" : "and there is no value written here either"),
        help: slots.isEmpty ? "add \"slots\": {\"\(id)\": {\"p\": …}} at the top level" : "add slot \"\(id)\" or use one of: \(known)",
        layerPath: animation.layerPath(of: use.property), severity: own ? nil : .error)
    }
  }
}
