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
    let selection = try expandInputs(inputs, whenNoPath: .currentFolder, allowEmpty: allowEmpty)
    let style = Style(color)
    var jsonFiles: [JSONValue] = []
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
    if failed { throw Exit.failure }
  }
}
