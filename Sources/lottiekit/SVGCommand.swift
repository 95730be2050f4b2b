import ArgumentParser
import Foundation
import LottieKitFrontend
import LottieKitIO
import SVGImport

struct SVGCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "svg",
    abstract: "Convert SVG into a Lottie shape layer (a new animation, or a layer added to one).",
    discussion: prose(
      """
      Paths (every command, packed arc flags and numbers), rect, circle, ellipse, line, polyline,
      polygon, g, use, symbol, defs and nested svg (clipped to its viewport unless
      overflow="visible") are converted; transforms are baked into the
      vertices (exact for skew and non-uniform scale, which Lottie players draw differently);
      viewBox and preserveAspectRatio, units, presentation attributes, style, <style> CSS, colours,
      fill and stroke with SVG's defaults (butt caps, miter joins, miter limit 4), dashes, opacity,
      linear and radial gradients are honoured. clip-path becomes layer masks, <mask> a luma matte,
      and opacity over overlapping parts a layer of its own.
      Whatever is not converted (filter, text, image, pattern, marker, animation, gradients Lottie
      cannot express, clips and masks nested inside clipped or masked content) is reported on
      stderr as a warning with its line; --strict makes those errors (exit 1, nothing written).
      -o FILE.tgs or FILE.json.gz writes gzip; -o naming an input is refused (exit 64).
      One input: written to -o or stdout. Several inputs: -o is a folder, and each SVG becomes
      <name>.json there (converted on every core; all written, or none).
      --into adds the drawing to an existing animation as its top layer (named by --name), written
      to -o or stdout; the animation's other bytes are kept as they are.
      Examples:
        lottiekit svg icon.svg -o icon.json
        lottiekit svg icon.svg --size 512x512 --fps 30 --duration 2 -o icon.json
        lottiekit svg icons/*.svg -o lottie-icons/
        lottiekit svg badge.svg --into hero.json --name Badge -o hero-with-badge.json
      """)
  )

  @Argument(help: "SVG files (- for stdin).")
  var inputs: [String] = []

  @Option(name: [.short, .customLong("output")], help: "Output file (one input) or folder (several inputs).")
  var outputPath: String?

  @Option(help: "Frame rate of the new animation.")
  var fps: Double = 60

  @Option(help: "Duration in seconds.")
  var duration: Double = 1

  @Option(help: "Composition size WxH; the drawing is fitted into it, keeping its proportions (default: the SVG's size).")
  var size: String?

  @Option(name: .customLong("current-color"), help: "The colour currentColor stands for when the SVG sets none (default black).")
  var currentColor: String?

  @Option(help: "Add the drawing as a new top layer of this animation instead of making a new one.")
  var into: String?

  @Option(help: "Name of the new layer (default: the SVG file's name).")
  var name: String?

  @Flag(help: "Fail (exit 1, nothing written) when anything could not be converted exactly.")
  var strict = false

  @OptionGroup var output: OutputOptions

  func parsedSize() throws -> (width: Double, height: Double)? {
    guard let size else { return nil }
    guard let (w, h) = SizeText.parse(size, as: Double.self), w >= 1, h >= 1, w <= 100_000, h <= 100_000 else {
      throw ValidationError("--size must look like 512x512 (1 to 100000 on each side)")
    }
    return (w, h)
  }

  func validate() throws {
    if inputs.isEmpty { throw ValidationError("give at least one SVG file") }
    if !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be between 0 and 1000") }
    if !(duration > 0 && duration <= 3600) { throw ValidationError("--duration must be between 0 and 3600 seconds") }
    _ = try parsedSize()
    if let currentColor, SVGValues.color(currentColor) == nil { throw ValidationError("--current-color \(currentColor) is not a CSS colour") }
    if inputs.count > 1 {
      guard outputPath != nil else { throw ValidationError("several inputs need -o FOLDER") }
      if into != nil { throw ValidationError("--into takes one SVG") }
    }
    if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin (-) can be given once") }
    if name != nil && into == nil && inputs.count > 1 { throw ValidationError("--name names one layer; give one SVG") }
    try refuseOutputOntoInput(outputPath, inputs: inputs + [into].compactMap { $0 }, inPlace: false)
    try refuseArchiveOutput(outputPath)
  }

  func run() throws {
    var options = SVGOptions()
    options.frameRate = fps
    options.duration = duration
    options.size = try parsedSize()
    if let currentColor, let c = SVGValues.color(currentColor) { options.currentColor = c }
    var job = SVGJob(inputs: inputs, outputPath: outputPath, options: options)
    job.name = name
    job.into = into
    job.strict = strict
    job.quiet = output.quiet
    try job.run()
  }
}
