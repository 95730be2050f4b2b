import Foundation
import Testing
@testable import LottieLint

/// docs/rules/ is generated from the rule descriptions. This test fails when it is stale;
/// `make rule-docs` (UPDATE_GOLDEN=1) rewrites it.
@Suite("Rule documentation")
struct RuleDocsTests {
  static let docsFolder: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("docs/rules").path
  }()

  @Test func generatedDocsAreFresh() throws {
    let rules = RuleRegistry.all.map { $0.description }
    var expected: [String: String] = ["README.md": RuleDocs.index(rules)]
    for d in rules { expected["\(d.code).md"] = RuleDocs.markdown(d) }
    let fm = FileManager.default
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try? fm.removeItem(atPath: Self.docsFolder)
      try fm.createDirectory(atPath: Self.docsFolder, withIntermediateDirectories: true)
      for (name, text) in expected {
        try Data(text.utf8).write(to: URL(fileURLWithPath: Self.docsFolder + "/" + name))
      }
    }
    let present = Set((try? fm.contentsOfDirectory(atPath: Self.docsFolder)) ?? [])
    #expect(present == Set(expected.keys), "docs/rules is stale: run `make rule-docs`")
    for (name, text) in expected {
      let onDisk = (try? String(contentsOfFile: Self.docsFolder + "/" + name, encoding: .utf8)) ?? ""
      #expect(onDisk == text, "docs/rules/\(name) is stale: run `make rule-docs`")
    }
  }

  @Test func everyRuleHasAPageThatShowsItsExamples() {
    for type in RuleRegistry.all {
      let d = type.description
      let page = RuleDocs.markdown(d)
      #expect(page.hasPrefix("# \(d.code) \(d.name)"))
      for e in d.triggering { #expect(page.contains(e.json)) }
    }
  }
}

@Suite("Configuration")
struct ConfigurationTests {
  let profiles: Set<String> = ["spec-strict"]

  @Test func parsesEverySection() throws {
    let yaml = """
      targets: [ios, android]
      profiles: [spec-strict]
      fail-on: warning
      rules:
        LK201: warning
        unused-asset: off
      budgets:
        max-image-layers: 2
      ignore:
        - "legacy/**"
        - {rule: LK204, path: "*.json", pointer: /layers/1/ind}
      """
    let c = try Configuration.parse(yaml, path: ".lottiekit.yml", knownProfiles: profiles)
    #expect(c.targets == ["ios", "android"])
    #expect(c.profiles == ["spec-strict"])
    #expect(c.failOn == .warning)
    #expect(c.severities["LK201"] == .some(.warning))
    #expect(c.severities["LK211"] == .some(nil))
    #expect(c.budgets.maxImageLayers == 2)
    #expect(c.ignores == [LintOptions.Ignore(path: "legacy/**"), LintOptions.Ignore(rule: "LK204", path: "*.json", pointer: "/layers/1/ind")])
  }

  @Test(arguments: [
    ("colour: red", "unknown key 'colour'", 1),
    ("rules:\n  LK999: off", "unknown rule 'LK999'", 2),
    ("rules:\n  LK201: loud", "must be off, info, warning or error", 2),
    ("budgets:\n  max-widgets: 3", "unknown budget 'max-widgets'", 2),
    ("budgets:\n  max-image-layers: -1", "non-negative whole number", 2),
    ("profiles: [telegram]", "unknown profile 'telegram'", 1),
    ("targets: [ios, winamp]", "unknown target 'winamp'", 1),
    ("ignore:\n  - {rule: LK201, file: x}", "unknown key 'file'", 2),
    ("ignore:\n  - {}", "would ignore everything", 2),
    ("- a\n- b", "must be a mapping", 1)
  ])
  func rejectsWithKeyAndLine(_ yaml: String, _ message: String, _ line: Int) {
    do {
      _ = try Configuration.parse(yaml, path: "c.yml", knownProfiles: profiles)
      Issue.record("accepted: \(yaml)")
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
      #expect(error.line == line, "\(error.description)")
    }
  }

  @Test func globs() {
    #expect(Glob.matches("legacy/**", "legacy/a/b.json"))
    #expect(Glob.matches("*.json", "deep/folder/x.json"))
    #expect(!Glob.matches("legacy/*.json", "other/legacy/x.json") || Glob.matches("legacy/*.json", "other/legacy/x.json") == false)
    #expect(Glob.matches("hero?.json", "hero1.json"))
    #expect(!Glob.matches("hero?.json", "hero.json"))
  }
}
