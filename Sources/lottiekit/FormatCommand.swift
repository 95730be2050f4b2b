import ArgumentParser
import LottieKitFrontend
import LottieJSON
import LottieKitIO

struct FormatCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Rewrite the JSON layout only: the value, key order and every number's spelling are kept.",
    discussion: prose(
      """
      Without -o or --in-place the result goes to stdout (several inputs: one after another, like jq).
      .tgs inputs are decompressed; with --in-place (or -o x.tgs) they are written back gzipped.
      .lottie inputs: each animation inside is formatted; --in-place (or -o x.lottie) rewrites the
      archive with every other entry unchanged.
      Examples:
        lottiekit format --pretty hero.json -o hero.pretty.json
        lottiekit format --minify --in-place delivery/
        cat hero.json | lottiekit format --minify -
      """)
  )

  @Argument(help: "Files, folders or - (stdin).")
  var inputs: [String] = []

  @OptionGroup var empty: EmptyInputOption

  @Flag(help: "Layout: --pretty (two spaces, the default) or --minify (no whitespace).")
  var layout: Layout = .pretty

  @Option(name: [.short, .customLong("output")], help: "Write the result to this file (one input only).")
  var outputPath: String?

  @Flag(name: .customLong("in-place"), help: "Rewrite the inputs themselves (all or none).")
  var inPlace = false

  @OptionGroup var output: OutputOptions

  enum Layout: String, EnumerableFlag {
    case pretty, minify
  }

  func validate() throws {
    if inputs.isEmpty { throw ValidationError("give animation files or folders, or - to read standard input") }
    if inPlace && outputPath != nil { throw ValidationError("--in-place and -o cannot be used together") }
    if inPlace && (inputs.isEmpty || inputs.contains("-")) { throw ValidationError("--in-place needs files, not stdin") }
    if outputPath != nil && inputs.count > 1 { throw ValidationError("-o takes exactly one input; use --in-place for several") }
    try refuseOutputOntoInput(outputPath, inputs: inputs)
  }

  var jsonLayout: JSONLayout { layout == .minify ? .minified : .pretty }

  func run() throws {
    var job = FormatJob(inputs: inputs, layout: jsonLayout)
    job.outputPath = outputPath
    job.inPlace = inPlace
    job.quiet = output.quiet
    job.allowEmpty = empty.allowEmpty
    try job.run()
  }
}
