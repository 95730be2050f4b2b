import ArgumentParser
import Foundation
import LottieKitFrontend
import LottieCompat
import LottieJSON
import LottieKitIO
import LottieLint

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check animations: validity, references, images, naming, budgets (the CI check).",
    discussion: prose(
      """
      Folders are searched recursively; .tgs and .lottie files are opened. A file that is not valid
      JSON gives one diagnostic at the syntax error; the other files are still linted.
      Configuration: .lottiekit.yml in the current folder or above, or --config.
      Exit codes: 0 clean, 1 findings at or above --fail-on (default error), 2 input/config error,
      64 bad usage.
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
      fixed findings drop out, and entries of files not linted in the rewrite are kept while the
      files exist. A file that is not a baseline is never written over (exit 2).
      """)
  )

  @Argument(help: "Files, folders or - (stdin); none: the current folder.")
  var inputs: [String] = []

  @OptionGroup(title: "Renderers to check compatibility for") var target: TargetOptions
  @OptionGroup(title: "telegram-sticker profile (either flag switches it on)") var sticker: StickerOptions

  @Option(
    help:
      "Rule profiles to switch on (repeatable or comma separated): spec-strict (the official schema's strictness), telegram-sticker (Telegram's .tgs rules).")
  var profile: [String] = []

  @Option(help: "Output format (the list is the reporters lottiekit has).")
  var format: LintFormat = .text

  @Option(name: .customLong("fail-on"), help: "Lowest severity that makes the exit code 1: error, warning or info.")
  var failOn: SeverityArgument?

  @Flag(help: "Fail on warnings too (--fail-on warning; with --fail-on or the configuration's fail-on, the stricter).")
  var strict = false

  @Flag(help: "Apply safe fixes in place (atomic writes), then report what remains.")
  var fix = false

  @Option(help: "Configuration file (default: .lottiekit.yml found from the current folder upwards).")
  var config: String?

  @Option(help: "Do not report findings recorded in this baseline file (see --write-baseline).")
  var baseline: String?

  @Option(name: .customLong("write-baseline"), help: "Record every current finding in this file (written atomically) and exit 0.")
  var writeBaseline: String?

  @Flag(
    name: .customLong("skip-other-json"),
    help: "Skip named JSON files that are not Lottie, as folder walks do, instead of reporting LK100 (for pre-commit, which names every changed .json).")
  var skipOtherJSON = false

  @Option(help: ArgumentHelp("Files linted at once (default: one per core).", visibility: .hidden))
  var jobs: Int?

  @OptionGroup var output: OutputOptions
  @OptionGroup var empty: EmptyInputOption

  typealias LintFormat = LintOutputFormat

  enum SeverityArgument: String, ExpressibleByArgument, CaseIterable {
    case error, warning, info
    var severity: Severity { Severity(rawValue: rawValue) ?? .error }
  }

  /// --profile, repeatable and comma separated (as --target).
  var profiles: [String] { commaSeparated(profile) }

  func validate() throws {
    for p in profiles where !KnownNames.profiles.contains(p) {
      throw ValidationError("unknown profile '\(p)'; known profiles: \(KnownNames.profiles.sorted().joined(separator: ", "))")
    }
    if fix && inputs.contains("-") { throw ValidationError("--fix needs files, not stdin") }
    if baseline != nil && writeBaseline != nil { throw ValidationError("use --baseline or --write-baseline, not both") }
  }

  func run() throws {
    var job = LintJob(inputs: inputs)
    job.format = format
    job.configPath = config
    // --sticker-emoji and --sticker-30fps say which sticker is checked: they switch the
    // telegram-sticker profile on (alone they did nothing).
    job.profiles = profiles + (sticker.any && !profiles.contains("telegram-sticker") ? ["telegram-sticker"] : [])
    job.targets = target.list
    job.sticker = sticker.variant
    job.failOn = failOn?.severity
    job.strict = strict
    job.fix = fix
    job.baseline = baseline
    job.writeBaseline = writeBaseline
    job.jobs = jobs
    job.quiet = output.quiet
    job.color = output.color
    job.allowEmpty = empty.allowEmpty
    job.skipOtherJSON = skipOtherJSON
    job.toolVersion = LottieKit.version
    try job.run()
  }
}

extension LintOutputFormat: ExpressibleByArgument {}

struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "List every lint rule: code, name, category, default severity, summary.",
    discussion: prose(
      """
      Examples:
        lottiekit rules
        lottiekit rules --format json
        lottiekit explain LK205   (one rule's page: what, why, examples, fix)
      """))

  @Option(help: "Output format: text or json.")
  var format: InfoCommand.InfoFormat = .text

  func run() throws {
    printOut(RuleCatalog.listing(format))
  }
}

struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Print a rule's page: what it flags, why, what to do, examples.",
    discussion: "Example:\n  lottiekit explain LK201\n  lottiekit explain parent-missing")

  @Argument(help: "A rule code (LK201) or name (parent-missing).")
  var rule: String

  /// An unknown rule is a usage error of this command (its usage line, not the tool's).
  func validate() throws {
    if RuleRegistry.rule(rule) == nil && RuleRegistry.retiredRule(rule) == nil {
      throw ValidationError("unknown rule '\(rule)'; 'lottiekit rules' lists them")
    }
  }

  func run() throws {
    if let type = RuleRegistry.rule(rule) {
      printOut(RuleDocs.markdown(type.description))
    } else if let retired = RuleRegistry.retiredRule(rule) {
      printOut(RuleDocs.markdown(retired))
    }
  }
}
