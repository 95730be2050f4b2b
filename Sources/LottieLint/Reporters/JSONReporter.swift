import LottieJSON

/// The versioned JSON shape documented in CLI.md and the README (version 1).
public struct JSONReporter: Reporter {
  public static let name = "json"
  public init() {}

  public static func diagnosticJSON(_ d: Diagnostic) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("code", .string(d.code)), ("name", .string(d.name)), ("severity", .string(d.severity.rawValue)),
      ("message", .string(d.message)), ("help", d.help.map { .string($0) } ?? .null),
      ("line", .int(d.line)), ("column", .int(d.column)), ("endLine", .int(d.endLine)), ("endColumn", .int(d.endColumn)),
      ("pointer", .string(d.pointer)), ("layerPath", .array(d.layerPath.map { .string($0) })),
      ("renderers", .array(d.renderers.map { .string($0) })),
    ]
    if let fix = d.fix { members.append(("fix", fix.json)) }
    return .object(members)
  }

  public func render(_ report: LintReport) -> String {
    let files: [JSONValue] = report.files.map { file in
      .object([("path", .string(file.path)), ("diagnostics", .array(file.diagnostics.map(Self.diagnosticJSON)))])
    }
    let summary = JSONValue.object([("files", .int(report.files.count)), ("errors", .int(report.count(.error))),
                                    ("warnings", .int(report.count(.warning))), ("infos", .int(report.count(.info)))])
    return JSONValue.object([("version", .int(1)), ("files", .array(files)), ("summary", summary)]).prettyString
  }
}
