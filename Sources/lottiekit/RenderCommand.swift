import ArgumentParser
import Foundation
import LottieKitIO
import LottieRender
#if canImport(Glibc)
import Glibc
#endif

struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render frames of an animation to PNG with rlottie: one frame, a sequence, or a contact sheet.",
    discussion: prose("""
      Frame numbers are the animation's own (from its ip to op, as After Effects shows them); the
      default is the first frame. External images are found next to the JSON as players find them;
      .tgs and .lottie files (the first animation, with the archive's images) work too.
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
    if let size, Self.parseSize(size) == nil { throw ValidationError("--size must be WxH, like 512x512") }
    if let sheet, Self.parseSize(sheet) == nil { throw ValidationError("--sheet must be COLSxROWS, like 4x3") }
    if let frames, Self.parseRange(frames) == nil { throw ValidationError("--frames must be A:B or A:B:STEP with STEP > 0, like 0:90:10") }
    if let background, Sheets.parseColor(background) == nil {
      throw ValidationError("--background must be #rrggbb, #rgb, a colour name or transparent")
    }
  }

  static func parseSize(_ s: String) -> (Int, Int)? {
    let parts = s.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 8192, h <= 8192 else { return nil }
    return (w, h)
  }

  static func parseRange(_ s: String) -> (Int, Int, Int)? {
    let parts = s.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2 || parts.count == 3, let a = parts[0], let b = parts[1], b > a else { return nil }
    let step = parts.count == 3 ? parts[2] : 1
    guard let step, step > 0 else { return nil }
    return (a, b, step)
  }

  func run() throws {
    let source: RenderSource
    do { source = try RenderSource.prepare(input) } catch {
      printError("lottiekit: error: \(error.description)")
      throw Exit.failure
    }
    defer { source.cleanUp() }
    let (aw, ah) = source.size
    let renderer = IsolatedRenderer(timeout: timeout)
    let bgChoice = background.flatMap { Sheets.parseColor($0) } ?? nil
    do {
      if let sheet, let (cols, rows) = Self.parseSize(sheet) {
        let (w, h) = size.flatMap(Self.parseSize) ?? Self.fit(aw, ah, longest: 256)
        let numbers = Sheets.evenlySpaced(cols * rows, first: source.firstFrame, end: source.endFrame)
        let images = try renderer.render(file: source.path, frames: numbers.map { $0 - source.firstFrame }, width: w, height: h,
                                         shownAs: source.displayName)
        let bg = bgChoice ?? (255, 255, 255)
        let png = try PNG.encode(Sheets.contactSheet(Array(zip(numbers, images)).map { ($0.0, $0.1) }, columns: cols, background: bg))
        try FileIO.writeAtomically(png, to: output)
        if !quiet { printError("\(source.displayName): \(numbers.count) frames (\(numbers.first ?? 0)–\(numbers.last ?? 0)) at \(w)×\(h) → \(output)") }
        return
      }
      let (w, h) = size.flatMap(Self.parseSize) ?? (aw, ah)
      if let frames, let (a, b, step) = Self.parseRange(frames) {
        let numbers = Array(stride(from: max(a, source.firstFrame), to: min(b, source.endFrame), by: step))
        guard !numbers.isEmpty else {
          printError("\(source.displayName): error: no frame of \(frames) lies in the animation's frames \(source.firstFrame)–\(source.endFrame - 1)")
          throw Exit.failure
        }
        let images = try renderer.render(file: source.path, frames: numbers.map { $0 - source.firstFrame }, width: w, height: h,
                                         shownAs: source.displayName)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let stem = Self.stem(source.displayName)
        let digits = String(numbers.last ?? 0).count
        let transaction = FileTransaction()
        for (n, image) in zip(numbers, images) {
          let name = "\(stem)_\(String(repeating: "0", count: max(0, digits - String(n).count)))\(n).png"
          try transaction.stage(try PNG.encode(bgChoice.map { image.flattened(over: $0) } ?? image), to: output + "/" + name)
        }
        try transaction.commit()
        if !quiet { printError("\(source.displayName): \(numbers.count) frames at \(w)×\(h) → \(output)/") }
        return
      }
      let number = frame ?? source.firstFrame
      guard number >= source.firstFrame && number < source.endFrame else {
        printError("\(source.displayName): error: frame \(number) is outside the animation's frames \(source.firstFrame)–\(source.endFrame - 1)")
        throw Exit.failure
      }
      let images = try renderer.render(file: source.path, frames: [number - source.firstFrame], width: w, height: h, shownAs: source.displayName)
      guard let image = images.first else { throw Exit.failure }
      try FileIO.writeAtomically(try PNG.encode(bgChoice.map { image.flattened(over: $0) } ?? image), to: output)
      if !quiet { printError("\(source.displayName): frame \(number) at \(w)×\(h) → \(output)") }
    } catch let error as RenderError {
      printError("lottiekit: error: \(error.description)")
      throw Exit.failure
    } catch let error as IOFailure {
      printError("lottiekit: error: \(error.description)")
      throw Exit.failure
    } catch let error as ArchiveError {
      printError("lottiekit: error: \(output): \(error.message)")
      throw Exit.failure
    }
  }

  static func fit(_ w: Int, _ h: Int, longest: Int) -> (Int, Int) {
    let side = max(w, h)
    guard side > longest else { return (w, h) }
    let s = Double(longest) / Double(side)
    return (max(1, Int((Double(w) * s).rounded())), max(1, Int((Double(h) * s).rounded())))
  }

  static func stem(_ displayName: String) -> String {
    var name = FileIO.fileName(of: displayName.split(separator: "#").first.map(String.init) ?? displayName)
    for ext in [".json", ".tgs", ".lottie"] where name.lowercased().hasSuffix(ext) { name.removeLast(ext.count) }
    return name.isEmpty ? "frame" : name
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
    if let parent, !IsolatedRenderer.boundWorker(parent: parent, cpuSeconds: cpuSeconds) { throw Exit.failure }
    // Tests simulate a renderer that crashes or hangs.
    switch ProcessInfo.processInfo.environment["LOTTIEKIT_RENDER_WORKER_FAULT"] {
    case "crash":
      signal(SIGSEGV, SIG_DFL)
      raise(SIGSEGV)
    case "hang": while true { sleep(60) }
    default: break
    }
    guard let (w, h) = RenderCommand.parseSize(size) else { throw Exit.failure }
    let numbers = frames.split(separator: ",").compactMap { Int($0) }
    do {
      let images = try RLottie.render(path: file, frames: numbers, width: w, height: h)
      var out: [UInt8] = []
      out.reserveCapacity(w * h * 4 * images.count)
      for image in images { out += image.pixels }
      try FileIO.writeStandardOutput(out)
    } catch let error as RenderError {
      printError(error.description)
      throw Exit.failure
    }
  }
}
