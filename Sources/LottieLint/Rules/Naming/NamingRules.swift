let namingRules: [any LintRule.Type] = []
