import LottieJSON

let syntaxRules: [any LintRule.Type] = [SyntaxErrorRule.self, DuplicateKeyRule.self, ByteOrderMarkRule.self]
