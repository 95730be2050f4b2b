import LottieJSON
import LottieModel

/// How bad a finding is. Ordered: info < warning < error.
package enum Severity: String, Sendable, Comparable, CaseIterable {
  case info, warning, error

  package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
  var rank: Int {
    switch self {
    case .info: return 0
    case .warning: return 1
    case .error: return 2
    }
  }
}

package enum RuleCategory: String, Sendable, CaseIterable {
  case syntax, structure, references, assets, naming, performance
  case specStrict = "spec-strict"
  case compat
}

/// A mechanical fix: JSON Patch-like operations on pointers, applied with `JSONEdits` so that
/// nothing else in the file changes. Like ruff's, it says whether it is safe.
package struct Fix: Sendable, Equatable {
  /// Safe: the animation plays as before (only what players ignore or read the same way
  /// changes); `lint --fix` applies it. Unsafe: it may change what is drawn, so it is offered in
  /// the reports but never applied by `--fix`.
  package enum Applicability: String, Sendable, Equatable {
    case safe, unsafe
  }

  package enum Operation: Sendable, Equatable {
    /// Replace the value at a pointer with JSON text.
    case replace(pointer: String, json: String)
    /// Add a member to the object at a pointer (or replace it if present).
    case add(objectPointer: String, key: String, json: String)
    /// Remove the value (or member) at a pointer.
    case remove(pointer: String)
    /// Remove a leading UTF-8 byte order mark.
    case removeBOM
  }
  package var summary: String
  package var operations: [Operation]
  package var applicability: Applicability
  package init(summary: String, operations: [Operation], applicability: Applicability = .safe) {
    self.summary = summary
    self.operations = operations
    self.applicability = applicability
  }
}

/// One finding, located in its file.
package struct Diagnostic: Sendable, Equatable {
  package var code: String
  package var name: String
  package var severity: Severity
  package var message: String
  package var help: String?
  package var file: String
  package var line: Int
  package var column: Int
  package var endLine: Int
  package var endColumn: Int
  /// Byte offset of the start (for ordering; not printed).
  package var offset: Int
  package var pointer: String
  package var layerPath: [String]
  /// Renderers concerned (compatibility rules); empty otherwise.
  package var renderers: [String] = []
  package var fix: Fix?
  /// The file is gzip (a .tgs, by its bytes): line and column are in its decompressed JSON.
  package var decompressed = false

  /// Where line and column are, when not in the file itself: the archive member of a dotLottie,
  /// or gzip's decompressed JSON. Annotations (SARIF, GitHub) then carry no region and say the
  /// position in their text.
  package var positionsIn: String? {
    ReportedFile(file).member ?? (decompressed ? "the decompressed JSON" : nil)
  }
}

/// What a rule reports: a node, words, and optionally a fix. The linter turns it into a
/// `Diagnostic` with the rule's code, the configured severity and the node's position.
package struct Finding: Sendable {
  package var node: JSONNode
  package var message: String
  package var help: String?
  package var layerPath: [String]
  package var fix: Fix?
  package var renderers: [String]
  /// A severity that overrides the rule's default for this finding (e.g. an info-level variant).
  package var severity: Severity?
  /// The node's pointer, when the rule has already computed it (nil: the linter computes it).
  package var pointer: String?

  package init(
    _ node: JSONNode, _ message: String, help: String? = nil, layerPath: [String] = [], fix: Fix? = nil,
    renderers: [String] = [], severity: Severity? = nil, pointer: String? = nil
  ) {
    self.node = node
    self.pointer = pointer
    self.message = message
    self.help = help
    self.layerPath = layerPath
    self.fix = fix
    self.renderers = renderers
    self.severity = severity
  }
}

/// An example in a rule's description. `↓` marks where a diagnostic must land (the start of the
/// value its pointer names); the marker is removed before linting. `files` are created beside the
/// animation (relative path → bytes) for rules that look at the disk.
package struct Example: Sendable {
  package var json: String
  package var files: [String: [UInt8]]
  /// JSON expected after `--fix` (nil: the example has no fix).
  package var fixed: String?
  package var budgets: Budgets?
  /// Renderer targets the example is linted for (compatibility rules).
  package var targets: [String]

  package init(
    _ json: String, files: [String: [UInt8]] = [:], fixed: String? = nil, budgets: Budgets? = nil,
    targets: [String] = []
  ) {
    self.json = json
    self.files = files
    self.fixed = fixed
    self.budgets = budgets
    self.targets = targets
  }

  package static let marker = "↓"

  /// The JSON without markers, and the byte offsets the markers stood at.
  package var stripped: (json: String, offsets: [Int]) {
    var out: [UInt8] = []
    var offsets: [Int] = []
    let marker = Array(Self.marker.utf8)
    let bytes = Array(json.utf8)
    var i = 0
    while i < bytes.count {
      if i + marker.count <= bytes.count && Array(bytes[i..<(i + marker.count)]) == marker {
        offsets.append(out.count)
        i += marker.count
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return (String(decoding: out, as: UTF8.self), offsets)
  }
}

/// Everything a rule's page says.
package struct RuleDescription: Sendable {
  package var code: String
  package var name: String
  package var summary: String
  package var rationale: String
  package var fixHint: String
  package var category: RuleCategory
  package var defaultSeverity: Severity
  /// Profiles the rule belongs to (a rule with profiles runs only when one of them is on).
  package var profiles: [String] = []
  /// Whether `--fix` can repair what the rule finds.
  package var isFixable = false
  package var triggering: [Example]
  package var nonTriggering: [Example]
}

/// A lint rule: a description (its documentation and its tests) and a check.
package protocol LintRule: Sendable {
  static var description: RuleDescription { get }
  init()
  func check(_ context: LintContext) -> [Finding]
}

/// Chains in messages (`a → b → c`): a hostile file can make them thousands long, so beyond 12
/// items the message names the first 8 and the last 2.
enum Chain {
  static func text(_ items: [String]) -> String {
    guard items.count > 12 else { return items.joined(separator: " → ") }
    return (items.prefix(8) + ["… \(items.count - 10) more …"] + items.suffix(2)).joined(separator: " → ")
  }
}
