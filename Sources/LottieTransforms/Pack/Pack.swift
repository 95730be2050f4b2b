import LottieJSON
import LottieKitIO
import LottieModel

/// What `pack` writes.
public enum PackFormat: String, Sendable, CaseIterable {
  /// Minified JSON.
  case json
  /// Minified JSON in a gzip container (zlib, best compression): `.json.gz`.
  case gz
  /// dotLottie (a zip): v2 by default, v1 on request.
  case lottie
  /// Telegram sticker: gzip of the minified JSON (the sticker profile is checked by the caller).
  case tgs

  public var fileExtension: String {
    switch self {
    case .json: return "json"
    case .gz: return "json.gz"
    case .lottie: return "lottie"
    case .tgs: return "tgs"
    }
  }

  /// The HTTP headers a CDN serves this format with: the media type the Lottie specification
  /// registers, `video/lottie+json` (lottie/lottie-spec docs/specs/format.md, "Media Type"),
  /// gzip as a content encoding, a dotLottie as the zip it is, a sticker as Telegram's
  /// `application/x-tgsticker`.
  public var contentType: String {
    switch self {
    case .json, .gz: return "video/lottie+json"
    case .lottie: return "application/zip"
    case .tgs: return "application/x-tgsticker"
    }
  }

  public var contentEncoding: String? { self == .gz ? "gzip" : nil }
}

public struct PackOptions: Sendable {
  public var format: PackFormat = .json
  /// Embed external images as data URIs (`Inline`).
  public var inline = false
  /// Remove precomp and image assets that nothing reachable from the root uses.
  public var prune = false
  /// Round numbers to this many decimals where it is safe (see `Pack.roundNumbers`).
  public var precision: Int? = nil
  /// Remove `nm` and `mn` (breaks keypaths, expressions by name and Skottie's effect lookup).
  public var stripNames = false
  /// dotLottie layout: 2 (`a/`, `i/`, manifest `version: "2"`) or 1 (`animations/`, `images/`).
  public var dotLottieVersion = 2
  /// Folder images may be read from (default: the animation's own folder).
  public var root: String? = nil
  /// Written into dotLottie manifests.
  public var generator = "lottiekit"
  public init() {}
}

/// One step of the pipeline and what it did to the size.
public struct PackStep: Sendable, Equatable {
  public var name: String
  public var before: Int
  public var after: Int
}

/// Something about a packed file a person should know.
public struct PackNote: Sendable, CustomStringConvertible {
  public enum Kind: Sendable { case info, warning, error }
  public var kind: Kind
  public var message: String
  public var description: String { message }
}

/// An image that goes into a dotLottie archive beside the animation.
public struct PackedImage: Sendable, Equatable {
  /// File name inside the images folder (`i/` or `images/`).
  public var name: String
  public var bytes: [UInt8]
}

/// The JSON side of a pack, before it is put in its container: every option applied.
public struct PreparedAnimation: Sendable {
  /// The final minified JSON (for dotLottie, with images pointing into the archive).
  public var json: [UInt8]
  public var images: [PackedImage]
  public var steps: [PackStep]
  public var notes: [PackNote]
  /// Bytes of the input file as read.
  public var inputBytes: Int
  /// Bytes of the external images read from disk (inlined or put in the archive).
  public var imageBytesRead: Int
  public var refused: Bool { notes.contains { $0.kind == .error } }
}

public enum Pack {
  // MARK: the JSON pipeline

  /// Runs minify, prune, strip-names, precision, inline (or image collection for dotLottie) in
  /// that order, each on the previous step's output. Pruning comes first so that unused images are
  /// neither read nor embedded; inlining comes last so that rounding never scans base64 text.
  public static func prepare(_ document: JSONDocument, baseDirectory: String?, options: PackOptions) -> PreparedAnimation {
    let minified = document.written(.minified)
    let minify = PackStep(name: "minify", before: document.bytes.count, after: minified.count)
    let doc: JSONDocument
    do { doc = try JSONDocument(parsing: minified) } catch {
      return PreparedAnimation(json: [], images: [], steps: [minify],
                               notes: [PackNote(kind: .error, message: "internal error: minified JSON does not parse: \(error.message)")],
                               inputBytes: document.bytes.count, imageBytesRead: 0)
    }
    var pipeline = PackPipeline(original: document, baseDirectory: baseDirectory, options: options, minified: minified, doc: doc, minify: minify)
    guard pipeline.rewrite() else { return pipeline.stopped() }
    return pipeline.packImages()
  }

  // MARK: containers

  /// Puts prepared JSON into its container and records the compression step.
  public static func container(_ prepared: PreparedAnimation, id: String, options: PackOptions) throws(ArchiveError) -> (bytes: [UInt8], step: PackStep?) {
    switch options.format {
    case .json:
      return (prepared.json, nil)
    case .gz, .tgs:
      let gz = try Gzip.compress(prepared.json)
      return (gz, PackStep(name: "gzip", before: prepared.json.count, after: gz.count))
    case .lottie:
      let archive = try dotLottie(json: prepared.json, images: prepared.images, id: id, version: options.dotLottieVersion,
                                  generator: options.generator)
      let before = prepared.json.count + prepared.images.reduce(0) { $0 + $1.bytes.count }
      return (archive, PackStep(name: "zip (deflate)", before: before, after: archive.count))
    }
  }

  /// A dotLottie archive with one animation. v2: `manifest.json` (`version` is the string "2"),
  /// `a/<id>.json`, `i/<image>`; v1: `animations/<id>.json`, `images/<image>`. The manifest goes
  /// first (readers that stream the zip find it at once); entries are written in a fixed order with
  /// a fixed timestamp, so the same input always gives the same bytes.
  public static func dotLottie(json: [UInt8], images: [PackedImage], id: String, version: Int,
                               generator: String) throws(ArchiveError) -> [UInt8] {
    let manifest: JSONValue
    if version == 1 {
      manifest = .object([
        ("version", .string("1.0")), ("generator", .string(generator)), ("author", .string(generator)), ("revision", .int(1)),
        ("animations", .array([.object([("id", .string(id)), ("speed", .int(1)), ("loop", .bool(true)),
                                        ("autoplay", .bool(true)), ("direction", .int(1)), ("playMode", .string("normal"))])])),
        ("activeAnimationId", .string(id)),
      ])
    } else {
      manifest = .object([
        ("version", .string("2")), ("generator", .string(generator)),
        ("animations", .array([.object([("id", .string(id))])])),
      ])
    }
    var zip = ZipWriter()
    try zip.add(name: "manifest.json", data: manifest.pretty + [0x0A])
    try zip.add(name: (version == 1 ? "animations/" : "a/") + id + ".json", data: json)
    for image in images {
      // Images are already compressed (PNG, JPEG, WebP): deflating them again rarely pays, but
      // ZipWriter keeps them stored when deflate does not make them smaller.
      try zip.add(name: (version == 1 ? "images/" : "i/") + image.name, data: image.bytes)
    }
    return zip.finish()
  }
}
