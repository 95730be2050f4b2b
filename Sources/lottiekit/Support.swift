import ArgumentParser
import Foundation
import LottieCompat
import LottieJSON
import LottieKitIO
import LottieLint

/// Options every reporting command shares.
struct OutputOptions: ParsableArguments {
  @Option(name: .long, help: "Colour: auto, always or never (NO_COLOR is honoured).")
  var color: ColorChoice = .auto

  @Flag(name: [.short, .long], help: "Print only what was asked for (no summaries on stderr).")
  var quiet = false
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never
}

/// ANSI styling for text output, off unless stdout is a terminal (or `--color always`).
struct Style {
  let enabled: Bool

  init(_ choice: ColorChoice, fd: Int32 = 1) {
    switch choice {
    case .always: enabled = true
    case .never: enabled = false
    case .auto: enabled = isatty(fd) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }
  }

  func bold(_ s: String) -> String { enabled ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
  func dim(_ s: String) -> String { enabled ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
  func red(_ s: String) -> String { enabled ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
  func yellow(_ s: String) -> String { enabled ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
  func cyan(_ s: String) -> String { enabled ? "\u{1B}[36m\(s)\u{1B}[0m" : s }
}

/// Writes to stderr.
func printError(_ s: String) {
  FileHandle.standardError.write(Data((s + "\n").utf8))
}

/// Writes to stdout without buffering surprises (reports can be large).
func printOut(_ s: String) {
  try? FileIO.writeStandardOutput(Array((s + "\n").utf8))
}

/// Writes to stdout without a newline.
func printRaw(_ s: String) {
  try? FileIO.writeStandardOutput(Array(s.utf8))
}

func printRaw(_ bytes: [UInt8]) {
  try? FileIO.writeStandardOutput(bytes)
}

/// The one place where failures become exit codes: 2 for input, I/O and internal errors.
enum Exit {
  static let findings = ExitCode(1)
  static let failure = ExitCode(2)
}

/// Loads an input and parses every animation in it.
struct ParsedAnimation: Sendable {
  let source: AnimationSource
  let document: JSONDocument
}

func loadAndParse(_ path: String) -> Result<[ParsedAnimation], InputFailure> {
  let sources: [AnimationSource]
  do {
    sources = try Inputs.load(path)
  } catch {
    return .failure(error)
  }
  var parsed: [ParsedAnimation] = []
  for source in sources {
    do {
      parsed.append(ParsedAnimation(source: source, document: try JSONDocument(parsing: source.bytes)))
    } catch {
      return .failure(InputFailure(path: source.displayPath, message: error.message, location: error.location))
    }
  }
  return .success(parsed)
}

/// What a command does when it is given no path at all.
enum WhenNoPath {
  /// Check the current folder (lint, compat, info: as SwiftLint and ruff do).
  case currentFolder
  /// A usage error that says what is expected (stdin is read only for `-`).
  case usage
}

/// `--allow-empty`, for commands that walk folders: a pipeline that expects no animations says so;
/// otherwise finding none is an error (a misconfigured CI path must not stay green).
struct EmptyInputOption: ParsableArguments {
  @Flag(name: .customLong("allow-empty"), help: "Succeed when the given folders hold no animation (default: exit 2).")
  var allowEmpty = false
}

/// Expands the arguments into animation files. No path: the current folder or a usage error, as
/// the command asks; a path that does not exist, or folders with no animation (unless
/// `allowEmpty`): exit 2 with a message.
func expandInputs(_ arguments: [String], whenNoPath: WhenNoPath = .usage, allowEmpty: Bool = false) throws -> [String] {
  var given = arguments
  if given.isEmpty {
    switch whenNoPath {
    case .currentFolder: given = ["."]
    case .usage: throw ValidationError("give animation files or folders, or - to read standard input")
    }
  }
  let files: [String]
  do {
    files = try Inputs.expand(given)
  } catch {
    printError(error.errorLine)
    throw Exit.failure
  }
  if files.isEmpty && !allowEmpty {
    let shown = given.map { $0 == "." ? "the current folder" : $0 }.joined(separator: ", ")
    printError("lottiekit: error: no animations found under \(shown) (.json, .lottie, .tgs, .lot); --allow-empty accepts that")
    throw Exit.failure
  }
  return files
}

/// Checks `--target` values (comma lists allowed) with the one parser every command shares, as a
/// usage error (exit 64) when a name or version is wrong.
@discardableResult
func validateTargets(_ values: [String]) throws -> [TargetSelection] {
  do throws(TargetError) {
    return try TargetSelection.parseList(values)
  } catch {
    throw ValidationError(error.message)
  }
}

/// Tells on stderr which `NAME@VERSION` targets lie outside the versions the renderer data covers
/// (accepted, but the user should know what the answer rests on).
func noteUncoveredTargetVersions(_ targets: [String], quiet: Bool) {
  guard !quiet else { return }
  for t in (try? TargetSelection.parseList(targets)) ?? [] {
    if let note = RendererSupport.shared.uncoveredVersionNote(t) {
      printError("lottiekit: warning: \(note)")
    }
  }
}


func formatBytes(_ n: Int) -> String {
  if n < 1024 { return "\(n) B" }
  if n < 1024 * 1024 { return String(format: "%.1f KB", Double(n) / 1024) }
  return String(format: "%.1f MB", Double(n) / (1024 * 1024))
}

/// Help text written in the source at source width, laid out for swift-argument-parser, which wraps
/// prose to the terminal itself: lines of a paragraph are joined; indented lines (examples, lists)
/// and headings ending in ":" before them keep their own lines; a blank line comes before a heading
/// and after an indented block.
func prose(_ text: String) -> String {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  var out = ""
  var previousWasProse = false
  for (k, line) in lines.enumerated() {
    let indented = line.first == " "
    let nextIndented = k + 1 < lines.count && lines[k + 1].first == " "
    let heading = !indented && line.hasSuffix(":") && nextIndented
    if line.isEmpty {
      out += "\n\n"
      previousWasProse = false
    } else if indented {
      out += "\n" + line
      previousWasProse = false
    } else if heading {
      out += (out.isEmpty ? "" : out.hasSuffix("\n\n") ? "" : "\n\n") + line
      previousWasProse = false
    } else if previousWasProse {
      out += " " + line
    } else {
      out += (out.isEmpty || out.hasSuffix("\n\n") ? "" : "\n\n") + line
      previousWasProse = true
    }
  }
  return out
}
