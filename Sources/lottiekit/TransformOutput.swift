import ArgumentParser
import LottieJSON
import LottieKitIO

/// Where a transform writes: stdout (one input), `-o OUT` (one input) or `--in-place` (all inputs,
/// all or none).
struct TransformDestination: ParsableArguments {
  @Option(name: [.short, .customLong("output")], help: "Write the result to this file (one input only).")
  var outputPath: String?

  @Flag(name: .customLong("in-place"), help: "Rewrite the inputs themselves (all of them, or none if any fails).")
  var inPlace = false

  func validate(inputs: [String]) throws {
    if inputs.isEmpty { throw ValidationError("give animation files or folders, or - to read standard input") }
    if inPlace && outputPath != nil { throw ValidationError("--in-place and -o cannot be used together") }
    if inPlace && inputs.contains("-") { throw ValidationError("--in-place needs files, not stdin") }
    if outputPath != nil && inputs.count > 1 { throw ValidationError("-o takes exactly one input; use --in-place for several") }
    try refuseOutputOntoInput(outputPath, inputs: inputs)
  }
}

/// Inputs change only with --in-place: `-o` naming an input (the same file by any path, link or
/// hard link) is a usage error.
func refuseOutputOntoInput(_ outputPath: String?, inputs: [String]) throws {
  guard let output = outputPath else { return }
  for input in inputs where input != "-" && FileIO.isSameFile(input, output) {
    throw ValidationError("-o \(output) is the input \(input); use --in-place to rewrite an input")
  }
}

/// The outcome of transforming one JSON file.
struct TransformResult {
  var path: String
  var original: [UInt8]
  var output: [UInt8]
  /// Extra files to write with the result (extracted images), path → bytes.
  var sideFiles: [(path: String, bytes: [UInt8])] = []
}

/// Writes results: everything is staged first (temporary files beside each destination), then
/// renamed into place. Nothing is written when `results` is empty or any staging fails.
func writeTransformResults(_ results: [TransformResult], destination: TransformDestination, quiet: Bool) throws {
  // No input (folders with no animation, accepted with --allow-empty): nothing to write.
  if results.isEmpty { return }
  if !destination.inPlace && destination.outputPath == nil {
    guard results.count == 1, let only = results.first else {
      throw ValidationError("\(results.count) inputs need --in-place (or one input with -o)")
    }
    let transaction = FileTransaction()
    do {
      for side in only.sideFiles { try transaction.stage(side.bytes, to: side.path) }
      try transaction.commit()
      try FileIO.writeStandardOutput(only.output)
    } catch {
      printError("lottiekit: error: \(error.description)")
      throw Exit.failure
    }
    return
  }
  let transaction = FileTransaction()
  do {
    for r in results {
      for side in r.sideFiles { try transaction.stage(side.bytes, to: side.path) }
      let target = destination.outputPath ?? r.path
      if destination.inPlace && r.output == r.original { continue }
      try transaction.stage(r.output, to: target)
    }
    try transaction.commit()
  } catch {
    printError("lottiekit: error: \(error.description); no file was changed")
    throw Exit.failure
  }
}

/// Reads JSON inputs for a transform (archives are refused: transforms edit plain JSON).
func readJSONInputs(_ files: [String]) throws -> [(path: String, document: JSONDocument, baseDirectory: String?)] {
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
