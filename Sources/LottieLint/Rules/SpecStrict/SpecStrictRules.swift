let specStrictRules: [any LintRule.Type] = []
