/// A rule's page, generated from its description (`lottiekit explain`, docs/rules/*.md).
package enum RuleDocs {
  package static func markdown(_ d: RuleDescription) -> String {
    var s = "# \(d.code) \(d.name)\n\n"
    s += "**Category:** \(d.category.rawValue) · **Default severity:** \(d.defaultSeverity.rawValue)"
    if !d.profiles.isEmpty { s += " · **Profile:** \(d.profiles.joined(separator: ", ")) (opt-in)" }
    s += " · **Fix:** \(d.isFixable ? "safe fix with `lottiekit lint --fix`" : "none automatic")\n\n"
    s += "## What it does\n\nFlags when \(d.summary).\n\n"
    s += "## Why it matters\n\n\(capitalized(d.rationale)).\n\n"
    s += "## What to do\n\n\(capitalized(d.fixHint)).\n\n"
    s += "## Examples\n\nTriggers (`↓` marks where the diagnostic points):\n\n"
    for e in d.triggering {
      s += "```json\n\(e.json)\n```\n"
      if !e.files.isEmpty { s += "with files: \(e.files.keys.sorted().joined(separator: ", "))\n" }
      // What the example needs besides the defaults, so that it triggers as printed.
      if let changed = e.budgets?.changedFromDefaults, !changed.isEmpty {
        s += "with `budgets: {\(changed.joined(separator: ", "))}` in `.lottiekit.yml`\n"
      }
      if !e.targets.isEmpty { s += "with `--target \(e.targets.joined(separator: ","))`\n" }
      if let fixed = e.fixed { s += "\nafter `--fix`:\n\n```json\n\(fixed)\n```\n" }
      s += "\n"
    }
    s += "Does not trigger:\n\n"
    for e in d.nonTriggering {
      s += "```json\n\(e.json)\n```\n\n"
    }
    return s
  }

  static func capitalized(_ s: String) -> String {
    guard let first = s.first else { return s }
    return first.uppercased() + s.dropFirst()
  }

  /// The index page listing every rule.
  package static func index(_ rules: [RuleDescription]) -> String {
    var s = "# lottiekit rules\n\nGenerated from the rule descriptions (`make rule-docs`); a test fails when this folder is stale.\n\n"
    s += "| code | name | category | severity | summary |\n|---|---|---|---|---|\n"
    for d in rules {
      s +=
        "| [\(d.code)](\(d.code).md) | \(d.name) | \(d.category.rawValue)\(d.profiles.isEmpty ? "" : " (\(d.profiles.joined(separator: ", ")))") | \(d.defaultSeverity.rawValue) | \(d.summary) |\n"
    }
    return s
  }
}
