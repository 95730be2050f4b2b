import Foundation
import LottieJSON
import LottieKitIO
import LottieModel

/// What the asset rules need to know about every image asset of a file: where it points, and what
/// its bytes are. Computed once per file (embedded images are decoded once, external ones read once)
/// and shared by the rules through `ImageAssetScan.of(_:)`. Holds no JSON nodes and no image bytes,
/// only small facts, so a cached scan keeps nothing large alive.
struct ImageAssetScan: Sendable {
  var images: [ImageAssetFacts]

  /// The largest image file lottiekit reads to look at its header.
  static let readLimit = 64 * 1024 * 1024

  static func of(_ context: LintContext) -> ImageAssetScan {
    ImageAssetScanCache.shared.scan(for: context)
  }

  init(context: LintContext) {
    var images: [ImageAssetFacts] = []
    for (position, asset) in context.animation.assets.enumerated() {
      guard asset.isImage, let p = asset.fileName else { continue }
      if asset.isEmbedded {
        images.append(ImageAssetFacts(position: position, node: asset.node, id: asset.id, source: .embedded(EmbeddedImageFacts(p))))
      } else {
        images.append(
          ImageAssetFacts(position: position, node: asset.node, id: asset.id, source: .external(ExternalImageFacts(asset, context: context))))
      }
    }
    self.images = images
  }
}

struct ImageAssetFacts: Sendable {
  /// Index in `assets`.
  var position: Int
  /// The asset's object in the document the facts were read from.
  var node: JSONNode
  var id: String?
  var source: Source

  /// `"image_0"` (quoted id) or `#3` (position) for messages.
  var label: String { id.map { "\"\($0)\"" } ?? "#\(position)" }

  /// Where findings say they are: `["assets", "image_0"]`.
  var layerPath: [String] { ["assets", id ?? "#\(position)"] }

  enum Source: Sendable {
    case embedded(EmbeddedImageFacts)
    case external(ExternalImageFacts)
  }

  /// The asset (kept from the scan: looking it up by position would walk `assets` each time).
  var asset: Asset? { Asset(node: node) }

  /// What the image's bytes are, when lottiekit could read and decode them.
  var content: ImageContent? {
    switch source {
    case .embedded(let e): return e.content
    case .external(let x): return x.content
    }
  }

  /// "image asset "image_0"" or "embedded image asset "image_0"".
  var phrase: String {
    switch source {
    case .embedded: return "embedded image asset \(label)"
    case .external: return "image asset \(label)"
    }
  }
}

/// Decoded (or read) bytes, summarised.
struct ImageContent: Sendable {
  var byteCount: Int
  var info: ImageInfo?
  /// The first bytes, to show what a non-image starts with.
  var leadingBytes: [UInt8]

  init(_ bytes: [UInt8]) {
    byteCount = bytes.count
    info = ImageSniffer.sniff(bytes)
    leadingBytes = Array(bytes.prefix(8))
  }

  /// "it is empty" / "it starts with 3C 68 74 6D 6C 3E" (and the text, when it is printable).
  var startDescription: String {
    if leadingBytes.isEmpty { return "it is empty" }
    let hex = leadingBytes.map { b in (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }.joined(separator: " ")
    let printable = leadingBytes.allSatisfy { (0x20...0x7E).contains($0) }
    return "it starts with \(hex)" + (printable ? " (\"\(String(decoding: leadingBytes, as: UTF8.self))\")" : "")
  }
}

struct EmbeddedImageFacts: Sendable {
  /// The header does not parse (nil when it does).
  var headerError: DataURIError?
  var mediaType: String?
  var isBase64 = false
  var hasPlayerBase64Marker = false
  /// The base64 payload does not decode.
  var base64Error: Base64Error?
  /// Set when the payload decoded.
  var content: ImageContent?
  /// Bytes of text after the first comma (or after `data:` when there is none).
  var payloadLength = 0

  init(_ p: String) {
    do {
      let uri = try DataURI(parsing: p)
      mediaType = uri.mediaType
      isBase64 = uri.isBase64
      hasPlayerBase64Marker = uri.hasPlayerBase64Marker
      payloadLength = uri.payload.utf8.count
      // Players decode only base64 data URIs: anything else is reported as malformed, not decoded.
      guard uri.isBase64 else { return }
      do {
        content = ImageContent(try Base64.decode(uri.payload))
      } catch {
        base64Error = error
      }
    } catch {
      headerError = error
      payloadLength = max(0, p.utf8.count - 5)
    }
  }

  /// Decoded bytes, or an estimate from the text's length when the data does not decode.
  var decodedByteCount: Int { content?.byteCount ?? payloadLength / 4 * 3 }
}

struct ExternalImageFacts: Sendable {
  enum Location: Sendable, Equatable {
    case url(String)
    case absolute(String)
    /// `..` leads out of the animation's folder (known from the text alone).
    case escapesByDots
    /// A symbolic link leads out of the animation's folder (known only from the disk).
    case escapesBySymlink
    case file(path: String, exists: Bool)
    /// No folder to resolve against (standard input, archives), or no file system.
    case unchecked
    case invalid(String)
  }

  /// `u` + `p`, as players join them.
  var relativePath: String
  /// The same, shortened for messages (a raw base64 string in "p" would fill the screen).
  var displayPath: String { AssetWording.shortened(relativePath) }
  var location: Location
  /// Set when the file exists and could be read.
  var content: ImageContent?

  init(_ asset: Asset, context: LintContext) {
    let relative = asset.relativePath ?? ""
    relativePath = relative
    let archive = context.fileSystem?.resolvesAbsolutePaths == true
    if asset.isURL {
      location = .url(relative)
    } else if !archive && ExternalImageFacts.isAbsolute(relative) {
      location = .absolute(relative)
    } else if !archive && ExternalImageFacts.climbsOut(relative) {
      location = .escapesByDots
    } else if let base = context.baseDirectory, let fileSystem = context.fileSystem {
      switch fileSystem.locate(asset, baseDirectory: base) {
      case .embedded: location = .unchecked
      case .url(let u): location = .url(u)
      case .absolute(let a): location = .absolute(a)
      case .escapes: location = .escapesBySymlink
      case .file(_, let path, let exists): location = .file(path: path, exists: exists)
      case .invalid(let why): location = .invalid(why)
      }
    } else {
      location = .unchecked
    }
    if case .file(let path, true) = location, let bytes = context.fileSystem?.read(path, limit: ImageAssetScan.readLimit) {
      content = ImageContent(bytes)
    }
  }

  /// `/…`, `~…`, or a Windows drive path (`C:/…`, `C:\…`) that an export on Windows can leave behind.
  static func isAbsolute(_ path: String) -> Bool {
    if path.hasPrefix("/") || path.hasPrefix("~") || path.hasPrefix("\\") { return true }
    let bytes = Array(path.utf8.prefix(3))
    guard bytes.count == 3 else { return false }
    let isLetter = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[0] & 0xDF)
    return isLetter && bytes[1] == UInt8(ascii: ":") && (bytes[2] == UInt8(ascii: "/") || bytes[2] == UInt8(ascii: "\\"))
  }

  /// Whether `..` components lead above the folder the path starts in.
  static func climbsOut(_ path: String) -> Bool {
    var depth = 0
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        depth -= 1
        if depth < 0 { return true }
      } else {
        depth += 1
      }
    }
    return false
  }
}

/// One scan per lint context, shared by the asset rules. Entries are keyed by the context's identity
/// through a weak reference, so a finished file's entry is dropped and a new context that happens to
/// reuse the address never sees it.
final class ImageAssetScanCache: @unchecked Sendable {
  static let shared = ImageAssetScanCache()

  private struct Entry {
    weak var context: LintContext?
    var scan: ImageAssetScan
  }

  private let lock = NSLock()
  private var entries: [Entry] = []

  func scan(for context: LintContext) -> ImageAssetScan {
    if let cached = lookup(context) { return cached }
    // Computed outside the lock: two rules racing on one file at worst compute it twice.
    let scan = ImageAssetScan(context: context)
    lock.lock()
    defer { lock.unlock() }
    entries.removeAll { $0.context == nil }
    if !entries.contains(where: { $0.context === context }) {
      entries.append(Entry(context: context, scan: scan))
    }
    return scan
  }

  private func lookup(_ context: LintContext) -> ImageAssetScan? {
    lock.lock()
    defer { lock.unlock() }
    return entries.first { $0.context === context }?.scan
  }
}

/// Shared wording for the asset rules.
enum AssetWording {
  /// "67 bytes", "1.2 KB", "3.4 MB" (decimal units).
  static func bytes(_ count: Int) -> String {
    if count < 1000 { return "\(count) bytes" }
    let units: [(Double, String)] = [(1e3, "KB"), (1e6, "MB"), (1e9, "GB")]
    var chosen = units[0]
    for unit in units where Double(count) >= unit.0 { chosen = unit }
    let value = (Double(count) / chosen.0 * 10).rounded() / 10
    let text = value == value.rounded() ? String(Int(value)) : String(value)
    return "\(text) \(chosen.1)"
  }

  /// Text cut to at most `limit` characters, with "…" in the middle.
  static func shortened(_ text: String, limit: Int = 120) -> String {
    guard text.count > limit else { return text }
    return text.prefix(limit / 2) + "…" + text.suffix(limit / 2 - 1)
  }

  /// A JSON number as written when it is not integral, else as an integer ("100", "99.5").
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
