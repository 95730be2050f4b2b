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

  package init(inputs: [String]) { self.inputs = inputs }

  package func run() throws {
    let files = try expandInputs(inputs, whenNoPath: .currentFolder, allowEmpty: allowEmpty)
    let style = Style(color)
    var failed = false
    var jsonFiles: [JSONValue] = []
    var first = true
    parallelOrdered(files, { path in (path, loadAndParse(path)) }) { (path, result) in
      switch result {
      case .failure(let error):
        failed = true
        printError(error.errorLine)
        if format == .json {
          jsonFiles.append(
            .object([
              ("path", .string(error.path)), ("error", .string(error.message)),
              ("line", error.location.map { .int($0.line) } ?? .null),
              ("column", error.location.map { .int($0.column) } ?? .null)
            ]))
        }
      case .success(let animations):
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
    }
    if format == .json {
      printOut(JSONValue.object([("version", .int(1)), ("files", .array(jsonFiles))]).prettyString)
    }
    if failed { throw Exit.failure }
  }
}
