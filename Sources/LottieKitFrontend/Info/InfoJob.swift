import Foundation
import LottieJSON
import LottieKitIO
import LottieModel

/// Reports that come as text or JSON.
package enum TextOrJSON: String, CaseIterable, Sendable { case text, json }

/// `lottiekit info`: a summary of every animation (version, size, frames, layers, assets,
/// features), as text or one JSON document, in input order.
package struct InfoJob {
  package var inputs: [String]
  package var format = TextOrJSON.text
  package var color = ColorChoice.auto
  package var allowEmpty = false
  /// No note of skipped files on stderr.
  package var quiet = false

  package init(inputs: [String]) { self.inputs = inputs }

  package func run() throws {
    // A path that does not exist is one file that cannot be read: said (in the JSON's files, as a
    // file that does not parse), and the others are still reported; exit 2 at the end.
    let missing = inputs.filter { $0 != "-" && !FileIO.exists($0) }
    let present = inputs.filter { $0 == "-" || FileIO.exists($0) }
    // Each JSON entry with the position of the argument it comes from, so that a missing path
    // keeps its place among the others (input order).
    var jsonFiles: [(argument: Int, value: JSONValue)] = []
    func report() {
      let ordered = jsonFiles.enumerated().sorted { ($0.element.argument, $0.offset) < ($1.element.argument, $1.offset) }
      printOut(JSONValue.object([("version", .int(1)), ("files", .array(ordered.map(\.element.value)))]).prettyString)
    }
    for (n, path) in inputs.enumerated() where missing.contains(path) {
      printError("\(path): error: \(FileIO.notFound(path))")
      if format == .json {
        jsonFiles.append((n, .object([("path", .string(path)), ("error", .string(FileIO.notFound(path))), ("line", .null), ("column", .null)])))
      }
    }
    if present.isEmpty && !missing.isEmpty {
      if format == .json { report() }
      throw Exit.failure
    }
    let selection = try expandInputs(present, whenNoPath: .currentFolder, allowEmpty: allowEmpty)
    // Which argument each file comes from (the first that reaches it), when missing ones are placed.
    var origin: [String: Int] = [:]
    if format == .json && !missing.isEmpty {
      for (n, argument) in inputs.enumerated() where !missing.contains(argument) {
        for file in (try? Inputs.expand([argument])) ?? [] where origin[file] == nil { origin[file] = n }
      }
    }
    let style = Style(color)
    var first = true
    let failed = try selection.parseEach(quiet: quiet, { $0 }) { error in
      guard format == .json else { return }
      jsonFiles.append(
        (
          origin[error.path] ?? inputs.count,
          .object([
            ("path", .string(error.path)), ("error", .string(error.message)),
            ("line", error.location.map { .int($0.line) } ?? .null),
            ("column", error.location.map { .int($0.column) } ?? .null)
          ])
        ))
    } _: { path, animations in
      let archive = animations.first?.source.container == .dotLottie ? try? ZipArchive(bytes: FileIO.read(path)) : nil
      for parsed in animations {
        let info = InfoReport(parsed, archive: archive)
        if format == .json {
          jsonFiles.append((origin[path] ?? inputs.count, info.json))
        } else {
          if !first { printOut("") }
          first = false
          printOut(info.text(style))
        }
      }
    }
    if format == .json { report() }
    if failed || !missing.isEmpty { throw Exit.failure }
  }
}
