import LottieJSON
import LottieCompat
import LottieKitIO
import LottieModel

/// The telegram-sticker profile's variant: a 100×100 custom emoji instead of a 512×512 sticker
/// (`--sticker-emoji`), and 30 fps allowed besides 60 (`--sticker-30fps`).
package struct StickerVariant: Sendable, Equatable {
  package var emoji = false
  package var allow30fps = false
  package init(emoji: Bool = false, allow30fps: Bool = false) {
    self.emoji = emoji
    self.allow30fps = allow30fps
  }
}

/// Which rules run and how loud they are.
package struct LintOptions: Sendable {
  /// Profiles switched on (`spec-strict`, `telegram-sticker`…).
  package var profiles: Set<String> = []
  /// Per-rule severity by code; nil turns the rule off.
  package var severities: [String: Severity?] = [:]
  package var budgets = Budgets()
  /// Ignored findings: `{rule, path glob, pointer}`; nil fields match anything.
  package var ignores: [Ignore] = []
  /// The folder ignore paths are written relative to (the configuration file's, absolute); nil:
  /// they are matched against the paths as given.
  package var ignoreRoot: String?
  /// Renderers to check compatibility for.
  package var targets: [TargetSelection] = []
  package var sticker = StickerVariant()

  package struct Ignore: Sendable, Equatable {
    package var rule: String?
    package var path: String?
    package var pointer: String?
    package init(rule: String? = nil, path: String? = nil, pointer: String? = nil) {
      self.rule = rule
      self.path = path
      self.pointer = pointer
    }
  }

  package init() {}
}

/// Runs rules over files and produces ordered diagnostics.
package struct Linter: Sendable {
  package let options: LintOptions
  package let rules: [any LintRule]
  /// Where assets are looked up: the disk by default; `ArchiveFileSystem` for a dotLottie's animations.
  package var fileSystem: AssetFileSystem?
  /// Draws what a feature changes where no bound can tell (Coverage.measurable); nil: bounds only.
  package var measurer: (any ChangeMeasuring)?

  package init(
    options: LintOptions = LintOptions(), rules: [any LintRule.Type] = RuleRegistry.all,
    fileSystem: AssetFileSystem? = DiskFileSystem()
  ) {
    self.options = options
    self.fileSystem = fileSystem
    self.rules = rules.filter { type in
      let d = type.description
      if let configured = options.severities[d.code] ?? options.severities[d.name], configured == nil { return false }
      if d.profiles.isEmpty { return true }
      return !options.profiles.isDisjoint(with: d.profiles)
    }.map { $0.init() }
  }

  func severity(for d: RuleDescription, finding: Severity?) -> Severity {
    if let configured = options.severities[d.code] ?? options.severities[d.name], let s = configured { return s }
    return finding ?? d.defaultSeverity
  }

  /// Lints one animation's bytes. A syntax error yields one diagnostic at its position.
  package func lint(path: String, bytes: [UInt8], baseDirectory: String?) -> [Diagnostic] {
    let document: JSONDocument
    do {
      document = try JSONDocument(parsing: bytes)
    } catch {
      let d = SyntaxErrorRule.description
      guard rules.contains(where: { type(of: $0).description.code == d.code }) else { return [] }
      let l = error.location
      let diagnostic = Diagnostic(
        code: d.code, name: d.name, severity: severity(for: d, finding: nil), message: error.message,
        help: d.fixHint, file: path, line: l.line, column: l.column, endLine: l.line,
        endColumn: l.column, offset: l.offset, pointer: "", layerPath: [])
      // Ignores apply to it like to any finding (an ignored legacy folder with a broken file).
      return isIgnored(diagnostic) ? [] : [diagnostic]
    }
    return lint(path: path, document: document, baseDirectory: baseDirectory)
  }

  package func lint(path: String, document: JSONDocument, baseDirectory: String?) -> [Diagnostic] {
    let context = LintContext(
      path: path, document: document, baseDirectory: baseDirectory, budgets: options.budgets,
      fileSystem: fileSystem)
    context.targets = options.targets
    context.sticker = options.sticker
    context.measurer = measurer
    var diagnostics: [Diagnostic] = []
    let shadowed = Linter.shadowedSpans(document)
    for rule in rules {
      let d = type(of: rule).description
      for finding in rule.check(context) {
        let node = finding.node
        // A finding inside a value that a later duplicate key replaces is about data no player
        // reads, and its pointer would name the other value: LK002 reports the duplicate instead.
        if shadowed.covers(node.span) {
          continue
        }
        let start = node.location
        let end = node.endLocation
        let pointer = finding.pointer ?? node.pointer
        let layerPath = finding.layerPath.isEmpty ? context.animation.layerPath(of: node) : finding.layerPath
        let diagnostic = Diagnostic(
          code: d.code, name: d.name, severity: severity(for: d, finding: finding.severity),
          message: finding.message, help: finding.help ?? d.fixHint, file: path,
          line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
          offset: start.offset, pointer: pointer, layerPath: layerPath,
          renderers: finding.renderers, fix: finding.fix)
        if !isIgnored(diagnostic) { diagnostics.append(diagnostic) }
      }
    }
    // Deterministic order: position, then code, then message.
    diagnostics.sort { ($0.offset, $0.code, $0.message) < ($1.offset, $1.code, $1.message) }
    return diagnostics
  }

  /// Byte spans (key through value) of members that a later member with the same key replaces,
  /// as sorted, disjoint ranges (a shadowed member inside another one is covered by the outer).
  /// Linear in the number of members of the objects that have duplicates.
  static func shadowedSpans(_ document: JSONDocument) -> SpanSet {
    var spans: [Range<Int>] = []
    var objectsDone = Set<Int>()
    for id in document.duplicateKeys {
      let later = document.node(id)
      guard let object = later.parent, objectsDone.insert(object.span.lowerBound).inserted else { continue }
      // Every member but the last with its key is replaced by a later one.
      var last: [String: Int] = [:]
      let members = Array(object.members)
      for (k, member) in members.enumerated() { last[member.key] = k }
      for (k, member) in members.enumerated() where last[member.key] != k {
        spans.append(member.keyNode.span.lowerBound..<member.value.span.upperBound)
      }
    }
    return SpanSet(spans)
  }

  func isIgnored(_ d: Diagnostic) -> Bool {
    guard !options.ignores.isEmpty else { return false }
    let file = ignoredPath(d.file)
    return options.ignores.contains { ignore in
      if let r = ignore.rule, r != d.code && r != d.name { return false }
      if let p = ignore.path, !Glob.matches(p, file) { return false }
      if let ptr = ignore.pointer, ptr != d.pointer && !d.pointer.utf8.starts(with: (ptr + "/").utf8) { return false }
      return true
    }
  }
}

extension Linter {
  /// The path ignore globs are matched against: relative to the configuration's folder when the
  /// file lies under it, however the command line spelled it (`anims`, `./anims`, an absolute path,
  /// or `.` from inside `anims` all give `anims/hero.json`); else the path as given.
  func ignoredPath(_ file: String) -> String {
    guard let root = options.ignoreRoot, file != "<stdin>" else { return file }
    return Paths.relative(Paths.normalizedAbsolute(file), to: root) ?? file
  }
}

/// Shell-style globs for ignores: `*` and `?` (matching `/` too), `**` the same as `*`.
package enum Glob {
  /// A pattern without a slash also matches the file name anywhere (as in .gitignore).
  package static func matches(_ pattern: String, _ path: String) -> Bool {
    if matchWhole(pattern, path) { return true }
    if !pattern.contains("/"), let slash = path.lastIndex(of: "/") {
      return matchWhole(pattern, String(path[path.index(after: slash)...]))
    }
    return false
  }

  /// Iterative wildcard matching with backtracking to the last star.
  static func matchWhole(_ pattern: String, _ path: String) -> Bool {
    let p = Array(pattern.replacingAll("**", "*").utf8)
    let s = Array(path.utf8)
    var i = 0, j = 0, star = -1, mark = 0
    while j < s.count {
      if i < p.count && (p[i] == UInt8(ascii: "?") || p[i] == s[j]) {
        i += 1; j += 1
      } else if i < p.count && p[i] == UInt8(ascii: "*") {
        star = i; mark = j; i += 1
      } else if star >= 0 {
        i = star + 1; mark += 1; j = mark
      } else {
        return false
      }
    }
    while i < p.count && p[i] == UInt8(ascii: "*") { i += 1 }
    return i == p.count
  }
}

extension String {
  func replacingAll(_ a: String, _ b: String) -> String {
    var result = ""
    var rest = Substring(self)
    while let r = rest.range(of: a) {
      result += rest[..<r.lowerBound]
      result += b
      rest = rest[r.upperBound...]
    }
    return result + rest
  }
}

extension Substring {
  func range(of target: String) -> Range<Index>? {
    guard !target.isEmpty else { return nil }
    var i = startIndex
    while i < endIndex {
      if self[i...].hasPrefix(target) { return i..<(index(i, offsetBy: target.count)) }
      i = index(after: i)
    }
    return nil
  }
}
