import LottieLint

/// Builds the reporters that need more than a report (the tool version for SARIF).
enum ReporterFactory {
  static func sarif(_ report: LintReport) -> String { SARIFReporter(toolVersion: LottieKit.version).render(report) }
  static func junit(_ report: LintReport, failOn: Severity) -> String { JUnitReporter(failOn: failOn).render(report) }
  static func github(_ report: LintReport) -> String { GitHubReporter().render(report) }
}
