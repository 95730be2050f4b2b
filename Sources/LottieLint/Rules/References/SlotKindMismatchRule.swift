import LottieJSON
import LottieModel

struct SlotKindMismatchRule: LintRule {
  static let description = RuleDescription(
    code: "LK213", name: "slot-kind-mismatch",
    summary: "a slot's value is another kind of value than the property it fills",
    rationale:
      "Lottie 1.0.1 (https://lottie.github.io/lottie-spec/1.0.1/specs/slots/): a slot holds the property it stands for; lottie-web merges the slot's \"p\" over the property, so a number in a colour's slot, or a colour in a path's, leaves the player a value it cannot draw (ThorVG crashes on a path taken from a slot at all: see compat)",
    fixHint: "give the slot a value of the property's kind (the same as the property's own \"k\"), or point the sid at another slot",
    category: .references, defaultSeverity: .error,
    triggering: [Example(Example.slotted("↓50"))],
    nonTriggering: [Example(Example.slotted("[1,0,0]"))])
  func check(_ context: LintContext) -> [Finding] {
    let animation = context.animation
    let slots = animation.slotsByID
    var findings: [Finding] = []
    var reported = Set<UInt32>()
    for use in context.slotUses {
      guard let id = use.sid.string, let slot = slots[id], let own = use.property["k"] else { continue }
      guard let value = slot["p"]?["k"] else {
        if reported.insert(slot.id.raw).inserted {
          findings.append(
            Finding(
              slot, "slot \"\(id)\" has no \"p\" with a \"k\": it gives the property nothing",
              help: "write the slot as {\"p\": {\"a\": 0, \"k\": …}}", layerPath: ["slots", id]))
        }
        continue
      }
      let want = ValueShape(own), got = ValueShape(value)
      guard !got.fits(want), reported.insert(value.id.raw).inserted else { continue }
      findings.append(
        Finding(
          value, "slot \"\(id)\" holds \(got), but the property it fills holds \(want)",
          help: "give slot \"\(id)\" \(want), like the property's own value", layerPath: ["slots", id]))
    }
    return findings
  }
}
