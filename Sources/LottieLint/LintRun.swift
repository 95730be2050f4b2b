import Foundation
import LottieJSON
import LottieKitIO

/// Linting inputs as users name them (#22: the library entry point `lint` calls): plain JSON,
/// `.tgs` and `.lottie` files, every animation inside, container errors as LK001 findings (through
/// the configured severity, `off` and ignores like any finding), baseline fingerprints on request,
/// and safe fixes written back in their containers, all files or none.
public enum LintRun {
  /// A failure that stops the run; `message` follows "lottiekit: error: ".
  public struct Failure: Error, Sendable {
    public let message: String
  }

  /// What `applyFixes` did.
  public struct FixSummary: Sendable {
    public var problems = 0
    public var files = 0
  }

  /// Lints every animation of one input, with each diagnostic's baseline fingerprint when asked.
  /// An unreadable container becomes a diagnostic, like a syntax error.
  public static func lint(input path: String, linter: Linter, fingerprints: Bool) -> [(LintReport.FileResult, [String])] {
    func prints(_ diagnostics: [Diagnostic], _ document: JSONDocument?) -> [String] {
      guard fingerprints else { return [] }
      return diagnostics.map { Baseline.fingerprint(rule: $0.code, pointer: $0.pointer, layerPath: $0.layerPath, document: document) }
    }
    do {
      let sources = try Inputs.load(path)
      let archiveLinter = archiveLinter(linter, sources: sources, path: path)?.linter
      return sources.map { source in
        var diagnostics = (archiveLinter ?? linter).lint(path: source.displayPath, bytes: source.bytes,
                                                         baseDirectory: archiveLinter == nil ? source.baseDirectory : "")
        if source.container == .json, path.lowercased().hasSuffix(".tgs"),
           let d = linter.containerError(file: source.displayPath,
                                         message: "this .tgs file is plain JSON, not gzip-compressed; Telegram will not load it",
                                         help: "compress it: lottiekit format \(path) -o sticker.tgs (or pack --format tgs)") {
          // Telegram opens a .tgs as gzip and nothing else: plain JSON under that name is refused.
          diagnostics.insert(d, at: 0)
        }
        return (LintReport.FileResult(path: source.displayPath, diagnostics: diagnostics),
                prints(diagnostics, fingerprints ? try? JSONDocument(parsing: source.bytes) : nil))
      }
    } catch {
      let diagnostics = linter.containerError(file: error.path, message: error.message, help: "the file cannot be read as an animation").map { [$0] } ?? []
      return [(LintReport.FileResult(path: error.path, diagnostics: diagnostics), prints(diagnostics, nil))]
    }
  }

  /// For a dotLottie: the linter whose assets are the archive's entries (#21.1), and the archive.
  public static func archiveLinter(_ linter: Linter, sources: [AnimationSource], path: String) -> (linter: Linter, archive: ZipArchive)? {
    guard sources.first?.container == .dotLottie, let archive = try? ZipArchive(bytes: FileIO.read(path)) else { return nil }
    var archiveLinter = linter
    archiveLinter.fileSystem = ArchiveFileSystem(archive: archive)
    return (archiveLinter, archive)
  }

  /// Applies safe fixes to every animation of the inputs (plain JSON, .tgs and each animation of a
  /// .lottie, written back in its container), all files or none, repeating while fixes apply.
  public static func applyFixes(_ files: [String], linter: Linter) throws(Failure) -> FixSummary {
    let transaction = FileTransaction()
    var summary = FixSummary()
    for path in files where path != "-" {
      guard let sources = try? Inputs.load(path), let container = sources.first?.container else { continue }
      let archive = archiveLinter(linter, sources: sources, path: path)
      var replaced: [String: [UInt8]] = [:]
      var total = 0
      for source in sources {
        let (fixed, applied) = (archive?.linter ?? linter).fixed(path: path, bytes: source.bytes,
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
        throw Failure(message: "\(error.description); no file was changed")
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

extension Linter {
  /// A container error (unreadable file, plain JSON named .tgs) as an LK001 finding at the top of
  /// the file, with the configured severity; nil when LK001 is off or ignored there.
  public func containerError(file: String, message: String, help: String) -> Diagnostic? {
    let d = SyntaxErrorRule.description
    guard rules.contains(where: { type(of: $0).description.code == d.code }) else { return nil }
    let diagnostic = Diagnostic(code: d.code, name: d.name, severity: severity(for: d, finding: .error), message: message,
                                help: help, file: file, line: 1, column: 1, endLine: 1, endColumn: 1, offset: 0,
                                pointer: "", layerPath: [])
    return isIgnored(diagnostic) ? nil : diagnostic
  }
}
