import LottieJSON

/// The result of linting a set of files, in input order.
public struct LintReport: Sendable {
  public struct FileResult: Sendable {
    public var path: String
    public var diagnostics: [Diagnostic]
    public init(path: String, diagnostics: [Diagnostic]) {
      self.path = path
      self.diagnostics = diagnostics
    }
  }
  public var files: [FileResult]
  /// The rules that ran (for SARIF's tool.driver.rules).
  public var rules: [RuleDescription]
  public init(files: [FileResult], rules: [RuleDescription]) {
    self.files = files
    self.rules = rules
  }

  public var all: [Diagnostic] { files.flatMap(\.diagnostics) }
  public func count(_ severity: Severity) -> Int { all.filter { $0.severity == severity }.count }
}

/// Turns a report into text for one output format. Reporters never decide anything: they print
/// what the linter found, in the order it found it.
public protocol Reporter {
  static var name: String { get }
  func render(_ report: LintReport) -> String
}

extension Fix {
  /// JSON Patch-like form used by the json and sarif reporters.
  public var json: JSONValue {
    .object([("summary", .string(summary)), ("operations", .array(operations.map { op in
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
    }))])
  }
}

/// A diagnostic's file as a repository path: an animation inside a dotLottie is reported as
/// `hero.lottie#a/hero.json`, which no CI can map to a file; annotations point at the archive and
/// name the member in their text.
public struct ReportedFile: Equatable {
  public var file: String
  /// The animation inside the archive, or nil for a file of its own.
  public var member: String?

  public init(_ path: String) {
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
