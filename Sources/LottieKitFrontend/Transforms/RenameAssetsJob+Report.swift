import Foundation
import LottieJSON
import LottieKitIO
import LottieTransforms

/// The rename-assets report.
extension RenameAssetsJob {
  // MARK: text

  func reportText(_ plan: RenameAssets.Plan, applied: Bool, failure: IOFailure?) {
    // Problems are always printed; the rest only in text format and without --quiet.
    let verbose = format == .text && !quiet
    let style = Style(color, fd: 2)
    if plan.stopped {
      for p in plan.problems where p.severity == .error { printError(p.description) }
      for p in plan.problems where p.severity == .warning { printError(p.description) }
      printError("lottiekit: nothing was changed")
      return
    }
    let would = !applied
    if verbose {
      for a in plan.animations where !a.changes.isEmpty || !a.leftAlone.isEmpty || !a.problems.isEmpty {
        printError(style.bold(a.path))
        for c in a.changes {
          let how: String
          switch c.kind {
          case .renamed: how = ""
          case .copied: how = " (copied: the original stays)"
          case .deduplicated: how = " (deduplicated: same bytes)"
          }
          printError("  \(c.from) → \(style.cyan(c.to))\(how)")
        }
        for l in a.leftAlone {
          printError(
            style.dim(
              l.kind == .embedded
                ? "  image \"\(l.assetID)\" is embedded: left alone"
                : "  image \"\(l.assetID)\" is a URL (\(l.detail)): left alone"))
        }
        for p in a.problems { printError("  " + style.yellow("warning") + ": image \"\(p.assetID ?? "?")\": \(p.message)") }
      }
      for f in plan.files where f.kind != .rename {
        let line = f.kind == .copy ? "copy \(f.from) → \(f.to): \(f.note ?? "")" : "duplicate \(f.from) removed: \(f.note ?? "")"
        printError("  \(line)")
      }
      for n in plan.notes { printError("  note: \(n)") }
    } else {
      for p in plan.problems { printError(p.description) }
    }
    if let failure {
      // The plan above was not carried out: apply restores every file it touched.
      printError("lottiekit: error: \(failure.description)")
      printError("lottiekit: nothing was changed (the plan above was not applied)")
      return
    }
    guard verbose else { return }
    if plan.isEmpty {
      let images = plan.imageFiles == 1 ? "1 image file" : "\(plan.imageFiles) image files"
      let animations = plan.animations.count == 1 ? "1 animation" : "\(plan.animations.count) animations"
      printError("nothing to do: the \(images) of \(animations) already have names unique across the bundle")
      return
    }
    let names = plan.collisions.map { "\($0.name) ×\($0.members.count)" }.joined(separator: ", ")
    printError("colliding names: \(names)")
    var parts = ["\(would ? "would rename" : "renamed") \(plan.renamed) file\(plan.renamed == 1 ? "" : "s")"]
    if plan.copied > 0 { parts.append("\(would ? "copy" : "copied") \(plan.copied)") }
    if plan.removed > 0 { parts.append("\(would ? "remove" : "removed") \(plan.removed) duplicate\(plan.removed == 1 ? "" : "s")") }
    let animations = plan.rewrites.count
    parts.append(
      "\(would ? "rewrite" : "rewrote") \(plan.references) reference\(plan.references == 1 ? "" : "s") in \(animations) animation\(animations == 1 ? "" : "s")")
    printError(parts.joined(separator: ", ") + (dryRun ? " (dry run: nothing was changed)" : ""))
  }

  // MARK: json

  /// `{"version": 1, "dryRun", "applied", "scheme", "dedupe", "bundle": [...], "animations": [{path,
  /// name, images, changes: [{asset, pointer, from, to, action}], leftAlone: [{asset, kind, detail}],
  /// problems}], "files": [{action, from, to, bytes, sha256, note?}], "collisions": [{name,
  /// contents, files: [{path, bytes, sha256, used}]}], "problems": [...], "skipped": [{path,
  /// reason}], "notes": [...], "summary": {...}, "error"?}`.
  func json(_ plan: RenameAssets.Plan, applied: Bool, failure: IOFailure?) -> JSONValue {
    let files: [JSONValue] = plan.files.map { f in
      var members: [(String, JSONValue)] = [
        ("action", .string(f.kind.rawValue)), ("from", .string(f.from)), ("to", .string(f.to)),
        ("bytes", .int(f.bytes)), ("sha256", .string(f.sha256))
      ]
      if let note = f.note { members.append(("note", .string(note))) }
      return .object(members)
    }
    var root: [(String, JSONValue)] = [
      ("version", .int(1)),
      ("dryRun", .bool(dryRun)),
      ("applied", .bool(applied)),
      ("scheme", .string(options.scheme.rawValue)),
      ("dedupe", .bool(options.dedupe)),
      ("bundle", .array(bundles.map { .string($0) })),
      ("animations", .array(plan.animations.map(Self.animationJSON))),
      ("files", .array(files)),
      ("collisions", .array(plan.collisions.map(Self.collisionJSON))),
      ("problems", .array(plan.problems.map(Self.problemJSON))),
      ("skipped", .array(plan.skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
      ("notes", .array(plan.notes.map { .string($0) })),
      ("summary", Self.summaryJSON(plan))
    ]
    if let failure { root.append(("error", .string(failure.description))) }
    return .object(root)
  }

  static func problemJSON(_ p: RenameAssets.Problem) -> JSONValue {
    var members: [(String, JSONValue)] = [("severity", .string(p.severity.rawValue)), ("path", .string(p.path))]
    if let id = p.assetID { members.append(("asset", .string(id))) }
    members.append(("message", .string(p.message)))
    if let l = p.location {
      members.append(("line", .int(l.line)))
      members.append(("column", .int(l.column)))
    }
    return .object(members)
  }

  static func animationJSON(_ a: RenameAssets.AnimationPlan) -> JSONValue {
    .object([
      ("path", .string(a.path)),
      ("name", .string(a.name)),
      ("images", .int(a.images)),
      (
        "changes",
        .array(
          a.changes.map { c in
            .object([
              ("asset", .string(c.assetID)), ("pointer", .string(c.pointer)), ("from", .string(c.from)),
              ("to", .string(c.to)), ("action", .string(c.kind.rawValue))
            ])
          })
      ),
      (
        "leftAlone",
        .array(
          a.leftAlone.map { l in
            .object([("asset", .string(l.assetID)), ("kind", .string(l.kind.rawValue)), ("detail", .string(l.detail))])
          })
      ),
      ("problems", .array(a.problems.map(problemJSON)))
    ])

  }

  static func collisionJSON(_ c: RenameAssets.Collision) -> JSONValue {
    .object([
      ("name", .string(c.name)),
      ("contents", .int(c.distinctContents)),
      (
        "files",
        .array(
          c.members.map { m in
            .object([
              ("path", .string(m.path)), ("bytes", .int(m.bytes)), ("sha256", m.sha256.map { .string($0) } ?? .null),
              ("used", .bool(m.used))
            ])
          })
      )
    ])

  }

  static func summaryJSON(_ plan: RenameAssets.Plan) -> JSONValue {
    .object([
      ("animations", .int(plan.animations.count)),
      ("imageFiles", .int(plan.imageFiles)),
      ("collisions", .int(plan.collisions.count)),
      ("renamed", .int(plan.renamed)),
      ("copied", .int(plan.copied)),
      ("removed", .int(plan.removed)),
      ("deduplicated", .int(plan.deduplicated)),
      ("references", .int(plan.references)),
      ("rewrittenAnimations", .int(plan.rewrites.count)),
      ("errors", .int(plan.problems.filter { $0.severity == .error }.count)),
      ("warnings", .int(plan.warnings))
    ])
  }
}
