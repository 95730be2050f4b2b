/// JUnit XML, for CI systems that show test reports (GitLab, Jenkins, Azure Pipelines, CircleCI):
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="lottiekit" tests="2" failures="1" errors="0">
///   <testsuite name="lottiekit" tests="2" failures="1" errors="0" skipped="0">
///     <testcase classname="delivery/hero.json" name="delivery/hero.json">
///       <failure type="LK101" message="layer &quot;Bubble&quot; (ind 4) names parent 7, …">delivery/hero.json:41:17: error: [LK101] …
///   at /layers/3/parent in "Main › Bubble"
///   help: …</failure>
///       <system-out>delivery/hero.json:2:3: info: [LK…] …</system-out>
///     </testcase>
///     <testcase classname="stickers/wave.json" name="stickers/wave.json"/>
///   </testsuite>
/// </testsuites>
/// ```
///
/// Decisions:
/// - One test case per linted file, in input order; a file with no warning or error passes.
/// - A test case fails as the exit code does: every finding at or above the failing level
///   (`--fail-on`, default error; `--strict`: warning) is one `<failure>` (`type` is the code,
///   `message` the diagnostic's message, the body the same lines as the text format: position,
///   severity, pointer, help, fix). A report that shows failures while the run exits 0 is a report
///   CI users learn to ignore.
/// - Findings below that level never fail: they are listed, in the text format, in the test case's
///   `<system-out>`.
/// - `tests` counts files and `failures` counts failing files (test cases with at least one
///   `<failure>`), as the JUnit format defines them, so `failures` never exceeds `tests`.
/// - Everything is XML-escaped (`&`, `<`, `>`, `"`, `'`); carriage returns, and tabs and line feeds
///   in attribute values, are written as character references so that parsers give them back
///   exactly; characters XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF) become U+FFFD.
package struct JUnitReporter: Reporter {
  package static let name = "junit"
  /// Findings at or above this severity fail their test case.
  package var failOn: Severity
  package init(failOn: Severity = .error) { self.failOn = failOn }
  package init(settings: ReportSettings) { self.init(failOn: settings.failOn) }

  package func render(_ report: LintReport) -> String {
    let failing = report.files.filter { $0.diagnostics.contains { $0.severity >= failOn } }.count
    let counts = "tests=\"\(report.files.count)\" failures=\"\(failing)\" errors=\"0\""
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"lottiekit\" \(counts)>",
      "  <testsuite name=\"lottiekit\" \(counts) skipped=\"0\">"
    ]
    for file in report.files {
      let path = Self.escaped(file.path)
      let open = "    <testcase classname=\"\(path)\" name=\"\(path)\""
      let failures = file.diagnostics.filter { $0.severity >= failOn }
      let infos = file.diagnostics.filter { $0.severity < failOn }
      if failures.isEmpty && infos.isEmpty {
        lines.append(open + "/>")
        continue
      }
      lines.append(open + ">")
      for d in failures {
        lines.append(
          "      <failure type=\"\(Self.escaped(d.code))\" message=\"\(Self.escaped(d.message))\">"
            + Self.escaped(Self.textLines(d).joined(separator: "\n"), attribute: false) + "</failure>")
      }
      if !infos.isEmpty {
        lines.append(
          "      <system-out>" + Self.escaped(infos.flatMap(Self.textLines).joined(separator: "\n"), attribute: false)
            + "</system-out>")
      }
      lines.append("    </testcase>")
    }
    lines.append("  </testsuite>")
    lines.append("</testsuites>")
    return lines.joined(separator: "\n")
  }

  /// One diagnostic in the text format's layout (without colour).
  static func textLines(_ d: Diagnostic) -> [String] { TextReporter().lines(d, escaping: false) }

  /// Text safe in XML 1.0 content (`attribute: false`) or in a quoted attribute value. Carriage
  /// returns (which parsers turn into line feeds) are always written as references; tabs and line
  /// feeds only in attributes, where parsers would turn them into spaces.
  package static func escaped(_ s: String, attribute: Bool = true) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\r": out += "&#13;"
      case "\t" where attribute: out += "&#9;"
      case "\n" where attribute: out += "&#10;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out.unicodeScalars.append("\u{FFFD}")
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
