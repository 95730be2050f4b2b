import ArgumentParser
import LottieJSON
import LottieKitIO
import LottieTransforms

struct RenameAssetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename-assets",
    abstract: "Make image file names unique across a bundle of animations (no more img_0.png overwriting img_0.png).",
    discussion: prose("""
      The folders given form one bundle (one iOS app bundle, where Xcode flattens resources, or one
      Android assets folder, where lottie-android ignores u): every animation (.json) under them
      and the images they use. Names that collide bundle-wide — the same base name, compared
      case-insensitively as macOS does, in any folder, with different bytes — are replaced by
      unique ones. Files stay in their folder: they are renamed in place and only p changes in
      the JSON; every other byte, u included, stays as it was.
        --scheme prefix (default)  <animation>_<original>.<ext>    hero_img_0.png
        --scheme hash              <original>-<12 hex of sha256>.<ext>
                                   img_0-3fa9c2d1e0b4.png
      Names keep to ASCII letters, digits, _ and - with a lowercase extension, and never repeat a
      name that exists anywhere in the bundle (_2, _3 … are added instead). With --dedupe,
      identical files (byte for byte) share one name, and one file when in the same folder.
      A file still used by something the plan does not rewrite is copied instead of renamed.
      Embedded images and URLs are left alone and listed.

      All or nothing: a missing or unreadable image, or an animation that does not parse, stops
      the run before anything changes (exit 2, naming them); a failure while changing files
      (a read-only file, a full disk) restores everything. Paths leading outside an animation's
      folder are warnings (exit 1) and those assets are left alone. A second run finds nothing
      to do. The report goes to stderr; --format json prints it on stdout.
      Examples:
        lottiekit rename-assets --dry-run App/Resources/Animations
        lottiekit rename-assets onboarding/ checkout/ settings/
        lottiekit rename-assets --scheme hash --dedupe app/src/main/assets/lottie
        lottiekit rename-assets --dry-run --format json Animations/ | jq '.files'
      """)
  )

  enum SchemeChoice: String, ExpressibleByArgument, CaseIterable { case prefix, hash }
  enum ReportFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

  @Argument(help: "The bundle's folders (searched recursively for .json animations and files).")
  var bundles: [String] = []

  @Option(help: "How new names are made: prefix (<animation>_<original>) or hash (<original>-<content hash>).")
  var scheme: SchemeChoice = .prefix

  @Flag(help: "Let byte-identical images share one name (and one file within a folder).")
  var dedupe = false

  @Flag(name: .customLong("dry-run"), help: "Print the plan; change nothing.")
  var dryRun = false

  @Option(help: "Report format: text (on stderr) or json (on stdout).")
  var format: ReportFormat = .text

  @OptionGroup var output: OutputOptions
  @OptionGroup var empty: EmptyInputOption

  func validate() throws {
    if bundles.isEmpty {
      throw ValidationError("give the bundle's folders, like: lottiekit rename-assets App/Resources/Animations")
    }
    for b in bundles {
      if b == "-" { throw ValidationError("rename-assets works on folders, not standard input") }
      if FileIO.exists(b) && !FileIO.isDirectory(b) {
        throw ValidationError("\(b) is a file; rename-assets takes the bundle's folders (every animation under them is included)")
      }
    }
  }

  func run() throws {
    for b in bundles where !FileIO.exists(b) {
      printError("\(b): error: no such file or directory")
      throw Exit.failure
    }
    let bundle = RenameAssets.scan(bundles)
    if bundle.animations.isEmpty && bundle.problems.isEmpty && !empty.allowEmpty {
      printError("lottiekit: error: no animations found under \(bundles.joined(separator: ", ")) (.json, .lottie, .tgs, .lot); --allow-empty accepts that")
      throw Exit.failure
    }
    let plan = RenameAssets.plan(bundle, options: RenameAssets.Options(scheme: scheme == .hash ? .hash : .prefix, dedupe: dedupe))
    var failure: IOFailure? = nil
    var applied = false
    if !plan.stopped && !dryRun && !plan.isEmpty {
      do {
        try RenameAssets.apply(plan)
        applied = true
      } catch {
        failure = error
      }
    }
    if format == .json {
      printOut(json(plan, applied: applied, failure: failure).prettyString)
    }
    reportText(plan, applied: applied, failure: failure)
    if plan.stopped || failure != nil { throw Exit.failure }
    if plan.warnings > 0 { throw Exit.findings }
  }

  // MARK: text

  func reportText(_ plan: RenameAssets.Plan, applied: Bool, failure: IOFailure?) {
    // Problems are always printed; the rest only in text format and without --quiet.
    let verbose = format == .text && !output.quiet
    let style = Style(output.color, fd: 2)
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
          printError(style.dim(l.kind == .embedded ? "  image \"\(l.assetID)\" is embedded: left alone"
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
      printError("lottiekit: error: \(failure.description)")
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
    parts.append("\(would ? "rewrite" : "rewrote") \(plan.references) reference\(plan.references == 1 ? "" : "s") in \(animations) animation\(animations == 1 ? "" : "s")")
    printError(parts.joined(separator: ", ") + (dryRun ? " (dry run: nothing was changed)" : ""))
  }

  // MARK: json

  /// `{"version": 1, "dryRun", "applied", "scheme", "dedupe", "bundle": [...], "animations": [{path,
  /// name, images, changes: [{asset, pointer, from, to, action}], leftAlone: [{asset, kind, detail}],
  /// problems}], "files": [{action, from, to, bytes, sha256, note?}], "collisions": [{name,
  /// contents, files: [{path, bytes, sha256, used}]}], "problems": [...], "skipped": [{path,
  /// reason}], "notes": [...], "summary": {...}, "error"?}`.
  func json(_ plan: RenameAssets.Plan, applied: Bool, failure: IOFailure?) -> JSONValue {
    func problem(_ p: RenameAssets.Problem) -> JSONValue {
      var members: [(String, JSONValue)] = [("severity", .string(p.severity.rawValue)), ("path", .string(p.path))]
      if let id = p.assetID { members.append(("asset", .string(id))) }
      members.append(("message", .string(p.message)))
      if let l = p.location {
        members.append(("line", .int(l.line)))
        members.append(("column", .int(l.column)))
      }
      return .object(members)
    }
    let animations: [JSONValue] = plan.animations.map { a in
      .object([
        ("path", .string(a.path)),
        ("name", .string(a.name)),
        ("images", .int(a.images)),
        ("changes", .array(a.changes.map { c in
          .object([("asset", .string(c.assetID)), ("pointer", .string(c.pointer)), ("from", .string(c.from)),
                   ("to", .string(c.to)), ("action", .string(c.kind.rawValue))])
        })),
        ("leftAlone", .array(a.leftAlone.map { l in
          .object([("asset", .string(l.assetID)), ("kind", .string(l.kind.rawValue)), ("detail", .string(l.detail))])
        })),
        ("problems", .array(a.problems.map(problem))),
      ])
    }
    let files: [JSONValue] = plan.files.map { f in
      var members: [(String, JSONValue)] = [("action", .string(f.kind.rawValue)), ("from", .string(f.from)), ("to", .string(f.to)),
                                            ("bytes", .int(f.bytes)), ("sha256", .string(f.sha256))]
      if let note = f.note { members.append(("note", .string(note))) }
      return .object(members)
    }
    let collisions: [JSONValue] = plan.collisions.map { c in
      .object([
        ("name", .string(c.name)),
        ("contents", .int(c.distinctContents)),
        ("files", .array(c.members.map { m in
          .object([("path", .string(m.path)), ("bytes", .int(m.bytes)), ("sha256", m.sha256.map { .string($0) } ?? .null),
                   ("used", .bool(m.used))])
        })),
      ])
    }
    var root: [(String, JSONValue)] = [
      ("version", .int(1)),
      ("dryRun", .bool(dryRun)),
      ("applied", .bool(applied)),
      ("scheme", .string(scheme.rawValue)),
      ("dedupe", .bool(dedupe)),
      ("bundle", .array(bundles.map { .string($0) })),
      ("animations", .array(animations)),
      ("files", .array(files)),
      ("collisions", .array(collisions)),
      ("problems", .array(plan.problems.map(problem))),
      ("skipped", .array(plan.skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
      ("notes", .array(plan.notes.map { .string($0) })),
      ("summary", .object([
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
        ("warnings", .int(plan.warnings)),
      ])),
    ]
    if let failure { root.append(("error", .string(failure.description))) }
    return .object(root)
  }
}
