import Yams
import LottieCompat

/// `.lottiekit.yml`: targets, profiles, per-rule severity or `off`, budgets, ignores. Unknown keys,
/// unknown rules and bad values are errors that name the key and line.
package struct Configuration: Sendable, Equatable {
  package var targets: [String] = []
  package var profiles: [String] = []
  package var severities: [String: Severity?] = [:]
  package var budgets = Budgets()
  package var ignores: [LintOptions.Ignore] = []
  package var failOn: Severity?
  /// A baseline file (`baseline: lottiekit-baseline.json`), relative to the configuration's folder.
  package var baseline: String?
  /// Where it was read from (nil: defaults).
  package var path: String?

  package init() {}

  package static let fileNames = [".lottiekit.yml", ".lottiekit.yaml"]
  static let topLevelKeys = ["targets", "profiles", "rules", "budgets", "ignore", "fail-on", "baseline"]

  package struct Error: Swift.Error, Sendable, CustomStringConvertible {
    package var path: String
    package var line: Int?
    package var message: String
    package var description: String {
      if let line { return "\(path):\(line): error: \(message)" }
      return "\(path): error: \(message)"
    }
  }

  /// Parses YAML text. `knownRules` maps codes and names to rule codes; `knownProfiles` and
  /// Targets are checked against the renderer data (`TargetSelection.parseList`).
  package static func parse(_ text: String, path: String, knownProfiles: Set<String>) throws(Error) -> Configuration {
    func fail(_ node: Node?, _ message: String) -> Error {
      Error(path: path, line: node?.mark.map { $0.line }, message: message)
    }
    let root: Node?
    do { root = try Yams.compose(yaml: text) } catch {
      throw Error(path: path, line: nil, message: "invalid YAML: \(error)")
    }
    var config = Configuration()
    config.path = path
    guard let root else { return config }
    guard let mapping = root.mapping else { throw fail(root, "the configuration must be a mapping of keys (\(topLevelKeys.joined(separator: ", ")))") }
    let unknown = mapping.keys.compactMap(\.string).filter { !topLevelKeys.contains($0) }
    if !unknown.isEmpty {
      let node = mapping.keys.first { unknown.contains($0.string ?? "") }
      throw fail(
        node,
        "unknown key\(unknown.count == 1 ? "" : "s") \(unknown.map { "'\($0)'" }.joined(separator: ", ")); known keys: \(topLevelKeys.joined(separator: ", "))")
    }
    func stringList(_ key: String) throws(Error) -> [String] {
      guard let node = mapping[key] else { return [] }
      if let s = node.string { return [s] }
      guard let seq = node.sequence else { throw fail(node, "'\(key)' must be a list of names") }
      var out: [String] = []
      for item in seq {
        guard let s = item.string else { throw fail(item, "'\(key)' must be a list of names") }
        out.append(s)
      }
      return out
    }
    config.targets = try stringList("targets")
    do throws(TargetError) {
      _ = try TargetSelection.parseList(config.targets, data: .shared)
    } catch {
      throw fail(mapping["targets"], error.message)
    }
    config.profiles = try stringList("profiles")
    for p in config.profiles where !knownProfiles.contains(p) {
      throw fail(mapping["profiles"], "unknown profile '\(p)'; known profiles: \(knownProfiles.sorted().joined(separator: ", "))")
    }
    if let rules = mapping["rules"] { config.severities = try severities(rules, fail: fail) }
    if let budgets = mapping["budgets"] { try readBudgets(budgets, into: &config.budgets, fail: fail) }
    if let ignore = mapping["ignore"] { config.ignores = try ignores(ignore, fail: fail) }
    if let f = mapping["fail-on"] {
      guard let s = f.string.flatMap(Severity.init(rawValue:)) else { throw fail(f, "'fail-on' must be error, warning or info") }
      config.failOn = s
    }
    if let b = mapping["baseline"] {
      guard let s = b.string, !s.isEmpty else { throw fail(b, "'baseline' must be a file name") }
      config.baseline = s
    }
    return config
  }

  /// A path written in the configuration, resolved against the configuration file's folder.
  package func resolve(_ relative: String) -> String {
    guard !relative.hasPrefix("/"), let path else { return relative }
    guard let slash = path.lastIndex(of: "/") else { return relative }
    return String(path[..<slash]) + "/" + relative
  }
}

extension Configuration {
  /// `rules:` — rule codes or names to off, info, warning or error.
  static func severities(_ rules: Node, fail: (Node?, String) -> Error) throws(Error) -> [String: Severity?] {
    var severities: [String: Severity?] = [:]
    guard let m = rules.mapping else { throw fail(rules, "'rules' must map rule codes or names to off, info, warning or error") }
    for (k, v) in m {
      guard let key = k.string, let rule = RuleRegistry.rule(key) else {
        throw fail(k, "unknown rule '\(k.string ?? "?")' (lottiekit rules lists them)")
      }
      let value = v.string?.lowercased() ?? ""
      if value == "off" || value == "false" {
        severities[rule.description.code] = .some(nil)
      } else if let s = Severity(rawValue: value) {
        severities[rule.description.code] = .some(s)
      } else {
        throw fail(v, "rule '\(key)' must be off, info, warning or error, not '\(v.string ?? "?")'")
      }
    }
    return severities
  }

  /// `budgets:` — known budget names to non-negative whole numbers.
  static func readBudgets(_ budgetsNode: Node, into budgets: inout Budgets, fail: (Node?, String) -> Error) throws(Error) {
    guard let m = budgetsNode.mapping else { throw fail(budgetsNode, "'budgets' must be a mapping") }
    for (k, v) in m {
      guard let key = k.string, Budgets.keys.contains(key) else {
        throw fail(k, "unknown budget '\(k.string ?? "?")'; known budgets: \(Budgets.keys.joined(separator: ", "))")
      }
      guard let n = v.int, n >= 0 else { throw fail(v, "budget '\(key)' must be a non-negative whole number") }
      _ = budgets.set(key, n)
    }
  }

  /// `ignore:` — globs, or `{rule, path, pointer}` entries.
  static func ignores(_ ignore: Node, fail: (Node?, String) -> Error) throws(Error) -> [LintOptions.Ignore] {
    var ignores: [LintOptions.Ignore] = []
    guard let seq = ignore.sequence else { throw fail(ignore, "'ignore' must be a list of globs or {rule, path, pointer} entries") }
    for item in seq {
      if let glob = item.string {
        ignores.append(LintOptions.Ignore(path: glob))
      } else if let m = item.mapping {
        let keys = m.keys.compactMap(\.string)
        if let bad = keys.first(where: { !["rule", "path", "pointer"].contains($0) }) {
          throw fail(item, "unknown key '\(bad)' in an ignore entry; use rule, path and pointer")
        }
        var entry = LintOptions.Ignore(rule: m["rule"]?.string, path: m["path"]?.string, pointer: m["pointer"]?.string)
        if let r = entry.rule {
          guard let rule = RuleRegistry.rule(r) else { throw fail(m["rule"], "unknown rule '\(r)' in an ignore entry") }
          entry.rule = rule.description.code
        }
        if entry.rule == nil && entry.path == nil && entry.pointer == nil { throw fail(item, "an empty ignore entry would ignore everything") }
        ignores.append(entry)
      } else {
        throw fail(item, "an ignore entry must be a glob or a {rule, path, pointer} mapping")
      }
    }
    return ignores
  }
}
