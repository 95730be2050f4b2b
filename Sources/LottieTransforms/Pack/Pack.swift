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
  public init(name: String, before: Int, after: Int) {
    self.name = name
    self.before = before
    self.after = after
  }
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
    var notes: [PackNote] = []
    var steps: [PackStep] = []
    func fail(_ message: String) -> PreparedAnimation {
      notes.append(PackNote(kind: .error, message: message))
      return stop()
    }
    /// Gives up; the reason is already among the notes.
    func stop() -> PreparedAnimation {
      PreparedAnimation(json: [], images: [], steps: steps, notes: notes, inputBytes: document.bytes.count, imageBytesRead: 0)
    }
    var current = document.written(.minified)
    steps.append(PackStep(name: "minify", before: document.bytes.count, after: current.count))
    var doc: JSONDocument
    do { doc = try JSONDocument(parsing: current) } catch { return fail("internal error: minified JSON does not parse: \(error.message)") }

    /// Replaces the document by the output of one step and records the sizes.
    func advance(_ name: String, _ bytes: [UInt8]) -> Bool {
      steps.append(PackStep(name: name, before: current.count, after: bytes.count))
      guard bytes != current else { return true }
      do {
        doc = try JSONDocument(parsing: bytes)
      } catch {
        notes.append(PackNote(kind: .error, message: "internal error: the \(name) step produced invalid JSON: \(error.message)"))
        return false
      }
      current = bytes
      return true
    }

    if options.prune {
      let result = prune(doc)
      for id in result.kept { notes.append(PackNote(kind: .info, message: "asset \"\(id)\" looks unused but an expression names it: kept")) }
      if !result.removed.isEmpty {
        notes.append(PackNote(kind: .info, message: "pruned \(result.removed.count) unused asset\(result.removed.count == 1 ? "" : "s"): \(result.removed.joined(separator: ", "))"))
      }
      guard advance("prune", result.bytes) else { return stop() }
    }
    if options.stripNames {
      let result = stripNames(doc)
      if result.hasExpressions {
        notes.append(PackNote(kind: .warning, message: "--strip-names removed names that expressions may look layers and effects up by"))
      }
      guard advance("strip names", result.bytes) else { return stop() }
    }
    if let digits = options.precision {
      guard advance("precision \(digits)", roundNumbers(doc, decimals: digits)) else { return stop() }
    }

    var images: [PackedImage] = []
    var imageBytesRead = 0
    let animation = Animation(document: doc)
    let external = animation.assets.filter { $0.isImage && !$0.isEmbedded }
    let otherFiles = animation.assets.filter { ($0.isData || $0.isSound) && !$0.isEmbedded && $0.relativePath != nil && !$0.isURL }
    if !otherFiles.isEmpty, options.format == .lottie || options.inline {
      let names = otherFiles.compactMap(\.relativePath).joined(separator: ", ")
      notes.append(PackNote(kind: .warning, message: "data and sound assets are not packed (\(names)): upload them beside the file"))
    }
    if options.inline {
      if !external.isEmpty, baseDirectory == nil {
        return fail("images of an animation read from an archive or stdin cannot be inlined (unpack it first)")
      }
      let result = Inline.run(doc, baseDirectory: baseDirectory ?? ".", options: Inline.Options(root: options.root))
      for n in result.notes where n.kind != .done {
        notes.append(PackNote(kind: n.kind == .error ? .error : .warning, message: n.description))
      }
      if result.refused { return stop() }
      for asset in external {
        if case .file(_, let path) = AssetPaths.locate(asset, baseDirectory: baseDirectory ?? ".", root: options.root) {
          imageBytesRead += FileIO.fileSize(path) ?? 0
        }
      }
      guard advance("inline", result.bytes) else { return stop() }
    } else if options.format == .lottie, !external.isEmpty {
      guard let base = baseDirectory else {
        return fail("images of an animation read from an archive or stdin cannot be packed (unpack it first)")
      }
      let collected = collectImages(doc, baseDirectory: base, root: options.root, version: options.dotLottieVersion)
      notes.append(contentsOf: collected.notes)
      if collected.notes.contains(where: { $0.kind == .error }) { return stop() }
      images = collected.images
      imageBytesRead = collected.images.reduce(0) { $0 + $1.bytes.count }
      guard advance("images into archive", collected.bytes) else { return stop() }
    } else if !external.isEmpty, options.format != .tgs {
      notes.append(PackNote(kind: .warning, message: "\(external.count) external image\(external.count == 1 ? " is" : "s are") referenced but not packed: upload \(external.count == 1 ? "it" : "them") beside the file, or use --inline or --format lottie"))
    }
    return PreparedAnimation(json: current, images: images, steps: steps, notes: notes,
                             inputBytes: document.bytes.count, imageBytesRead: imageBytesRead)
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
