import LottieJSON
import LottieModel

struct DuplicateSiblingNameRule: LintRule {
  static let description = RuleDescription(
    code: "LK403", name: "duplicate-sibling-name",
    summary: "two layers of one composition, or two shapes of one group, have the same name",
    rationale:
      "a keypath names a layer or shape by its name among its siblings; with two of the same name it matches both, so a colour or text set from code changes both (or, where a player stops at the first match, only one)",
    fixHint: "give each sibling its own name (in After Effects, then re-export), unless changing both together is what you want",
    category: .naming, defaultSeverity: .info,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Circle\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"nm\":↓\"Circle\",\"ind\":2,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      ),
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"c\",\"layers\":[{\"ty\":4,\"nm\":\"Card\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[{\"ty\":\"gr\",\"nm\":\"Dot\",\"it\":[{\"ty\":\"fl\",\"nm\":\"Paint\"},{\"ty\":\"st\",\"nm\":↓\"Paint\"}]}]}]}],\"layers\":[{\"ty\":0,\"refId\":\"c\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ],
    nonTriggering: [
      // Same names in different compositions and different groups are different keypaths.
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"c\",\"layers\":[{\"ty\":4,\"nm\":\"Circle\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[{\"ty\":\"gr\",\"nm\":\"A\",\"it\":[{\"ty\":\"fl\",\"nm\":\"Fill 1\"}]},{\"ty\":\"gr\",\"nm\":\"B\",\"it\":[{\"ty\":\"fl\",\"nm\":\"Fill 1\"}]}]}]}],\"layers\":[{\"ty\":0,\"nm\":\"Circle\",\"refId\":\"c\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"nm\":\"\",\"ind\":2,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"nm\":\"\",\"ind\":3,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    NameScopes.forEach(in: context) { scope in
      guard scope.entries.count > 1 else { return }
      var first: [String: Int] = [:]
      first.reserveCapacity(scope.entries.count)
      for k in scope.entries.indices where !scope.entries[k].name.isEmpty {
        let name = scope.entries[k].name
        if let earlier = first[name] {
          let entry = scope.entries[k]
          findings.append(
            Finding(
              entry.nameNode,
              "\(entry.description) has the same name as the \(scope.entries[earlier].label) before it: a keypath to \"\(entry.name)\" matches both"))
        } else {
          first[name] = k
        }
      }
    }
    return findings
  }
}
