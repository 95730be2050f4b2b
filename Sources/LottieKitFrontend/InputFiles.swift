import Foundation
import LottieCompat
import LottieJSON
import LottieKitIO
import LottieModel

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

/// The one animation of an input that a transform can edit as JSON (and in place write back in
/// the container its bytes have), or nil: plain JSON or gzip (`.tgs`, `.json.gz`). A dotLottie
/// holds more than JSON (unpack it first).
package func editableAnimation(_ animations: [ParsedAnimation]) -> ParsedAnimation? {
  guard animations.count == 1, let a = animations.first, a.source.container != .dotLottie else { return nil }
  return a
}

/// Why `editableAnimation` gave nil, after the path.
package let notEditable = "this command edits .json, .tgs and .json.gz animations (use unpack for .lottie)"

/// What a command does when it is given no path at all.
package enum WhenNoPath: Sendable {
  /// Check the current folder (lint, compat, info: as SwiftLint and ruff do).
  case currentFolder
  /// A usage error that says what is expected (stdin is read only for `-`).
  case usage
}

/// The files the arguments name, with what decides what a JSON file that is not an animation
/// means: one a folder walk found (an Xcode `Contents.json`, a `package.json`) is skipped, with one
/// note for them all, and never read into a report or rewritten; one the user named stays an error
/// (LK100 in lint).
package struct InputSelection: Sendable {
  /// Every file, in the order of the arguments (a folder's files by path).
  package let files: [String]
  let named: Set<String>
  let shown: String
  let allowEmpty: Bool

  /// Whether `path` was found by walking a folder rather than named.
  package func foundInFolder(_ path: String) -> Bool { !named.contains(path) }

  /// Whether `path` is skipped when it holds JSON that is not an animation: found in a folder (or
  /// named, with `skipsNamed`) and named `.json` (a `.tgs` or `.lottie` that is not an animation
  /// is reported: its name says it is one).
  package func mayBeSkipped(_ path: String) -> Bool {
    foundInFolder(path) && path.lowercased().hasSuffix(".json")
  }

  /// Loads and parses an input; nil when it is skipped: it may be (`mayBeSkipped`) and it is plain
  /// JSON that is not meant as an animation (`AnimationSource.isOtherJSON`).
  package func load(_ path: String) -> Result<[ParsedAnimation], InputFailure>? {
    let result = loadAndParse(path)
    guard mayBeSkipped(path) else { return result }
    switch result {
    case .success(let parsed):
      if let only = parsed.first, AnimationSource.isOtherJSON(parsed.map(\.source), document: only.document) { return nil }
    case .failure:
      // Only a file that does not parse is read again, to tell JSON with comments from a broken export.
      if let sources = try? Inputs.load(path), AnimationSource.isOtherJSON(sources, document: nil) {
        return nil
      }
    }
    return result
  }

  /// Loads and parses every file on both cores and hands each to `body` in input order, with
  /// `work` (done on the worker) applied; a file that cannot be read is given to `failure`, then
  /// said on stderr; skipped files are said once at the end (`finish`). Returns whether any failed.
  package func parseEach<R: Sendable>(
    quiet: Bool, _ work: @escaping @Sendable ([ParsedAnimation]) -> R, failure: (InputFailure) -> Void = { _ in },
    _ body: (String, R) -> Void
  ) throws -> Bool {
    var failed = false
    var skipped: [String] = []
    parallelOrdered(files, { path in (path, load(path).map { $0.map(work) }) }) { path, result in
      switch result {
      case nil:
        skipped.append(path)
      case .failure(let error):
        failed = true
        failure(error)
        printError(error.errorLine)
      case .success(let value):
        body(path, value)
      }
    }
    try finish(skipped: skipped, quiet: quiet)
    return failed
  }

  /// After a run that skipped `skipped`: says so on stderr (unless `quiet`), and when no file was
  /// left, that is "nothing to check": exit 2 unless --allow-empty.
  package func finish(skipped: [String], quiet: Bool) throws {
    guard !skipped.isEmpty else { return }
    let one = skipped.count == 1
    let which = one ? skipped[0] : "first: \(skipped[0])"
    if skipped.count == files.count && !allowEmpty {
      throw Exit.error("no animations found under \(shown): only JSON that is not a Lottie animation (\(which)); --allow-empty accepts that")
    }
    guard !quiet else { return }
    let count =
      one ? "1 JSON file that is not a Lottie animation" : "\(skipped.count) JSON files that are not Lottie animations"
    printError("lottiekit: skipped \(count) (\(which))")
  }
}

/// Expands the arguments into animation files. No path: the current folder or a usage error, as
/// the command asks; a path that does not exist, or folders with no animation (unless
/// `allowEmpty`): exit 2 with a message. `skipsNamed`: files named on the command line are skipped
/// like files found in folders when they are JSON that is not Lottie (lint --skip-other-json).
package func expandInputs(
  _ arguments: [String], whenNoPath: WhenNoPath = .usage, allowEmpty: Bool = false, skipsNamed: Bool = false
) throws -> InputSelection {
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
  let shown = given.map { $0 == "." ? "the current folder" : $0 }.joined(separator: ", ")
  if files.isEmpty && !allowEmpty {
    throw Exit.error("no animations found under \(shown) (.json, .lottie, .tgs, .lot); --allow-empty accepts that")
  }
  return InputSelection(files: files, named: skipsNamed ? [] : Set(given), shown: shown, allowEmpty: allowEmpty)
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

  /// Why `-o` may not name a .lottie for a command that writes JSON.
  package static func archiveRefusal(_ path: String) -> String {
    "-o \(path): this command writes JSON (or gzip for .tgs and .json.gz); make a .lottie with lottiekit pack --format lottie"
  }

  /// A new animation's JSON bytes as the output `path` names them: gzipped for `.tgs` and
  /// `.json.gz`; refused for `.lottie` (a usage error, before anything is written: `pack --format
  /// lottie` makes archives).
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
