import Foundation
import LottieCompat
import LottieJSON
import LottieKitIO
import LottieModel
import LottieRender
import LottieTransforms

/// `lottiekit optimize`: optimizes every input (on every core; lossy steps verified by rendering
/// with rlottie), reports each step's savings as text or JSON on stderr, and writes all or none.
package struct OptimizeJob {
  package var io: TransformIO
  package var options: Optimize.Options
  package var format = TextOrJSON.text
  package var dryRun = false

  package init(_ io: TransformIO, options: Optimize.Options) {
    self.io = io
    self.options = options
  }

  package func run() throws {
    let documents = try io.documents()
    // Files are independent and rendering dominates: both cores, results in input order.
    var optimized: [OptimizeResult] = []
    parallelOrdered(documents) { input in
      Self.optimize(input.document, path: input.path, imagesFrom: input.baseDirectory, options: options)
    } emit: {
      optimized.append($0)
    }
    var results: [TransformResult] = []
    var reports: [JSONValue] = []
    for (input, r) in zip(documents, optimized) {
      let path = input.path
      var result = TransformResult(input, output: r.bytes)
      // Written gzipped: the size it will have is reported, and those bytes are written.
      if io.writesGzip(input) { result.gzippedOutput = try? Gzip.compress(r.bytes) }
      results.append(result)
      let gzipped = Self.gzipped(result, input: input)
      switch format {
      case .text: if !io.quiet { printError(Self.text(r, path: path, gzipped: gzipped)) }
      case .json: reports.append(Self.json(r, path: path, gzipped: gzipped))
      }
    }
    if format == .json {
      printError(String(decoding: JSONValue.object([("version", .int(1)), ("files", .array(reports))]).minified, as: UTF8.self))
    }
    if dryRun { return }
    try io.write(results)
  }

  /// The renderers `--target` names (nil for none given: the file is for every player).
  package static func players(forTargets targets: [String]) -> Set<String>? {
    guard !targets.isEmpty else { return nil }
    return Set(targets.compactMap { RendererSupport.shared.target(TargetSelection(parsing: $0).name)?.renderer })
  }

  /// Why `--images webp` cannot be used for the files' players (nil when every one decodes WebP):
  /// those whose data says they do not draw WebP images, for `--target`'s list or, without one,
  /// for every player.
  package static func webpRefusal(targets: [String]) -> String? {
    let data = RendererSupport.shared
    let selections: [TargetSelection]
    do {
      selections = targets.isEmpty ? data.targets.map { TargetSelection(parsing: $0.id) } : try TargetSelection.parseList(targets)
    } catch {
      return "--images webp: \(error.message)"
    }
    var refusing: [String] = []
    for selection in selections {
      guard let t = data.target(selection.name), data.level(of: .imageWebP, in: t, version: selection.version) != .supported,
        !refusing.contains(t.renderer)
      else { continue }
      refusing.append(t.renderer)
    }
    guard !refusing.isEmpty else { return nil }
    return "--images webp: \(refusing.joined(separator: ", ")) do\(refusing.count == 1 ? "es" : "") not draw WebP images (see lottiekit compat); "
      + (targets.isEmpty
        ? "name the players the files are for with --target, e.g. --target ios,android,web" : "leave \(refusing.count == 1 ? "it" : "them") out of --target")
  }

  static func optimize(_ document: JSONDocument, path: String, imagesFrom folder: String?, options: Optimize.Options) -> OptimizeResult {
    guard options.level >= 1 else { return Optimize.optimize(document, options: options, verify: nil) }
    // rlottie, which checks the lossy steps, draws no WebP image: a check that cannot see part of
    // the picture proves nothing (and would let a second run round what the first found too coarse).
    if Animation(document: document).assets.contains(where: { $0.isImage && $0.isWebP }) {
      return withoutLossyLevels(document, options: options, because: "the file has WebP images, which rlottie (the renderer that checks them) does not draw")
    }
    // The lossless result, rendered once, is what every lossy candidate is compared with.
    var checks: [[UInt8]: RenderCheck] = [:]
    return Optimize.optimize(document, options: options) { reference, candidate in
      do throws(RenderError) {
        let check: RenderCheck
        if let known = checks[reference] {
          check = known
        } else {
          check = try RenderCheck(original: reference, imagesFrom: folder, shownAs: path)
          checks[reference] = check
        }
        return .success(try check.changedShare(candidate))
      } catch {
        return .failure(
          OptimizeVerifyError(checks[reference] == nil ? "rlottie could not render the lossless result (\(error.description))" : error.description))
      }
    }
  }

  /// The lossless steps alone when rlottie cannot check the lossy ones, and `--images webp`, whose
  /// images are each checked against their PNG instead.
  static func withoutLossyLevels(_ document: JSONDocument, options: Optimize.Options, because reason: String) -> OptimizeResult {
    var r = Optimize.lossless(document, players: options.players, keepNames: options.keepNames)
    r.notes.append("lossy steps not applied: " + reason)
    guard let quality = options.webpQuality else { return r }
    return Optimize.webpImages(r, quality: quality, losslessOnly: false, maxChanged: options.maxDiff)
  }

  /// For a gzip destination (.tgs, .json.gz; `result.gzippedOutput` made): the file's bytes before
  /// (the input file when it is gzip, else its JSON gzipped) and after, which is what Telegram's
  /// 64 KB limit counts.
  static func gzipped(_ result: TransformResult, input: TransformInput) -> (before: Int, after: Int)? {
    guard let after = result.gzippedOutput?.count else { return nil }
    let file = input.gzip ? FileIO.fileSize(input.path) : nil
    guard let before = file ?? (try? Gzip.compress(input.document.bytes).count) else { return nil }
    return (before, after)
  }

  static func text(_ r: OptimizeResult, path: String, gzipped: (before: Int, after: Int)? = nil) -> String {
    let percent = r.inputBytes == 0 ? 0 : 100 * Double(r.inputBytes - r.bytes.count) / Double(r.inputBytes)
    var lines = ["\(path): \(r.inputBytes) → \(r.bytes.count) bytes (−\(String(format: "%.1f", percent)) %)"]
    if let gzipped { lines.append("  gzipped: \(gzipped.before) → \(gzipped.after) bytes") }
    for step in r.steps where step.saved != 0 || step.detail != nil {
      lines.append("  \(step.name): −\(step.saved) bytes" + (step.detail.map { " (\($0))" } ?? ""))
    }
    for note in r.notes { lines.append("  note: \(note)") }
    return lines.joined(separator: "\n")
  }

  static func json(_ r: OptimizeResult, path: String, gzipped: (before: Int, after: Int)? = nil) -> JSONValue {
    let sizes: [(String, JSONValue)] = [("path", .string(path)), ("before", .int(r.inputBytes)), ("after", .int(r.bytes.count))]
    let gzip: [(String, JSONValue)] = gzipped.map { [("gzipped", .object([("before", .int($0.before)), ("after", .int($0.after))]))] } ?? []
    let steps = r.steps.map { s in
      JSONValue.object([
        ("name", .string(s.name)), ("before", .int(s.before)), ("after", .int(s.after)), ("detail", .optional(s.detail))
      ])
    }
    return .object(sizes + gzip + [("steps", .array(steps)), ("level", .int(r.level)), ("notes", .array(r.notes.map { .string($0) }))])
  }
}
