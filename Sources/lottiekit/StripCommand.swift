import ArgumentParser
import LottieJSON
import LottieModel
import LottieTransforms

struct StripCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strip",
    abstract: "Remove layers by name, keeping parents, mattes and assets consistent.",
    discussion: prose("""
      --layer takes an exact name, a glob (Logo*), a /regular expression/, or a keypath
      "Comp › Layer" (a precomp layer's name, then a layer inside the composition it uses).
      Layers are matched in the root and in every precomp. When another layer uses a removed one
      as parent or track matte, strip refuses (exit 1) and lists them, unless --cascade (remove
      them too) or --detach (keep them, drop the reference). Assets that become unused are removed
      unless --keep-assets; image files on disk are never deleted. Everything else in the file
      stays byte-identical; a strip that matches nothing leaves the file unchanged.
      Examples:
        lottiekit strip --layer Watermark hero.json -o hero.clean.json
        lottiekit strip --layer "Guide*" --hidden --cascade --in-place delivery/
        lottiekit strip --layer "/^(Debug|Temp) /" --dry-run hero.json
      """)
  )

  @Argument(help: "Animation files or folders.")
  var inputs: [String] = []

  @OptionGroup var empty: EmptyInputOption

  @Option(name: .customLong("layer"), help: "Layers to remove: NAME, GLOB, /REGEX/ or \"Comp › Layer\" (repeatable).")
  var layers: [String] = []

  @Flag(help: "Also remove hidden layers (hd).")
  var hidden = false

  @Flag(help: "Remove dependents too (children, matted layers, orphaned matte sources).")
  var cascade = false

  @Flag(help: "Keep dependents and drop their reference to removed layers.")
  var detach = false

  @Flag(name: .customLong("keep-assets"), help: "Do not remove assets that become unused.")
  var keepAssets = false

  @Flag(name: .customLong("dry-run"), help: "Print what would be removed and why; write nothing.")
  var dryRun = false

  @OptionGroup var destination: TransformDestination
  @OptionGroup var output: OutputOptions

  func validate() throws {
    if layers.isEmpty && !hidden { throw ValidationError("say what to remove: --layer NAME (repeatable) and/or --hidden") }
    if cascade && detach { throw ValidationError("--cascade and --detach cannot be used together") }
    for l in layers {
      do { _ = try LayerSelector(parsing: l) } catch { throw ValidationError(error.description) }
    }
    try destination.validate(inputs: inputs)
  }

  func run() throws {
    var options = StripOptions()
    options.selectors = layers.compactMap { try? LayerSelector(parsing: $0) }
    options.hidden = hidden
    options.keepAssets = keepAssets
    options.policy = cascade ? .cascade : (detach ? .detach : .refuse)
    let files = try expandInputs(inputs, allowEmpty: empty.allowEmpty)
    let documents = try readJSONInputs(files)
    var results: [TransformResult] = []
    var refused = false
    for (path, document, _) in documents {
      let plan = Strip.plan(Animation(document: document), options: options)
      report(plan, path: path)
      if plan.refused {
        refused = true
        continue
      }
      do {
        results.append(TransformResult(path: path, original: document.bytes, output: try Strip.apply(plan, to: document)))
      } catch {
        printError("\(path): error: internal error while editing: \(error.message)")
        throw Exit.failure
      }
    }
    if refused {
      printError("lottiekit: nothing was written: use --cascade to remove the dependents too, or --detach to keep them")
      throw Exit.findings
    }
    if dryRun { return }
    try writeTransformResults(results, destination: destination, quiet: output.quiet)
  }

  func report(_ plan: StripPlan, path: String) {
    guard !output.quiet || plan.refused else { return }
    let verb = dryRun ? "would remove" : "removing"
    if plan.removals.isEmpty && plan.prunedAssets.isEmpty {
      printError("\(path): no layer matches; the file is unchanged")
      return
    }
    printError("\(path): \(verb) \(plan.removals.count) layer\(plan.removals.count == 1 ? "" : "s")")
    for r in plan.removals { printError("  - \(r.layer.label) in \"\(r.composition)\" (\(r.reason))") }
    for a in plan.prunedAssets {
      printError("  - asset \"\(a.id ?? "?")\" (\(a.isPrecomp ? "precomp" : "image"), no longer used)")
    }
    for c in plan.changes { printError("  ~ \(c.description)") }
    for d in plan.dependents {
      let what: String
      switch d.kind {
      case "parent": what = "has parent \(d.on.label)"
      case "matte": what = "is matted by \(d.on.label)"
      default: what = "is the track matte of \(d.on.label)"
      }
      printError("  ! \(d.layer.label) in \"\(d.composition)\" \(what), which would be removed")
    }
    for w in plan.warnings { printError("  warning: \(w)") }
  }
}
