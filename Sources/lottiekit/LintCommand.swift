import ArgumentParser
import Foundation
import LottieCompat
import LottieJSON
import LottieKitIO
import LottieLint

/// Targets and profiles the command line accepts (compatibility data arrives with the compat rules).
enum KnownNames {
  static var targets: Set<String> { RendererSupport.shared.targetNames }
  static var profiles: Set<String> {
    Set(RuleRegistry.all.flatMap { $0.description.profiles })
  }
}

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check animations: validity, references, images, naming, budgets (the CI check).",
    discussion: prose("""
      Folders are searched recursively; .tgs and .lottie files are opened. A file that is not valid
      JSON gives one diagnostic at the syntax error; the other files are still linted.
      Configuration: .lottiekit.yml in the current folder or above, or --config.
      Exit codes: 0 clean, 1 findings at or above --fail-on (default error), 2 input/config error.
      Examples:
        lottiekit lint delivery/
        lottiekit lint --format sarif delivery/ > lottiekit.sarif
        lottiekit lint --format github --fail-on warning animations/
        lottiekit lint --profile spec-strict --fix hero.json
        lottiekit lint --write-baseline baseline.json animations/   (once, to adopt)
        lottiekit lint --baseline baseline.json animations/         (in CI)
      Baseline: --write-baseline records every current finding (file, rule, JSON pointer and a
      fingerprint of the value it points at) and exits 0; --baseline then reports only findings
      that are not in it. A finding stays baselined when unrelated edits move it (a layer added
      above); editing the value itself reports it again. Rewrite the baseline after fixing some:
      fixed findings drop out.
      """)
  )

  @Argument(help: "Files, folders or - (stdin); none: the current folder.")
  var inputs: [String] = []

  @Option(help: "Renderers to check compatibility for, comma separated: ios, ios-main-thread, android, web (web-svg), web-canvas, web-html, skottie, rlottie, thorvg; NAME@VERSION uses the data for that version (ios@4.4).")
  var target: [String] = []

  @Flag(name: .customLong("sticker-emoji"), help: "telegram-sticker profile: expect a 100×100 custom emoji canvas.")
  var stickerEmoji = false

  @Flag(name: .customLong("sticker-30fps"), help: "telegram-sticker profile: allow 30 fps as well as 60.")
  var sticker30fps = false

  @Option(help: "Rule profiles to switch on (repeatable or comma separated): spec-strict (the official schema's strictness), telegram-sticker (Telegram's .tgs rules).")
  var profile: [String] = []

  @Option(help: "Output format: text, json, sarif, junit or github.")
  var format: LintFormat = .text

  @Option(name: .customLong("fail-on"), help: "Lowest severity that makes the exit code 1: error, warning or info.")
  var failOn: SeverityArgument?

  @Flag(help: "Fail on warnings too (the same as --fail-on warning).")
  var strict = false

  @Flag(help: "Apply safe fixes in place (atomic writes), then report what remains.")
  var fix = false

  @Option(help: "Configuration file (default: .lottiekit.yml found from the current folder upwards).")
  var config: String?

  @Option(help: "Do not report findings recorded in this baseline file (see --write-baseline).")
  var baseline: String?

  @Option(name: .customLong("write-baseline"), help: "Record every current finding in this file (written atomically) and exit 0.")
  var writeBaseline: String?

  @Option(help: ArgumentHelp("Files linted at once (default: one per core).", visibility: .hidden))
  var jobs: Int?

  @OptionGroup var output: OutputOptions
  @OptionGroup var empty: EmptyInputOption

  enum LintFormat: String, ExpressibleByArgument, CaseIterable { case text, json, sarif, junit, github }

  enum SeverityArgument: String, ExpressibleByArgument, CaseIterable {
    case error, warning, info
    var severity: Severity { Severity(rawValue: rawValue) ?? .error }
  }

  var targets: [String] {
    target.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
  }

  /// --profile, repeatable and comma separated (as --target).
  var profiles: [String] {
    profile.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
  }

  func validate() throws {
    try validateTargets(targets)
    for p in profiles where !KnownNames.profiles.contains(p) {
      throw ValidationError("unknown profile '\(p)'; known profiles: \(KnownNames.profiles.sorted().joined(separator: ", "))")
    }
    if fix && inputs.contains("-") { throw ValidationError("--fix needs files, not stdin") }
    if baseline != nil && writeBaseline != nil { throw ValidationError("use --baseline or --write-baseline, not both") }
  }

  func run() throws {
    let configuration = try loadConfiguration(explicit: config)
    var options = LintOptions()
    options.profiles = Set(profiles + configuration.profiles)
    noteUncoveredTargetVersions(targets + configuration.targets, quiet: output.quiet)
    options.severities = configuration.severities
    options.budgets = configuration.budgets
    options.ignores = configuration.ignores
    options.targets = (targets + configuration.targets).map(TargetSelection.init(parsing:))
    options.stickerEmoji = stickerEmoji
    options.stickerAllow30fps = sticker30fps
    let failLevel: Severity = strict ? .warning : (failOn?.severity ?? configuration.failOn ?? .error)
    let linter = Linter(options: options)
    let files = try expandInputs(inputs, whenNoPath: .currentFolder, allowEmpty: empty.allowEmpty)

    if fix { try applyFixes(files, linter: linter) }

    let progress = ProgressLine(total: files.count, enabled: !output.quiet && files.count > 20 && isatty(2) != 0)
    let style = Style(output.color)
    let ruleDescriptions = linter.rules.map { type(of: $0).description }
    // text and json stream file by file (bounded memory on large runs); the other formats need
    // the whole report.
    let text = TextReporter(color: style.enabled)
    let json = JSONReporter()
    var kept: [LintReport.FileResult] = []
    if format == .json { printRaw(json.header()) }
    // Diagnostics are small: a window of 16 files per core keeps both cores busy.
    let cores = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    // Baselines: findings carry a content fingerprint (computed only when a baseline is in use).
    let baselineFile = baseline ?? configuration.baseline.map { configuration.resolve($0) }
    var mode = LintRun.Session.BaselineMode.none
    if let writeBaseline {
      mode = .record(folder: Baseline.absolute(FileIO.directory(of: writeBaseline)))
    } else if let baselineFile {
      do { mode = .filter(try LintRun.Session.matcher(baselineFile: baselineFile)) } catch {
        printError("lottiekit: error: \(error.message)")
        throw Exit.failure
      }
    }
    let session = LintRun.Session(mode: mode, failLevel: failLevel)
    let fingerprints = session.needsFingerprints
    parallelOrdered(files, jobs: cores, window: 16 * cores, { path in LintRun.lint(input: path, linter: linter, fingerprints: fingerprints) }) { linted in
      for (linted, prints) in linted {
        let first = session.files == 0
        guard let result = session.take(linted, fingerprints: prints) else { continue }
        switch format {
        case .text: if let chunk = text.file(result) { printOut(chunk) }
        case .json: printRaw(json.fileBytes(result, first: first))
        case .sarif, .junit, .github: kept.append(result)
        }
      }
      progress.tick()
    }
    progress.finish()
    if let writeBaseline {
      do {
        let said = try session.writeBaseline(to: writeBaseline)
        if !output.quiet { printError(said) }
      } catch {
        printError("lottiekit: error: \(error.message)")
        throw Exit.failure
      }
      return
    }
    if !output.quiet, let note = session.baselineNote { printError(note) }
    let report = LintReport(files: kept, rules: ruleDescriptions)
    switch format {
    case .text: if !output.quiet { printOut(text.summary(files: session.files, errors: session.errors, warnings: session.warnings, infos: session.infos)) }
    case .json: printOut(json.footer(files: session.files, errors: session.errors, warnings: session.warnings, infos: session.infos))
    case .sarif: printOut(makeSARIF(report))
    case .junit: printOut(makeJUnit(report, failOn: failLevel))
    case .github:
      let lines = makeGitHub(report)
      if !lines.isEmpty { printOut(lines) }
    }
    if session.failed { throw Exit.findings }
  }

  /// Applies safe fixes (LintRun), then says how many.
  func applyFixes(_ files: [String], linter: Linter) throws {
    let summary: LintRun.FixSummary
    do { summary = try LintRun.applyFixes(files, linter: linter) } catch {
      printError("lottiekit: error: \(error.message)")
      throw Exit.failure
    }
    if !output.quiet && summary.problems > 0 {
      printError("fixed \(summary.problems) problem\(summary.problems == 1 ? "" : "s") in \(summary.files) file\(summary.files == 1 ? "" : "s")")
    }
  }

  func makeSARIF(_ report: LintReport) -> String { ReporterFactory.sarif(report) }
  func makeJUnit(_ report: LintReport, failOn: Severity) -> String { ReporterFactory.junit(report, failOn: failOn) }
  func makeGitHub(_ report: LintReport) -> String { ReporterFactory.github(report) }
}

/// Finds and reads the configuration, or exits 2 with the error.
func loadConfiguration(explicit: String?) throws -> Configuration {
  var path = explicit
  if path == nil {
    var dir = FileManager.default.currentDirectoryPath
    while true {
      if let found = Configuration.fileNames.map({ dir + "/" + $0 }).first(where: { FileManager.default.fileExists(atPath: $0) }) {
        path = found
        break
      }
      let parent = (dir as NSString).deletingLastPathComponent
      if parent == dir || parent.isEmpty { break }
      dir = parent
    }
  }
  guard let configPath = path else { return Configuration() }
  do {
    let bytes = try FileIO.read(configPath, limit: 1024 * 1024)
    return try Configuration.parse(String(decoding: bytes, as: UTF8.self), path: configPath,
                                   knownProfiles: KnownNames.profiles)
  } catch let error as Configuration.Error {
    printError(error.description)
    throw Exit.failure
  } catch let error as IOFailure {
    printError("\(error.path): error: \(error.message)")
    throw Exit.failure
  }
}

/// `[12/340] linting…` on stderr, rewritten in place (only on a terminal).
final class ProgressLine {
  let total: Int
  let enabled: Bool
  var done = 0
  init(total: Int, enabled: Bool) {
    self.total = total
    self.enabled = enabled
  }
  func tick() {
    done += 1
    if enabled && (done % 10 == 0 || done == total) {
      FileHandle.standardError.write(Data("\r\u{1B}[K[\(done)/\(total)] linting…".utf8))
    }
  }
  func finish() {
    if enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}

struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "List every lint rule: code, name, category, default severity, summary.")

  @Option(help: "Output format: text or json.")
  var format: InfoCommand.InfoFormat = .text

  func run() throws {
    let rules = RuleRegistry.all.map { $0.description }
    switch format {
    case .json:
      printOut(JSONValue.array(rules.map { d in
        .object([("code", .string(d.code)), ("name", .string(d.name)), ("category", .string(d.category.rawValue)),
                 ("severity", .string(d.defaultSeverity.rawValue)), ("summary", .string(d.summary)),
                 ("profiles", .array(d.profiles.map { .string($0) })), ("fixable", .bool(d.isFixable))])
      }).prettyString)
    case .text:
      for d in rules {
        let profile = d.profiles.isEmpty ? "" : " [\(d.profiles.joined(separator: ","))]"
        printOut("\(d.code)  \(d.name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(d.category.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(d.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(d.summary)\(profile)")
      }
    }
  }
}

struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Print a rule's page: what it flags, why, what to do, examples.",
    discussion: "Example:\n  lottiekit explain LK201\n  lottiekit explain parent-missing")

  @Argument(help: "A rule code (LK201) or name (parent-missing).")
  var rule: String

  func run() throws {
    guard let type = RuleRegistry.rule(rule) else {
      throw ValidationError("unknown rule '\(rule)'; 'lottiekit rules' lists them")
    }
    printOut(RuleDocs.markdown(type.description))
  }
}
