import ArgumentParser
import Foundation
import LottieKitFrontend

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "What changed between two versions of an animation: canvas, layers, assets, features.",
    discussion: prose(
      """
      Layers are matched by ind, then by name, then (layers whose ind and name repeat or are
      missing) by name and type in stack order, never by position alone: a reordered layer is
      reported as moved, not as removed and added. Parts are compared by value: white space, key
      order and number spelling are no change. Layers: added, removed, renamed, retimed, reparented,
      moved, changed (transform, shapes, effects, masks…). Assets: added, removed, resized,
      repointed, image bytes changed, image file missing in the new version. Features gained or lost, with what each --target does with
      a gained one. With --render, a PNG of OLD, NEW and their pixel difference at a few frames
      (rlottie, in a separate process), and the share of pixels that changed.
      Exit codes: 0 no structural change, 1 changes, 2 input error (like diff(1)).
      Examples:
        lottiekit diff v1/hero.json v2/hero.json
        lottiekit diff old.json new.json --format markdown --target ios > pr.md
        lottiekit diff old.json new.json --render -o diff.png
      """)
  )

  typealias Format = DiffOutputFormat

  @Argument(help: "The old version (.json, .tgs or .lottie).")
  var old: String
  @Argument(help: "The new version.")
  var new: String

  @Option(help: "Output format: text, json or markdown.")
  var format: Format = .text

  @OptionGroup(title: "Renderers whose support is shown for gained features") var target: TargetOptions

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
    if old == "-" && new == "-" { throw ValidationError("standard input is read once: give - for OLD or NEW, not both") }
    try refuseOutputOntoInput(output, inputs: [old, new], inPlace: false)
  }

  func run() throws {
    var job = DiffJob(old: old, new: new)
    job.format = format
    job.targets = target.list
    job.render = render
    job.output = output
    job.frames = frames
    try job.run()
  }
}

extension DiffOutputFormat: ExpressibleByArgument {}
