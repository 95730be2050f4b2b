import Foundation
import LottieJSON
import LottieKitIO
import LottieModel

/// Linting inputs as users name them (#22: the library entry point `lint` calls): plain JSON,
/// `.tgs` and `.lottie` files, every animation inside, container errors as LK001 findings (through
/// the configured severity, `off` and ignores like any finding), baseline fingerprints on request,
/// and safe fixes written back in their containers, all files or none.
package enum LintRun {
  /// A failure that stops the run; `message` follows "lottiekit: error: ".
  package struct Failure: Error, Sendable {
    package let message: String
  }

  /// What `applyFixes` did.
  package struct FixSummary: Sendable {
    package var problems = 0
    package var files = 0
  }

  /// Lints every animation of one input, with each diagnostic's baseline fingerprint when asked.
  /// An unreadable container becomes a diagnostic, like a syntax error.
  /// `skipsNonAnimation` (a file a folder walk found): plain JSON that is not meant as an animation
  /// gives no result at all (the caller counts it as skipped), where a named one gets LK100.
  package static func lint(input path: String, linter: Linter, fingerprints: Bool, skipsNonAnimation: Bool = false) -> [(LintReport.FileResult, [String])] {
    func prints(_ diagnostics: [Diagnostic], _ document: JSONDocument?) -> [String] {
      guard fingerprints else { return [] }
      var resolver = document.map(JSONPointerResolver.init)
      return diagnostics.map { Baseline.fingerprint(rule: $0.code, pointer: $0.pointer, layerPath: $0.layerPath, resolver: &resolver) }
    }
    do {
      let sources = try Inputs.load(path)
      let archiveLinter = archiveLinter(linter, sources: sources, path: path)?.linter
      var results: [(LintReport.FileResult, [String])] = []
      for source in sources {
        let document = try? JSONDocument(parsing: source.bytes)
        if skipsNonAnimation, AnimationSource.isOtherJSON(sources, document: document) { return [] }
        let base = archiveLinter == nil ? source.baseDirectory : ""
        var diagnostics =
          document.map { (archiveLinter ?? linter).lint(path: source.displayPath, document: $0, baseDirectory: base) }
          ?? (archiveLinter ?? linter).lint(path: source.displayPath, bytes: source.bytes, baseDirectory: base)
        // gzip (by its bytes, whatever its name): positions are in the decompressed JSON.
        if source.container == .tgs { for k in diagnostics.indices { diagnostics[k].decompressed = true } }
        if source.container == .json, path.lowercased().hasSuffix(".tgs"),
          let d = linter.containerError(
            file: source.displayPath,
            message: "this .tgs file is plain JSON, not gzip-compressed; Telegram will not load it",
            help: "compress it: lottiekit format \(path) -o sticker.tgs (or pack --format tgs)")
        {
          // Telegram opens a .tgs as gzip and nothing else: plain JSON under that name is refused.
          diagnostics.insert(d, at: 0)
        }
        results.append((LintReport.FileResult(path: source.displayPath, diagnostics: diagnostics), prints(diagnostics, document)))
      }
      return results
    } catch {
      let diagnostics = linter.containerError(file: error.path, message: error.message, help: "the file cannot be read as an animation").map { [$0] } ?? []
      return [(LintReport.FileResult(path: error.path, diagnostics: diagnostics), prints(diagnostics, nil))]
    }
  }

  /// For a dotLottie: the linter whose assets are the archive's entries (#21.1), and the archive.
  package static func archiveLinter(_ linter: Linter, sources: [AnimationSource], path: String) -> (linter: Linter, archive: ZipArchive)? {
    guard sources.first?.container == .dotLottie, let archive = try? ZipArchive(bytes: FileIO.read(path)) else { return nil }
    var archiveLinter = linter
    archiveLinter.fileSystem = ArchiveFileSystem(archive: archive)
    return (archiveLinter, archive)
  }

  /// Applies safe fixes to every animation of the inputs (plain JSON, .tgs and each animation of a
  /// .lottie, written back in its container), all files or none, repeating while fixes apply.
  /// `skipsNonAnimation(path)`: whether plain JSON at `path` that is not meant as an animation is
  /// left alone (a file a folder walk found), as `lint` skips it.
  package static func applyFixes(
    _ files: [String], linter: Linter, skipsNonAnimation: (String) -> Bool = { _ in false }
  ) throws(Failure) -> FixSummary {
    let transaction = FileTransaction()
    var summary = FixSummary()
    for path in files where path != "-" {
      guard let sources = try? Inputs.load(path), let container = sources.first?.container else { continue }
      if container == .json, skipsNonAnimation(path),
        AnimationSource.isOtherJSON(sources, document: try? JSONDocument(parsing: sources[0].bytes))
      {
        continue
      }
      let archive = archiveLinter(linter, sources: sources, path: path)
      var replaced: [String: [UInt8]] = [:]
      var total = 0
      for source in sources {
        let (fixed, applied) = (archive?.linter ?? linter).fixed(
          path: path, bytes: source.bytes,
          baseDirectory: archive == nil ? source.baseDirectory : "")
        guard applied > 0 else { continue }
        replaced[source.entryName ?? ""] = fixed
        total += applied
      }
      guard total > 0 else { continue }
      let bytes: [UInt8]
      do {
        switch container {
        case .json: bytes = replaced[""] ?? []
        case .tgs: bytes = try Gzip.compress(replaced[""] ?? [])
        case .dotLottie:
          guard let archive else { continue }
          bytes = try DotLottie.rewrite(archive.archive, replacing: replaced)
        }
      } catch {
        throw Failure(message: "\(path): \(error.message); no file was changed")
      }
      do { try transaction.stage(bytes, to: path) } catch {
        throw Failure(message: IOFailure.saying(error))
      }
      summary.problems += total
      summary.files += 1
    }
    do { try transaction.commit() } catch {
      throw Failure(message: error.description)
    }
    return summary
  }
}

extension LintRun {
  /// One lint run's bookkeeping between the files and the reporters: a baseline filters findings
  /// (or records them), counts and the fail level decide the exit.
  package final class Session {
    package enum BaselineMode {
      case none
      /// Findings the baseline holds are not reported.
      case filter(Baseline.Matcher)
      /// Every finding is recorded for a baseline written in `folder`, and none reported.
      case record(folder: String)
    }
    package let mode: BaselineMode
    package let failLevel: Severity
    package private(set) var files = 0
    package private(set) var errors = 0
    package private(set) var warnings = 0
    package private(set) var infos = 0
    /// Whether a reported finding is at or above the fail level.
    package private(set) var failed = false
    package private(set) var recorded: [Baseline.Entry] = []
    /// The files a recording run linted, as the baseline names them.
    private var recordedFiles = Set<String>()

    package init(mode: BaselineMode, failLevel: Severity) {
      self.mode = mode
      self.failLevel = failLevel
    }

    /// Loads the baseline to filter with, or says why it cannot.
    package static func matcher(baselineFile: String) throws(Failure) -> Baseline.Matcher {
      do { return Baseline.Matcher(try Baseline.load(baselineFile)) } catch { throw Failure(message: "\(error)") }
    }

    /// Whether findings need fingerprints (a baseline is in use).
    package var needsFingerprints: Bool {
      if case .none = mode { return false }
      return true
    }

    /// One linted animation: the result to report (nil while recording a baseline).
    package func take(_ result: LintReport.FileResult, fingerprints: [String]) -> LintReport.FileResult? {
      var result = result
      files += 1
      switch mode {
      case .record(let folder):
        let file = Baseline.relative(result.path, to: folder)
        recordedFiles.insert(file)
        for (k, d) in result.diagnostics.enumerated() where k < fingerprints.count {
          recorded.append(Baseline.Entry(file: file, rule: d.code, pointer: d.pointer, fingerprint: fingerprints[k], message: d.message))
        }
        return nil
      case .filter(let matcher):
        result.diagnostics = matcher.filter(file: result.path, diagnostics: result.diagnostics, fingerprints: fingerprints)
      case .none:
        break
      }
      for d in result.diagnostics {
        switch d.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
        if d.severity >= failLevel { failed = true }
      }
      return result
    }

    /// Writes the recorded baseline (atomically) and says what it holds. A baseline already at
    /// `path` keeps its entries for files this run did not lint (and that still exist); a file
    /// there that is not a baseline is never overwritten.
    package func writeBaseline(to path: String) throws(Failure) -> String {
      guard case .record(let folder) = mode else { return "" }
      var baseline = Baseline(entries: recorded, folder: folder)
      var kept = 0
      if FileIO.exists(path) {
        do {
          (baseline, kept) = Baseline.merging(recorded, linted: recordedFiles, into: try Baseline.load(path))
        } catch {
          throw Failure(message: "\(error); --write-baseline rewrites only a lottiekit baseline, nothing was written")
        }
      }
      do { try FileIO.writeAtomically(baseline.serialized(), to: path) } catch {
        throw Failure(message: "\(error)")
      }
      let n = recorded.count
      let others = kept == 0 ? "" : " (and kept \(kept) of files not linted this time)"
      return
        "wrote \(n) finding\(n == 1 ? "" : "s") of \(files) file\(files == 1 ? "" : "s") to \(path)\(others); lint with --baseline \(path) reports only new ones"
    }

    /// What the baseline held back and what no longer occurs, if anything.
    package var baselineNote: String? {
      guard case .filter(let matcher) = mode, matcher.suppressed > 0 || matcher.unused > 0 else { return nil }
      var note = "\(matcher.suppressed) finding\(matcher.suppressed == 1 ? "" : "s") in the baseline not shown"
      if matcher.unused > 0 {
        note +=
          "; \(matcher.unused) baseline entr\(matcher.unused == 1 ? "y" : "ies") no longer found (fixed: rewrite the baseline with --write-baseline to drop them)"
      }
      return note
    }
  }
}

extension Linter {
  /// A container error (unreadable file, plain JSON named .tgs) as an LK001 finding at the top of
  /// the file, with the configured severity; nil when LK001 is off or ignored there.
  package func containerError(file: String, message: String, help: String) -> Diagnostic? {
    let d = SyntaxErrorRule.description
    guard rules.contains(where: { type(of: $0).description.code == d.code }) else { return nil }
    let diagnostic = Diagnostic(
      code: d.code, name: d.name, severity: severity(for: d, finding: .error), message: message,
      help: help, file: file, line: 1, column: 1, endLine: 1, endColumn: 1, offset: 0,
      pointer: "", layerPath: [])
    return isIgnored(diagnostic) ? nil : diagnostic
  }
}
