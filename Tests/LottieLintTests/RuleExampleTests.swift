import Foundation
import Testing
import LottieCompat
import LottieJSON
@testable import LottieLint

/// One registered rule, for parameterised tests.
struct RuleCase: CustomTestStringConvertible, Sendable {
  let type: any LintRule.Type
  var description: RuleDescription { type.description }
  var testDescription: String { "\(type.description.code) \(type.description.name)" }
}

let allRules = RuleRegistry.all.map(RuleCase.init)

/// Writes an example (and its files) into a fresh folder and lints it with one rule.
func lintExample(_ example: Example, rule: any LintRule.Type) throws -> (diagnostics: [Diagnostic], json: String, path: String, document: JSONDocument?) {
  let dir = NSTemporaryDirectory() + "lottiekit-rule-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  for (relative, bytes) in example.files {
    let path = dir + "/" + relative
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
  let (json, _) = example.stripped
  let path = dir + "/animation.json"
  try Data(json.utf8).write(to: URL(fileURLWithPath: path))
  var options = LintOptions()
  options.profiles = Set(rule.description.profiles)
  if let budgets = example.budgets { options.budgets = budgets }
  options.targets = example.targets.map(TargetSelection.init(parsing:))
  let linter = Linter(options: options, rules: [rule])
  let bytes = Array(json.utf8)
  let diagnostics = linter.lint(path: path, bytes: bytes, baseDirectory: dir)
  return (diagnostics.filter { $0.code == rule.description.code }, json, path, try? JSONDocument(parsing: bytes))
}

@Suite("Rule examples (each rule's documentation is its test)")
struct RuleExampleTests {
  @Test(arguments: allRules)
  func descriptionIsComplete(_ rule: RuleCase) {
    let d = rule.description
    #expect(d.code.hasPrefix("LK") && d.code.count == 5)
    #expect(!d.name.isEmpty && d.name == d.name.lowercased() && !d.name.contains(" "))
    #expect(!d.summary.isEmpty && !d.summary.hasSuffix("."))
    #expect(!d.rationale.isEmpty)
    #expect(!d.fixHint.isEmpty)
    #expect(!d.triggering.isEmpty, "a rule needs at least one triggering example")
    #expect(!d.nonTriggering.isEmpty, "a rule needs at least one non-triggering example")
    if d.isFixable { #expect(d.triggering.contains { $0.fixed != nil }, "a fixable rule shows its fix in an example") }
  }

  @Test(arguments: allRules)
  func triggeringExamplesLandOnTheirMarkers(_ rule: RuleCase) throws {
    for example in rule.description.triggering {
      let (diagnostics, json, _, _) = try lintExample(example, rule: rule.type)
      let expected = example.stripped.offsets
      #expect(!expected.isEmpty, "triggering example without ↓ marker: \(example.json)")
      #expect(
        diagnostics.map(\.offset).sorted() == expected.sorted(),
        "\(rule.testDescription) on \(json): got \(diagnostics.map { "\($0.offset) \($0.pointer) \($0.message)" })")
      for d in diagnostics {
        #expect(!d.message.isEmpty && !d.message.hasSuffix("."), "message style: \(d.message)")
        #expect(d.message.first.map { !$0.isUppercase } ?? false || d.message.first == "\"", "messages start lowercase: \(d.message)")
      }
    }
  }

  @Test(arguments: allRules)
  func nonTriggeringExamplesStaySilent(_ rule: RuleCase) throws {
    for example in rule.description.nonTriggering {
      let (diagnostics, json, _, _) = try lintExample(example, rule: rule.type)
      #expect(diagnostics.isEmpty, "\(rule.testDescription) fired on \(json): \(diagnostics.map(\.message))")
    }
  }

  @Test(arguments: allRules.filter { $0.description.triggering.contains { $0.fixed != nil } })
  func fixesProduceTheExpectedOutputAndAreIdempotent(_ rule: RuleCase) throws {
    for example in rule.description.triggering {
      guard let expected = example.fixed else { continue }
      let (diagnostics, _, path, document) = try lintExample(example, rule: rule.type)
      let doc = try #require(document)
      let (fixed, applied) = Fixer.apply(diagnostics.compactMap(\.fix), to: doc)
      #expect(applied > 0)
      #expect(String(decoding: fixed, as: UTF8.self) == expected)
      var options = LintOptions()
      options.profiles = Set(rule.description.profiles)
      let again = Linter(options: options, rules: [rule.type]).lint(path: path, bytes: fixed, baseDirectory: (path as NSString).deletingLastPathComponent)
      #expect(again.filter { $0.fix != nil }.isEmpty, "fix is not idempotent: \(again.map(\.message))")
    }
  }

  @Test func codesAndNamesAreUnique() {
    let codes = RuleRegistry.all.map { $0.description.code }
    let names = RuleRegistry.all.map { $0.description.name }
    #expect(Set(codes).count == codes.count)
    #expect(Set(names).count == names.count)
  }
}
