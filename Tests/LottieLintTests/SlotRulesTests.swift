import Testing
@testable import LottieLint

/// #23: slots (Lottie 1.0.1) beyond the rules' own examples: severities, file asset slots, shapes
/// that stand for each other, and one finding per slot.
@Suite("slot rules")
struct SlotRulesTests {
  let header = #""v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10"#

  func lint(_ json: String) -> [Diagnostic] {
    Linter(options: LintOptions(), rules: [SlotMissingRule.self, SlotKindMismatchRule.self, UnusedSlotRule.self])
      .lint(path: "a.json", bytes: Array(json.utf8), baseDirectory: nil)
  }

  func fill(_ property: String) -> String {
    #"{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"fl","c":\#(property)}]}"#
  }

  @Test func aMissingSlotIsAnErrorOnlyWhenNothingElseGivesAValue() {
    let withValue = lint("{\(header),\"layers\":[\(fill(#"{"a":0,"k":[0,0,0,1],"sid":"x"}"#))]}")
    #expect(withValue.map(\.code) == ["LK212"])
    #expect(withValue.first?.severity == .warning)
    let without = lint("{\(header),\"layers\":[\(fill(#"{"sid":"x"}"#))]}")
    #expect(without.map(\.code) == ["LK212"])
    #expect(without.first?.severity == .error)
  }

  @Test func anImageAssetSlotNamingNothingKeepsItsFile() {
    let d = lint("{\(header),\"assets\":[{\"id\":\"i\",\"w\":1,\"h\":1,\"u\":\"\",\"p\":\"a.png\",\"sid\":\"photo\"}],\"layers\":[]}")
    #expect(d.map(\.code) == ["LK212"])
    #expect(d.first?.severity == .warning)
    #expect(d.first?.message.contains("keep the value written here") == true)
  }

  @Test(arguments: [
    (#"[0,0,0,1]"#, #"[1,0,0]"#, true),  // RGB for RGBA
    (#"[0,0,0,1]"#, #"[{"t":0,"s":[1,0,0,1]},{"t":10,"s":[0,0,1,1]}]"#, true),  // keyframes
    (#"50"#, #"80"#, true),
    (#"[0,0,0,1]"#, #"50"#, false),
    (#"50"#, #"[1,0,0,1]"#, false),
    (#"[0,0,0,1]"#, #"{"c":true,"v":[],"i":[],"o":[]}"#, false)
  ])
  func slotValuesMustFitTheProperty(own: String, slot: String, fits: Bool) {
    let json = "{\(header),\"slots\":{\"s\":{\"p\":{\"a\":0,\"k\":\(slot)}}},\"layers\":[\(fill("{\"a\":0,\"k\":\(own),\"sid\":\"s\"}"))]}"
    #expect(lint(json).map(\.code) == (fits ? [] : ["LK213"]))
  }

  @Test func oneFindingPerSlotHoweverManyPropertiesUseIt() {
    let use = fill(#"{"a":0,"k":[0,0,0,1],"sid":"s"}"#)
    let d = lint("{\(header),\"slots\":{\"s\":{\"p\":{\"a\":0,\"k\":7}}},\"layers\":[\(use),\(use),\(use)]}")
    #expect(d.map(\.code) == ["LK213"])
  }

  @Test func sidsInsideTheSlotsObjectAreNotUses() {
    let d = lint("{\(header),\"slots\":{\"s\":{\"p\":{\"a\":0,\"k\":7,\"sid\":\"t\"}}},\"layers\":[]}")
    #expect(d.map(\.code) == ["LK214"])
  }
}
