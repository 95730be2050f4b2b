import LottieJSON

/// gcc/Xcode style, clickable in terminals and IDEs:
/// `hero.json:41:17: error: [LK201] layer "Bubble" (ind 4) names parent 7, …`
package struct TextReporter: Reporter {
  package static let name = "text"
  package var color: Bool
  /// The closing summary line in `end` (off with --quiet).
  package var summarises = true
  package init(color: Bool = false) { self.color = color }
  package init(settings: ReportSettings) {
    color = settings.color
    summarises = settings.summary
  }

  package var streams: Bool { true }

  package func stream(_ file: LintReport.FileResult, first: Bool) -> [UInt8] {
    self.file(file).map { Array(($0 + "\n").utf8) } ?? []
  }

  package func end(_ report: LintReport, totals: LintTotals) -> [UInt8] {
    guard summarises else { return [] }
    return Array((summary(files: totals.files, errors: totals.errors, warnings: totals.warnings, infos: totals.infos) + "\n").utf8)
  }

  func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

  package func render(_ report: LintReport) -> String {
    let body = report.files.compactMap(file).joined(separator: "\n")
    let summary = self.summary(
      files: report.files.count, errors: report.count(.error), warnings: report.count(.warning),
      infos: report.count(.info))
    return body.isEmpty ? summary : body + "\n" + summary
  }

  /// One file's diagnostics (nil when it has none), for streaming.
  package func file(_ file: LintReport.FileResult) -> String? {
    let lines = file.diagnostics.flatMap { self.lines($0) }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  /// One diagnostic: what and where, then help and fix (JUnit's failure text too, `escaping`
  /// nothing: XML carries any character). Names and paths are the file's: on a terminal a line
  /// break or an escape character in them is shown, not obeyed.
  package func lines(_ d: Diagnostic, escaping: Bool = true) -> [String] {
    let severity: String
    switch d.severity {
    case .error: severity = paint("error", "1;31")
    case .warning: severity = paint("warning", "1;33")
    case .info: severity = paint("info", "1;36")
    }
    func visible(_ s: String) -> String { escaping ? JSONStringCodec.controlCharactersEscaped(s) : s }
    var lines = ["\(paint("\(visible(d.file)):\(d.line):\(d.column):", "1")) \(severity): [\(d.code)] \(visible(d.message))"]
    // The empty pointer is the whole document ("/" would name a member called "").
    var at = "  at \(d.pointer.isEmpty ? "the root" : visible(d.pointer))"
    if !d.layerPath.isEmpty { at += " in \"\(visible(d.layerPath.joined(separator: " › ")))\"" }
    if !d.renderers.isEmpty { at += " (\(d.renderers.joined(separator: ", ")))" }
    lines.append(paint(at, "2"))
    if let help = d.help { lines.append("  help: \(visible(help))") }
    if let fix = d.fix { lines.append("  fix: \(visible(fix.summary)) (lottiekit lint --fix)") }
    return lines
  }

  package func summary(files: Int, errors: Int, warnings: Int, infos: Int) -> String {
    "\(files) file\(files == 1 ? "" : "s") linted: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) info"
  }
}
