import ArgumentParser
import LottieJSON
import LottieTransforms

struct OptimizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "optimize",
    abstract: "Make animations smaller without changing a pixel (lossless steps).",
    discussion: prose("""
      Lossless steps, each a surgical edit, then minify: hidden layers no other layer uses as
      parent or matte are removed, unused precomps and images are removed, animated properties
      whose keyframes all hold one value become that static value. Files with expressions keep
      their layers and keyframes (an expression may name a layer or read a keyframe); properties
      with a slot id are never touched. Each step's saving is reported. The lossy levels of the
      contract (per-property precision, keyframe simplification, verified by rendering) are not
      built yet.
      Examples:
        lottiekit optimize hero.json -o hero.min.json
        lottiekit optimize --in-place delivery/
        lottiekit optimize --dry-run --format json hero.json
      """)
  )

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  @Argument(help: "Animation files or folders.")
  var inputs: [String] = []

  @Flag(help: "Lossless steps only (the default; the lossy levels are not built yet).")
  var lossless = false

  @Flag(name: .customLong("dry-run"), help: "Report what each step would save; write nothing.")
  var dryRun = false

  @Option(help: "Report format on standard error: text or json.")
  var format: Format = .text

  @OptionGroup var empty: EmptyInputOption
  @OptionGroup var destination: TransformDestination
  @OptionGroup var output: OutputOptions

  func validate() throws {
    try destination.validate(inputs: inputs)
  }

  func run() throws {
    let files = try expandInputs(inputs, allowEmpty: empty.allowEmpty)
    let documents = try readJSONInputs(files)
    var results: [TransformResult] = []
    var reports: [JSONValue] = []
    for (path, document, _) in documents {
      let r = Optimize.lossless(document)
      results.append(TransformResult(path: path, original: document.bytes, output: r.bytes))
      switch format {
      case .text: if !output.quiet { printError(Self.text(r, path: path)) }
      case .json: reports.append(Self.json(r, path: path))
      }
    }
    if format == .json {
      printError(String(decoding: JSONValue.object([("version", .int(1)), ("files", .array(reports))]).minified, as: UTF8.self))
    }
    if dryRun { return }
    try writeTransformResults(results, destination: destination, quiet: output.quiet)
  }

  static func text(_ r: OptimizeResult, path: String) -> String {
    let percent = r.inputBytes == 0 ? 0 : 100 * Double(r.inputBytes - r.bytes.count) / Double(r.inputBytes)
    var lines = ["\(path): \(r.inputBytes) → \(r.bytes.count) bytes (−\(String(format: "%.1f", percent)) %)"]
    for step in r.steps where step.saved != 0 || step.detail != nil {
      lines.append("  \(step.name): −\(step.saved) bytes" + (step.detail.map { " (\($0))" } ?? ""))
    }
    for note in r.notes { lines.append("  note: \(note)") }
    return lines.joined(separator: "\n")
  }

  static func json(_ r: OptimizeResult, path: String) -> JSONValue {
    .object([("path", .string(path)), ("before", .int(r.inputBytes)), ("after", .int(r.bytes.count)),
             ("steps", .array(r.steps.map { s in
               .object([("name", .string(s.name)), ("before", .int(s.before)), ("after", .int(s.after)),
                        ("detail", .optional(s.detail))])
             })),
             ("notes", .array(r.notes.map { .string($0) }))])
  }
}
