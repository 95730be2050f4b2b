let assetRules: [any LintRule.Type] = []
