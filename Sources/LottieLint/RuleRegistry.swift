/// Every rule, in code order. Codes are stable forever: a retired rule keeps its code unused.
package enum RuleRegistry {
  package static let all: [any LintRule.Type] =
    (syntaxRules + structureRules + markerRules + referenceRules + assetRules
    + namingRules + performanceRules + specStrictRules + compatRules + telegramRules).sorted { $0.description.code < $1.description.code }

  package static func rule(_ codeOrName: String) -> (any LintRule.Type)? {
    all.first { $0.description.code.lowercased() == codeOrName.lowercased() || $0.description.name == codeOrName }
  }
}

/// A rule that no longer exists. Its code and name are never given to another rule, and
/// `lottiekit explain` still answers for them (an old CI log or baseline may name them).
package struct RetiredRule: Sendable, Equatable {
  package var code: String
  package var name: String
  /// The lottiekit version that retired it.
  package var retiredIn: String
  /// Why, and what to use instead.
  package var reason: String
}

extension RuleRegistry {
  /// Every retired rule, in code order. None has been retired yet: when one is, its description
  /// moves out of the registry and an entry comes here.
  package static let retired: [RetiredRule] = []

  /// The retired rule with this code or name.
  package static func retiredRule(_ codeOrName: String, in list: [RetiredRule] = retired) -> RetiredRule? {
    list.first { $0.code.lowercased() == codeOrName.lowercased() || $0.name == codeOrName }
  }
}

extension RuleDocs {
  /// `lottiekit explain` for a retired rule.
  package static func markdown(_ r: RetiredRule) -> String {
    "# \(r.code) \(r.name) (retired)\n\nRetired in lottiekit \(r.retiredIn): \(r.reason).\n\n"
      + "The code is never reused. A .lottiekit.yml that still names it is refused (unknown rule): remove it there.\n"
  }
}
