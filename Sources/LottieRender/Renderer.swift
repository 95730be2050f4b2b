import CRLottie
import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
#if canImport(Glibc)
  import Glibc
#endif

/// Why a render did not happen.
package struct RenderError: Error, Sendable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}

/// Calls rlottie in this process. Only the `render-worker` subcommand uses it: rlottie crashes or
/// loops on some real files, so lottiekit itself renders through `IsolatedRenderer`.
package enum RLottie {
  /// Renders `frames` (indices from the first frame, 0-based) of the animation file at `path` at
  /// `width`×`height`. rlottie resolves external images against the file's own folder.
  package static func render(path: String, frames: [Int], width: Int, height: Int) throws(RenderError) -> [RGBAImage] {
    guard let animation = lottie_animation_from_file(path) else {
      throw RenderError("rlottie could not load the animation")
    }
    defer { lottie_animation_destroy(animation) }
    let total = Int(lottie_animation_get_totalframe(animation))
    var images: [RGBAImage] = []
    var buffer = [UInt32](repeating: 0, count: width * height)
    for frame in frames {
      let index = max(0, min(frame, max(0, total - 1)))
      for i in buffer.indices { buffer[i] = 0 }
      buffer.withUnsafeMutableBufferPointer { buf in
        lottie_animation_render(animation, index, buf.baseAddress, width, height, width * 4)
      }
      images.append(RGBAImage(premultipliedARGB: buffer, width: width, height: height))
    }
    return images
  }
}

/// Renders in a child process (the `lottiekit render-worker` subcommand) with a time limit, so
/// that a renderer crash or hang becomes an error naming the file instead of killing lottiekit.
package struct IsolatedRenderer: Sendable {
  /// The lottiekit executable to run as the worker.
  package var executable: String
  package var timeout: Double

  package init(executable: String = IsolatedRenderer.currentExecutable, timeout: Double = 60) {
    self.executable = executable
    self.timeout = timeout
  }

  package static var currentExecutable: String {
    #if os(Linux)
      if let real = FileIO.realPath("/proc/self/exe") { return real }
    #endif
    return CommandLine.arguments.first ?? "lottiekit"
  }

  /// Called first thing in the worker: it dies with `parent` (even when that is killed) and may
  /// use at most `cpuSeconds` of CPU. False when the parent is already gone.
  package static func boundWorker(parent: Int32, cpuSeconds: UInt32) -> Bool {
    lottiekit_bound_worker(parent, cpuSeconds) != 0
  }

  /// Largest picture rendered (per frame), and all frames of one call together.
  package static let maxSide = 8192
  package static let maxTotalBytes = 1 << 30
  /// Layers rlottie may have to build for one animation (precomps expanded).
  package static let maxLayerInstances = 1_000_000

  /// `file`: a Lottie JSON file on disk (images resolved against its folder).
  package func render(file: String, frames: [Int], width: Int, height: Int, shownAs name: String) throws(RenderError) -> [RGBAImage] {
    guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
      throw RenderError("\(name): size \(width)×\(height) is out of range (1 to \(Self.maxSide) pixels a side)")
    }
    guard !frames.isEmpty else { return [] }
    // rlottie builds every layer instance before drawing: precomps that nest exponentially (or
    // include themselves) would keep it busy until the time limit, so they are refused at once.
    if let data = FileManager.default.contents(atPath: file), let document = try? JSONDocument(parsing: [UInt8](data)),
      Animation(document: document).layerInstances(limit: Self.maxLayerInstances) == nil
    {
      throw RenderError(
        "\(name): its precomps expand to more than \(Self.maxLayerInstances / 1_000_000) million layers (or include themselves); rlottie would not finish, so nothing was rendered"
      )
    }
    guard width * height * 4 * frames.count <= Self.maxTotalBytes else {
      throw RenderError("\(name): \(frames.count) frames of \(width)×\(height) are more than 1 GB of pixels; render fewer or smaller")
    }
    let output = try runWorker(
      ["render-worker", file, "--size", "\(width)x\(height)", "--frames", frames.map(String.init).joined(separator: ",")], input: nil,
      name: name, what: "render worker")
    let expected = width * height * 4 * frames.count
    guard output.count == expected else {
      throw RenderError("\(name): the render worker returned \(output.count) bytes, expected \(expected)")
    }
    let bytes = [UInt8](output)
    return (0..<frames.count).map { k in
      RGBAImage(width: width, height: height, pixels: Array(bytes[(k * width * height * 4)..<((k + 1) * width * height * 4)]))
    }
  }

  /// Runs `lottiekit <arguments>` as a bounded worker (it dies with this process and has a CPU
  /// limit; past `timeout` it is killed), `input` on its stdin; its stdout.
  func runWorker(_ arguments: [String], input: Data?, name: String, what: String) throws(RenderError) -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments + ["--parent", String(getpid()), "--cpu-seconds", String(Int(timeout.rounded(.up)) + 10)]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let inputPipe = input.map { _ in Pipe() }
    process.standardInput = inputPipe ?? FileHandle.nullDevice
    do { try process.run() } catch {
      throw RenderError("\(name): cannot start the \(what) (\(executable)): \(error.localizedDescription)")
    }
    if let inputPipe, let input {
      DispatchQueue.global().async {
        try? inputPipe.fileHandleForWriting.write(contentsOf: input)
        try? inputPipe.fileHandleForWriting.close()
      }
    }
    let group = DispatchGroup()
    nonisolated(unsafe) var output = Data()
    nonisolated(unsafe) var errors = Data()
    group.enter()
    DispatchQueue.global().async {
      output = out.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      errors = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let deadline = Date().addingTimeInterval(timeout)
    var timedOut = false
    while process.isRunning {
      if Date() > deadline {
        timedOut = true
        kill(process.processIdentifier, SIGKILL)
        break
      }
      usleep(2_000)
    }
    process.waitUntilExit()
    group.wait()
    if timedOut {
      throw RenderError("\(name): the renderer (rlottie) did not finish within \(Int(timeout)) s; it was stopped")
    }
    if process.terminationReason == .uncaughtSignal { throw Self.killed(by: process.terminationStatus, name) }
    guard process.terminationStatus == 0 else {
      let text = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw RenderError("\(name): \(text.isEmpty ? "the \(what) failed (exit \(process.terminationStatus))" : text)")
    }
    return output
  }

  /// What a worker ended by a signal says. The CPU-time limit the worker sets itself
  /// (RLIMIT_CPU, CRLottie/shim.h) ends a render that never finishes: a hang, not a crash.
  static func killed(by signal: Int32, _ name: String) -> RenderError {
    if signal == SIGXCPU {
      return RenderError("\(name): the renderer (rlottie) used up its CPU time without finishing (it hangs on this file); it was stopped")
    }
    let what = signal == SIGSEGV ? "segmentation fault" : signal == SIGABRT ? "abort" : signal == SIGBUS ? "bus error" : "signal \(signal)"
    return RenderError("\(name): the renderer (rlottie) crashed (\(what)) on this file; nothing was rendered")
  }
}

/// An animation made ready for rendering: a JSON file rlottie can open, with its images where
/// rlottie looks for them.
package struct RenderSource {
  package let path: String
  package let displayName: String
  package let document: JSONDocument
  /// Temporary folder to delete when done (for .tgs, .lottie and stdin inputs).
  package let scratch: String?
  /// How many animations the input holds (a .lottie may hold several; this is its first).
  package var animations = 1
  /// The animation as its file holds it (`document` is the copy rlottie reads: a .lottie's images
  /// embedded), where its images are, and the archive of a .lottie.
  package var original: JSONDocument
  package var imagesFolder: String?
  package var archive: ZipArchive?

  package var animation: Animation { Animation(document: document) }

  /// Frame numbers of the animation (ip ..< op), as After Effects shows them.
  package var firstFrame: Int { Self.whole((animation.inPoint ?? 0).rounded(.down)) }
  package var endFrame: Int { max(firstFrame + 1, Self.whole((animation.outPoint ?? 1).rounded(.up))) }
  package var size: (Int, Int) { (max(1, Self.whole((animation.width ?? 1).rounded())), max(1, Self.whole((animation.height ?? 1).rounded()))) }

  /// A frame number or size written in the file, as an Int within ±10^15 (converting a Double
  /// beyond Int's range traps: `"op": 1e19`); sizes that large are refused later as out of range.
  static func whole(_ value: Double) -> Int {
    value.isNaN ? 0 : Int(min(max(value, -1e15), 1e15))
  }

  package func cleanUp() {
    if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
  }

  /// Plain JSON files are rendered where they are (external images resolve against their folder,
  /// as players do). `.tgs` is unzipped to a temporary file; a `.lottie` archive's images are
  /// embedded in a temporary copy of its first animation (rlottie knows nothing of archives).
  package static func prepare(_ path: String) throws(RenderError) -> RenderSource {
    let sources: [AnimationSource]
    do { sources = try Inputs.load(path) } catch { throw RenderError(error.description) }
    guard let source = sources.first else { throw RenderError("\(path): no animation inside") }
    let document: JSONDocument
    do { document = try JSONDocument(parsing: source.bytes) } catch {
      throw RenderError("\(source.displayPath):\(error.location.line):\(error.location.column): \(error.message)")
    }
    guard Animation(document: document).looksLikeLottie else { throw RenderError("\(source.displayPath): not a Lottie animation") }
    if source.container == .json && path != "-" && path.lowercased().hasSuffix(".json") {
      // rlottie takes the images' folder from the path up to its last "/": a bare `data.json` has
      // none, so it is named `./data.json` (its folder is the current one).
      let diskPath = path.contains("/") ? path : "./" + path
      return RenderSource(
        path: diskPath, displayName: source.displayPath, document: document, scratch: nil, animations: sources.count, original: document,
        imagesFolder: source.baseDirectory)
    }
    let scratch = NSTemporaryDirectory() + "lottiekit-render-" + UUID().uuidString
    do {
      try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    } catch { throw RenderError("cannot create a temporary folder: \(error.localizedDescription)") }
    var bytes = source.bytes
    var archive: ZipArchive? = nil
    if source.container == .dotLottie, let archiveBytes = try? FileIO.read(path), let zip = try? ZipArchive(bytes: archiveBytes) {
      bytes = embedArchiveImages(document, zip)
      archive = zip
    }
    let file = scratch + "/animation.json"
    do { try FileIO.writeAtomically(bytes, to: file) } catch { throw RenderError(error.description) }
    guard let final = try? JSONDocument(parsing: bytes) else { throw RenderError("\(source.displayPath): cannot prepare the animation") }
    return RenderSource(
      path: file, displayName: source.displayPath, document: final, scratch: scratch, animations: sources.count, original: document,
      imagesFolder: source.baseDirectory, archive: archive)
  }

  /// Replaces image assets that point into the archive (`u: "/i/"`, v1 `images/`) with data URIs.
  static func embedArchiveImages(_ document: JSONDocument, _ archive: ZipArchive) -> [UInt8] {
    var edits = JSONEdits(document)
    var changed = false
    for asset in document.root["assets"].list where asset["p"]?.string != nil && asset["layers"] == nil {
      guard let p = asset["p"]?.string, !p.hasPrefix("data:") else { continue }
      guard let entry = DotLottie.entry(for: Asset(node: asset), in: archive),
        let data = try? archive.data(of: entry), let pNode = asset["p"]
      else { continue }
      let type = ImageSniffer.sniff(data)?.mimeType ?? "image/png"
      edits.replace(pNode, with: .string(DataURI.encode(data, mediaType: type)))
      if let u = asset["u"] { edits.replace(u, with: .string("")) }
      if let e = asset["e"] { edits.replace(e, with: .int(1)) } else { try? edits.insertMember("e", .int(1), into: asset) }
      changed = true
    }
    guard changed, let bytes = try? edits.apply() else { return document.bytes }
    return bytes
  }
}
