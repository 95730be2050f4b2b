import Foundation
import LottieJSON
import LottieKitIO
import LottieModel

/// What a transform reads and where it writes: stdout (one input), `-o OUT` (one input) or
/// `--in-place` (all inputs, all or none).
package struct TransformIO: Sendable {
  package var inputs: [String]
  package var outputPath: String?
  package var inPlace = false
  package var quiet = false
  /// Folders with no animation are accepted (nothing is written).
  package var allowEmpty = false

  package init(inputs: [String], outputPath: String?, inPlace: Bool) {
    self.inputs = inputs
    self.outputPath = outputPath
    self.inPlace = inPlace
  }

  /// Every input, parsed (plain JSON, and gzip under any name as its JSON); exits 2 when any
  /// cannot be read.
  /// `-o` takes one animation: a folder that holds several is a usage error (exit 64) before any
  /// work, as is a folder whose one animation is the `-o` file itself.
  package func documents() throws -> [TransformInput] {
    let documents = try readJSONInputs(try expandInputs(inputs, allowEmpty: allowEmpty), quiet: quiet)
    if let outputPath {
      if documents.count > 1 {
        throw UsageError("-o takes exactly one input file, and \(inputs.first ?? "") holds \(documents.count); use --in-place to rewrite them")
      }
      if let refusal = outputOntoInput(outputPath, inputs: documents.map(\.path)) {
        throw UsageError(refusal)
      }
    }
    return documents
  }

  /// Transforms every input in input order (all are read first). `body` gives an input's result,
  /// if any, and whether it refused the input (having said why); the caller writes nothing when
  /// any was refused.
  package func transformEach(
    _ body: (TransformInput) throws -> (result: TransformResult?, refused: Bool)
  ) throws -> (results: [TransformResult], refused: Bool) {
    var results: [TransformResult] = []
    var refused = false
    for input in try documents() {
      let outcome = try body(input)
      if outcome.refused { refused = true }
      if let result = outcome.result { results.append(result) }
    }
    return (results, refused)
  }

  /// Whether `input`'s result is written gzipped: `-o` names a gzip container, or in place the
  /// input is gzip (stdout always gets JSON).
  package func writesGzip(_ input: TransformInput) -> Bool {
    outputPath.map { OutputContainer($0) == .gzip } ?? (inPlace && input.gzip)
  }

  /// Writes the results, all or none.
  package func write(_ results: [TransformResult]) throws {
    try writeTransformResults(results, to: self, quiet: quiet)
  }
}

/// One input of a transform: its JSON, the folder its image paths start from, and whether the
/// file is gzip (a .tgs, a .json.gz or gzip under another name: written back gzipped in place).
package struct TransformInput: Sendable {
  package let path: String
  package let document: JSONDocument
  package let baseDirectory: String?
  package let gzip: Bool

  package init(path: String, document: JSONDocument, baseDirectory: String?, gzip: Bool) {
    self.path = path
    self.document = document
    self.baseDirectory = baseDirectory
    self.gzip = gzip
  }
}

/// The outcome of transforming one JSON file.
package struct TransformResult {
  package var path: String
  package var original: [UInt8]
  package var output: [UInt8]
  /// The input is gzip: in place, the output is gzipped too.
  package var gzip: Bool
  /// `output` gzipped, when the job has made it already (optimize reports its size): written
  /// instead of compressing again.
  package var gzippedOutput: [UInt8]?
  /// Extra files to write with the result (extracted images), path → bytes.
  package var sideFiles: [(path: String, bytes: [UInt8])] = []

  package init(_ input: TransformInput, output: [UInt8]) {
    self.path = input.path
    self.original = input.document.bytes
    self.output = output
    self.gzip = input.gzip
  }
}

/// Writes results: everything is staged first (temporary files beside each destination), then
/// renamed into place. Nothing is written when `results` is empty or any staging fails.
package func writeTransformResults(_ results: [TransformResult], to destination: TransformIO, quiet: Bool) throws {
  // No input (folders with no animation, accepted with --allow-empty): nothing to write.
  if results.isEmpty { return }
  if !destination.inPlace && destination.outputPath == nil {
    guard results.count == 1, let only = results.first else {
      throw UsageError("\(results.count) inputs need --in-place (or one input with -o)")
    }
    let transaction = FileTransaction()
    do {
      for side in only.sideFiles { try transaction.stage(side.bytes, to: side.path) }
      try transaction.commit()
      try FileIO.writeStandardOutput(only.output)
    } catch {
      throw Exit.error(error.description)
    }
    return
  }
  // -o writes the container its extension names; in place, each input keeps its own.
  let outputs = try results.map { r in
    if let path = destination.outputPath {
      if let gzipped = r.gzippedOutput, OutputContainer(path) == .gzip { return gzipped }
      return try OutputContainer.encode(r.output, for: path)
    }
    guard r.gzip else { return r.output }
    if let gzipped = r.gzippedOutput { return gzipped }
    do { return try Gzip.compress(r.output) } catch { throw Exit.error("\(r.path): \(error)") }
  }
  let transaction = FileTransaction()
  do {
    for (r, output) in zip(results, outputs) {
      for side in r.sideFiles { try transaction.stage(side.bytes, to: side.path) }
      let target = destination.outputPath ?? r.path
      if destination.inPlace && r.output == r.original { continue }
      try transaction.stage(output, to: target)
    }
    try transaction.commit()
  } catch {
    throw Exit.error(IOFailure.saying(error))
  }
}

/// Reads the inputs of a transform: plain JSON, and gzip under any name (as its JSON); dotLottie
/// archives are refused.
package func readJSONInputs(_ selection: InputSelection, quiet: Bool) throws -> [TransformInput] {
  var result: [TransformInput] = []
  var failed = false
  var skipped: [String] = []
  for path in selection.files {
    switch selection.load(path) {
    case nil:
      skipped.append(path)
    case .failure(let error):
      printError(error.errorLine)
      failed = true
    case .success(let animations):
      guard let a = editableAnimation(animations) else {
        printError("\(path): error: \(notEditable)")
        failed = true
        continue
      }
      guard Animation(document: a.document).mayBeLottie else {
        printError("\(path): error: not a Lottie animation (no layers, and no two of fr, ip, op, v, w, h and assets)")
        failed = true
        continue
      }
      result.append(
        TransformInput(path: a.source.displayPath, document: a.document, baseDirectory: a.source.baseDirectory, gzip: a.source.container == .tgs))
    }
  }
  if failed {
    printError("lottiekit: nothing was written")
    throw Exit.failure
  }
  try selection.finish(skipped: skipped, quiet: quiet)
  return result
}
