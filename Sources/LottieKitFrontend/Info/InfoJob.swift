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
    var jsonFiles: [JSONValue] = []
    for path in missing {
      printError("\(path): error: \(FileIO.notFound(path))")
      if format == .json {
        jsonFiles.append(.object([("path", .string(path)), ("error", .string(FileIO.notFound(path))), ("line", .null), ("column", .null)]))
      }
    }
    if present.isEmpty && !missing.isEmpty {
      if format == .json { printOut(JSONValue.object([("version", .int(1)), ("files", .array(jsonFiles))]).prettyString) }
      throw Exit.failure
    }
    let selection = try expandInputs(present, whenNoPath: .currentFolder, allowEmpty: allowEmpty)
    let style = Style(color)
    var first = true
    let failed = try selection.parseEach(quiet: quiet, { $0 }) { error in
      guard format == .json else { return }
      jsonFiles.append(
        .object([
          ("path", .string(error.path)), ("error", .string(error.message)),
          ("line", error.location.map { .int($0.line) } ?? .null),
          ("column", error.location.map { .int($0.column) } ?? .null)
        ]))
    } _: { path, animations in
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
    if format == .json {
      printOut(JSONValue.object([("version", .int(1)), ("files", .array(jsonFiles))]).prettyString)
    }
    if failed || !missing.isEmpty { throw Exit.failure }
  }
}
