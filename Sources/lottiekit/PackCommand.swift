import ArgumentParser
import Foundation
import LottieKitFrontend
import LottieKitIO
import LottieTransforms

extension PackFormat: ExpressibleByArgument {}

struct PackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pack",
    abstract: "Prepare animations for upload: minified JSON, gzip, dotLottie or Telegram .tgs.",
    discussion: prose(
      """
      Every file is minified first; then, on request, unused assets are pruned (--prune), names are
      removed (--strip-names), numbers are rounded where it is safe (--precision: never ind, parent,
      refId, ty or frame values, never a number that is already short enough, and easing handles
      keep at least 3 decimals), and external
      images are embedded (--inline). --optimize runs lottiekit optimize's default level first
      (lossless steps, then metadata and rounding, kept only when rlottie draws the result within
      0.5 % of the pixels; see optimize --help) instead of --precision.
      The result is written as:
        json    minified JSON
        gz      gzip of the minified JSON (best compression), for Content-Encoding
        lottie  dotLottie v2 (manifest.json with "version": "2", a/, i/, images
                as u "/i/"); --dotlottie-version 1 writes the v1 layout
                (animations/, images/). A .lottie packed into a .lottie keeps
                its archive: manifest (ids, loop, speed, themeColor), images,
                themes and state machines as they are; only its animations
                are packed.
        tgs     Telegram sticker; refused (exit 1, nothing written) when the
                telegram-sticker profile finds an error, with every reason
      Without --format, the format comes from -o's extension (.json.gz, .lottie, .tgs), else json.
      A size report on stderr shows the bytes before and after each step (--quiet hides it).
      Several inputs or a folder: -o is a folder and each animation is written as <name>.<ext>
      (-o named like a file, bundle.lottie, is refused: exit 64). A file reached twice is packed once.
      With --manifest, each is written as <first 16 hex digits of its SHA-256>.<ext> and one
      manifest.json lists id, file, bytes, gzip bytes, sha256, w, h, fr, duration and the targets
      checked, sorted by id: the folder can be uploaded to a CDN as it is.
      Inputs are never modified; outputs are written atomically, all or none.
      Examples:
        lottiekit pack hero.json -o dist/hero.json.gz
        lottiekit pack hero.json --format lottie -o dist/hero.lottie
        lottiekit pack sticker.json -o sticker.tgs --precision 2
        lottiekit pack animations/ --format gz --manifest -o cdn/
      """)
  )

  @Argument(help: "Animation files or folders (- for stdin).")
  var inputs: [String] = []

  @Option(name: [.short, .customLong("output")], help: "Output file (one input) or folder (several inputs, a folder, --manifest).")
  var outputPath: String

  @Option(help: "Output format: json, gz, lottie or tgs (default: from -o's extension, else json).")
  var format: PackFormat?

  @Flag(help: "Embed external images as base64 data URIs.")
  var inline = false

  @Flag(help: "Remove precomp and image assets that no layer uses.")
  var prune = false

  @Option(help: "Round numbers to N decimals where it is safe (not ind, parent, refId, ty or frames).")
  var precision: Int?

  @Flag(
    name: .customLong("strip-names"),
    help: "Remove layers', shapes' and assets' nm and mn (breaks keypaths and expressions by name; effects and masks keep theirs).")
  var stripNames = false

  @Flag(help: "Run optimize (level 1: lossless steps, metadata, rounding verified by rendering with rlottie) first.")
  var optimize = false

  @Option(name: .customLong("dotlottie-version"), help: "dotLottie layout for --format lottie: 2 (default) or 1.")
  var dotLottieVersion: Int?

  @Flag(help: "Write content-addressed files and a manifest.json into the -o folder.")
  var manifest = false

  @Option(help: "Folder images may be read from (default: each animation's own folder).")
  var root: String?

  @OptionGroup(title: "Also lint for these renderers and refuse files with errors") var target: TargetOptions
  @OptionGroup(title: "Sticker rules, for --format tgs") var sticker: StickerOptions

  @OptionGroup var output: OutputOptions
  @OptionGroup var empty: EmptyInputOption

  /// The format asked for, else the one -o's name implies.
  var resolvedFormat: PackFormat { PackJob.format(format, outputPath: outputPath) }

  func validate() throws {
    if inputs.isEmpty { throw ValidationError("give at least one animation file or folder") }
    if let p = precision, !(0...10).contains(p) { throw ValidationError("--precision must be between 0 and 10 decimals") }
    if optimize && precision != nil { throw ValidationError("--optimize chooses each number's places itself (verified by rendering): leave out --precision") }
    if let v = dotLottieVersion, v != 1 && v != 2 { throw ValidationError("--dotlottie-version must be 1 or 2") }
    if dotLottieVersion != nil && dotLottieVersion != 2 && resolvedFormat != .lottie {
      throw ValidationError("--dotlottie-version applies to --format lottie only")
    }
    if let r = root, !FileIO.isDirectory(r) { throw ValidationError("--root \(r) is not a folder") }
    if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin (-) can be given once") }
    if sticker.any && resolvedFormat != .tgs {
      throw ValidationError("--sticker-emoji and --sticker-30fps apply to --format tgs only")
    }
    try refuseOutputOntoInput(outputPath, inputs: inputs, inPlace: false)
  }

  func run() throws {
    var options = PackOptions()
    options.format = resolvedFormat
    options.inline = inline
    options.prune = prune
    options.precision = precision
    options.stripNames = stripNames
    options.dotLottieVersion = dotLottieVersion ?? 2
    options.root = root
    options.generator = "lottiekit \(LottieKit.version)"
    if optimize { options.optimize = Optimize.Options() }
    var job = PackJob(inputs: inputs, outputPath: outputPath, format: resolvedFormat, options: options)
    job.manifest = manifest
    job.dotLottieVersion = dotLottieVersion
    job.targets = target.list
    job.sticker = sticker.variant
    job.allowEmpty = empty.allowEmpty
    job.quiet = output.quiet
    job.color = output.color
    try job.run()
  }
}
