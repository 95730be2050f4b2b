let performanceRules: [any LintRule.Type] = []
