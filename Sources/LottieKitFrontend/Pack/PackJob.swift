import Foundation
import LottieCompat
import LottieJSON
import LottieKitIO
import LottieLint
import LottieModel
import LottieRender
import LottieTransforms

/// `lottiekit pack`: reads every input, prepares it (minify, prune, round, inline), refuses files
/// the lint gate finds errors in (tgs, --target), names the destinations and writes them all or
/// none, with a manifest on request; then the size report.
package struct PackJob {
  package var inputs: [String]
  package var outputPath: String
  package var format: PackFormat
  package var options: PackOptions
  package var manifest = false
  package var targets: [String] = []
  package var sticker = StickerVariant()
  /// Folders with no animation are accepted (nothing is written, exit 0).
  package var allowEmpty = false
  package var quiet = false
  package var color = ColorChoice.auto
  /// `--dotlottie-version` as given (nil: not given). A `.lottie` packed into a `.lottie` keeps its
  /// own layout, so only a different one given explicitly is refused.
  package var dotLottieVersion: Int?

  package init(inputs: [String], outputPath: String, format: PackFormat, options: PackOptions) {
    self.inputs = inputs
    self.outputPath = outputPath
    self.format = format
    self.options = options
  }

  /// The format asked for, else the one -o's name implies.
  package static func format(_ asked: PackFormat?, outputPath: String) -> PackFormat {
    if let asked { return asked }
    let name = outputPath.lowercased()
    if name.hasSuffix(".json.gz") || name.hasSuffix(".gz") { return .gz }
    if name.hasSuffix(".lottie") { return .lottie }
    if name.hasSuffix(".tgs") { return .tgs }
    return .json
  }

  /// One input animation: its source, the id it gets in names and the manifest, and whether it was
  /// named explicitly (a non-animation named explicitly is an error; one found in a folder is skipped).
  struct Input {
    var path: String
    var id: String
    var explicit: Bool
  }

  /// One packed animation, ready to stage.
  struct Packed {
    var input: String
    var id: String
    var bytes: [UInt8]
    var json: [UInt8]
    var destination: String
    var steps: [SizeStep]
    var inputBytes: Int
    var imageBytesRead: Int
    var imageCount: Int
    var targets: [String]
  }

  /// What went wrong over the inputs: an input that could not be packed, or one the gate refused.
  struct Failures {
    var inputFailed = false
    var refused = false
  }

  package func run() throws {
    if format == .lottie, inputs.count == 1, let folder = inputs.first, FileIO.isDirectory(folder), Repack.isUnpackedArchive(folder) {
      try repack(folder)
      return
    }
    let list = try collectInputs()
    if list.isEmpty && allowEmpty { return }
    // `-o out/` names a folder even when it does not exist yet.
    let folderMode =
      manifest || list.count > 1 || inputs.contains(where: { FileIO.isDirectory($0) })
      || FileIO.isDirectory(outputPath) || outputPath.hasSuffix("/")
    // A file name for many outputs would become a folder named like an archive.
    if folderMode, !FileIO.isDirectory(outputPath), !outputPath.hasSuffix("/"),
      FolderWalk.hasExtension(outputPath, in: ["lottie", "tgs", "json", "gz", "lot"])
    {
      let what =
        list.count > 1 ? "\(list.count) inputs give \(list.count) files" : manifest ? "--manifest writes a folder" : "a folder input gives a file per animation"
      throw UsageError("-o \(outputPath) names one file, but \(what): give -o a folder (out/), or pack one input at a time; nothing was written")
    }
    let linter = makeLinter()
    var packed: [Packed] = []
    var failures = Failures()
    for input in list {
      let sources: [AnimationSource]
      do { sources = try Inputs.load(input.path) } catch {
        printError(error.errorLine)
        failures.inputFailed = true
        continue
      }
      // One .lottie into one .lottie: the archive is kept, its animations packed in place.
      if format == .lottie, !folderMode, input.path != "-", sources.first?.container == .dotLottie {
        if let p = rearchive(sources, of: input, linter: linter, failures: &failures) { packed.append(p) }
        continue
      }
      for source in sources {
        if let p = pack(source, of: input, among: sources.count, linter: linter, folderMode: folderMode, failures: &failures) {
          packed.append(p)
        }
      }
    }
    if failures.inputFailed || failures.refused {
      printError("lottiekit: nothing was written")
      throw failures.inputFailed ? Exit.failure : Exit.findings
    }
    if packed.isEmpty {
      // Folders of other JSON files hold no animation either.
      if allowEmpty { return }
      throw Exit.error("no animation to pack")
    }
    try checkDestinations(packed, inputs: list)
    try write(packed)
    if !quiet { report(packed) }
  }

  /// One animation's JSON, or nil having said why not: a syntax error or JSON that is not an
  /// animation is an error in a named file, and skipped (with a line) in a file found in a folder.
  func animation(_ source: AnimationSource, of input: Input, among count: Int, failures: inout Failures) -> JSONDocument? {
    let parsed = Result { () throws(JSONSyntaxError) in try JSONDocument(parsing: source.bytes) }
    // Found in a folder, JSON that is not meant as an animation (with comments: a tsconfig.json).
    let otherJSON = !input.explicit && count == 1 && AnimationSource.isOtherJSON([source], document: try? parsed.get())
    let document: JSONDocument
    do { document = try parsed.get() } catch {
      if otherJSON {
        if !quiet { printError("\(source.displayPath): skipped: not a Lottie animation") }
        return nil
      }
      printError("\(source.displayPath):\(error.location.line):\(error.location.column): error: \(error.message)")
      failures.inputFailed = true
      return nil
    }
    guard Animation(document: document).looksLikeLottie else {
      if input.explicit {
        printError("\(source.displayPath): error: not a Lottie animation (no layers, or no fr and op)")
        failures.inputFailed = true
      } else if !quiet {
        printError("\(source.displayPath): skipped: not a Lottie animation")
      }
      return nil
    }
    return document
  }

  /// Packs one animation of an input, or says why not (and returns nil).
  func pack(
    _ source: AnimationSource, of input: Input, among count: Int, linter: Linter?, folderMode: Bool,
    failures: inout Failures
  ) -> Packed? {
    var id = input.id
    if count > 1, let entry = source.entryName {
      id += "_" + Paths.fileName(of: entry).replacingOccurrences(of: ".json", with: "")
    }
    guard let document = animation(source, of: input, among: count, failures: &failures),
      let prepared = prepare(document, source, options: options, failures: &failures)
    else { return nil }
    let container: (bytes: [UInt8], step: SizeStep?)
    do { container = try Pack.container(prepared, id: dotLottieID(id), options: options) } catch {
      printError("\(source.displayPath): error: \(error.message)")
      failures.inputFailed = true
      return nil
    }
    if let linter, refuses(linter, prepared.json, source: source, container: container.bytes) {
      failures.refused = true
      return nil
    }
    var steps = prepared.steps
    if let step = container.step { steps.append(step) }
    let destination: String
    if manifest {
      destination = Paths.join(outputPath, Pack.contentAddressedName(container.bytes, format: format))
    } else if folderMode {
      destination = Paths.join(outputPath, id + "." + format.fileExtension)
    } else {
      destination = outputPath
    }
    let checkedTargets = (format == .tgs ? ["telegram-sticker"] : []) + targets
    return Packed(
      input: source.displayPath, id: id, bytes: container.bytes, json: prepared.json,
      destination: destination, steps: steps, inputBytes: prepared.inputBytes,
      imageBytesRead: prepared.imageBytesRead, imageCount: prepared.images.count, targets: checkedTargets)
  }

  /// One animation through pack's steps (optimize first when asked, then minify, prune, round,
  /// inline or collect images), its notes said; nil (having said why) when the steps refuse it.
  func prepare(
    _ document: JSONDocument, _ source: AnimationSource, options: PackOptions, failures: inout Failures
  ) -> PreparedAnimation? {
    let baseDirectory = source.baseDirectory ?? (source.container == .json ? FileManager.default.currentDirectoryPath : nil)
    var optimized: (document: JSONDocument, step: SizeStep)? = nil
    if let level = options.optimize {
      // optimize first (its own steps, its render check), then pack's steps on its output.
      let r = OptimizeJob.optimize(document, path: source.displayPath, imagesFrom: baseDirectory, options: level)
      if !quiet { for note in r.notes { printError("\(source.displayPath): \(note)") } }
      if let doc = try? JSONDocument(parsing: r.bytes) {
        optimized = (
          doc, SizeStep(name: r.level > 0 ? "optimize (level \(r.level))" : "optimize (lossless)", before: document.bytes.count, after: r.bytes.count)
        )
      }
    }
    var prepared = Pack.prepare(optimized?.document ?? document, baseDirectory: baseDirectory, options: options)
    if let optimized {
      prepared.steps.insert(optimized.step, at: 0)
      prepared.inputBytes = document.bytes.count
    }
    for note in prepared.notes {
      switch note.kind {
      case .error: printError("\(source.displayPath): error: \(note)")
      case .warning: printError("\(source.displayPath): warning: \(note)")
      case .info: if !quiet { printError("\(source.displayPath): \(note)") }
      }
    }
    if prepared.refused {
      failures.inputFailed = true
      return nil
    }
    return prepared
  }

  /// The lint gate (tgs, --target): true, with every reason said, when the prepared JSON has errors.
  /// In a dotLottie the animation is linted as the archive holds it, its images found there.
  func refuses(_ linter: Linter, _ json: [UInt8], source: AnimationSource, container: [UInt8]) -> Bool {
    var linter = linter
    if format == .lottie, let archive = try? ZipArchive(bytes: container) { linter.fileSystem = ArchiveFileSystem(archive: archive) }
    let errors = linter.lint(path: source.displayPath, bytes: json, baseDirectory: source.baseDirectory)
      .filter { $0.severity == .error }
    guard !errors.isEmpty else { return false }
    let what = format == .tgs ? "a Telegram sticker (telegram-sticker profile)" : "the targets \(targets.joined(separator: ", "))"
    printError("\(source.displayPath): error: refused: \(errors.count) error\(errors.count == 1 ? "" : "s") as \(what):")
    // Every reason up to a screenful, then a count; each rule's help once.
    let shownLimit = 30
    for d in errors.prefix(shownLimit) {
      printError("  [\(d.code)] \(d.message)\(d.pointer.isEmpty ? "" : " (at \(d.pointer))")")
    }
    if errors.count > shownLimit {
      printError("  … and \(errors.count - shownLimit) more (lottiekit lint lists them all)")
    }
    var helped = Set<String>()
    for d in errors where helped.insert(d.code).inserted {
      if let help = d.help { printError("  help: [\(d.code)] \(help)") }
    }
    return true
  }

  /// Expands the arguments into animation files with their ids: a file's id is its name without
  /// the extension; under a folder, its path relative to that folder without the extension. A file
  /// reached twice (named twice, or named and inside a named folder) is packed once, where it
  /// first appears, as `Inputs.expand` keeps it.
  func collectInputs() throws -> [Input] {
    var result: [Input] = []
    var reached = Inputs.Reached()
    for argument in inputs {
      if argument == "-" {
        result.append(Input(path: "-", id: "stdin", explicit: true))
        continue
      }
      let files = try expandInputs([argument], allowEmpty: allowEmpty).files
      let isFolder = FileIO.isDirectory(argument)
      let prefix = argument.hasSuffix("/") ? argument : argument + "/"
      for file in files where reached.isFirst(file) {
        let relative = isFolder && file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : Paths.fileName(of: file)
        result.append(Input(path: file, id: stripExtension(relative), explicit: !isFolder))
      }
    }
    var seen: [String: String] = [:]
    for input in result {
      if let other = seen[input.id] {
        throw Exit.error("\(other) and \(input.path) would both be named \"\(input.id)\"; pack them separately")
      }
      seen[input.id] = input.path
    }
    return result
  }

  func stripExtension(_ name: String) -> String {
    for suffix in [".json.gz", ".json", ".tgs", ".lottie"] where name.lowercased().hasSuffix(suffix) {
      return String(name.dropLast(suffix.count))
    }
    return name
  }

  func makeLinter() -> Linter? {
    guard format == .tgs || !targets.isEmpty else { return nil }
    var options = LintOptions()
    if format == .tgs { options.profiles = ["telegram-sticker"] }
    options.targets = targets.map(TargetSelection.init(parsing:))
    options.sticker = sticker
    var linter = Linter(options: options)
    linter.measurer = DrawingMeasure()
    return linter
  }
}

/// A dotLottie animation id from an input id (`hero`; `sub/hero` becomes `sub_hero`).
package func dotLottieID(_ id: String) -> String {
  if Pack.isPlainFileName(id) { return id }
  var s = ""
  for scalar in id.unicodeScalars {
    let plain = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ".")
    s.unicodeScalars.append(plain ? scalar : "_")
  }
  while s.hasPrefix(".") { s.removeFirst() }
  return s.isEmpty ? "animation" : String(s.prefix(200))
}
