import LottieJSON
import LottieModel

struct KeypathSeparatorInNameRule: LintRule {
  static let description = RuleDescription(
    code: "LK401", name: "keypath-separator-in-name",
    summary: "a layer or shape name contains \".\" or \",\", the characters that separate keypath names",
    rationale:
      "apps find layers and shapes by keypath, their names joined with dots (\"Layer.Group.Fill\"), to recolour them, swap text or attach views; lottie-ios and lottie-android split keypaths at \".\", so a name with a dot cannot be matched (lottie-ios #2456, #770), and lottie-api separates keypath names with \",\" (airbnb/lottie #156)",
    fixHint:
      "rename the layer or shape without \".\" and \",\" (in After Effects, then re-export); there is no automatic fix because code and expressions that use the old name must change with it",
    category: .naming, defaultSeverity: .warning,
    triggering: [
      Example("{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":↓\"Bubble.1\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}"),
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"c\",\"layers\":[{\"ty\":4,\"nm\":\"Card\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[{\"ty\":\"gr\",\"nm\":\"Dot\",\"it\":[{\"ty\":\"fl\",\"nm\":↓\"Fill, red\"}]}]}]}],\"layers\":[{\"ty\":0,\"refId\":\"c\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"c\",\"nm\":\"card.v2\",\"layers\":[{\"ty\":4,\"nm\":\"Card\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"ef\":[{\"ty\":25,\"nm\":\"Shadow.1\"}],\"shapes\":[{\"ty\":\"gr\",\"nm\":\"Dot\",\"it\":[{\"ty\":\"fl\",\"nm\":\"Fill 1\"}]}]}]}],\"layers\":[{\"ty\":0,\"nm\":\"Bubble 1\",\"refId\":\"c\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    NameScopes.forEach(in: context) { scope in
      for k in scope.entries.indices {
        let hasDot = scope.entries[k].name.utf8.contains(UInt8(ascii: "."))
        let hasComma = scope.entries[k].name.utf8.contains(UInt8(ascii: ","))
        guard hasDot || hasComma else { continue }
        let entry = scope.entries[k]
        let message: String
        if hasDot && hasComma {
          message = "\(entry.description) has \".\" and \",\" in its name, which split keypaths"
        } else if hasDot {
          let parts = entry.name.split(separator: ".", omittingEmptySubsequences: false)
          message =
            "\(entry.description) has \".\" in its name: a keypath reads it as \(parts.count) names, "
            + parts.map { "\"\($0)\"" }.joined(separator: ", ")
        } else {
          message = "\(entry.description) has \",\" in its name, which lottie-api keypaths use as a separator"
        }
        findings.append(Finding(entry.nameNode, message))
      }
    }
    return findings
  }
}
