/// Every rule, in code order. Codes are stable forever: a retired rule keeps its code unused.
public enum RuleRegistry {
  public static let all: [any LintRule.Type] = (syntaxRules + structureRules + markerRules + referenceRules + assetRules
    + namingRules + performanceRules + specStrictRules + compatRules + telegramRules).sorted { $0.description.code < $1.description.code }

  public static func rule(_ codeOrName: String) -> (any LintRule.Type)? {
    all.first { $0.description.code.lowercased() == codeOrName.lowercased() || $0.description.name == codeOrName }
  }
}
