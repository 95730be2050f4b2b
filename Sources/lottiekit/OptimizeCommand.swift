import ArgumentParser
import Foundation
import LottieKitFrontend
import LottieTransforms

struct OptimizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "optimize",
    abstract: "Make animations smaller: lossless steps, then rounding verified by rendering.",
    discussion: prose(
      """
      Lossless steps, each a surgical edit, then minify: layers no player draws (hidden, nulls
      without children, opacity 0 or scale 0 in x and y throughout, wholly outside the animation's frames)
      are removed unless another layer uses them as parent, matte or effect input or
      --keep-names names them, layers that use a copy of an earlier image (the same u, p, w
      and h) use the first, unused precomps and images are removed, PNGs embedded as data URIs
      are re-encoded through libpng with the same pixels and chunks when that is smaller (per-row
      filters, zlib level 9; animated PNGs and files beside the animation are left alone),
      keyframes before a
      layer's first visible frame are dropped, animated properties whose keyframes all hold one
      value become that static value, and keys written with the value every player assumes
      without them are removed (docs/optimize-defaults.md: hd false, bm 0, sr 1, a fill rule 1,
      transforms at their default ...; ddd, st and the animated flag a stay). With --target, only
      the named players count: a 2D layer's ddd 0 also goes when rlottie is not one of them (rlottie
      alone reads a layer without ddd as 3D). Files with
      expressions keep their layers, keyframes and transforms (an expression may name a layer or
      read a keyframe); properties with a slot id are never touched.
      Level 1 (the default) then removes metadata no player draws with (mn, ix, cix, np and
      keyframe easing names n; kept in files with expressions; the easing names stay when rlottie,
      which looks curves up by them, draws differently without) and rounds each number to what
      its property needs:
      positions and paths to a step of about 1/2000 of the canvas (0.1 px on a 512 px canvas;
      more places inside layers and precomps scaled up on the canvas),
      colours, gradients, effects and easing to 3 places; time, identities and slots are exact.
      The result is rendered with rlottie against the lossless result at 4 frames (10/35/60/85 %): if more
      than --max-diff of the pixels change by more than 16/255, the next finer rounding is tried,
      and after two the lossless result is kept; the report says which. --lossless skips level 1
      and renders nothing. Level 2 also removes the names of layers, shapes and assets (nm), except
      those given with --keep-names (names app code uses in keypaths); files with expressions keep
      their names. Level 3 also removes keyframes that the straight line between their
      neighbours draws within half a rounding step (runs of linear, non-hold keyframes, as exports
      baked frame by frame write them; the first and last keyframe stay; not in files with
      expressions, and not again in a file optimize already wrote). --images webp then turns
      embedded PNGs into WebP where smaller: lossy at --image-quality when, decoded again, at most
      --max-diff of the image's pixels change, else lossless (lossless only with --lossless);
      refused unless every --target player draws WebP (rlottie does not, measured; see
      lottiekit compat). Each step's saving is reported.
      Examples:
        lottiekit optimize hero.json -o hero.min.json
        lottiekit optimize --in-place delivery/
        lottiekit optimize --lossless --dry-run --format json hero.json
        lottiekit optimize --level 2 --keep-names Button --keep-names Progress hero.json -o hero.min.json
        lottiekit optimize --target ios,android,web hero.json -o hero.min.json
        lottiekit optimize --images webp --target ios,android,web hero.json -o hero.min.json
      """)
  )

  typealias Format = TextOrJSON

  @Argument(help: "Animation files or folders.")
  var inputs: [String] = []

  @Flag(help: "Lossless steps only: no rounding, no metadata removal, no render.")
  var lossless = false

  @Option(
    help:
      "1 (the default): lossless steps, then metadata and rounding verified by rendering; 2: also layer, shape and asset names; 3: also keyframes a line between their neighbours reproduces."
  )
  var level: Int?

  @Option(
    name: .customLong("keep-names"), parsing: .singleValue,
    help: "A name app code uses in a keypath: such layers are never removed as invisible, nor renamed by level 2; repeat for more.")
  var keepNames: [String] = []

  @Option(
    name: .customLong("max-diff"), help: "Largest share of pixels, in percent, that level 1, and each --images webp image, may change (by more than 16/255).")
  var maxDiff: Double = 0.5

  @Option(
    help: ArgumentHelp(
      "webp: embedded PNGs become WebP when smaller, checked by decoding them again (lossy at --image-quality within --max-diff, else lossless; lossless only with --lossless). Refused unless every --target player decodes WebP (rlottie does not).",
      valueName: "format"))
  var images: ImageFormat?

  @Option(name: .customLong("image-quality"), help: "WebP quality for --images webp, 0 to 100.")
  var imageQuality: Float = 90

  @Flag(name: .customLong("dry-run"), help: "Report what each step would save; write nothing.")
  var dryRun = false

  @Option(help: "Report format on standard error: text or json.")
  var format: Format = .text

  @OptionGroup(title: "Renderers the files are for (default: every player)") var target: TargetOptions
  @OptionGroup var empty: EmptyInputOption
  @OptionGroup var destination: TransformDestination
  @OptionGroup var output: OutputOptions

  func validate() throws {
    try destination.validate(inputs: inputs)
    guard (1...3).contains(level ?? 1) else { throw ValidationError("--level: 1, 2 or 3 (use --lossless for the lossless steps alone)") }
    if lossless && level != nil { throw ValidationError("use --lossless or --level, not both (--lossless: the lossless steps alone)") }
    guard maxDiff >= 0, maxDiff <= 100 else { throw ValidationError("--max-diff: a percentage from 0 to 100") }
    guard (0...100).contains(imageQuality) else { throw ValidationError("--image-quality: from 0 to 100") }
    if images == .webp, let refusal = OptimizeJob.webpRefusal(targets: target.list) { throw ValidationError(refusal) }
  }

  enum ImageFormat: String, ExpressibleByArgument, CaseIterable {
    case webp
  }

  func run() throws {
    var options = Optimize.Options()
    options.level = lossless ? 0 : level ?? 1
    options.maxDiff = maxDiff / 100
    options.keepNames = Set(keepNames)
    options.players = OptimizeJob.players(forTargets: target.list)
    if images == .webp { options.webpQuality = imageQuality }
    var job = OptimizeJob(destination.io(inputs, empty: empty, output: output), options: options)
    job.format = format
    job.dryRun = dryRun
    try job.run()
  }
}
