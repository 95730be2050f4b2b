import Foundation
import LottieCompat
import LottieJSON
import Testing
@testable import LottieLint

/// Inputs the fuzzers found (`make fuzz`), kept as regression tests: the same invariants as
/// Fuzz/FuzzLint — linting with every rule, profile and target does not trap, and every
/// diagnostic's pointer resolves in the file.
@Suite("fuzz regressions")
struct FuzzRegressionTests {
  static let folder: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<2 { url.deleteLastPathComponent() }
    return url.path + "/Fixtures/fuzz"
  }()

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
  }

  @Test(arguments: files)
  func everyPointerResolves(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
    var options = LintOptions()
    options.profiles = ["spec-strict", "telegram-sticker"]
    options.targets = ["ios", "android", "web", "skottie", "rlottie", "thorvg"].map(TargetSelection.init(parsing:))
    let diagnostics = Linter(options: options).lint(path: name, bytes: bytes, baseDirectory: nil)
    let doc = try JSONDocument(parsing: bytes)
    for d in diagnostics {
      #expect(doc.node(atPointer: d.pointer) != nil, "\(d.code) at \(d.pointer)")
    }
    #expect(diagnostics.contains { $0.code == "LK002" }, "the duplicate key itself is still reported")
  }

  static var jsonFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/json")) ?? []).sorted()
  }

  /// Fuzz/FuzzJSON's invariants: every node's pointer resolves to that node.
  @Test(arguments: jsonFiles)
  func everyNodePointerResolves(_ name: String) throws {
    let doc = try JSONDocument(parsing: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/json/" + name))))
    for k in 0..<doc.nodeCount {
      let node = doc.node(JSONNode.ID(raw: UInt32(k)))
      if node.isKey { continue }
      #expect(doc.node(atPointer: node.pointer)?.span == node.span, "\(node.pointer)")
    }
  }
}
