import LottieJSON

/// SARIF 2.1.0 (OASIS), one run, for code-scanning dashboards (GitHub code scanning, Azure DevOps,
/// VS Code's SARIF viewer). Carries the same diagnostics as `--format json`:
/// - `tool.driver.rules`: one reportingDescriptor per rule that ran (`id` is the code), with the
///   summary, rationale, fix hint (text and Markdown), default level and category;
/// - `artifacts`: every linted file, clean ones included, in input order; results point at them by
///   index;
/// - `results`: one per diagnostic, in report order: level, message (with the help line), the
///   region (`run.columnKind` is `unicodeCodePoints`: our columns count Unicode scalars, and
///   `endColumn` is already the column after the value, as SARIF wants), the JSON pointer as a
///   logical location, and `properties` {pointer, layerPath, renderers, fix?}.
///
/// Fixes are not SARIF `fixes`: those need `artifactChanges` with `replacements` given as regions of
/// the original file, and our fixes are pointer-based operations whose byte ranges the report does
/// not carry (a `remove` also takes a neighbouring comma, which only the edit engine knows). So the
/// fix travels exactly as in the JSON output (`Fix.json`) under `result.properties.fix`.
package struct SARIFReporter: Reporter {
  package static let name = "sarif"
  package static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

  package var toolVersion: String
  /// The tool's home page (`tool.driver.informationUri`, an absolute URI); omitted when nil.
  package var informationUri: String?

  package init(toolVersion: String, informationUri: String? = nil) {
    self.toolVersion = toolVersion
    self.informationUri = informationUri
  }

  package init(settings: ReportSettings) { self.init(toolVersion: settings.toolVersion) }

  package func render(_ report: LintReport) -> String {
    // Rules and artifacts are arrays with unique items in the schema: keep the first of duplicates.
    var rules: [RuleDescription] = []
    var ruleIndex: [String: Int] = [:]
    for rule in report.rules where ruleIndex[rule.code] == nil {
      ruleIndex[rule.code] = rules.count
      rules.append(rule)
    }
    var paths: [String] = []
    var artifactIndex: [String: Int] = [:]
    for file in report.files {
      let path = ReportedFile(file.path).file
      guard artifactIndex[path] == nil else { continue }
      artifactIndex[path] = paths.count
      paths.append(path)
    }

    var driver: [(String, JSONValue)] = [("name", .string("lottiekit"))]
    if let informationUri { driver.append(("informationUri", .string(informationUri))) }
    driver.append(("version", .string(toolVersion)))
    driver.append(("rules", .array(rules.map(Self.descriptor))))

    let artifacts: [JSONValue] = paths.map { path in
      .object([
        ("location", .object([("uri", .string(Self.uri(forPath: path)))])),
        ("roles", .array([.string("analysisTarget")]))
      ])
    }
    let results: [JSONValue] = report.all.map { d in
      Self.result(d, ruleIndex: ruleIndex[d.code], artifactIndex: artifactIndex[ReportedFile(d.file).file])
    }
    let run = JSONValue.object([
      ("tool", .object([("driver", .object(driver))])),
      ("columnKind", .string("unicodeCodePoints")),
      ("artifacts", .array(artifacts)),
      ("results", .array(results))
    ])
    return JSONValue.object([
      ("$schema", .string(Self.schemaURI)),
      ("version", .string("2.1.0")),
      ("runs", .array([run]))
    ]).prettyString
  }

  /// SARIF's name for a severity.
  package static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .info: return "note"
    }
  }

  static func descriptor(_ rule: RuleDescription) -> JSONValue {
    let markdown =
      sentence(markdownEscaped(rule.fixHint)) + "\n\n" + sentence(markdownEscaped(rule.rationale))
      + "\n\n`lottiekit explain \(rule.code)` shows the rule's page with examples."
    return .object([
      ("id", .string(rule.code)),
      ("name", .string(rule.name)),
      ("shortDescription", .object([("text", .string(rule.summary))])),
      ("fullDescription", .object([("text", .string(rule.rationale))])),
      ("help", .object([("text", .string(rule.fixHint)), ("markdown", .string(markdown))])),
      ("defaultConfiguration", .object([("level", .string(level(rule.defaultSeverity)))])),
      (
        "properties",
        .object([
          ("category", .string(rule.category.rawValue)),
          ("tags", .array([.string(rule.category.rawValue)]))
        ])
      )
    ])
  }

  static func result(_ d: Diagnostic, ruleIndex: Int?, artifactIndex: Int?) -> JSONValue {
    var members: [(String, JSONValue)] = [("ruleId", .string(d.code))]
    if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
    members.append(("level", .string(level(d.severity))))
    let reported = ReportedFile(d.file)
    var text = d.message
    if let within = d.positionsIn { text = "in \(within) (line \(d.line), column \(d.column)): " + text }
    if let help = d.help { text += "\nhelp: " + help }
    members.append(("message", .object([("text", .string(text))])))

    var artifactLocation: [(String, JSONValue)] = [("uri", .string(uri(forPath: reported.file)))]
    if let artifactIndex { artifactLocation.append(("index", .int(artifactIndex))) }
    var physical: [(String, JSONValue)] = [("artifactLocation", .object(artifactLocation))]
    // Lines and columns of an archive member or of gzip's JSON are not the file's: no region.
    if d.positionsIn == nil {
      physical.append(
        (
          "region",
          .object([
            ("startLine", .int(d.line)), ("startColumn", .int(d.column)),
            ("endLine", .int(d.endLine)), ("endColumn", .int(d.endColumn))
          ])
        ))
    }
    let logical = (reported.member.map { $0 + "#" } ?? "") + d.pointer
    let location = JSONValue.object([
      ("physicalLocation", .object(physical)),
      ("logicalLocations", .array([.object([("fullyQualifiedName", .string(logical)), ("kind", .string("member"))])]))
    ])
    members.append(("locations", .array([location])))

    var properties: [(String, JSONValue)] = [
      ("pointer", .string(d.pointer)),
      ("layerPath", .array(d.layerPath.map { .string($0) })),
      ("renderers", .array(d.renderers.map { .string($0) }))
    ]
    if let fix = d.fix { properties.append(("fix", fix.json)) }
    members.append(("properties", .object(properties)))
    return .object(members)
  }

  /// A file path as an RFC 3986 URI reference. Relative paths stay relative (resolved against the
  /// folder the tool ran in, as code-scanning uploads expect); absolute paths become `file://` URIs.
  /// Every byte of the UTF-8 path is percent-encoded (upper-case hex) except unreserved characters
  /// and `/`, so spaces, commas, `#`, `?`, `%`, `:` (which would read as a scheme in a first
  /// segment) and non-ASCII letters are all safe.
  package static func uri(forPath path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    if path.hasPrefix("/") { out.append(contentsOf: Array("file://".utf8)) }
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.append(byte)
      default:
        out.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Plain text made safe for (GitHub-flavoured) Markdown: punctuation that could start emphasis,
  /// code, links, HTML, tables or entities is backslash-escaped, as are `#`, `+`, `-` and `1.` at
  /// the start of a line (headings, lists). Newlines stay.
  static let markdownPunctuation: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "!"]

  static func markdownEscaped(_ s: String) -> String {
    var out = ""
    var atLineStart = true
    var digitsAtLineStart = false
    for ch in s {
      if ch == "\n" {
        out.append(ch)
        atLineStart = true
        digitsAtLineStart = false
        continue
      }
      if markdownPunctuation.contains(ch) || (atLineStart && "#+-=".contains(ch)) || (digitsAtLineStart && ".)".contains(ch)) {
        out.append("\\")
      }
      digitsAtLineStart = ch.isASCII && ch.isNumber && (atLineStart || digitsAtLineStart)
      atLineStart = atLineStart && ch == " "
      out.append(ch)
    }
    return out
  }

  /// Our texts are lowercase clauses without a final period (DESIGN.md); Markdown reads as prose.
  static func sentence(_ s: String) -> String {
    guard let first = s.first else { return s }
    let capitalized = first.uppercased() + s.dropFirst()
    return capitalized.hasSuffix(".") ? capitalized : capitalized + "."
  }
}
