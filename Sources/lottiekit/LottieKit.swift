import ArgumentParser
import Foundation
import LottieKitFrontend
import LottieJSON
import LottieKitIO

@main
struct LottieKit: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "lottiekit",
    abstract: "Lint and transform Lottie (Bodymovin JSON) animations.",
    discussion: prose(
      """
      Inputs are files, folders (searched recursively for .json, .lot, .lottie and .tgs) or - for stdin.
      Exit codes: 0 clean, 1 findings at or above the failing level, 2 input/I/O/config/internal
      error, 64 bad command-line usage.
      """),
    version: version,
    subcommands: [
      LintCommand.self, RulesCommand.self, ExplainCommand.self, InfoCommand.self, FormatCommand.self, StripCommand.self, InlineCommand.self,
      ExtractCommand.self, CompatCommand.self, RenameAssetsCommand.self, PackCommand.self, UnpackCommand.self, OptimizeCommand.self, SVGCommand.self,
      RenderCommand.self, DiffCommand.self, RenderWorkerCommand.self, ExpressionWorkerCommand.self
    ]
  )

  /// Before any command: finish multi-file writes that a crash or SIGKILL interrupted in the
  /// folders this invocation names (its paths, their folders, and folders below a named folder),
  /// so that no command ever reads a half-committed bundle (see CrashJournal).
  static func main() {
    MemoryTuning.useOneMallocArena()
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first != "render-worker" && arguments.first != "expression-worker" {
      let folders = CrashJournal.folders(for: arguments)
      for message in CrashJournal.recover(in: folders) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
      }
      // Then the temporary files of runs that were killed before their commit (#21.10).
      FileIO.removeStaleTemporaries(in: folders)
    }
    if let path = dashedPath(in: arguments) {
      let type = configuration.subcommands.first { $0.configuration.commandName == arguments.first } ?? LottieKit.self
      usageFailure("\(path) is read as options (a path that starts with -): write ./\(path), or put paths after --", for: type)
    }
    var command: ParsableCommand
    do { command = try parseAsRoot(nil) } catch { exit(withError: error) }
    do {
      try command.run()
    } catch let usage as UsageError {
      usageFailure(usage.message, for: type(of: command))
    } catch {
      exit(withError: commandError(error))
    }
  }

  /// Says a usage error as swift-argument-parser says one found while parsing, with the command's
  /// usage, and exits 64.
  static func usageFailure(_ message: String, for type: ParsableCommand.Type) -> Never {
    let name = type.configuration.commandName.map { $0 == "lottiekit" ? $0 : "lottiekit " + $0 } ?? "lottiekit"
    let text = "Error: \(message)\nUsage: \(usageString(for: type))\n  See '\(name) --help' for more information.\n"
    FileHandle.standardError.write(Data(text.utf8))
    Foundation.exit(ExitCode.validationFailure.rawValue)
  }

  /// An argument before `--` that starts with one `-` but is a path (`-hero.json`, `-out/`, or a
  /// file that exists): swift-argument-parser reads it as a bundle of short flags, and one with an
  /// `h` in it printed the help and exited 0 — a CI step that checked nothing and passed.
  static func dashedPath(in arguments: [String]) -> String? {
    for argument in arguments {
      if argument == "--" { return nil }
      guard argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--"), Double(argument) == nil else { continue }
      // `-o=out.json`: a short option with its value, as swift-argument-parser reads it.
      if argument.dropFirst(2).first == "=" { continue }
      if argument.contains(".") || argument.contains("/") || FileManager.default.fileExists(atPath: argument) { return argument }
    }
    return nil
  }
}
