import Foundation
import LottieJSON
import LottieModel
#if os(Linux)
  import CLottieZlib
#endif

/// The container an animation came in.
package enum Container: String, Sendable {
  case json, tgs, dotLottie = "lottie"
}

/// One animation read from an input: its bytes, and where they came from.
package struct AnimationSource: Sendable {
  /// The path as given or found under a given folder; for a dotLottie entry, `file.lottie#a/x.json`.
  package let displayPath: String
  /// The file on disk (`-` for standard input).
  package let filePath: String
  package let container: Container
  /// The container as reports name it: `json`, `lottie`, `tgs` for a `.tgs` file, and `gzip` for
  /// other gzip input (a `.json.gz`), which is read like a sticker but is not one.
  package var containerName: String {
    container == .tgs && !filePath.lowercased().hasSuffix(".tgs") ? "gzip" : container.rawValue
  }
  /// For dotLottie: the archive entry name.
  package let entryName: String?
  /// The JSON bytes (decompressed).
  package let bytes: [UInt8]
  /// Size of the file on disk (compressed, for `.tgs` and `.lottie`).
  package let fileBytes: Int
  /// Folder that image paths are resolved against: the file's, for JSON and gzip (.tgs,
  /// .json.gz); nil for stdin and dotLottie archives (their images are entries).
  package var baseDirectory: String? {
    guard filePath != "-", container != .dotLottie else { return nil }
    return Paths.directory(of: filePath)
  }

  /// Whether the animations loaded from one file are plain JSON that is not meant as an animation
  /// (`Animation.isOtherJSON`): what a folder walk skips.
  package static func isOtherJSON(_ sources: [AnimationSource], document: JSONDocument?) -> Bool {
    sources.count == 1 && sources[0].container == .json && Animation.isOtherJSON(sources[0].bytes, document: document)
  }
}

/// An input that could not be read, with the place of the problem when known.
package struct InputFailure: Error, Sendable, CustomStringConvertible {
  package var path: String
  package var message: String
  package var location: SourceLocation?
  package init(path: String, message: String, location: SourceLocation? = nil) {
    self.path = path
    self.message = message
    self.location = location
  }
  /// `path:line:col: message` (the form editors and CI logs make clickable).
  package var description: String {
    if let l = location { return "\(path):\(l.line):\(l.column): \(message)" }
    return "\(path): \(message)"
  }
  /// `path:line:col: error: message`, as compilers print it.
  package var errorLine: String {
    if let l = location { return "\(path):\(l.line):\(l.column): error: \(message)" }
    return "\(path): error: \(message)"
  }
}

package enum Inputs {
  package static let animationExtensions: Set<String> = ["json", "lot", "lottie", "tgs"]

  /// Expands folders (recursively, sorted, hidden entries and symlinked folders skipped) into the
  /// animation files under them; files and `-` are kept as given. Order is deterministic.
  /// A path reached twice (named twice, named and inside a named folder, `x.json` and `./x.json`)
  /// is kept once, where it first appears; a symbolic link is a path of its own.
  package static func expand(_ arguments: [String]) throws(InputFailure) -> [String] {
    var result: [String] = []
    var reached = Reached()
    func add(_ path: String) {
      if reached.isFirst(path) { result.append(path) }
    }
    for arg in arguments {
      if arg == "-" {
        result.append(arg)
      } else if FileIO.isDirectory(arg) {
        FolderWalk.paths(under: arg, folderInputs).forEach(add)
      } else if FileIO.exists(arg) {
        add(arg)
      } else {
        throw InputFailure(path: arg, message: FileIO.notFound(arg))
      }
    }
    return result
  }

  /// The paths met so far, by their normalized absolute form: `x.json`, `./x.json` and
  /// `dd/../x.json` are one file (a symbolic link is a path of its own).
  package struct Reached {
    var seen = Set<String>()
    package init() {}

    /// Whether `path` is met for the first time. Names that are not valid UTF-8 read alike
    /// (U+FFFD for any bad bytes), so each of them counts as its own.
    package mutating func isFirst(_ path: String) -> Bool {
      Paths.isUndecodable(path) || seen.insert(Paths.normalizedAbsolute(path)).inserted
    }
  }

  /// What a folder given as input holds: whatever is not a folder and has an animation extension
  /// (a FIFO or socket so named too, as it always was), not hidden.
  static let folderInputs = FolderWalk.Options(yield: .nonFolders, extensions: animationExtensions, includesHidden: false)

  /// Reads an input and returns the animations in it: one for `.json` and `.tgs`, one per animation
  /// entry for `.lottie`. The container is recognised from the bytes, not the extension.
  package static func load(_ path: String, limit: Int = Gzip.defaultLimit) throws(InputFailure) -> [AnimationSource] {
    let bytes: [UInt8]
    do throws(IOFailure) {
      bytes = path == "-" ? try FileIO.readStandardInput() : try FileIO.read(path)
    } catch {
      throw InputFailure(path: error.path == "<stdin>" ? "<stdin>" : path, message: error.message)
    }
    let shown = path == "-" ? "<stdin>" : path
    if Gzip.isGzip(bytes) {
      do throws(ArchiveError) {
        let json = try Gzip.decompress(bytes, limit: limit)
        return [AnimationSource(displayPath: shown, filePath: path, container: .tgs, entryName: nil, bytes: json, fileBytes: bytes.count)]
      } catch {
        throw InputFailure(path: shown, message: error.message)
      }
    }
    if ZipArchive.isZip(bytes) {
      do throws(ArchiveError) {
        let archive = try ZipArchive(bytes: bytes, limit: limit)
        let entries = dotLottieAnimationEntries(archive)
        if entries.isEmpty { throw ArchiveError("dotLottie archive has no animation (no a/*.json or animations/*.json)") }
        var result: [AnimationSource] = []
        for entry in entries {
          let data = try archive.data(of: entry)
          result.append(
            AnimationSource(
              displayPath: "\(shown)#\(entry.name)", filePath: path, container: .dotLottie,
              entryName: entry.name, bytes: data, fileBytes: bytes.count))
        }
        return result
      } catch {
        throw InputFailure(path: shown, message: error.message)
      }
    }
    if path.lowercased().hasSuffix(".lottie"), !looksLikeJSON(bytes) {
      // Named as an archive but neither a zip nor JSON: say so, rather than report its first byte
      // as bad JSON. Plain JSON named `.lottie` is common (Telegram Desktop's icons, lottie-android's
      // snapshot tests) and is read as the JSON it is.
      let what = ImageSniffer.sniff(bytes).map { " (its bytes are \($0.mimeType))" } ?? ""
      throw InputFailure(path: shown, message: "not a .lottie (zip) archive\(what)")
    }
    return [AnimationSource(displayPath: shown, filePath: path, container: .json, entryName: nil, bytes: bytes, fileBytes: bytes.count)]
  }

  /// Whether the first byte after whitespace (and a UTF-8 byte-order mark) opens a JSON object or array.
  static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    return i < bytes.count && (bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "["))
  }

  /// Animation entries of a dotLottie archive: `a/*.json` (v2) or `animations/*.json` (v1), in
  /// archive order.
  package static func dotLottieAnimationEntries(_ archive: ZipArchive) -> [ZipArchive.Entry] {
    archive.entries.filter { e in
      !e.isDirectory && e.name.lowercased().hasSuffix(".json")
        && (e.name.hasPrefix("a/") || e.name.hasPrefix("animations/"))
    }
  }
}

/// Runs `body` over `items` on every core (or serially with `jobs: 1`), in windows of `window`
/// items, and hands each result to `emit` in input order. Output order never depends on timing,
/// and at most one window of results is in memory. A window larger than the number of cores
/// keeps the cores busy when file sizes differ (each window ends with a wait for its slowest
/// item); commands whose results are large (whole files) keep the window small.
package func parallelOrdered<T: Sendable, R: Sendable>(
  _ items: [T], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
  window: Int? = nil,
  _ body: @Sendable (T) -> R, emit: (R) -> Void
) {
  let serial = jobs <= 1
  let size = serial ? 1 : max(1, window ?? jobs)
  var start = 0
  while start < items.count {
    let end = min(items.count, start + size)
    let slice = Array(items[start..<end])
    let results = ResultBox<R>(count: slice.count)
    if serial {
      for k in slice.indices { results.set(k, body(slice[k])) }
    } else {
      DispatchQueue.concurrentPerform(iterations: slice.count) { k in
        results.set(k, body(slice[k]))
      }
    }
    for r in results.values() { emit(r) }
    start = end
    #if os(Linux)
      // Each worker thread has its own malloc arena that keeps its high-water mark. When the arenas
      // hold more than a few megabytes free, give the pages back, so that peak memory follows the
      // largest files in flight rather than the sum of every arena's largest file. Trimming after
      // every window instead costs a page fault for every page the next file touches again (about
      // a quarter of lint's CPU time on the corpus).
      if lottiekit_malloc_free_bytes() > freeMemoryBudget { _ = lottiekit_malloc_trim() }
    #endif
  }
}

/// Free bytes the malloc arenas may keep between windows of `parallelOrdered`.
let freeMemoryBudget = 16 << 20

final class ResultBox<R>: @unchecked Sendable {
  private var storage: [R?]
  private let lock = NSLock()
  init(count: Int) { storage = Array(repeating: nil, count: count) }
  func set(_ k: Int, _ value: R) {
    lock.lock()
    storage[k] = value
    lock.unlock()
  }
  func values() -> [R] { storage.compactMap { $0 } }
}

/// Process-wide memory settings, applied once at start-up before any worker thread exists.
package enum MemoryTuning {
  /// One malloc arena for the process (glibc): see `lottiekit_malloc_one_arena`.
  package static func useOneMallocArena() {
    #if os(Linux)
      lottiekit_malloc_one_arena()
    #endif
  }
}
