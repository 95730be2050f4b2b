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

  // MARK: images for dotLottie

  /// Reads every external image (confined to the animation's folder or `root`), names it inside the
  /// archive and points its asset there (`u: "/i/"`, `p: name`, `e: 0`). The original file name is
  /// kept when it is a plain, safe name, so that `unpack` gives back `images/<name>`.
  static func collectImages(_ document: JSONDocument, baseDirectory: String, root: String?, version: Int)
    -> (bytes: [UInt8], images: [PackedImage], notes: [PackNote]) {
    let animation = Animation(document: document)
    var edits = JSONEdits(document)
    var notes: [PackNote] = []
    var images: [PackedImage] = []
    var byName: [String: [UInt8]] = [:]
    let folder = version == 1 ? "/images/" : "/i/"
    for asset in animation.assets where asset.isImage && !asset.isEmbedded {
      let id = asset.id ?? "?"
      func refuse(_ m: String) { notes.append(PackNote(kind: .error, message: "image \"\(id)\": \(m)")) }
      let path: String
      let relative: String
      switch AssetPaths.locate(asset, baseDirectory: baseDirectory, root: root) {
      case .embedded: continue
      case .url(let u): refuse("\(u) is a URL; only local files are packed"); continue
      case .absolute(let p): refuse("\(p) is an absolute path; only files inside the animation's folder are read"); continue
      case .escapes(let r, let resolved): refuse("\(r) leads outside the animation's folder (to \(resolved)); refusing to read it"); continue
      case .invalid(let why): refuse(why); continue
      case .file(let r, let p): relative = r; path = p
      }
      guard FileIO.fileSize(path) != nil else { refuse("\(relative) does not exist"); continue }
      let bytes: [UInt8]
      do { bytes = try FileIO.read(path, limit: 512 * 1024 * 1024) } catch let failure { refuse("\(relative) cannot be read: \(failure.message)"); continue }
      let info = ImageSniffer.sniff(bytes)
      if info == nil { notes.append(PackNote(kind: .warning, message: "image \"\(id)\": \(relative) is not a PNG, JPEG, WebP, GIF or SVG image (by its bytes)")) }
      let original = asset.fileName ?? ""
      let stem: String
      let ext: String
      if isPlainFileName(original) {
        if let dot = original.lastIndex(of: "."), dot != original.startIndex {
          stem = String(original[..<dot])
          ext = String(original[original.index(after: dot)...])
        } else {
          stem = original
          ext = info?.type.fileExtensions.first ?? "bin"
        }
      } else {
        stem = Extract.safeStem(id)
        ext = info?.type.fileExtensions.first ?? "bin"
      }
      var name = "\(stem).\(ext)"
      var n = 1
      while let taken = byName[name], taken != bytes {
        n += 1
        name = "\(stem)_\(n).\(ext)"
      }
      if byName[name] == nil {
        byName[name] = bytes
        images.append(PackedImage(name: name, bytes: bytes))
      }
      guard let p = asset.node["p"] else { continue }
      edits.replace(p, with: .string(name))
      do {
        try edits.set("u", to: .string(folder), in: asset.node)
        try edits.set("e", to: .int(0), in: asset.node)
      } catch {
        notes.append(PackNote(kind: .error, message: "internal error: \(error.message)"))
      }
    }
    if notes.contains(where: { $0.kind == .error }) { return (document.bytes, [], notes) }
    do {
      return (try edits.apply(), images, notes)
    } catch {
      notes.append(PackNote(kind: .error, message: "internal error: \(error.message)"))
      return (document.bytes, [], notes)
    }
  }

  /// A file name that is safe as a zip entry and on every file system: ASCII letters, digits, `._-`,
  /// not starting with a dot, at most 200 bytes.
  public static func isPlainFileName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 200, !name.hasPrefix(".") else { return false }
    return name.unicodeScalars.allSatisfy { s in
      s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" || s == "-" || s == ".")
    }
  }

  // MARK: prune

  /// Removes precomp and image assets that no layer reachable from the root composition uses
  /// (following precomps, as `Strip` does when it prunes). An asset whose id or name appears in an
  /// expression is kept: `comp("name")` can reach it without a `refId`.
  public static func prune(_ document: JSONDocument) -> (bytes: [UInt8], removed: [String], kept: [String]) {
    let animation = Animation(document: document)
    var used = Set<String>()
    var queue: [Composition] = [animation.rootComposition]
    var seen = Set<String>()
    while let comp = queue.popLast() {
      for layer in comp.layers {
        guard let ref = layer.refId else { continue }
        used.insert(ref)
        if layer.typeCode == 0, !seen.contains(ref), let inner = animation.composition(id: ref) {
          seen.insert(ref)
          queue.append(inner)
        }
      }
    }
    let unused = animation.assets.filter { a in
      guard let id = a.id, a.isPrecomp || a.isImage else { return false }
      return !used.contains(id)
    }
    guard !unused.isEmpty else { return (document.bytes, [], []) }
    let expressions = expressionTexts(document)
    var edits = JSONEdits(document)
    var removed: [String] = []
    var kept: [String] = []
    for asset in unused {
      let id = asset.id ?? "?"
      let names = [id] + (asset.name.map { [$0] } ?? [])
      if expressions.contains(where: { text in names.contains { text.contains("\"\($0)\"") || text.contains("'\($0)'") } }) {
        kept.append(id)
        continue
      }
      do { try edits.remove(asset.node) } catch { continue }
      removed.append(id)
    }
    guard let bytes = try? edits.apply() else { return (document.bytes, [], kept) }
    return (bytes, removed, kept)
  }

  /// Every expression string (`x` values) in the document.
  static func expressionTexts(_ document: JSONDocument) -> [String] {
    document.keyIndices(named: "x", in: 0..<document.nodeCount).compactMap { k in
      let value = document.node(JSONNode.ID(raw: UInt32(k + 1)))
      return value.string
    }
  }

  // MARK: strip names

  /// Removes every `nm` and `mn` member whose value is a string.
  public static func stripNames(_ document: JSONDocument) -> (bytes: [UInt8], hasExpressions: Bool) {
    var edits = JSONEdits(document)
    for key in ["nm", "mn"] {
      for k in document.keyIndices(named: key, in: 0..<document.nodeCount) {
        let value = document.node(JSONNode.ID(raw: UInt32(k + 1)))
        guard value.isString else { continue }
        try? edits.remove(value)
      }
    }
    let hasExpressions = !expressionTexts(document).isEmpty
    guard !edits.isEmpty, let bytes = try? edits.apply() else { return (document.bytes, hasExpressions) }
    return (bytes, hasExpressions)
  }

  // MARK: precision

  /// Keys whose numbers are never rounded: identities and references (`ind`, `parent`, `refId`,
  /// `tp`, `td`, `tt`), types and enumerations (`ty`), and time (`ip`, `op`, `st`, `sr`, keyframe `t`,
  /// the frame rate, marker `tm`/`dr`), where a rounded frame moves a keyframe or cuts a layer.
  /// Time remapping (`tm` on a layer) holds times in its keyframe values, so its whole subtree is kept.
  static let protectedKeys: Set<String> = ["ind", "parent", "refId", "ty", "tp", "td", "tt", "ip", "op", "st", "sr", "t",
                                            "fr", "tm", "dr", "w", "h", "v", "ddd", "ao", "bm", "np", "ix", "cix", "id"]

  /// Rounds numbers to `decimals` places where it is safe, and only where the rounded spelling is
  /// shorter than the original: a number already short enough keeps its exact text.
  ///
  /// Done with `JSONEdits` (one replacement per shortened number) rather than by writing a new
  /// document: every other byte — key order, duplicate keys, escapes, the spelling of integers and of
  /// the protected numbers — stays exactly as it was, and the step can be measured on its own.
  public static func roundNumbers(_ document: JSONDocument, decimals: Int) -> [UInt8] {
    let digits = max(0, min(decimals, 15))
    var edits = JSONEdits(document)
    var changed = false
    let root = document.root
    for k in 0..<document.nodeCount {
      let node = document.node(JSONNode.ID(raw: UInt32(k)))
      guard node.isNumber, node != root else { continue }
      let text = node.sourceBytes
      // Only numbers with a fraction or an exponent can get shorter.
      guard text.contains(UInt8(ascii: ".")) || text.contains(UInt8(ascii: "e")) || text.contains(UInt8(ascii: "E")) else { continue }
      if isProtected(node) { continue }
      let places = isEasingHandle(node) ? max(digits, minimumEasingDecimals) : digits
      guard let value = node.double, let rounded = roundedText(value, decimals: places), rounded.count < text.count else { continue }
      edits.replace(node, withRaw: rounded)
      changed = true
    }
    guard changed, let bytes = try? edits.apply() else { return document.bytes }
    return bytes
  }

  /// Easing handles (a keyframe's `i`/`o` `x` and `y`, in 0…1) shape the whole interval between two
  /// keyframes: at 2 decimals a corpus file moved visibly (1.1% of pixels), so they keep at least 3.
  static let minimumEasingDecimals = 3

  /// Whether a number is an easing handle: its key is `x` or `y` (directly, or in an array), in an
  /// object that is the value of `i` or `o` (a shape's vertex tangents are arrays under `i`/`o`,
  /// not objects, and are not matched).
  static func isEasingHandle(_ node: JSONNode) -> Bool {
    var current = node
    if let parent = current.parent, parent.isArray { current = parent }
    guard let key = current.key, key == "x" || key == "y", let handle = current.parent, handle.isObject,
          let handleKey = handle.key else { return false }
    return handleKey == "i" || handleKey == "o"
  }

  /// Whether a number is protected: its own key (the nearest member key above it, through arrays)
  /// is a protected key, or it lies anywhere inside a time remap (`tm`). Only the nearest key counts
  /// otherwise, so that a text layer's `t` object (text data) is rounded while a keyframe's `t` is not.
  static func isProtected(_ node: JSONNode) -> Bool {
    var current = node
    var nearest = true
    while let parent = current.parent {
      if parent.isObject, let key = current.key {
        if nearest {
          if protectedKeys.contains(key) { return true }
          nearest = false
        } else if key == "tm" {
          return true
        }
      }
      current = parent
    }
    return false
  }

  /// `value` rounded half away from zero to `decimals` places, written without trailing zeros or an
  /// exponent (`0.5`, `-12`, `3.142`); nil when the magnitude is too large to round exactly.
  static func roundedText(_ value: Double, decimals: Int) -> [UInt8]? {
    guard value.isFinite else { return nil }
    var scale: Double = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 9.0e15 else { return nil }
    var integer = Int(scaled)
    if integer == 0 { return Array("0".utf8) }
    let negative = integer < 0
    integer = abs(integer)
    var digits = Array(String(integer).utf8)
    // Split into whole and fraction parts, padding the fraction with leading zeros.
    while digits.count <= decimals { digits.insert(UInt8(ascii: "0"), at: 0) }
    let whole = digits[0..<(digits.count - decimals)]
    var fraction = Array(digits[(digits.count - decimals)...])
    while let last = fraction.last, last == UInt8(ascii: "0") { fraction.removeLast() }
    var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    out.append(contentsOf: whole)
    if !fraction.isEmpty {
      out.append(UInt8(ascii: "."))
      out.append(contentsOf: fraction)
    }
    return out
  }

  // MARK: manifest

  /// One line of a `--manifest` listing.
  public struct ManifestEntry: Sendable {
    public var id: String
    public var file: String
    public var bytes: Int
    public var gzipBytes: Int
    public var sha256: String
    public var width: Double?
    public var height: Double?
    public var frameRate: Double?
    public var duration: Double?
    public var targets: [String]
    public init(id: String, file: String, bytes: Int, gzipBytes: Int, sha256: String, width: Double?, height: Double?,
                frameRate: Double?, duration: Double?, targets: [String]) {
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
  public static func contentAddressedName(_ bytes: [UInt8], format: PackFormat) -> String {
    String(SHA256.hex(bytes).prefix(16)) + "." + format.fileExtension
  }

  /// `manifest.json`: entries sorted by id, fixed key order, no timestamps, so that the same inputs
  /// always give the same bytes.
  public static func manifest(_ entries: [ManifestEntry], format: PackFormat, generator: String) -> [UInt8] {
    let sorted = entries.sorted { Array($0.id.utf8).lexicographicallyPrecedes(Array($1.id.utf8)) }
    let value = JSONValue.object([
      ("version", .int(1)),
      ("generator", .string(generator)),
      ("format", .string(format.rawValue)),
      ("contentType", .string(format.contentType)),
      ("contentEncoding", .optional(format.contentEncoding)),
      ("animations", .array(sorted.map { e in
        .object([
          ("id", .string(e.id)), ("file", .string(e.file)), ("bytes", .int(e.bytes)), ("gzipBytes", .int(e.gzipBytes)),
          ("sha256", .string(e.sha256)), ("w", .optional(e.width)), ("h", .optional(e.height)),
          ("fr", .optional(e.frameRate)), ("duration", .optional(e.duration)),
          ("targets", .array(e.targets.map { .string($0) })),
        ])
      })),
    ])
    return value.pretty + [0x0A]
  }
}

// MARK: - unpack

/// What `unpack` writes: animations and images, by path relative to the output folder.
public struct UnpackedFiles: Sendable {
  public var files: [(path: String, bytes: [UInt8])] = []
  public var notes: [String] = []
}

public enum Unpack {
  /// Opens a `.lottie` (v1 or v2) or a gzip (`.tgs`, `.json.gz`) and returns the files to write.
  /// Every archive entry name is checked before anything is inflated (an entry that would land
  /// outside the output folder refuses the whole archive), and the expanded size is bounded by `limit`.
  public static func run(_ bytes: [UInt8], fileName: String, limit: Int) throws(ArchiveError) -> UnpackedFiles {
    if Gzip.isGzip(bytes) {
      let json = try Gzip.decompress(bytes, limit: limit)
      do { _ = try JSONDocument(parsing: json) } catch {
        throw ArchiveError("the decompressed data is not JSON (\(error.location.line):\(error.location.column): \(error.message))")
      }
      var stem = fileName
      for suffix in [".tgs", ".json.gz", ".gz"] where stem.lowercased().hasSuffix(suffix) {
        stem = String(stem.dropLast(suffix.count))
        break
      }
      if !Pack.isPlainFileName(stem + ".json") { stem = Extract.safeStem(stem) }
      return UnpackedFiles(files: [(stem + ".json", json)], notes: [])
    }
    guard ZipArchive.isZip(bytes) else {
      throw ArchiveError("not a .lottie (zip) or .tgs (gzip) file")
    }
    let archive = try ZipArchive(bytes: bytes, limit: limit)
    var names = Set<String>()
    for entry in archive.entries {
      guard ZipArchive.isSafeEntryName(entry.name) else {
        throw ArchiveError("archive entry '\(entry.name)' would be written outside the output folder; refusing the archive")
      }
      guard names.insert(entry.name).inserted else { throw ArchiveError("archive has two entries named '\(entry.name)'") }
    }
    let animations = Inputs.dotLottieAnimationEntries(archive)
    guard !animations.isEmpty else { throw ArchiveError("dotLottie archive has no animation (no a/*.json or animations/*.json)") }

    var result = UnpackedFiles()
    var written = Set<String>()
    // Images (i/, images/) go to images/ and sounds (u/, audio/) to audio/ beside the animations,
    // where the assets are pointed; the manifest, themes (t/, themes/), state machines (s/, states/)
    // and any other entry are kept in .dotlottie/ so that `pack` can rebuild the archive.
    var mediaEntries: [String: [String: ZipArchive.Entry]] = ["images/": [:], "audio/": [:]]
    for entry in archive.entries where !entry.isDirectory && !animations.contains(where: { $0.name == entry.name }) {
      if DotLottieLayout.isJunk(entry.name) {
        result.notes.append("skipped '\(entry.name)' (not part of the animation: a file system's hidden entry)")
        continue
      }
      let target = DotLottieLayout.unpackedPath(of: entry.name)
      if let media = ["images/", "audio/"].first(where: { target.hasPrefix($0) }) {
        mediaEntries[media]?[String(target.dropFirst(media.count))] = entry
      }
      guard written.insert(target).inserted else {
        result.notes.append("skipped '\(entry.name)': another entry already unpacks to \(target)")
        continue
      }
      result.files.append((target, try archive.data(of: entry)))
      if target.hasPrefix(DotLottieLayout.keptFolder) && entry.name != "manifest.json" {
        result.notes.append("kept '\(entry.name)' as \(target) (pack rebuilds the archive with it)")
      }
    }
    for entry in animations {
      let prefix = entry.name.hasPrefix("a/") ? "a/" : "animations/"
      let relative = String(entry.name.dropFirst(prefix.count))
      let json = try archive.data(of: entry)
      let document: JSONDocument
      do { document = try JSONDocument(parsing: json) } catch {
        throw ArchiveError("'\(entry.name)' is not valid JSON (\(error.location.line):\(error.location.column): \(error.message))")
      }
      let rewritten = try pointAssets(document, images: Set(mediaEntries["images/"]?.keys ?? [:].keys),
                                      sounds: Set(mediaEntries["audio/"]?.keys ?? [:].keys))
      guard written.insert(relative).inserted else { throw ArchiveError("two animations unpack to '\(relative)'") }
      result.files.append((relative, rewritten))
    }
    return result
  }

  /// Points image and sound assets that reference an archive entry (`u: "/i/"`, `"/images/"`,
  /// `"/u/"`, `"/audio/"`, or any `u`: players look `p` up in the archive's folders) at `images/`
  /// and `audio/` beside the unpacked animation.
  static func pointAssets(_ document: JSONDocument, images: Set<String>, sounds: Set<String>) throws(ArchiveError) -> [UInt8] {
    let animation = Animation(document: document)
    var edits = JSONEdits(document)
    for asset in animation.assets where !asset.isEmbedded {
      guard let p = asset.fileName else { continue }
      let folder: String
      if asset.isImage && images.contains(p) { folder = "images/" }
      else if asset.isSound && sounds.contains(p) { folder = "audio/" }
      else { continue }
      guard asset.folder != folder else { continue }
      do { try edits.set("u", to: .string(folder), in: asset.node) } catch { throw ArchiveError("internal error: \(error.message)") }
    }
    if edits.isEmpty { return document.bytes }
    do { return try edits.apply() } catch { throw ArchiveError("internal error: \(error.message)") }
  }
}

/// Where a dotLottie's entries go when unpacked, and back.
public enum DotLottieLayout {
  /// The manifest, themes, state machines and entries of no known kind, kept for `pack`.
  public static let keptFolder = ".dotlottie/"

  /// Archive folder → unpacked folder (v2 and v1 names).
  static let folders: [(archive: String, unpacked: String)] = [
    ("i/", "images/"), ("images/", "images/"), ("u/", "audio/"), ("audio/", "audio/"),
    ("t/", keptFolder + "themes/"), ("themes/", keptFolder + "themes/"),
    ("s/", keptFolder + "states/"), ("states/", keptFolder + "states/"),
  ]

  /// Entries a file system adds (`.DS_Store`, `__MACOSX/`): never part of the animation.
  public static func isJunk(_ name: String) -> Bool {
    name.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "__MACOSX" || $0 == "Thumbs.db" }
  }

  /// Where a non-animation entry is written by `unpack`.
  public static func unpackedPath(of name: String) -> String {
    for f in folders where name.hasPrefix(f.archive) { return f.unpacked + name.dropFirst(f.archive.count) }
    return keptFolder + name
  }

  /// Where an unpacked file goes back in a version-`version` archive (nil: not part of it).
  public static func archivePath(of relative: String, version: Int) -> String? {
    if relative == keptFolder + "manifest.json" { return "manifest.json" }
    let v2: [String: String] = ["images/": "i/", "audio/": "u/", keptFolder + "themes/": "t/", keptFolder + "states/": "s/"]
    let v1: [String: String] = ["images/": "images/", "audio/": "audio/", keptFolder + "themes/": "themes/", keptFolder + "states/": "states/"]
    for (unpacked, archive) in (version == 1 ? v1 : v2) where relative.hasPrefix(unpacked) {
      return archive + relative.dropFirst(unpacked.count)
    }
    if relative.hasPrefix(keptFolder) { return String(relative.dropFirst(keptFolder.count)) }
    return nil
  }
}
