import Foundation
import LottieCompat
import LottieJSON
import LottieKitIO

/// An input with every animation in it parsed.
package struct ParsedAnimation: Sendable {
  package let source: AnimationSource
  package let document: JSONDocument
}

/// Loads an input and parses every animation in it.
package func loadAndParse(_ path: String) -> Result<[ParsedAnimation], InputFailure> {
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
package enum WhenNoPath: Sendable {
  /// Check the current folder (lint, compat, info: as SwiftLint and ruff do).
  case currentFolder
  /// A usage error that says what is expected (stdin is read only for `-`).
  case usage
}

/// Expands the arguments into animation files. No path: the current folder or a usage error, as
/// the command asks; a path that does not exist, or folders with no animation (unless
/// `allowEmpty`): exit 2 with a message.
package func expandInputs(_ arguments: [String], whenNoPath: WhenNoPath = .usage, allowEmpty: Bool = false) throws -> [String] {
  var given = arguments
  if given.isEmpty {
    switch whenNoPath {
    case .currentFolder: given = ["."]
    case .usage: throw UsageError("give animation files or folders, or - to read standard input")
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
    throw Exit.error("no animations found under \(shown) (.json, .lottie, .tgs, .lot); --allow-empty accepts that")
  }
  return files
}

/// Tells on stderr which `NAME@VERSION` targets lie outside the versions the renderer data covers
/// (accepted, but the user should know what the answer rests on).
package func noteUncoveredTargetVersions(_ targets: [String], quiet: Bool) {
  guard !quiet else { return }
  for t in (try? TargetSelection.parseList(targets)) ?? [] {
    if let note = RendererSupport.shared.uncoveredVersionNote(t) {
      printError("lottiekit: warning: \(note)")
    }
  }
}

/// Inputs change only with --in-place: why `-o` may not be written when it names an input (the
/// same file by any path, link or hard link), or nil. `inPlace`: whether the command has
/// `--in-place` to offer instead.
package func outputOntoInput(_ outputPath: String?, inputs: [String], inPlace: Bool = true) -> String? {
  guard let output = outputPath else { return nil }
  for input in inputs where input != "-" && FileIO.isSameFile(input, output) {
    let instead = inPlace ? "use --in-place to rewrite an input" : "inputs are never overwritten: choose another -o"
    return "-o \(output) is the input \(input); \(instead)"
  }
  return nil
}

/// The container an output's extension names: `.tgs` and `.gz` gzip, `.lottie` a dotLottie
/// archive, anything else JSON. The one reading of an output name, for every command that writes.
package enum OutputContainer {
  case json, gzip, dotLottie

  package init(_ path: String) {
    let name = Paths.fileName(of: path).lowercased()
    if name.hasSuffix(".tgs") || name.hasSuffix(".gz") {
      self = .gzip
    } else if name.hasSuffix(".lottie") {
      self = .dotLottie
    } else {
      self = .json
    }
  }

  /// A new animation's JSON bytes as the output `path` names them: gzipped for `.tgs` and
  /// `.json.gz`; refused for `.lottie` (a usage error, before anything is written: `pack --format
  /// lottie` makes archives).
  /// Why `-o` may not name a .lottie for a command that writes JSON.
  package static func archiveRefusal(_ path: String) -> String {
    "-o \(path): this command writes JSON (or gzip for .tgs and .json.gz); make a .lottie with lottiekit pack --format lottie"
  }

  package static func encode(_ json: [UInt8], for path: String) throws -> [UInt8] {
    switch OutputContainer(path) {
    case .json: return json
    case .gzip:
      do { return try Gzip.compress(json) } catch { throw Exit.error("\(path): \(error)") }
    case .dotLottie:
      throw UsageError(archiveRefusal(path))
    }
  }
}
