import LottieJSON

/// The versioned JSON shape documented in CLI.md and the README (version 1).
package struct JSONReporter: Reporter {
  package static let name = "json"
  package init() {}
  package init(settings: ReportSettings) {}

  package var streams: Bool { true }
  package func begin() -> [UInt8] { Array(header().utf8) }
  package func stream(_ file: LintReport.FileResult, first: Bool) -> [UInt8] { fileBytes(file, first: first) }
  package func end(_ report: LintReport, totals: LintTotals) -> [UInt8] {
    Array((footer(files: totals.files, errors: totals.errors, warnings: totals.warnings, infos: totals.infos) + "\n").utf8)
  }

  package func render(_ report: LintReport) -> String {
    var out = header()
    for (k, file) in report.files.enumerated() { out += self.file(file, first: k == 0) }
    out += footer(
      files: report.files.count, errors: report.count(.error), warnings: report.count(.warning),
      infos: report.count(.info))
    return out
  }

  // Streaming: header, then each file as it is linted, then the footer — the same bytes as
  // `render`, without holding every diagnostic of a large run in memory.

  package func header() -> String { "{\n  \"version\": 1,\n  \"files\": [" }

  package func file(_ file: LintReport.FileResult, first: Bool) -> String {
    String(decoding: fileBytes(file, first: first), as: UTF8.self)
  }

  /// `file(_:first:)` as bytes. Written straight to bytes, exactly as `JSONValue.appendPretty`
  /// would lay the same value out (the golden files hold both to it): a tree of JSONValue per
  /// diagnostic made retain/release most of lint's CPU time on runs with tens of thousands of
  /// findings. The fixed parts are static strings; a help text repeated by many diagnostics in a
  /// row is escaped once.
  package func fileBytes(_ file: LintReport.FileResult, first: Bool) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(96 + file.diagnostics.count * 900)
    out.put(first ? "\n    {\n      \"path\": " : ",\n    {\n      \"path\": ")
    JSONStringCodec.appendQuoted(file.path, to: &out)
    out.put(",\n      \"diagnostics\": ")
    var help = HelpCache()
    Self.appendArray(file.diagnostics, depth: 3, to: &out) { d, out in Self.appendDiagnostic(d, to: &out, help: &help) }
    out.put("\n    }")
    return out
  }

  /// The escaped form of the last help text written.
  struct HelpCache {
    var text: String?
    var quoted: [UInt8] = []
  }

  /// One diagnostic at depth 4 (inside a file's `diagnostics` array).
  static func appendDiagnostic(_ d: Diagnostic, to out: inout [UInt8], help cache: inout HelpCache) {
    out.put("{\n          \"code\": ")
    JSONStringCodec.appendQuoted(d.code, to: &out)
    out.put(",\n          \"name\": ")
    JSONStringCodec.appendQuoted(d.name, to: &out)
    out.put(",\n          \"severity\": ")
    switch d.severity {
    case .error: out.put("\"error\"")
    case .warning: out.put("\"warning\"")
    case .info: out.put("\"info\"")
    }
    out.put(",\n          \"message\": ")
    JSONStringCodec.appendQuoted(d.message, to: &out)
    out.put(",\n          \"help\": ")
    if let help = d.help {
      if help != cache.text {
        cache.quoted.removeAll(keepingCapacity: true)
        JSONStringCodec.appendQuoted(help, to: &cache.quoted)
        cache.text = help
      }
      out.append(contentsOf: cache.quoted)
    } else {
      out.put("null")
    }
    out.put(",\n          \"line\": ")
    out.putDecimal(d.line)
    out.put(",\n          \"column\": ")
    out.putDecimal(d.column)
    out.put(",\n          \"endLine\": ")
    out.putDecimal(d.endLine)
    out.put(",\n          \"endColumn\": ")
    out.putDecimal(d.endColumn)
    out.put(",\n          \"pointer\": ")
    JSONStringCodec.appendQuoted(d.pointer, to: &out)
    out.put(",\n          \"layerPath\": ")
    appendArray(d.layerPath, depth: 5, to: &out) { JSONStringCodec.appendQuoted($0, to: &$1) }
    out.put(",\n          \"renderers\": ")
    appendArray(d.renderers, depth: 5, to: &out) { JSONStringCodec.appendQuoted($0, to: &$1) }
    if let fix = d.fix {
      out.put(",\n          \"fix\": {\n            \"summary\": ")
      JSONStringCodec.appendQuoted(fix.summary, to: &out)
      out.put(",\n            \"operations\": ")
      appendArray(fix.operations, depth: 6, to: &out) { op, out in
        out.put("{\n                \"op\": ")
        switch op {
        case .replace(let pointer, let json):
          out.put("\"replace\",\n                \"path\": ")
          JSONStringCodec.appendQuoted(pointer, to: &out)
          out.put(",\n                \"value\": ")
          out.append(contentsOf: json.utf8)
        case .add(let pointer, let key, let json):
          out.put("\"add\",\n                \"path\": ")
          JSONStringCodec.appendQuoted(pointer + "/" + JSONPointer.escape(key), to: &out)
          out.put(",\n                \"value\": ")
          out.append(contentsOf: json.utf8)
        case .remove(let pointer):
          out.put("\"remove\",\n                \"path\": ")
          JSONStringCodec.appendQuoted(pointer, to: &out)
        case .removeBOM:
          out.put("\"remove-bom\"")
        }
        out.put("\n              }")
      }
      out.put("\n          }")
    }
    out.put("\n        }")
  }

  /// A JSON array whose `[` is at `depth`, laid out as `JSONValue.appendPretty` lays one out:
  /// `[]` when empty, else one element a line, a level deeper, and `]` on a line of its own.
  static func appendArray<C: Collection>(
    _ items: C, depth: Int, to out: inout [UInt8],
    _ element: (C.Element, inout [UInt8]) -> Void
  ) {
    guard !items.isEmpty else {
      out.put("[]")
      return
    }
    out.append(UInt8(ascii: "["))
    var first = true
    for item in items {
      if !first { out.append(UInt8(ascii: ",")) }
      first = false
      out.append(0x0A)
      out.append(contentsOf: repeatElement(0x20, count: 2 * depth + 2))
      element(item, &out)
    }
    out.append(0x0A)
    out.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    out.append(UInt8(ascii: "]"))
  }

  package func footer(files: Int, errors: Int, warnings: Int, infos: Int) -> String {
    let summary = JSONValue.object([("files", .int(files)), ("errors", .int(errors)), ("warnings", .int(warnings)), ("infos", .int(infos))])
    var bytes: [UInt8] = Array((files == 0 ? "],\n  \"summary\": " : "\n  ],\n  \"summary\": ").utf8)
    summary.appendPretty(to: &bytes, depth: 1)
    bytes.append(contentsOf: Array("\n}".utf8))
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension [UInt8] {
  /// Appends a literal's bytes (no intermediate array).
  @inline(__always) mutating func put(_ s: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }

  /// Appends an integer in decimal.
  mutating func putDecimal(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var v = value.magnitude
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var n = 0
    Swift.withUnsafeMutableBytes(of: &digits) { buf in
      repeat {
        buf[n] = UInt8(ascii: "0") + UInt8(v % 10)
        v /= 10
        n += 1
      } while v > 0
      for k in stride(from: n - 1, through: 0, by: -1) { append(buf[k]) }
    }
  }
}
