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
    // A path that does not exist is one file that cannot be read: said in its place among the
    // arguments (on stderr, and in the JSON's files as a file that does not parse), and the others
    // are still reported; exit 2 at the end.
    let missing = inputs.indices.filter { inputs[$0] != "-" && !FileIO.exists(inputs[$0]) }
    let present = inputs.indices.filter { !missing.contains($0) }.map { inputs[$0] }
    var jsonFiles: [JSONValue] = []
    var said = 0  // how many of `missing` are said
    func sayMissing(before argument: Int) {
      while said < missing.count, missing[said] < argument {
        let path = inputs[missing[said]]
        printError("\(path): error: \(FileIO.notFound(path))")
        if format == .json {
          jsonFiles.append(.object([("path", .string(path)), ("error", .string(FileIO.notFound(path))), ("line", .null), ("column", .null)]))
        }
        said += 1
      }
    }
    defer { sayMissing(before: inputs.count) }  // also when expanding or parsing stops the run
    func report() {
      sayMissing(before: inputs.count)
      if format == .json { printOut(JSONValue.object([("version", .int(1)), ("files", .array(jsonFiles))]).prettyString) }
    }
    if present.isEmpty && !missing.isEmpty {
      report()
      throw Exit.failure
    }
    let selection = try expandInputs(present, whenNoPath: .currentFolder, allowEmpty: allowEmpty)
    let origin = missing.isEmpty ? [:] : origins()
    let style = Style(color)
    var first = true
    let failed = try selection.parseEach(quiet: quiet, { $0 }) { error in
      sayMissing(before: origin[error.path] ?? 0)
      guard format == .json else { return }
      jsonFiles.append(
        .object([
          ("path", .string(error.path)), ("error", .string(error.message)),
          ("line", error.location.map { .int($0.line) } ?? .null),
          ("column", error.location.map { .int($0.column) } ?? .null)
        ]))
    } _: { path, animations in
      sayMissing(before: origin[path] ?? 0)
      let archive = animations.first?.source.container == .dotLottie ? try? ZipArchive(bytes: FileIO.read(path)) : nil
      for parsed in animations {
        let info = InfoReport(parsed, archive: archive)
        if format == .json {
          jsonFiles.append(info.json)
        } else {
          if !first { printOut("") }
          first = false
          printOut(info.text(style))
        }
      }
    }
    report()
    if failed || !missing.isEmpty { throw Exit.failure }
  }

  /// Which argument each file comes from (the first that reaches it, as `Inputs.expand` keeps
  /// it): files are handled in that order, so a missing path is said before the first file of a
  /// later argument.
  func origins() -> [String: Int] {
    var origin: [String: Int] = [:]
    for (n, argument) in inputs.enumerated() where argument == "-" || FileIO.exists(argument) {
      for file in (try? Inputs.expand([argument])) ?? [] where origin[file] == nil { origin[file] = n }
    }
    return origin
  }
}
