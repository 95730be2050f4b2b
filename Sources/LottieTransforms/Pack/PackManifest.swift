import LottieJSON
import LottieKitIO
import LottieModel

/// The CDN manifest of `pack --manifest`: content-addressed names and one sorted manifest.json.
extension Pack {
  // MARK: manifest

  /// One line of a `--manifest` listing.
  package struct ManifestEntry: Sendable {
    package var id: String
    package var file: String
    package var bytes: Int
    package var gzipBytes: Int
    package var sha256: String
    package var width: Double?
    package var height: Double?
    package var frameRate: Double?
    package var duration: Double?
    package var targets: [String]
    package init(
      id: String, file: String, bytes: Int, gzipBytes: Int, sha256: String, width: Double?, height: Double?,
      frameRate: Double?, duration: Double?, targets: [String]
    ) {
      self.id = id
      self.file = file
      self.bytes = bytes
      self.gzipBytes = gzipBytes
      self.sha256 = sha256
      self.width = width
      self.height = height
      self.frameRate = frameRate
      self.duration = duration
      self.targets = targets
    }
  }

  /// The content-addressed file name of packed bytes: the first 16 hex digits of their SHA-256.
  package static func contentAddressedName(_ bytes: [UInt8], format: PackFormat) -> String {
    String(SHA256.hex(bytes).prefix(16)) + "." + format.fileExtension
  }

  /// `manifest.json`: entries sorted by id, fixed key order, no timestamps, so that the same inputs
  /// always give the same bytes.
  package static func manifest(_ entries: [ManifestEntry], format: PackFormat, generator: String) -> [UInt8] {
    let sorted = entries.sorted { Array($0.id.utf8).lexicographicallyPrecedes(Array($1.id.utf8)) }
    let value = JSONValue.object([
      ("version", .int(1)),
      ("generator", .string(generator)),
      ("format", .string(format.rawValue)),
      ("contentType", .string(format.contentType)),
      ("contentEncoding", .optional(format.contentEncoding)),
      (
        "animations",
        .array(
          sorted.map { e in
            .object([
              ("id", .string(e.id)), ("file", .string(e.file)), ("bytes", .int(e.bytes)), ("gzipBytes", .int(e.gzipBytes)),
              ("sha256", .string(e.sha256)), ("w", .optional(e.width)), ("h", .optional(e.height)),
              ("fr", .optional(e.frameRate)), ("duration", .optional(e.duration)),
              ("targets", .array(e.targets.map { .string($0) }))
            ])
          })
      )
    ])
    return value.pretty + [0x0A]
  }
}
