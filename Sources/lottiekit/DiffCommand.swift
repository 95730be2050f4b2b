import ArgumentParser
import Foundation
import LottieDiff
import LottieCompat
import LottieJSON
import LottieKitIO
import LottieLint
import LottieRender

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "What changed between two versions of an animation: canvas, layers, assets, features.",
    discussion: prose("""
      Layers are matched by ind, then by name, never by position: a reordered layer is reported
      as moved, not as removed and added. Layers: added, removed, renamed, retimed, reparented,
      moved, changed (transform, shapes, effects, masks…). Assets: added, removed, resized,
      repointed, image bytes changed. Features gained or lost, with what each --target does with
      a gained one. With --render, a PNG of OLD, NEW and their pixel difference at a few frames
      (rlottie, in a separate process), and the share of pixels that changed.
      Exit codes: 0 no structural change, 1 changes, 2 input error (like diff(1)).
      Examples:
        lottiekit diff v1/hero.json v2/hero.json
        lottiekit diff old.json new.json --format markdown --target ios > pr.md
        lottiekit diff old.json new.json --render -o diff.png
      """)
  )

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

  @Argument(help: "The old version (.json, .tgs or .lottie).")
  var old: String
  @Argument(help: "The new version.")
  var new: String

  @Option(help: "Output format: text, json or markdown.")
  var format: Format = .text

  @Option(help: "Renderers whose support is shown for gained features, comma separated (NAME@VERSION allowed).")
  var target: [String] = []

  @Flag(help: "Also render OLD, NEW and their difference at a few frames into the -o PNG.")
  var render = false

  @Option(name: .shortAndLong, help: "The PNG for --render.")
  var output: String?

  @Option(help: "Frames compared with --render (evenly spaced).")
  var frames: Int = 4

  func validate() throws {
    if render && output == nil { throw ValidationError("--render needs -o DIFF.png") }
    if output != nil && !render { throw ValidationError("-o is the --render output; add --render") }
    if frames < 1 || frames > 24 { throw ValidationError("--frames must be between 1 and 24") }
    try validateTargets(targets)
  }

  var targets: [String] { target.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty } }

  func run() throws {
    let a: RenderSource, b: RenderSource
    do {
      a = try RenderSource.prepare(old)
      b = try RenderSource.prepare(new)
    } catch {
      printError("lottiekit: error: \(error.description)")
      throw Exit.failure
    }
    defer { a.cleanUp(); b.cleanUp() }
    let diff = AnimationDiff(old: a.document, new: b.document, oldBase: FileIO.directory(of: a.path), newBase: FileIO.directory(of: b.path),
                             targets: targets.map(TargetSelection.init(parsing:)))
    var renderNote: [(frame: Int, share: Double)] = []
    if render, let output {
      do {
        renderNote = try renderSheet(a, b, to: output)
      } catch let error as RenderError {
        printError("lottiekit: error: \(error.description)")
        throw Exit.failure
      }
    }
    switch format {
    case .text: printOut(text(diff, renderNote))
    case .markdown: printOut(markdown(diff, renderNote))
    case .json: printOut(json(diff, renderNote).prettyString)
    }
    if !diff.isEmpty { throw Exit.findings }
  }

  /// OLD | NEW | DIFF at evenly spaced frames of the new version's range, both rendered at the
  /// new version's size (fitted to 256 px).
  func renderSheet(_ a: RenderSource, _ b: RenderSource, to output: String) throws -> [(Int, Double)] {
    let (w, h) = RenderCommand.fit(b.size.0, b.size.1, longest: 256)
    let numbers = Sheets.evenlySpaced(frames, first: b.firstFrame, end: b.endFrame)
    let renderer = IsolatedRenderer()
    let oldImages = try renderer.render(file: a.path, frames: numbers.map { max(0, min($0, a.endFrame - 1) - a.firstFrame) },
                                        width: w, height: h, shownAs: a.displayName)
    let newImages = try renderer.render(file: b.path, frames: numbers.map { $0 - b.firstFrame }, width: w, height: h, shownAs: b.displayName)
    let rows = (0..<numbers.count).map { (numbers[$0], oldImages[$0], newImages[$0]) }
    let (sheet, shares) = Sheets.sideBySide(rows.map { (number: $0.0, old: $0.1, new: $0.2) }, background: (255, 255, 255))
    do {
      try FileIO.writeAtomically(try PNG.encode(sheet), to: output)
    } catch let e as IOFailure {
      throw RenderError(e.description)
    } catch let e as ArchiveError {
      throw RenderError("\(output): \(e.message)")
    }
    return Array(zip(numbers, shares))
  }

  func percent(_ share: Double) -> String { "\(((share * 1000).rounded() / 10).compactText)%" }

  func text(_ diff: AnimationDiff, _ rendered: [(frame: Int, share: Double)]) -> String {
    var lines = ["\(old) → \(new)"]
    if diff.isEmpty { lines.append("  no structural change") }
    for c in diff.changes {
      var line = "  \(c.kind.rawValue): \(c.subject): \(c.detail)"
      if !c.consequences.isEmpty { line += " [\(c.consequences.joined(separator: ", "))]" }
      lines.append(line)
    }
    if !rendered.isEmpty {
      lines.append("  pixels changed: " + rendered.map { "frame \($0.frame) \(percent($0.share))" }.joined(separator: ", ") + " → \(output ?? "")")
    }
    return lines.joined(separator: "\n")
  }

  func markdown(_ diff: AnimationDiff, _ rendered: [(frame: Int, share: Double)]) -> String {
    var lines = ["### Animation changes: `\(FileIO.fileName(of: new))`", ""]
    if diff.isEmpty {
      lines.append("No structural change.")
    } else {
      lines.append("| Change | What | Detail |")
      lines.append("|---|---|---|")
      func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
      for c in diff.changes {
        let detail = c.detail + (c.consequences.isEmpty ? "" : " — ⚠️ " + c.consequences.joined(separator: ", "))
        lines.append("| \(c.kind.rawValue) | \(cell(c.subject)) | \(cell(detail)) |")
      }
    }
    if !rendered.isEmpty {
      lines.append("")
      lines.append("Pixels changed: " + rendered.map { "frame \($0.frame): \(percent($0.share))" }.joined(separator: ", "))
    }
    return lines.joined(separator: "\n")
  }

  func json(_ diff: AnimationDiff, _ rendered: [(frame: Int, share: Double)]) -> JSONValue {
    let changes: [JSONValue] = diff.changes.map { c in
      var m: [(String, JSONValue)] = [("kind", .string(c.kind.rawValue)), ("subject", .string(c.subject)), ("detail", .string(c.detail))]
      if let p = c.oldPointer { m.append(("oldPointer", .string(p))) }
      if let p = c.newPointer { m.append(("newPointer", .string(p))) }
      if !c.consequences.isEmpty { m.append(("consequences", .array(c.consequences.map { .string($0) }))) }
      return .object(m)
    }
    var root: [(String, JSONValue)] = [("version", .int(1)), ("old", .string(old)), ("new", .string(new)), ("changes", .array(changes))]
    if !rendered.isEmpty {
      root.append(("render", .object([
        ("file", .string(output ?? "")),
        ("frames", .array(rendered.map { .object([("frame", .int($0.frame)), ("changedShare", .double($0.share))]) })),
      ])))
    }
    return .object(root)
  }
}
