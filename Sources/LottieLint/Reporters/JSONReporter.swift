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
    // Written straight to bytes, exactly as `JSONValue.appendPretty` would lay the same value out
    // (the golden files hold both to it): a tree of JSONValue per diagnostic made retain/release
    // most of lint's CPU time on runs with tens of thousands of findings.
    var out: [UInt8] = Array((first ? "\n    " : ",\n    ").utf8)
    out.reserveCapacity(96 + file.diagnostics.count * 420)
    out += Array("{\n      \"path\": ".utf8)
    JSONStringCodec.appendQuoted(file.path, to: &out)
    out += Array(",\n      \"diagnostics\": ".utf8)
    if file.diagnostics.isEmpty {
      out += Array("[]".utf8)
    } else {
      out.append(UInt8(ascii: "["))
      for (k, d) in file.diagnostics.enumerated() {
        out += Array((k == 0 ? "\n        " : ",\n        ").utf8)
        Self.appendDiagnostic(d, to: &out)
      }
      out += Array("\n      ]".utf8)
    }
    out += Array("\n    }".utf8)
    return String(decoding: out, as: UTF8.self)
  }

  /// One diagnostic at depth 4 (inside a file's `diagnostics` array).
  static func appendDiagnostic(_ d: Diagnostic, to out: inout [UInt8]) {
    let indent: [UInt8] = Array("\n          ".utf8)
    func key(_ name: String, first: Bool = false) {
      if !first { out.append(UInt8(ascii: ",")) }
      out += indent
      out.append(UInt8(ascii: "\""))
      out += Array(name.utf8)
      out += Array("\": ".utf8)
    }
    func strings(_ values: [String]) {
      if values.isEmpty {
        out += Array("[]".utf8)
        return
      }
      out.append(UInt8(ascii: "["))
      for (k, v) in values.enumerated() {
        out += Array((k == 0 ? "\n            " : ",\n            ").utf8)
        JSONStringCodec.appendQuoted(v, to: &out)
      }
      out += Array("\n          ]".utf8)
    }
    out.append(UInt8(ascii: "{"))
    key("code", first: true); JSONStringCodec.appendQuoted(d.code, to: &out)
    key("name"); JSONStringCodec.appendQuoted(d.name, to: &out)
    key("severity"); JSONStringCodec.appendQuoted(d.severity.rawValue, to: &out)
    key("message"); JSONStringCodec.appendQuoted(d.message, to: &out)
    key("help")
    if let help = d.help { JSONStringCodec.appendQuoted(help, to: &out) } else { out += Array("null".utf8) }
    key("line"); out += Array(String(d.line).utf8)
    key("column"); out += Array(String(d.column).utf8)
    key("endLine"); out += Array(String(d.endLine).utf8)
    key("endColumn"); out += Array(String(d.endColumn).utf8)
    key("pointer"); JSONStringCodec.appendQuoted(d.pointer, to: &out)
    key("layerPath"); strings(d.layerPath)
    key("renderers"); strings(d.renderers)
    if let fix = d.fix {
      key("fix")
      fix.json.appendPretty(to: &out, depth: 5)
    }
    out += Array("\n        }".utf8)
  }

  public func footer(files: Int, errors: Int, warnings: Int, infos: Int) -> String {
    let summary = JSONValue.object([("files", .int(files)), ("errors", .int(errors)), ("warnings", .int(warnings)), ("infos", .int(infos))])
    var bytes: [UInt8] = Array((files == 0 ? "],\n  \"summary\": " : "\n  ],\n  \"summary\": ").utf8)
    summary.appendPretty(to: &bytes, depth: 1)
    bytes.append(contentsOf: Array("\n}".utf8))
    return String(decoding: bytes, as: UTF8.self)
  }
}
