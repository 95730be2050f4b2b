import Foundation
import LottieJSON
import LottieKitIO

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

  /// Every input, parsed (plain JSON only); exits 2 when any cannot be read.
  package func documents() throws -> [(path: String, document: JSONDocument, baseDirectory: String?)] {
    try readJSONInputs(try expandInputs(inputs, allowEmpty: allowEmpty))
  }

  /// Transforms every input in input order (all are read first). `body` gives an input's result,
  /// if any, and whether it refused the input (having said why); the caller writes nothing when
  /// any was refused.
  package func transformEach(
    _ body: (_ path: String, _ document: JSONDocument, _ baseDirectory: String?) throws -> (result: TransformResult?, refused: Bool)
  ) throws -> (results: [TransformResult], refused: Bool) {
    var results: [TransformResult] = []
    var refused = false
    for (path, document, base) in try documents() {
      let outcome = try body(path, document, base)
      if outcome.refused { refused = true }
      if let result = outcome.result { results.append(result) }
    }
    return (results, refused)
  }

  /// Writes the results, all or none.
  package func write(_ results: [TransformResult]) throws {
    try writeTransformResults(results, to: self, quiet: quiet)
  }
}

/// The outcome of transforming one JSON file.
package struct TransformResult {
  package var path: String
  package var original: [UInt8]
  package var output: [UInt8]
  /// Extra files to write with the result (extracted images), path → bytes.
  package var sideFiles: [(path: String, bytes: [UInt8])] = []

  package init(path: String, original: [UInt8], output: [UInt8]) {
    self.path = path
    self.original = original
    self.output = output
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
  // -o writes the container its extension names (in place, inputs are plain JSON and stay so).
  let outputs = try results.map { r in try destination.outputPath.map { try OutputContainer.encode(r.output, for: $0) } ?? r.output }
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

/// Reads JSON inputs for a transform (archives are refused: transforms edit plain JSON).
package func readJSONInputs(_ files: [String]) throws -> [(path: String, document: JSONDocument, baseDirectory: String?)] {
  var result: [(String, JSONDocument, String?)] = []
  var failed = false
  for path in files {
    switch loadAndParse(path) {
    case .failure(let error):
      printError(error.errorLine)
      failed = true
    case .success(let animations):
      guard animations.count == 1, let a = animations.first, a.source.container == .json else {
        printError("\(path): error: this command edits plain .json animations (use unpack for .lottie and .tgs)")
        failed = true
        continue
      }
      result.append((a.source.displayPath, a.document, a.source.baseDirectory))
    }
  }
  if failed {
    printError("lottiekit: nothing was written")
    throw Exit.failure
  }
  return result
}
