import LottieJSON

/// The result of linting a set of files, in input order.
package struct LintReport: Sendable {
  package struct FileResult: Sendable {
    package var path: String
    package var diagnostics: [Diagnostic]
    package init(path: String, diagnostics: [Diagnostic]) {
      self.path = path
      self.diagnostics = diagnostics
    }
  }
  package var files: [FileResult]
  /// The rules that ran (for SARIF's tool.driver.rules).
  package var rules: [RuleDescription]
  package init(files: [FileResult], rules: [RuleDescription]) {
    self.files = files
    self.rules = rules
  }

  package var all: [Diagnostic] { files.flatMap(\.diagnostics) }
  package func count(_ severity: Severity) -> Int { all.filter { $0.severity == severity }.count }
}

/// The counts a run ends with (files linted, findings by severity).
package struct LintTotals: Sendable, Equatable {
  package var files: Int
  package var errors: Int
  package var warnings: Int
  package var infos: Int
  package init(files: Int, errors: Int, warnings: Int, infos: Int) {
    self.files = files
    self.errors = errors
    self.warnings = warnings
    self.infos = infos
  }
}

/// What a reporter is made with: the command line's choices that change the output's bytes.
package struct ReportSettings: Sendable {
  /// ANSI colour (text).
  package var color = false
  /// The closing summary line (text; off with --quiet).
  package var summary = true
  /// The version SARIF names.
  package var toolVersion = "0"
  /// The lowest severity that fails (JUnit marks those as failures).
  package var failOn = Severity.error
  package init() {}
}

/// Turns lint results into one output format. Reporters never decide anything: they print what
/// the linter found, in the order it found it.
///
/// A run is written in three parts: `begin` before the first file, `stream` for each file as soon
/// as it is linted (in input order) when the format `streams`, and `end` last. A streaming format
/// (text, json) never holds a large run's diagnostics in memory; a document format (SARIF, JUnit,
/// GitHub annotations) is handed the files it kept in `end`. `render` is the whole output of a
/// report at once, for library callers and tests.
package protocol Reporter {
  /// The `--format` name.
  static var name: String { get }
  init(settings: ReportSettings)
  /// Whether `stream` writes each file; otherwise the run keeps the files for `end`.
  var streams: Bool { get }
  func begin() -> [UInt8]
  func stream(_ file: LintReport.FileResult, first: Bool) -> [UInt8]
  /// The closing part; `report` holds the files a non-streaming format kept.
  func end(_ report: LintReport, totals: LintTotals) -> [UInt8]
  func render(_ report: LintReport) -> String
}

extension Reporter {
  package var streams: Bool { false }
  package func begin() -> [UInt8] { [] }
  package func stream(_ file: LintReport.FileResult, first: Bool) -> [UInt8] { [] }
  /// A document format's end: the whole document and a newline, or nothing for an empty one.
  package func end(_ report: LintReport, totals: LintTotals) -> [UInt8] {
    let text = render(report)
    return text.isEmpty ? [] : Array((text + "\n").utf8)
  }
}

/// Every lint output format, in the order `--help` lists them: the one list `lint --format`
/// derives from, so a new format is a new Reporter here and nothing else.
package enum Reporters {
  package static var all: [any Reporter.Type] {
    [TextReporter.self, JSONReporter.self, SARIFReporter.self, JUnitReporter.self, GitHubReporter.self]
  }

  package static func named(_ name: String) -> (any Reporter.Type)? { all.first { $0.name == name } }
}

extension Fix {
  /// JSON Patch-like form used by the json and sarif reporters.
  package var json: JSONValue {
    .object([
      ("summary", .string(summary)),
      (
        "operations",
        .array(
          operations.map { op in
            switch op {
            case .replace(let pointer, let json):
              return .object([("op", .string("replace")), ("path", .string(pointer)), ("value", .raw(Array(json.utf8)))])
            case .add(let pointer, let key, let json):
              return .object([("op", .string("add")), ("path", .string(pointer + "/" + JSONPointer.escape(key))), ("value", .raw(Array(json.utf8)))])
            case .remove(let pointer):
              return .object([("op", .string("remove")), ("path", .string(pointer))])
            case .removeBOM:
              return .object([("op", .string("remove-bom"))])
            }
          })
      )
    ])
  }
}

/// A diagnostic's file as a repository path: an animation inside a dotLottie is reported as
/// `hero.lottie#a/hero.json`, which no CI can map to a file; annotations point at the archive and
/// name the member in their text.
package struct ReportedFile: Equatable {
  package var file: String
  /// The animation inside the archive, or nil for a file of its own.
  package var member: String?

  package init(_ path: String) {
    let lower = path.lowercased()
    if let hash = lower.range(of: ".lottie#") {
      let split = path.index(path.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: hash.lowerBound) + 7)
      file = String(path[..<split])
      member = String(path[path.index(after: split)...])
    } else {
      file = path
      member = nil
    }
  }
}
