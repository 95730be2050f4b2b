import Foundation
import Testing
@testable import LottieLint

/// Rules live one per file under Sources/LottieLint/Rules/<Category>/, in a file named after the
/// rule type, and every rule type is registered: a rule left out of its category's list would
/// silently not exist.
@Suite("rule registry")
struct RuleRegistryTests {
  static let rulesFolder: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Sources/LottieLint/Rules").path
  }()

  /// `struct Name: LintRule` declarations per source file.
  static func declaredRules() throws -> [(file: String, types: [String])] {
    let pattern = try NSRegularExpression(pattern: #"^struct (\w+): LintRule\b"#, options: [.anchorsMatchLines])
    var result: [(String, [String])] = []
    let enumerator = FileManager.default.enumerator(atPath: rulesFolder)
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let text = try String(contentsOfFile: rulesFolder + "/" + relative, encoding: .utf8)
      let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
      let types = matches.compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
      result.append((relative, types))
    }
    return result.sorted { $0.0 < $1.0 }
  }

  @Test func everyRuleTypeIsRegistered() throws {
    let declared = Set(try Self.declaredRules().flatMap(\.types))
    let registered = Set(RuleRegistry.all.map { String(describing: $0) })
    #expect(declared.count > 50, "the scan found \(declared.count) rules; is the folder right?")
    #expect(declared.subtracting(registered).isEmpty, "declared but not registered: \(declared.subtracting(registered).sorted())")
    #expect(registered.subtracting(declared).isEmpty, "registered but not found under Rules/: \(registered.subtracting(declared).sorted())")
  }

  @Test func oneRulePerFileNamedAfterIt() throws {
    for (file, types) in try Self.declaredRules() where !types.isEmpty {
      #expect(types.count == 1, "\(file) declares \(types.count) rules: \(types)")
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      #expect(types == [name], "\(file) declares \(types)")
    }
  }

  @Test func codesAndNamesAreUnique() {
    let codes = RuleRegistry.all.map { $0.description.code }
    let names = RuleRegistry.all.map { $0.description.name }
    #expect(Set(codes).count == codes.count)
    #expect(Set(names).count == names.count)
  }

  /// Retired codes and names stay retired: no rule may take one again.
  @Test func retiredCodesAreNeverReused() {
    let codes = Set(RuleRegistry.all.map { $0.description.code })
    let names = Set(RuleRegistry.all.map { $0.description.name })
    for r in RuleRegistry.retired {
      #expect(!codes.contains(r.code), "\(r.code) is retired but a rule uses it")
      #expect(!names.contains(r.name), "\(r.name) is retired but a rule uses it")
    }
    let retiredCodes = RuleRegistry.retired.map(\.code)
    #expect(Set(retiredCodes).count == retiredCodes.count)
  }

  @Test func explainKnowsARetiredRule() throws {
    let list = [RetiredRule(code: "LK999", name: "old-rule", retiredIn: "0.2.0", reason: "LK201 covers it")]
    let found = try #require(RuleRegistry.retiredRule("lk999", in: list))
    #expect(RuleRegistry.retiredRule("old-rule", in: list) == found)
    #expect(RuleRegistry.retiredRule("LK201", in: list) == nil)
    let page = RuleDocs.markdown(found)
    #expect(page.hasPrefix("# LK999 old-rule (retired)"))
    #expect(page.contains("LK201 covers it"))
  }
}
