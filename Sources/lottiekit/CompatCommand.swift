import ArgumentParser
import LottieKitFrontend

struct CompatCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compat",
    abstract: "Feature × renderer table: which features the files use and what each player does with them.",
    discussion: prose(
      """
      For every feature the files use (effects by name, expressions, mattes, masks, blend modes,
      shape modifiers, text, 3D, time remap, images…), how many times and where first, and for each
      target whether it is supported, partly supported, ignored, unsupported or a slow fallback,
      with how that is known (Rules/renderers/): measured (a fixture rendered by the player, for
      rlottie and ThorVG; see docs/compat-evidence.md) or documented (the source named). lottie-ios
      and lottie-android cannot be rendered here: their entries are documented, and the output says
      so. A feature whose uses, by lottiekit's bound on what they can change (the area their layers
      cover, or for a use that only moves a layer or a group, a band around the edges it moves),
      change less than 2 % of the frame is marked minor (JSON: "minor", with the bound as
      "change"); lint --target reports it as an info, not a warning. Text in a file that draws
      nothing else is never minor (a player that drops it shows nothing). For the way Debian's
      rlottie 0.1 and Telegram's forks fade a translucent shape layer's fills and strokes one by
      one, no bound tells what shows: compat and lint --target draw the file with the rlottie
      lottiekit render links as it is and with those layers precomposed, at its first frame and at
      10, 35, 60 and 85 % of its time, and report the change measured (JSON: "measured": true). So
      they do for expressions (with their values written in: links, numbers, time, loopOut('cycle')
      and the inertial bounce read as they are, any other run in lottie-web's expression
      environment in an isolated worker; a file with one that cannot run there, such as wiggle or
      toComp, is not measured), for easing per dimension (written out frame by frame) and for rotated stars (their
      Rotation halved, as rlottie turns them twice as far), at 12 frames more spread over the
      time, in files without text or 3D layers. Markdown
      output fits a
      pull-request comment.
      Exit 0 (the table is information; use lint --target to fail a build).
      Examples:
        lottiekit compat hero.json
        lottiekit compat delivery/ --target ios,android --format markdown
      """)
  )

  @Argument(help: "Files, folders or - (stdin); none: the current folder.")
  var inputs: [String] = []

  @OptionGroup var empty: EmptyInputOption

  @OptionGroup(title: "Renderers to show (default: all)") var target: TargetOptions

  @Option(help: "Output format: text, json or markdown.")
  var format: CompatFormat = .text

  typealias CompatFormat = CompatOutputFormat

  func run() throws {
    var job = CompatJob(inputs: inputs)
    job.target = target.list
    job.format = format
    job.allowEmpty = empty.allowEmpty
    try job.run()
  }
}

extension CompatOutputFormat: ExpressibleByArgument {}
