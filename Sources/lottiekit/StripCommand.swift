import ArgumentParser
import LottieKitFrontend
import LottieJSON
import LottieModel
import LottieTransforms

struct StripCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strip",
    abstract: "Remove layers by name, keeping parents, mattes and assets consistent.",
    discussion: prose(
      """
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
    var job = StripJob(destination.io(inputs, empty: empty, output: output), options: options)
    job.dryRun = dryRun
    try job.run()
  }
}
