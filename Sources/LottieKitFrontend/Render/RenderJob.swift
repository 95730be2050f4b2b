import Foundation
import LottieKitIO
import LottieRender

/// `lottiekit render`: one frame, a range of frames (a folder of PNGs, all or none) or a contact
/// sheet, rendered by rlottie in a worker process that a crash or hang cannot take down with it.
package struct RenderJob {
  package var input: String
  package var output: String
  package var frame: Int?
  /// `A:B:STEP`.
  package var frames: String?
  /// `COLSxROWS`.
  package var sheet: String?
  /// `WxH`.
  package var size: String?
  package var background: String?
  package var timeout: Double = 60
  package var quiet = false

  package init(input: String, output: String) {
    self.input = input
    self.output = output
  }

  package func run() throws {
    let source: RenderSource
    do { source = try RenderSource.prepare(input) } catch {
      throw Exit.error(error.description)
    }
    defer { source.cleanUp() }
    let renderer = IsolatedRenderer(timeout: timeout)
    let bgChoice = background.flatMap { Sheets.parseColor($0) } ?? nil
    do {
      if let sheet, let (cols, rows) = Self.parseSize(sheet) {
        try renderSheet(source, renderer: renderer, columns: cols, rows: rows, background: bgChoice)
      } else if let frames, let (a, b, step) = Self.parseRange(frames) {
        try renderFrames(source, renderer: renderer, from: a, to: b, step: step, background: bgChoice)
      } else {
        try renderFrame(source, renderer: renderer, background: bgChoice)
      }
    } catch let error as RenderError {
      throw Exit.error(error.description)
    } catch let error as IOFailure {
      throw Exit.error(error.description)
    } catch let error as ArchiveError {
      throw Exit.error("\(output): \(error.message)")
    }
  }

  typealias Colour = (UInt8, UInt8, UInt8)

  func renderSheet(_ source: RenderSource, renderer: IsolatedRenderer, columns cols: Int, rows: Int, background: Colour?) throws {
    let (aw, ah) = source.size
    let (w, h) = size.flatMap(Self.parseSize) ?? Self.fit(aw, ah, longest: 256)
    let numbers = Sheets.evenlySpaced(cols * rows, first: source.firstFrame, end: source.endFrame)
    let images = try renderer.render(
      file: source.path, frames: numbers.map { $0 - source.firstFrame }, width: w, height: h,
      shownAs: source.displayName)
    let bg = background ?? (255, 255, 255)
    let png = try PNG.encode(Sheets.contactSheet(Array(zip(numbers, images)).map { ($0.0, $0.1) }, columns: cols, background: bg))
    // The folder is made when missing, as for --frames (a transaction: all or nothing).
    try FileTransaction.write(png, to: output)
    if !quiet { printError("\(source.displayName): \(numbers.count) frames (\(numbers.first ?? 0)–\(numbers.last ?? 0)) at \(w)×\(h) → \(output)") }
  }

  func renderFrames(_ source: RenderSource, renderer: IsolatedRenderer, from a: Int, to b: Int, step: Int, background: Colour?) throws {
    let (w, h) = size.flatMap(Self.parseSize) ?? source.size
    let numbers = Array(stride(from: max(a, source.firstFrame), to: min(b, source.endFrame), by: step))
    guard !numbers.isEmpty else {
      printError("\(source.displayName): error: no frame of \(frames ?? "") lies in the animation's frames \(source.firstFrame)–\(source.endFrame - 1)")
      throw Exit.failure
    }
    let images = try renderer.render(
      file: source.path, frames: numbers.map { $0 - source.firstFrame }, width: w, height: h,
      shownAs: source.displayName)
    do throws(IOFailure) { try FileIO.makeFolder(output) } catch { throw Exit.error(error.description) }
    let stem = Self.stem(source.displayName)
    let digits = String(numbers.last ?? 0).count
    let transaction = FileTransaction()
    for (n, image) in zip(numbers, images) {
      let name = "\(stem)_\(String(repeating: "0", count: max(0, digits - String(n).count)))\(n).png"
      try transaction.stage(try PNG.encode(background.map { image.flattened(over: $0) } ?? image), to: output + "/" + name)
    }
    try transaction.commit()
    if !quiet { printError("\(source.displayName): \(numbers.count) frames at \(w)×\(h) → \(output.hasSuffix("/") ? output : output + "/")") }
  }

  func renderFrame(_ source: RenderSource, renderer: IsolatedRenderer, background: Colour?) throws {
    let (w, h) = size.flatMap(Self.parseSize) ?? source.size
    let number = frame ?? source.firstFrame
    guard number >= source.firstFrame && number < source.endFrame else {
      printError("\(source.displayName): error: frame \(number) is outside the animation's frames \(source.firstFrame)–\(source.endFrame - 1)")
      throw Exit.failure
    }
    let images = try renderer.render(file: source.path, frames: [number - source.firstFrame], width: w, height: h, shownAs: source.displayName)
    guard let image = images.first else { throw Exit.failure }
    // The folder is made when missing, as for --frames (a transaction: all or nothing).
    try FileTransaction.write(try PNG.encode(background.map { image.flattened(over: $0) } ?? image), to: output)
    if !quiet { printError("\(source.displayName): frame \(number) at \(w)×\(h) → \(output)") }
  }

  /// `WxH` (each side 1 to 8192).
  package static func parseSize(_ s: String) -> (Int, Int)? {
    guard let (w, h) = SizeText.parse(s, as: Int.self), w > 0, h > 0, w <= 8192, h <= 8192 else { return nil }
    return (w, h)
  }

  /// `A:B` or `A:B:STEP` with B > A and STEP > 0.
  package static func parseRange(_ s: String) -> (Int, Int, Int)? {
    let parts = s.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2 || parts.count == 3, let a = parts[0], let b = parts[1], b > a else { return nil }
    let step = parts.count == 3 ? parts[2] : 1
    guard let step, step > 0 else { return nil }
    return (a, b, step)
  }

  package static func fit(_ w: Int, _ h: Int, longest: Int) -> (Int, Int) {
    let side = max(w, h)
    guard side > longest else { return (w, h) }
    let s = Double(longest) / Double(side)
    return (max(1, Int((Double(w) * s).rounded())), max(1, Int((Double(h) * s).rounded())))
  }

  static func stem(_ displayName: String) -> String {
    var name = Paths.fileName(of: displayName.split(separator: "#").first.map(String.init) ?? displayName)
    for ext in [".json", ".tgs", ".lottie"] where name.lowercased().hasSuffix(ext) { name.removeLast(ext.count) }
    return name.isEmpty ? "frame" : name
  }
}

/// The worker `render` and `diff --render` start: renders frames with rlottie and writes raw RGBA
/// to stdout, so that a renderer crash stays in that process.
package struct RenderWorkerJob {
  package var file: String
  package var size: String
  package var frames: String
  package var parent: Int32?
  package var cpuSeconds: UInt32

  package init(file: String, size: String, frames: String, parent: Int32?, cpuSeconds: UInt32) {
    self.file = file
    self.size = size
    self.frames = frames
    self.parent = parent
    self.cpuSeconds = cpuSeconds
  }

  package func run() throws {
    if let parent, !IsolatedRenderer.boundWorker(parent: parent, cpuSeconds: cpuSeconds) { throw Exit.failure }
    // Tests simulate a renderer that crashes or hangs.
    switch ProcessInfo.processInfo.environment["LOTTIEKIT_RENDER_WORKER_FAULT"] {
    case "crash":
      signal(SIGSEGV, SIG_DFL)
      raise(SIGSEGV)
    case "hang": while true { sleep(60) }
    default: break
    }
    guard let (w, h) = RenderJob.parseSize(size) else { throw Exit.failure }
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

/// The worker `ExpressionWorker` describes: runs a file's expressions for a measurement.
package struct ExpressionWorkerJob {
  package var file: String
  package var parent: Int32?
  package var cpuSeconds: UInt32

  package init(file: String, parent: Int32?, cpuSeconds: UInt32) {
    self.file = file
    self.parent = parent
    self.cpuSeconds = cpuSeconds
  }

  package func run() throws {
    if let parent, !IsolatedRenderer.boundWorker(parent: parent, cpuSeconds: cpuSeconds) { throw Exit.failure }
    let requests = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    let bytes = try FileIO.read(file)
    try FileIO.writeStandardOutput(Array(ExpressionWorker.answer(file: bytes, requests: requests).utf8))
  }
}
