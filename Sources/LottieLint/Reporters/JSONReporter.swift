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
    var out = header()
    for (k, file) in report.files.enumerated() { out += self.file(file, first: k == 0) }
    out += footer(files: report.files.count, errors: report.count(.error), warnings: report.count(.warning),
                  infos: report.count(.info))
    return out
  }

  // Streaming: header, then each file as it is linted, then the footer — the same bytes as
  // `render`, without holding every diagnostic of a large run in memory.

  public func header() -> String { "{\n  \"version\": 1,\n  \"files\": [" }

  public func file(_ file: LintReport.FileResult, first: Bool) -> String {
    let value = JSONValue.object([("path", .string(file.path)), ("diagnostics", .array(file.diagnostics.map(Self.diagnosticJSON)))])
    var bytes: [UInt8] = Array((first ? "\n    " : ",\n    ").utf8)
    value.appendPretty(to: &bytes, depth: 2)
    return String(decoding: bytes, as: UTF8.self)
  }

  public func footer(files: Int, errors: Int, warnings: Int, infos: Int) -> String {
    let summary = JSONValue.object([("files", .int(files)), ("errors", .int(errors)), ("warnings", .int(warnings)), ("infos", .int(infos))])
    var bytes: [UInt8] = Array((files == 0 ? "],\n  \"summary\": " : "\n  ],\n  \"summary\": ").utf8)
    summary.appendPretty(to: &bytes, depth: 1)
    bytes.append(contentsOf: Array("\n}".utf8))
    return String(decoding: bytes, as: UTF8.self)
  }
}
