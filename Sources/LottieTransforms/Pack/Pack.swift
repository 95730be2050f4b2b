import LottieJSON
import LottieKitIO
import LottieModel

/// What `pack` writes.
package enum PackFormat: String, Sendable, CaseIterable {
  /// Minified JSON.
  case json
  /// Minified JSON in a gzip container (zlib, best compression): `.json.gz`.
  case gz
  /// dotLottie (a zip): v2 by default, v1 on request.
  case lottie
  /// Telegram sticker: gzip of the minified JSON (the sticker profile is checked by the caller).
  case tgs

  package var fileExtension: String {
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
  package var contentType: String {
    switch self {
    case .json, .gz: return "video/lottie+json"
    case .lottie: return "application/zip"
    case .tgs: return "application/x-tgsticker"
    }
  }

  package var contentEncoding: String? { self == .gz ? "gzip" : nil }
}

package struct PackOptions: Sendable {
  package var format: PackFormat = .json
  /// Embed external images as data URIs (`Inline`).
  package var inline = false
  /// Remove precomp and image assets that nothing reachable from the root uses.
  package var prune = false
  /// Round numbers to this many decimals where it is safe (see `Pack.roundNumbers`).
  package var precision: Int? = nil
  /// Remove `nm` and `mn` (breaks keypaths, expressions by name and Skottie's effect lookup).
  package var stripNames = false
  /// dotLottie layout: 2 (`a/`, `i/`, manifest `version: "2"`) or 1 (`animations/`, `images/`).
  package var dotLottieVersion = 2
  /// The animation goes back into the dotLottie it was read from, whose images and sounds stay
  /// there: nothing is collected from disk, and its assets keep pointing into the archive.
  package var keepsArchive = false
  /// Folder images may be read from (default: the animation's own folder).
  package var root: String? = nil
  /// Written into dotLottie manifests.
  package var generator = "lottiekit"
  /// `--optimize`: `optimize` at this level (verified by rendering) before the other steps; the
  /// caller runs it, since the check renders with rlottie.
  package var optimize: Optimize.Options? = nil
  package init() {}
}

/// Something about a packed file a person should know.
package struct PackNote: Sendable, CustomStringConvertible {
  package enum Kind: Sendable { case info, warning, error }
  package var kind: Kind
  package var message: String
  package var description: String { message }
}

/// An image that goes into a dotLottie archive beside the animation.
package struct PackedImage: Sendable, Equatable {
  /// File name inside the images folder (`i/` or `images/`).
  package var name: String
  package var bytes: [UInt8]
}

/// The JSON side of a pack, before it is put in its container: every option applied.
package struct PreparedAnimation: Sendable {
  /// The final minified JSON (for dotLottie, with images pointing into the archive).
  package var json: [UInt8]
  package var images: [PackedImage]
  package var steps: [SizeStep]
  package var notes: [PackNote]
  /// Bytes of the input file as read.
  package var inputBytes: Int
  /// Bytes of the external images read from disk (inlined or put in the archive).
  package var imageBytesRead: Int
  package var refused: Bool { notes.contains { $0.kind == .error } }
}

package enum Pack {
  // MARK: the JSON pipeline

  /// Runs minify, prune, strip-names, precision, inline (or image collection for dotLottie) in
  /// that order, each on the previous step's output. Pruning comes first so that unused images are
  /// neither read nor embedded; inlining comes last so that rounding never scans base64 text.
  package static func prepare(_ document: JSONDocument, baseDirectory: String?, options: PackOptions) -> PreparedAnimation {
    let minified = document.written(.minified)
    let minify = SizeStep(name: "minify", before: document.bytes.count, after: minified.count)
    let doc: JSONDocument
    do { doc = try JSONDocument(parsing: minified) } catch {
      return PreparedAnimation(
        json: [], images: [], steps: [minify],
        notes: [PackNote(kind: .error, message: "internal error: minified JSON does not parse: \(error.message)")],
        inputBytes: document.bytes.count, imageBytesRead: 0)
    }
    var pipeline = PackPipeline(original: document, baseDirectory: baseDirectory, options: options, minified: minified, doc: doc, minify: minify)
    guard pipeline.rewrite() else { return pipeline.stopped() }
    return pipeline.packImages()
  }

  // MARK: containers

  /// Puts prepared JSON into its container and records the compression step.
  package static func container(_ prepared: PreparedAnimation, id: String, options: PackOptions) throws(ArchiveError) -> (bytes: [UInt8], step: SizeStep?) {
    switch options.format {
    case .json:
      return (prepared.json, nil)
    case .gz, .tgs:
      let gz = try Gzip.compress(prepared.json)
      return (gz, SizeStep(name: "gzip", before: prepared.json.count, after: gz.count))
    case .lottie:
      let archive = try dotLottie(
        json: prepared.json, images: prepared.images, id: id, version: options.dotLottieVersion,
        generator: options.generator)
      let before = prepared.json.count + prepared.images.reduce(0) { $0 + $1.bytes.count }
      return (archive, SizeStep(name: "zip (deflate)", before: before, after: archive.count))
    }
  }

  /// A dotLottie archive with one animation. v2: `manifest.json` (`version` is the string "2"),
  /// `a/<id>.json`, `i/<image>`; v1: `animations/<id>.json`, `images/<image>`. The manifest goes
  /// first (readers that stream the zip find it at once); entries are written in a fixed order with
  /// a fixed timestamp, so the same input always gives the same bytes.
  package static func dotLottie(
    json: [UInt8], images: [PackedImage], id: String, version: Int,
    generator: String
  ) throws(ArchiveError) -> [UInt8] {
    let manifest: JSONValue
    if version == 1 {
      manifest = .object([
        ("version", .string("1.0")), ("generator", .string(generator)), ("author", .string(generator)), ("revision", .int(1)),
        (
          "animations",
          .array([
            .object([
              ("id", .string(id)), ("speed", .int(1)), ("loop", .bool(true)),
              ("autoplay", .bool(true)), ("direction", .int(1)), ("playMode", .string("normal"))
            ])
          ])
        ),
        ("activeAnimationId", .string(id))
      ])
    } else {
      manifest = .object([
        ("version", .string("2")), ("generator", .string(generator)),
        ("animations", .array([.object([("id", .string(id))])]))
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
