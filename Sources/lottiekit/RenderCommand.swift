import ArgumentParser
import Foundation
import LottieKitFrontend
import LottieKitIO
import LottieRender
#if canImport(Glibc)
  import Glibc
#endif

struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render frames of an animation to PNG with rlottie: one frame, a sequence, or a contact sheet.",
    discussion: prose(
      """
      Frame numbers are the animation's own (from its ip to op, as After Effects shows them); the
      default is the first frame. External images are found next to the JSON as players find them;
      .tgs and .lottie files (the first animation, with the archive's images) work too.
      rlottie here is the system library lottiekit was built with (on Debian 12, librlottie 0.1
      with Debian's patches): lint --target rlottie@0.1 names what it draws differently from
      lottie-web.
      rlottie runs in a separate process with a time limit: when it crashes or hangs on a file,
      lottiekit reports it (exit 2) instead of crashing. Files whose precomps expand to more than a
      million layers (or include themselves) are refused at once (exit 2).
      Examples:
        lottiekit render hero.json -o hero.png
        lottiekit render hero.json --frame 45 --size 256x256 --background white \\
          -o hero-45.png
        lottiekit render hero.json --frames 0:90:10 -o frames/
        lottiekit render hero.json --sheet 4x3 -o hero-sheet.png
      """)
  )

  @Argument(help: "The animation (.json, .tgs or .lottie).")
  var input: String

  @Option(help: "One frame (the animation's frame number).")
  var frame: Int?

  @Option(help: "Frames A:B:STEP (B excluded, STEP default 1), written as PNG files into the -o folder.")
  var frames: String?

  @Option(help: "A contact sheet of COLSxROWS evenly spaced frames, labelled with their numbers.")
  var sheet: String?

  @Option(help: "Size of each frame, WxH (default: the animation's size; 256 px on the longer side for sheets).")
  var size: String?

  @Option(help: "Background: #rrggbb, #rgb, a colour name, or transparent (default: transparent; white for sheets).")
  var background: String?

  @Option(name: .shortAndLong, help: "Output PNG (or folder for --frames).")
  var output: String

  @Option(help: ArgumentHelp("Seconds rlottie may take before it is stopped.", visibility: .hidden))
  var timeout: Double = 60

  @Flag(name: [.short, .long], help: "Print nothing on success.")
  var quiet = false

  func validate() throws {
    let modes = [frame != nil, frames != nil, sheet != nil].filter { $0 }.count
    if modes > 1 { throw ValidationError("use one of --frame, --frames and --sheet") }
    if let size, Self.parseSize(size) == nil { throw ValidationError("--size must be WxH, like 512x512, 1 to 8192 pixels a side") }
    if let sheet, Self.parseSize(sheet) == nil { throw ValidationError("--sheet must be COLSxROWS, like 4x3") }
    if let frames, Self.parseRange(frames) == nil { throw ValidationError("--frames must be A:B or A:B:STEP with STEP > 0, like 0:90:10") }
    if let background, Sheets.parseColor(background) == nil {
      throw ValidationError("--background must be #rrggbb, #rgb, a colour name or transparent")
    }
    try refuseOutputOntoInput(output, inputs: [input], inPlace: false)
  }

  static func parseSize(_ s: String) -> (Int, Int)? { RenderJob.parseSize(s) }
  static func parseRange(_ s: String) -> (Int, Int, Int)? { RenderJob.parseRange(s) }

  func run() throws {
    var job = RenderJob(input: input, output: output)
    job.frame = frame
    job.frames = frames
    job.sheet = sheet
    job.size = size
    job.background = background
    job.timeout = timeout
    job.quiet = quiet
    try job.run()
  }
}

/// The worker `render` and `diff --render` start: renders frames with rlottie and writes raw RGBA
/// to stdout. Kept out of `--help`; it exists so that a renderer crash stays in this process.
struct RenderWorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "render-worker", shouldDisplay: false)

  @Argument var file: String
  @Option var size: String
  @Option var frames: String
  /// The lottiekit process that started this worker: the worker dies with it.
  @Option var parent: Int32?
  /// CPU seconds the worker may use (a little more than the parent's wall-clock limit, which
  /// normally stops it first).
  @Option var cpuSeconds: UInt32 = 70

  func run() throws {
    try RenderWorkerJob(file: file, size: size, frames: frames, parent: parent, cpuSeconds: cpuSeconds).run()
  }
}

/// The worker measurements start to run a file's expressions (`ExpressionEngine`): request lines
/// on stdin, values on stdout. Kept out of `--help`; an expression is a program from the input
/// file, so it runs here, with a CPU limit, dying with its parent.
struct ExpressionWorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "expression-worker", shouldDisplay: false)

  @Argument var file: String
  @Option var parent: Int32?
  @Option var cpuSeconds: UInt32 = 70

  func run() throws {
    try ExpressionWorkerJob(file: file, parent: parent, cpuSeconds: cpuSeconds).run()
  }
}
