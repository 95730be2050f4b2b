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
    discussion: prose("""
      Inputs are files, folders (searched recursively for .json, .lottie and .tgs) or - for stdin.
      Exit codes: 0 clean, 1 findings at or above the failing level, 2 input/I/O/config/internal
      error, 64 bad command-line usage.
      """),
    version: version,
    subcommands: [LintCommand.self, RulesCommand.self, ExplainCommand.self, InfoCommand.self, FormatCommand.self, StripCommand.self, InlineCommand.self, ExtractCommand.self, CompatCommand.self, RenameAssetsCommand.self, PackCommand.self, UnpackCommand.self, OptimizeCommand.self, SVGCommand.self, RenderCommand.self, DiffCommand.self, RenderWorkerCommand.self]
  )

  /// Before any command: finish multi-file writes that a crash or SIGKILL interrupted in the
  /// folders this invocation names (its paths, their folders, and folders below a named folder),
  /// so that no command ever reads a half-committed bundle (see CrashJournal).
  static func main() {
    MemoryTuning.useOneMallocArena()
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first != "render-worker" {
      let folders = journalFolders(arguments)
      for message in CrashJournal.recover(in: folders) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
      }
      // Then the temporary files of runs that were killed before their commit (#21.10).
      FileIO.removeStaleTemporaries(in: folders)
    }
    do {
      var command = try parseAsRoot(nil)
      try command.run()
    } catch {
      exit(withError: commandError(error))
    }
  }

  /// Folders where a journal of an interrupted write for these arguments can lie: the folder of
  /// every existing path, and folders below an existing folder (bounded walk).
  static func journalFolders(_ arguments: [String]) -> [String] {
    var folders: [String] = []
    var budget = 20_000
    for argument in arguments where !argument.hasPrefix("-") || argument == "-" {
      guard argument != "-", FileIO.exists(argument) else {
        // An output that does not exist yet: its folder may.
        let parent = FileIO.directory(of: argument)
        if FileIO.isDirectory(parent) { folders.append(parent) }
        continue
      }
      if FileIO.isDirectory(argument) {
        var queue = [argument]
        while let dir = queue.popLast(), budget > 0 {
          folders.append(dir)
          budget -= 1
          guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
          budget -= names.count
          for name in names where !name.hasPrefix(".") {
            let path = (dir.hasSuffix("/") ? dir : dir + "/") + name
            var st = stat()
            if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { queue.append(path) }
          }
        }
      } else {
        folders.append(FileIO.directory(of: argument))
      }
    }
    return folders
  }
}
