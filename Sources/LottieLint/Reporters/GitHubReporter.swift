/// GitHub Actions workflow commands: one annotation line per diagnostic, nothing else (no summary;
/// an empty report renders as the empty string).
///
/// `::error file=PATH,line=L,col=C,endLine=EL,endColumn=EC,title=CODE name::MESSAGE` with `::warning`
/// for warnings and `::notice` for infos. The message is the diagnostic's message, then `help: …` on
/// a second line. Escaping follows the runner's rules: in the message `%` → `%25`, CR → `%0D`,
/// LF → `%0A`; in property values also `:` → `%3A` and `,` → `%2C`.
package struct GitHubReporter: Reporter {
  package static let name = "github"
  package init() {}
  package init(settings: ReportSettings) {}

  package func render(_ report: LintReport) -> String {
    report.all.map(Self.command).joined(separator: "\n")
  }

  static func command(_ d: Diagnostic) -> String {
    let kind: String
    switch d.severity {
    case .error: kind = "error"
    case .warning: kind = "warning"
    case .info: kind = "notice"
    }
    let reported = ReportedFile(d.file)
    // An archive member's lines, or gzip's JSON's, are not the file's: the annotation is on the whole file.
    let position =
      d.positionsIn == nil
      ? [("line", String(d.line)), ("col", String(d.column)), ("endLine", String(d.endLine)), ("endColumn", String(d.endColumn))]
      : []
    let properties = ([("file", reported.file)] + position + [("title", "\(d.code) \(d.name)")])
      .map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
    var message = d.message
    if let within = d.positionsIn { message = "in \(within) (line \(d.line), column \(d.column)): " + message }
    if let help = d.help { message += "\nhelp: " + help }
    return "::\(kind) \(properties)::\(escapeData(message))"
  }

  /// A message (the data after `::`).
  package static func escapeData(_ s: String) -> String { escape(s, separators: false) }

  /// A property value (between `=` and the next `,` or `::`).
  package static func escapeProperty(_ s: String) -> String { escape(s, separators: true) }

  /// Percent-encodes what a workflow command would misread: `%`, line breaks and, in properties,
  /// `:` and `,`.
  static func escape(_ s: String, separators: Bool) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      case ":" where separators: out += "%3A"
      case "," where separators: out += "%2C"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
