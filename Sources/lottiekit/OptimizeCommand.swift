import ArgumentParser
import Foundation
import LottieJSON
import LottieKitIO
import LottieRender
import LottieTransforms

struct OptimizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "optimize",
    abstract: "Make animations smaller: lossless steps, then rounding verified by rendering.",
    discussion: prose("""
      Lossless steps, each a surgical edit, then minify: hidden layers no other layer uses as
      parent or matte are removed, unused precomps and images are removed, keyframes before a
      layer's first visible frame are dropped, animated properties whose keyframes all hold one
      value become that static value. Files with expressions keep their layers and keyframes (an
      expression may name a layer or read a keyframe); properties with a slot id are never touched.
      Level 1 (the default) then removes metadata no player draws with (mn, ix, cix, np; kept in
      files with expressions) and rounds each number to what its property needs:
      positions and paths to a step of about 1/2000 of the canvas (0.1 px on a 512 px canvas),
      colours, gradients, effects and easing to 3 places; time, identities and slots are exact.
      The result is rendered with rlottie against the original at 4 frames (10/35/60/85 %): if more
      than --max-diff of the pixels change by more than 16/255, the next finer rounding is tried,
      and after two the lossless result is kept; the report says which. --lossless skips level 1
      and renders nothing. Level 2 also removes the names of layers, shapes and assets (nm), except
      those given with --keep-names (names app code uses in keypaths); files with expressions keep
      their names. Each step's saving is reported.
      Examples:
        lottiekit optimize hero.json -o hero.min.json
        lottiekit optimize --in-place delivery/
        lottiekit optimize --lossless --dry-run --format json hero.json
        lottiekit optimize --level 2 --keep-names Button --keep-names Progress hero.json -o hero.min.json
      """)
  )

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  @Argument(help: "Animation files or folders.")
  var inputs: [String] = []

  @Flag(help: "Lossless steps only: no rounding, no metadata removal, no render.")
  var lossless = false

  @Option(help: "1 (the default): lossless steps, then metadata and rounding verified by rendering; 2: also layer, shape and asset names.")
  var level: Int = 1

  @Option(name: .customLong("keep-names"), parsing: .singleValue, help: "A name level 2 keeps (one a keypath in app code uses); repeat for more.")
  var keepNames: [String] = []

  @Option(name: .customLong("max-diff"), help: "Largest share of pixels, in percent, that level 1 may change (by more than 16/255).")
  var maxDiff: Double = 0.5

  @Flag(name: .customLong("dry-run"), help: "Report what each step would save; write nothing.")
  var dryRun = false

  @Option(help: "Report format on standard error: text or json.")
  var format: Format = .text

  @OptionGroup var empty: EmptyInputOption
  @OptionGroup var destination: TransformDestination
  @OptionGroup var output: OutputOptions

  func validate() throws {
    try destination.validate(inputs: inputs)
    guard level == 1 || level == 2 else { throw ValidationError("--level: 1 or 2 (use --lossless for the lossless steps alone)") }
    guard maxDiff >= 0, maxDiff <= 100 else { throw ValidationError("--max-diff: a percentage from 0 to 100") }
  }

  func run() throws {
    let files = try expandInputs(inputs, allowEmpty: empty.allowEmpty)
    let documents = try readJSONInputs(files)
    var chosen = Optimize.Options()
    chosen.level = lossless ? 0 : level
    chosen.maxDiff = maxDiff / 100
    chosen.keepNames = Set(keepNames)
    let options = chosen
    // Files are independent and rendering dominates: both cores, results in input order.
    var optimized: [OptimizeResult] = []
    parallelOrdered(documents.map { ($0.0, $0.1, $0.2) }) { item in
      Self.optimize(item.1, path: item.0, imagesFrom: item.2, options: options)
    } emit: { optimized.append($0) }
    var results: [TransformResult] = []
    var reports: [JSONValue] = []
    for ((path, document, _), r) in zip(documents, optimized) {
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

  static func optimize(_ document: JSONDocument, path: String, imagesFrom folder: String?, options: Optimize.Options) -> OptimizeResult {
    guard options.level >= 1 else { return Optimize.optimize(document, options: options, verify: nil) }
    let check: RenderCheck
    do {
      check = try RenderCheck(original: document.bytes, imagesFrom: folder, shownAs: path)
    } catch {
      var r = Optimize.lossless(document)
      r.notes.append("lossy steps not applied: rlottie could not render the original (\(error.description))")
      return r
    }
    return Optimize.optimize(document, options: options) { candidate in
      do throws(RenderError) { return .success(try check.changedShare(candidate)) } catch { return .failure(OptimizeVerifyError(error.description)) }
    }
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
             ("level", .int(r.level)),
             ("notes", .array(r.notes.map { .string($0) }))])
  }
}
