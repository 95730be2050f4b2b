import Foundation
import LottieCompat
import LottieJSON
import LottieKitIO
import LottieLint
import LottieRender

/// Output formats of `lint`: the names of `Reporters.all`, in its order.
package struct LintOutputFormat: RawRepresentable, CaseIterable, Sendable, Equatable {
  package let rawValue: String
  package init?(rawValue: String) {
    guard Reporters.named(rawValue) != nil else { return nil }
    self.rawValue = rawValue
  }
  package static var allCases: [LintOutputFormat] { Reporters.all.compactMap { LintOutputFormat(rawValue: $0.name) } }
  package static var text: LintOutputFormat { LintOutputFormat(rawValue: TextReporter.name) ?? allCases[0] }

  /// A reporter for this format.
  package func reporter(_ settings: ReportSettings) -> any Reporter {
    (Reporters.named(rawValue) ?? TextReporter.self).init(settings: settings)
  }
}

/// Targets and profiles the command line accepts.
package enum KnownNames {
  package static var targets: Set<String> { RendererSupport.shared.targetNames }
  package static var profiles: Set<String> {
    Set(RuleRegistry.all.flatMap { $0.description.profiles })
  }
}

/// `lottiekit lint`: the configuration merged with the arguments, the fix loop, then every file
/// linted on every core and reported in input order (text and json stream file by file; the other
/// formats need the whole report), with baselines recorded or applied.
package struct LintJob {
  package var inputs: [String]
  package var format = LintOutputFormat.text
  /// Explicit `--config`; nil: `.lottiekit.yml` found from the current folder upwards.
  package var configPath: String?
  package var profiles: [String] = []
  package var targets: [String] = []
  package var sticker = StickerVariant()
  /// The lowest severity that fails the run; nil: the configuration's, else errors.
  package var failOn: Severity?
  /// `--strict`: warnings fail too, whatever `failOn` or the configuration say (infos still fail
  /// where they say so: the stricter wins).
  package var strict = false
  /// Apply safe fixes in place first.
  package var fix = false
  package var baseline: String?
  package var writeBaseline: String?
  package var jobs: Int?
  package var quiet = false
  package var color = ColorChoice.auto
  package var allowEmpty = false
  /// Named files are skipped like files found in folders when they are JSON that is not Lottie.
  package var skipOtherJSON = false
  /// The version SARIF names.
  package var toolVersion = "0"

  package init(inputs: [String]) { self.inputs = inputs }

  package func run() throws {
    let configuration = try LintConfigurationFile.load(explicit: configPath)
    var options = LintOptions()
    options.profiles = Set(profiles + configuration.profiles)
    noteUncoveredTargetVersions(targets + configuration.targets, quiet: quiet)
    options.severities = configuration.severities
    options.budgets = configuration.budgets
    options.ignores = configuration.ignores
    options.ignoreRoot = configuration.path.map { Paths.normalizedAbsolute(Paths.directory(of: $0)) }
    options.targets = (targets + configuration.targets).map(TargetSelection.init(parsing:))
    options.sticker = sticker
    let failLevel = min(failOn ?? configuration.failOn ?? .error, strict ? .warning : .error)
    var linter = Linter(options: options)
    linter.measurer = DrawingMeasure()
    let selection = try expandInputs(inputs, whenNoPath: .currentFolder, allowEmpty: allowEmpty, skipsNamed: skipOtherJSON)
    // Inputs are never overwritten: a baseline recorded over an animation being linted (a last
    // run's baseline in a linted folder is other JSON, skipped, and may be written again).
    if let writeBaseline, let onto = selection.files.first(where: { $0 != "-" && FileIO.isSameFile($0, writeBaseline) }), selection.load(onto) != nil {
      throw UsageError("--write-baseline \(writeBaseline) is the input \(onto); inputs are never overwritten: choose another file")
    }

    if fix { try applyFixes(selection, linter: linter) }
    var settings = ReportSettings()
    settings.color = Style(color).enabled
    settings.summary = !quiet
    settings.toolVersion = toolVersion
    settings.failOn = failLevel
    let reporter = format.reporter(settings)
    // The json header comes before a baseline that cannot be read is said.
    // (No report when recording a baseline: nothing is reported then.)
    if writeBaseline == nil { printRaw(reporter.begin()) }
    let session = LintRun.Session(mode: try baselineMode(configuration), failLevel: failLevel)
    let (kept, skipped) = lintAll(selection, linter: linter, reporter: reporter, session: session)
    if let writeBaseline {
      try selection.finish(skipped: skipped, quiet: quiet)  // nothing linted: no baseline written
      do {
        let said = try session.writeBaseline(to: writeBaseline)
        if !quiet { printError(said) }
      } catch {
        throw Exit.error(error.message)
      }
      return
    }
    if !quiet, let note = session.baselineNote { printError(note) }
    let report = LintReport(files: kept, rules: linter.rules.map { type(of: $0).description })
    printRaw(reporter.end(report, totals: LintTotals(files: session.files, errors: session.errors, warnings: session.warnings, infos: session.infos)))
    try selection.finish(skipped: skipped, quiet: quiet)
    if session.failed { throw Exit.findings }
  }

  /// Baselines: findings carry a content fingerprint (computed only when a baseline is in use).
  func baselineMode(_ configuration: Configuration) throws -> LintRun.Session.BaselineMode {
    let baselineFile = baseline ?? configuration.baseline.map { configuration.resolve($0) }
    if let writeBaseline {
      return .record(folder: Paths.normalizedAbsolute(Paths.directory(of: writeBaseline)))
    } else if let baselineFile {
      do { return .filter(try LintRun.Session.matcher(baselineFile: baselineFile)) } catch {
        throw Exit.error(error.message)
      }
    }
    return .none
  }

  /// Lints every file on every core; a streaming format writes each file as it comes, the others
  /// get the kept results at the end.
  func lintAll(
    _ selection: InputSelection, linter: Linter, reporter: any Reporter, session: LintRun.Session
  ) -> (kept: [LintReport.FileResult], skipped: [String]) {
    let files = selection.files
    let progress = ProgressLine(total: files.count, enabled: !quiet && files.count > 20 && isatty(2) != 0)
    var kept: [LintReport.FileResult] = []
    var skipped: [String] = []
    // Diagnostics are small: a window of 16 files per core keeps both cores busy.
    let cores = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let fingerprints = session.needsFingerprints
    parallelOrdered(files, jobs: cores, window: 16 * cores) { path in
      (path, LintRun.lint(input: path, linter: linter, fingerprints: fingerprints, skipsNonAnimation: selection.mayBeSkipped(path)))
    } emit: { path, linted in
      if linted.isEmpty { skipped.append(path) }
      for (linted, prints) in linted {
        let first = session.files == 0
        guard let result = session.take(linted, fingerprints: prints) else { continue }
        if reporter.streams { printRaw(reporter.stream(result, first: first)) } else { kept.append(result) }
      }
      progress.tick()
    }
    progress.finish()
    return (kept, skipped)
  }

  /// Applies safe fixes (LintRun), then says how many.
  func applyFixes(_ selection: InputSelection, linter: Linter) throws {
    let summary: LintRun.FixSummary
    do { summary = try LintRun.applyFixes(selection.files, linter: linter, skipsNonAnimation: selection.mayBeSkipped) } catch {
      throw Exit.error(error.message)
    }
    if !quiet && summary.problems > 0 {
      printError("fixed \(summary.problems) problem\(summary.problems == 1 ? "" : "s") in \(summary.files) file\(summary.files == 1 ? "" : "s")")
    }
  }
}

/// Finds and reads the lint configuration.
package enum LintConfigurationFile {
  /// The explicit file, else `.lottiekit.yml` (or its other names) from the current folder
  /// upwards, else the defaults; a file that cannot be read or parsed exits 2 with the error.
  package static func load(explicit: String?) throws -> Configuration {
    guard let configPath = explicit ?? discover(from: FileManager.default.currentDirectoryPath) else { return Configuration() }
    do {
      let bytes = try FileIO.read(configPath, limit: 1024 * 1024)
      return try Configuration.parse(
        String(decoding: bytes, as: UTF8.self), path: configPath,
        knownProfiles: KnownNames.profiles)
    } catch let error as Configuration.Error {
      printError(error.description)
      throw Exit.failure
    } catch let error as IOFailure {
      printError("\(error.path): error: \(error.message)")
      throw Exit.failure
    }
  }

  /// The first configuration file in `folder` or a folder above it.
  package static func discover(from folder: String) -> String? {
    var dir = folder
    while true {
      if let found = Configuration.fileNames.map({ dir + "/" + $0 }).first(where: { FileManager.default.fileExists(atPath: $0) }) {
        return found
      }
      let parent = (dir as NSString).deletingLastPathComponent
      if parent == dir || parent.isEmpty { return nil }
      dir = parent
    }
  }
}
