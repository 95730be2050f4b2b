import ArgumentParser
import LottieKitFrontend

struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Summarise animations: version, size, frames, layers, assets, features used.",
    discussion: prose(
      """
      Examples:
        lottiekit info hero.json
        lottiekit info delivery/ --format json
        gunzip -c sticker.tgs | lottiekit info -
      """)
  )

  @Argument(help: "Files, folders or - (stdin); none: the current folder.")
  var inputs: [String] = []

  @OptionGroup var empty: EmptyInputOption

  @Option(help: "Output format: text or json.")
  var format: InfoFormat = .text

  @OptionGroup var output: OutputOptions

  typealias InfoFormat = TextOrJSON

  func run() throws {
    var job = InfoJob(inputs: inputs)
    job.format = format
    job.color = output.color
    job.quiet = output.quiet
    job.allowEmpty = empty.allowEmpty
    try job.run()
  }
}

extension TextOrJSON: ExpressibleByArgument {}
