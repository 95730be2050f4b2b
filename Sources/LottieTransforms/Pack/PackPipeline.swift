import LottieJSON
import LottieKitIO
import LottieModel

/// `Pack.prepare` step by step: each step works on the previous step's output and records its
/// sizes; a step that fails stops the pipeline with its reason among the notes.
struct PackPipeline {
  let original: JSONDocument
  let baseDirectory: String?
  let options: PackOptions
  var notes: [PackNote] = []
  var steps: [SizeStep]
  /// The JSON so far, and its parse.
  var current: [UInt8]
  var doc: JSONDocument

  init(original: JSONDocument, baseDirectory: String?, options: PackOptions, minified: [UInt8], doc: JSONDocument, minify: SizeStep) {
    self.original = original
    self.baseDirectory = baseDirectory
    self.options = options
    self.steps = [minify]
    self.current = minified
    self.doc = doc
  }

  /// Gives up; the reason is already among the notes.
  func stopped() -> PreparedAnimation {
    PreparedAnimation(json: [], images: [], steps: steps, notes: notes, inputBytes: original.bytes.count, imageBytesRead: 0)
  }

  mutating func fail(_ message: String) -> PreparedAnimation {
    notes.append(PackNote(kind: .error, message: message))
    return stopped()
  }

  /// Replaces the document by the output of one step and records the sizes.
  mutating func advance(_ name: String, _ bytes: [UInt8]) -> Bool {
    steps.append(SizeStep(name: name, before: current.count, after: bytes.count))
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

  /// Prune, strip names and precision, as asked; false when a step failed.
  mutating func rewrite() -> Bool {
    if options.prune {
      let result = Pack.prune(doc)
      for id in result.kept { notes.append(PackNote(kind: .info, message: "asset \"\(id)\" looks unused but an expression names it: kept")) }
      if !result.removed.isEmpty {
        notes.append(
          PackNote(
            kind: .info,
            message: "pruned \(result.removed.count) unused asset\(result.removed.count == 1 ? "" : "s"): \(result.removed.joined(separator: ", "))"))
      }
      guard advance("prune", result.bytes) else { return false }
    }
    if options.stripNames {
      let result = Pack.stripNames(doc)
      if result.hasExpressions {
        notes.append(PackNote(kind: .warning, message: "--strip-names removed names that expressions may look layers and effects up by"))
      }
      guard advance("strip names", result.bytes) else { return false }
    }
    if let digits = options.precision {
      guard advance("precision \(digits)", Pack.roundNumbers(doc, decimals: digits)) else { return false }
    }
    return true
  }

  /// External images: inlined (`--inline`), collected into the archive (dotLottie) or left where
  /// they are with a warning; the prepared animation, or the pipeline stopped.
  mutating func packImages() -> PreparedAnimation {
    var images: [PackedImage] = []
    var imageBytesRead = 0
    let animation = Animation(document: doc)
    let external = animation.assets.filter { $0.isImage && !$0.isEmbedded }
    let otherFiles = animation.assets.filter { ($0.isData || $0.isSound) && !$0.isEmbedded && $0.relativePath != nil && !$0.isURL }
    if !otherFiles.isEmpty, (options.format == .lottie && !options.keepsArchive) || options.inline {
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
      if result.refused { return stopped() }
      for asset in external {
        if case .file(_, let path) = AssetPaths.locate(asset, baseDirectory: baseDirectory ?? ".", root: options.root) {
          imageBytesRead += FileIO.fileSize(path) ?? 0
        }
      }
      guard advance("inline", result.bytes) else { return stopped() }
    } else if options.keepsArchive {
      // Back into the archive it came from, beside its images: nothing to collect or say.
    } else if options.format == .lottie, !external.isEmpty {
      guard let base = baseDirectory else {
        return fail("images of an animation read from an archive or stdin cannot be packed (unpack it first)")
      }
      let collected = Pack.collectImages(doc, baseDirectory: base, root: options.root, version: options.dotLottieVersion)
      notes.append(contentsOf: collected.notes)
      if collected.notes.contains(where: { $0.kind == .error }) { return stopped() }
      images = collected.images
      imageBytesRead = collected.images.reduce(0) { $0 + $1.bytes.count }
      guard advance("images into archive", collected.bytes) else { return stopped() }
    } else if !external.isEmpty, options.format != .tgs {
      notes.append(
        PackNote(
          kind: .warning,
          message:
            "\(external.count) external image\(external.count == 1 ? " is" : "s are") referenced but not packed: "
            + (baseDirectory == nil
              ? "the animation was read from an archive or stdin; unpack it first (lottiekit unpack) and pack the folder"
              : "upload \(external.count == 1 ? "it" : "them") beside the file, or use --inline or --format lottie")
        ))
    }
    return PreparedAnimation(
      json: current, images: images, steps: steps, notes: notes,
      inputBytes: original.bytes.count, imageBytesRead: imageBytesRead)
  }
}
