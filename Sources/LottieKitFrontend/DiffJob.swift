import Foundation
import LottieCompat
import LottieDiff
import LottieJSON
import LottieKitIO
import LottieModel
import LottieRender

/// Output formats of `diff`.
package enum DiffOutputFormat: String, CaseIterable, Sendable { case text, json, markdown }

/// `lottiekit diff`: what changed between two versions of an animation (structure, assets, the
/// targets' verdicts), optionally with an OLD | NEW | DIFF sheet rendered by rlottie.
package struct DiffJob {
  package var old: String
  package var new: String
  package var format = DiffOutputFormat.text
  package var targets: [String] = []
  package var render = false
  package var output: String?
  package var frames = 4

  package init(old: String, new: String) {
    self.old = old
    self.new = new
  }

  package func run() throws {
    let a: RenderSource, b: RenderSource
    do {
      a = try RenderSource.prepare(old)
      b = try RenderSource.prepare(new)
    } catch {
      throw Exit.error(error.description)
    }
    defer { a.cleanUp(); b.cleanUp() }
    // A dotLottie of several animations: comparing its first alone would miss the others' changes.
    for (path, source) in [(old, a), (new, b)] where source.animations > 1 {
      throw Exit.error("\(path) holds \(source.animations) animations and diff compares one: unpack both (lottiekit unpack) and diff the animations one by one")
    }
    // The animations as their files hold them (not rlottie's copies), images where they are.
    func images(_ s: RenderSource) -> AnimationDiff.Images? { s.archive.map { .archive($0) } ?? s.imagesFolder.map { .folder($0) } }
    let diff = AnimationDiff(
      old: a.original, new: b.original, oldImages: images(a), newImages: images(b), targets: targets.map(TargetSelection.init(parsing:)))
    var renderNote: [(frame: Int, share: Double)] = []
    if render, let output {
      do {
        renderNote = try renderSheet(a, b, to: output)
      } catch let error as RenderError {
        throw Exit.error(error.description)
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
    let (w, h) = RenderJob.fit(b.size.0, b.size.1, longest: 256)
    let numbers = Sheets.evenlySpaced(frames, first: b.firstFrame, end: b.endFrame)
    let renderer = IsolatedRenderer()
    let oldImages = try renderer.render(
      file: a.path, frames: numbers.map { max(0, min($0, a.endFrame - 1) - a.firstFrame) },
      width: w, height: h, shownAs: a.displayName)
    let newImages = try renderer.render(file: b.path, frames: numbers.map { $0 - b.firstFrame }, width: w, height: h, shownAs: b.displayName)
    let rows = (0..<numbers.count).map { (numbers[$0], oldImages[$0], newImages[$0]) }
    let (sheet, shares) = Sheets.sideBySide(rows.map { (number: $0.0, old: $0.1, new: $0.2) }, background: (255, 255, 255))
    do {
      // The folder is made when missing, as for --frames (a transaction: all or nothing).
      try FileTransaction.write(try PNG.encode(sheet), to: output)
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
      // A change to the canvas or the markers is its own subject: said once ("canvas: size …").
      let subject = c.subject == c.kind.rawValue ? "" : "\(c.subject): "
      var line = "  \(c.kind.rawValue): \(subject)\(c.detail)"
      if !c.consequences.isEmpty { line += " [\(c.consequences.joined(separator: ", "))]" }
      lines.append(line)
    }
    if !rendered.isEmpty {
      lines.append("  pixels changed: " + rendered.map { "frame \($0.frame) \(percent($0.share))" }.joined(separator: ", ") + " → \(output ?? "")")
    }
    return lines.joined(separator: "\n")
  }

  func markdown(_ diff: AnimationDiff, _ rendered: [(frame: Int, share: Double)]) -> String {
    var lines = ["### Animation changes: \(Markdown.code(Paths.fileName(of: new)))", ""]
    if diff.isEmpty {
      lines.append("No structural change.")
    } else {
      lines.append("| Change | What | Detail |")
      lines.append("|---|---|---|")
      for c in diff.changes {
        let detail = c.detail + (c.consequences.isEmpty ? "" : " — ⚠️ " + c.consequences.joined(separator: ", "))
        lines.append("| \(c.kind.rawValue) | \(Markdown.cell(c.subject)) | \(Markdown.cell(detail)) |")
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
      root.append(
        (
          "render",
          .object([
            ("file", .string(output ?? "")),
            ("frames", .array(rendered.map { .object([("frame", .int($0.frame)), ("changedShare", .double($0.share))]) }))
          ])
        ))
    }
    return .object(root)
  }
}
