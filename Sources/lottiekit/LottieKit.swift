import ArgumentParser
import LottieJSON

@main
struct LottieKit: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "lottiekit",
    abstract: "Lint and transform Lottie (Bodymovin JSON) animations.",
    discussion: """
      Inputs are files, folders (searched recursively for .json, .lottie and .tgs) or - for stdin.
      Exit codes: 0 clean, 1 findings at or above the failing level, 2 input/I/O/config/internal
      error, 64 bad command-line usage.
      """,
    version: version,
    subcommands: [LintCommand.self, RulesCommand.self, ExplainCommand.self, InfoCommand.self, FormatCommand.self, StripCommand.self, InlineCommand.self, ExtractCommand.self, CompatCommand.self, RenameAssetsCommand.self, PackCommand.self, UnpackCommand.self, SVGCommand.self, RenderCommand.self, DiffCommand.self, RenderWorkerCommand.self]
  )
}
