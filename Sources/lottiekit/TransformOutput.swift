import ArgumentParser
import LottieKitFrontend
import LottieJSON
import LottieKitIO

/// Where a transform writes: stdout (one input), `-o OUT` (one input) or `--in-place` (all inputs,
/// all or none).
struct TransformDestination: ParsableArguments {
  @Option(name: [.short, .customLong("output")], help: "Write the result to this file (one input only).")
  var outputPath: String?

  @Flag(name: .customLong("in-place"), help: "Rewrite the inputs themselves (all of them, or none if any fails).")
  var inPlace = false

  /// What the transform job reads and where it writes.
  func io(_ inputs: [String], empty: EmptyInputOption, output: OutputOptions) -> TransformIO {
    var io = TransformIO(inputs: inputs, outputPath: outputPath, inPlace: inPlace)
    io.quiet = output.quiet
    io.allowEmpty = empty.allowEmpty
    return io
  }

  func validate(inputs: [String]) throws {
    if inputs.isEmpty { throw ValidationError("give animation files or folders, or - to read standard input") }
    if inPlace && outputPath != nil { throw ValidationError("--in-place and -o cannot be used together") }
    if inPlace && inputs.contains("-") { throw ValidationError("--in-place needs files, not stdin") }
    if outputPath != nil && inputs.count > 1 { throw ValidationError("-o takes exactly one input; use --in-place for several") }
    try refuseOutputOntoInput(outputPath, inputs: inputs)
    try refuseArchiveOutput(outputPath)
  }
}

/// The transforms and svg write JSON, or gzip for `.tgs`/`.json.gz`: `-o x.lottie` is refused
/// before any work (`OutputContainer.encode` refuses it again where it writes).
func refuseArchiveOutput(_ outputPath: String?) throws {
  if let outputPath, OutputContainer(outputPath) == .dotLottie {
    throw ValidationError(OutputContainer.archiveRefusal(outputPath))
  }
}

/// Inputs change only with --in-place: `-o` naming an input is a usage error (see `outputOntoInput`).
func refuseOutputOntoInput(_ outputPath: String?, inputs: [String], inPlace: Bool = true) throws {
  if let refusal = outputOntoInput(outputPath, inputs: inputs, inPlace: inPlace) { throw ValidationError(refusal) }
}
