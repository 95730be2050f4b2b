import ArgumentParser
import Foundation
import LottieJSON
import LottieKitIO
import LottieLint
import LottieCompat
import LottieModel
import LottieTransforms

extension PackFormat: ExpressibleByArgument {}

struct PackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pack",
    abstract: "Prepare animations for upload: minified JSON, gzip, dotLottie or Telegram .tgs.",
    discussion: prose("""
      Every file is minified first; then, on request, unused assets are pruned (--prune), names are
      removed (--strip-names), numbers are rounded where it is safe (--precision: never ind, parent,
      refId, ty or frame values, never a number that is already short enough, and easing handles
      keep at least 3 decimals), and external
      images are embedded (--inline).
      The result is written as:
        json    minified JSON
        gz      gzip of the minified JSON (best compression), for Content-Encoding
        lottie  dotLottie v2 (manifest.json with "version": "2", a/, i/, images
                as u "/i/"); --dotlottie-version 1 writes the v1 layout
                (animations/, images/)
        tgs     Telegram sticker; refused (exit 1, nothing written) when the
                telegram-sticker profile finds an error, with every reason
      Without --format, the format comes from -o's extension (.json.gz, .lottie, .tgs), else json.
      A size report on stderr shows the bytes before and after each step (--quiet hides it).
      Several inputs or a folder: -o is a folder and each animation is written as <name>.<ext>.
      With --manifest, each is written as <first 16 hex digits of its SHA-256>.<ext> and one
      manifest.json lists id, file, bytes, gzip bytes, sha256, w, h, fr, duration and the targets
      checked, sorted by id: the folder can be uploaded to a CDN as it is.
      Inputs are never modified; outputs are written atomically, all or none.
      Examples:
        lottiekit pack hero.json -o dist/hero.json.gz
        lottiekit pack hero.json --format lottie -o dist/hero.lottie
        lottiekit pack sticker.json -o sticker.tgs --precision 2
        lottiekit pack animations/ --format gz --manifest -o cdn/
      """)
  )

  @Argument(help: "Animation files or folders (- for stdin).")
  var inputs: [String] = []

  @Option(name: [.short, .customLong("output")], help: "Output file (one input) or folder (several inputs, a folder, --manifest).")
  var outputPath: String

  @Option(help: "Output format: json, gz, lottie or tgs (default: from -o's extension, else json).")
  var format: PackFormat?

  @Flag(help: "Embed external images as base64 data URIs.")
  var inline = false

  @Flag(help: "Remove precomp and image assets that no layer uses.")
  var prune = false

  @Option(help: "Round numbers to N decimals where it is safe (not ind, parent, refId, ty or frames).")
  var precision: Int?

  @Flag(name: .customLong("strip-names"), help: "Remove nm and mn (breaks keypaths, expressions by name and Skottie effects).")
  var stripNames = false

  @Option(name: .customLong("dotlottie-version"), help: "dotLottie layout for --format lottie: 2 (default) or 1.")
  var dotLottieVersion: Int = 2

  @Flag(help: "Write content-addressed files and a manifest.json into the -o folder.")
  var manifest = false

  @Option(help: "Folder images may be read from (default: each animation's own folder).")
  var root: String?

  @Option(help: "Also lint for these renderers (comma separated, as lint --target) and refuse files with errors.")
  var target: [String] = []

  @Flag(name: .customLong("sticker-emoji"), help: "tgs: expect a 100×100 custom emoji canvas.")
  var stickerEmoji = false

  @Flag(name: .customLong("sticker-30fps"), help: "tgs: allow 30 fps as well as 60.")
  var sticker30fps = false

  @OptionGroup var output: OutputOptions

  var targets: [String] {
    target.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
  }

  /// The format asked for, else the one -o's name implies.
  var resolvedFormat: PackFormat {
    if let format { return format }
    let name = outputPath.lowercased()
    if name.hasSuffix(".json.gz") || name.hasSuffix(".gz") { return .gz }
    if name.hasSuffix(".lottie") { return .lottie }
    if name.hasSuffix(".tgs") { return .tgs }
    return .json
  }

  func validate() throws {
    if inputs.isEmpty { throw ValidationError("give at least one animation file or folder") }
    if let p = precision, !(0...10).contains(p) { throw ValidationError("--precision must be between 0 and 10 decimals") }
    if dotLottieVersion != 1 && dotLottieVersion != 2 { throw ValidationError("--dotlottie-version must be 1 or 2") }
    if dotLottieVersion != 2 && resolvedFormat != .lottie { throw ValidationError("--dotlottie-version applies to --format lottie only") }
    if let r = root, !FileIO.isDirectory(r) { throw ValidationError("--root \(r) is not a folder") }
    if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin (-) can be given once") }
    try validateTargets(targets)
    if (stickerEmoji || sticker30fps) && resolvedFormat != .tgs {
      throw ValidationError("--sticker-emoji and --sticker-30fps apply to --format tgs only")
    }
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
    var steps: [PackStep]
    var inputBytes: Int
    var imageBytesRead: Int
    var imageCount: Int
    var targets: [String]
  }

  func run() throws {
    let format = resolvedFormat
    if format == .lottie, inputs.count == 1, let folder = inputs.first, FileIO.isDirectory(folder), Repack.isUnpackedArchive(folder) {
      try repack(folder)
      return
    }
    var options = PackOptions()
    options.format = format
    options.inline = inline
    options.prune = prune
    options.precision = precision
    options.stripNames = stripNames
    options.dotLottieVersion = dotLottieVersion
    options.root = root
    options.generator = "lottiekit \(LottieKit.version)"

    let list = try collectInputs()
    // `-o out/` names a folder even when it does not exist yet.
    let folderMode = manifest || list.count > 1 || inputs.contains(where: { FileIO.isDirectory($0) })
      || FileIO.isDirectory(outputPath) || outputPath.hasSuffix("/")
    let linter = makeLinter(format: format)
    let checkedTargets = (format == .tgs ? ["telegram-sticker"] : []) + targets

    var packed: [Packed] = []
    var inputFailed = false
    var refused = false
    for input in list {
      let sources: [AnimationSource]
      do { sources = try Inputs.load(input.path) } catch {
        printError(error.errorLine)
        inputFailed = true
        continue
      }
      for source in sources {
        var id = input.id
        if sources.count > 1, let entry = source.entryName {
          id += "_" + FileIO.fileName(of: entry).replacingOccurrences(of: ".json", with: "")
        }
        let document: JSONDocument
        do { document = try JSONDocument(parsing: source.bytes) } catch {
          printError("\(source.displayPath):\(error.location.line):\(error.location.column): error: \(error.message)")
          inputFailed = true
          continue
        }
        guard Animation(document: document).looksLikeLottie else {
          if input.explicit {
            printError("\(source.displayPath): error: not a Lottie animation (no layers, or no fr and op)")
            inputFailed = true
          } else if !output.quiet {
            printError("\(source.displayPath): skipped: not a Lottie animation")
          }
          continue
        }
        let prepared = Pack.prepare(document, baseDirectory: source.baseDirectory ?? (source.container == .json ? FileManager.default.currentDirectoryPath : nil),
                                    options: options)
        for note in prepared.notes {
          switch note.kind {
          case .error: printError("\(source.displayPath): error: \(note)")
          case .warning: printError("\(source.displayPath): warning: \(note)")
          case .info: if !output.quiet { printError("\(source.displayPath): \(note)") }
          }
        }
        if prepared.refused {
          inputFailed = true
          continue
        }
        if let linter {
          let errors = linter.lint(path: source.displayPath, bytes: prepared.json, baseDirectory: source.baseDirectory)
            .filter { $0.severity == .error }
          if !errors.isEmpty {
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
            refused = true
            continue
          }
        }
        let container: (bytes: [UInt8], step: PackStep?)
        do { container = try Pack.container(prepared, id: dotLottieID(id), options: options) } catch {
          printError("\(source.displayPath): error: \(error.message)")
          inputFailed = true
          continue
        }
        var steps = prepared.steps
        if let step = container.step { steps.append(step) }
        let destination: String
        if manifest {
          destination = join(outputPath, Pack.contentAddressedName(container.bytes, format: format))
        } else if folderMode {
          destination = join(outputPath, id + "." + format.fileExtension)
        } else {
          destination = outputPath
        }
        packed.append(Packed(input: source.displayPath, id: id, bytes: container.bytes, json: prepared.json,
                             destination: destination, steps: steps, inputBytes: prepared.inputBytes,
                             imageBytesRead: prepared.imageBytesRead, imageCount: prepared.images.count, targets: checkedTargets))
      }
    }
    if inputFailed || refused {
      printError("lottiekit: nothing was written")
      throw inputFailed ? Exit.failure : Exit.findings
    }
    if packed.isEmpty {
      printError("lottiekit: error: no animation to pack")
      throw Exit.failure
    }
    try checkDestinations(packed, inputs: list)
    try write(packed, format: format, folderMode: folderMode)
    if !output.quiet { report(packed, format: format) }
  }

  /// A folder that `unpack` wrote becomes one .lottie again, with every entry it had.
  func repack(_ folder: String) throws {
    let result: Repack.Result
    do { result = try Repack.run(folder: folder) } catch {
      printError("\(folder): error: \(error.message)")
      printError("lottiekit: nothing was written")
      throw Exit.failure
    }
    for note in result.notes { printError("\(folder): warning: \(note)") }
    let transaction = FileTransaction()
    do {
      try transaction.stage(result.bytes, to: outputPath)
      try transaction.commit()
    } catch {
      printError("lottiekit: error: \(error.description); nothing was written")
      throw Exit.failure
    }
    if !output.quiet {
      printError("\(folder) → \(outputPath): \(result.entries.count) entries, \(result.bytes.count) bytes (rebuilt from an unpacked .lottie)")
    }
  }

  /// Expands the arguments into animation files with their ids: a file's id is its name without
  /// the extension; under a folder, its path relative to that folder without the extension.
  func collectInputs() throws -> [Input] {
    var result: [Input] = []
    for argument in inputs {
      if argument == "-" {
        result.append(Input(path: "-", id: "stdin", explicit: true))
        continue
      }
      let files = try expandInputs([argument])
      let isFolder = FileIO.isDirectory(argument)
      let prefix = argument.hasSuffix("/") ? argument : argument + "/"
      for file in files {
        let relative = isFolder && file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : FileIO.fileName(of: file)
        result.append(Input(path: file, id: stripExtension(relative), explicit: !isFolder))
      }
    }
    var seen: [String: String] = [:]
    for input in result {
      if let other = seen[input.id] {
        printError("lottiekit: error: \(other) and \(input.path) would both be named \"\(input.id)\"; pack them separately")
        throw Exit.failure
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

  func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  func makeLinter(format: PackFormat) -> Linter? {
    guard format == .tgs || !targets.isEmpty else { return nil }
    var options = LintOptions()
    if format == .tgs { options.profiles = ["telegram-sticker"] }
    options.targets = targets.map(TargetSelection.init(parsing:))
    options.stickerEmoji = stickerEmoji
    options.stickerAllow30fps = sticker30fps
    return Linter(options: options)
  }

  /// Refuses to write over an input (inputs are never modified) or twice to one file.
  func checkDestinations(_ packed: [Packed], inputs: [Input]) throws {
    let inputPaths = Set(inputs.filter { $0.path != "-" }.map { canonicalPath($0.path) })
    var destinations: [String: String] = [:]
    for p in packed {
      let target = canonicalPath(p.destination)
      if inputPaths.contains(target) {
        printError("\(p.input): error: the output \(p.destination) is an input; inputs are never modified (choose another -o)")
        printError("lottiekit: nothing was written")
        throw Exit.failure
      }
      if let other = destinations[target], other != p.input, !manifest {
        printError("lottiekit: error: \(other) and \(p.input) would both be written to \(p.destination)")
        throw Exit.failure
      }
      destinations[target] = p.input
    }
  }

  func write(_ packed: [Packed], format: PackFormat, folderMode: Bool) throws {
    let transaction = FileTransaction()
    do {
      var staged = Set<String>()
      var entries: [Pack.ManifestEntry] = []
      for p in packed {
        try createFolder(FileIO.directory(of: p.destination))
        if staged.insert(p.destination).inserted { try transaction.stage(p.bytes, to: p.destination) }
        if manifest {
          let animation = (try? JSONDocument(parsing: p.json)).map(Animation.init(document:))
          let gzipBytes = (format == .gz || format == .tgs) ? p.bytes.count : ((try? Gzip.compress(p.bytes).count) ?? p.bytes.count)
          entries.append(Pack.ManifestEntry(id: p.id, file: FileIO.fileName(of: p.destination), bytes: p.bytes.count,
                                            gzipBytes: gzipBytes, sha256: SHA256.hex(p.bytes), width: animation?.width,
                                            height: animation?.height, frameRate: animation?.frameRate,
                                            duration: animation?.duration, targets: p.targets))
        }
      }
      if manifest {
        let path = join(outputPath, "manifest.json")
        try transaction.stage(Pack.manifest(entries, format: format, generator: "lottiekit \(LottieKit.version)"), to: path)
      }
      try transaction.commit()
    } catch let error as IOFailure {
      transaction.rollback()
      printError("lottiekit: error: \(error.description); no file was changed")
      throw Exit.failure
    }
  }

  func createFolder(_ path: String) throws {
    if FileIO.isDirectory(path) { return }
    do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
      throw IOFailure(path: path, message: "cannot create the folder")
    }
  }

  /// The size report: each step's bytes before and after, then the total.
  func report(_ packed: [Packed], format: PackFormat) {
    let style = Style(output.color, fd: 2)
    for p in packed {
      printError("\(style.bold(p.input)) → \(p.destination)")
      for step in p.steps {
        printError("  " + sizeLine(step.name, step.before, step.after, style: style))
      }
      // With images packed or inlined, the total starts from the JSON plus the image files read.
      let label = p.imageBytesRead > 0 ? "total (json + images)" : "total"
      printError("  " + sizeLine(label, p.inputBytes + p.imageBytesRead, p.bytes.count, style: style))
    }
    if manifest { printError("wrote \(packed.count) animation\(packed.count == 1 ? "" : "s") and \(join(outputPath, "manifest.json"))") }
  }

  func sizeLine(_ name: String, _ before: Int, _ after: Int, style: Style) -> String {
    let change: String
    if before == 0 { change = "" } else {
      let percent = (Double(after) - Double(before)) / Double(before) * 100
      change = after == before ? "   0.0%" : String(format: "%+6.1f%%", percent)
    }
    let line = name.padding(toLength: 22, withPad: " ", startingAt: 0)
      + leftPad(grouped(before), 12) + " → " + leftPad(grouped(after), 12) + " bytes  " + change
    if after < before { return line.replacingOccurrences(of: change, with: style.cyan(change)) }
    if after > before { return line.replacingOccurrences(of: change, with: style.yellow(change)) }
    return line
  }

  func leftPad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
  }

  func grouped(_ n: Int) -> String {
    let digits = Array(String(n))
    var out = ""
    for (k, c) in digits.enumerated() {
      if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return out
  }
}

/// A dotLottie animation id from an input id (`hero`; `sub/hero` becomes `sub_hero`).
func dotLottieID(_ id: String) -> String {
  if Pack.isPlainFileName(id) { return id }
  var s = ""
  for scalar in id.unicodeScalars {
    let plain = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ".")
    s.unicodeScalars.append(plain ? scalar : "_")
  }
  while s.hasPrefix(".") { s.removeFirst() }
  return s.isEmpty ? "animation" : String(s.prefix(200))
}

func canonicalPath(_ path: String) -> String {
  let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  if let real = realpath(absolute, nil) {
    defer { free(real) }
    return String(cString: real)
  }
  // Not there yet: resolve its folder and add the name.
  let folder = FileIO.directory(of: absolute)
  if folder != absolute, let real = realpath(folder, nil) {
    defer { free(real) }
    return String(cString: real) + "/" + FileIO.fileName(of: absolute)
  }
  return absolute
}

struct UnpackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unpack",
    abstract: "Unpack a .lottie (v1 or v2) or .tgs into JSON and image files (the reverse of pack).",
    discussion: prose("""
      A .lottie's animations (a/ or animations/) are written as <id>.json in the -o folder, its
      images (i/ or images/) under images/ and its sounds (u/ or audio/) under audio/, with the
      assets pointed there; the manifest, themes, state machines and any other entry are kept in
      .dotlottie/, so that pack FOLDER -o x.lottie rebuilds the archive with every entry.
      File-system junk (.DS_Store, __MACOSX/) is skipped and said. A .tgs
      (or .json.gz) is written as <name>.json. Archive entries whose names would land outside the
      folder (zip-slip), archives that expand beyond --max-size (zip and gzip bombs), truncated
      and corrupt archives are refused with exit 2 and nothing is written.
      Examples:
        lottiekit unpack hero.lottie -o hero/
        lottiekit unpack sticker.tgs -o stickers/
      """)
  )

  @Argument(help: "A .lottie or .tgs file.")
  var input: String

  @Option(name: [.short, .customLong("output")], help: "Folder to write into (created when missing).")
  var outputPath: String

  @Option(name: .customLong("max-size"), help: "Largest total uncompressed size accepted, in bytes (default 128 MiB).")
  var maxSize: Int = 128 * 1024 * 1024

  @OptionGroup var output: OutputOptions

  func validate() throws {
    if maxSize <= 0 { throw ValidationError("--max-size must be a positive number of bytes") }
    if FileIO.exists(outputPath) && !FileIO.isDirectory(outputPath) {
      throw ValidationError("-o \(outputPath) exists and is not a folder")
    }
  }

  func run() throws {
    let bytes: [UInt8]
    do {
      bytes = input == "-" ? try FileIO.readStandardInput(limit: 1024 * 1024 * 1024) : try FileIO.read(input, limit: 1024 * 1024 * 1024)
    } catch {
      printError("\(error.path): error: \(error.message)")
      throw Exit.failure
    }
    let shown = input == "-" ? "<stdin>" : input
    let unpacked: UnpackedFiles
    do {
      unpacked = try Unpack.run(bytes, fileName: input == "-" ? "stdin" : FileIO.fileName(of: input), limit: maxSize)
    } catch {
      printError("\(shown): error: \(error.message)")
      printError("lottiekit: nothing was written")
      throw Exit.failure
    }
    for note in unpacked.notes where !output.quiet { printError("\(shown): \(note)") }
    let transaction = FileTransaction()
    do {
      if !FileIO.isDirectory(outputPath) {
        try FileManager.default.createDirectory(atPath: outputPath, withIntermediateDirectories: true)
      }
      let folder = canonicalPath(outputPath)
      for file in unpacked.files {
        // Names were checked lexically; this also refuses a symlinked subfolder that points out.
        let target = (outputPath.hasSuffix("/") ? outputPath : outputPath + "/") + file.path
        let parent = FileIO.directory(of: target)
        if !FileIO.isDirectory(parent) {
          try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        let real = canonicalPath(parent)
        guard real == folder || real.hasPrefix(folder + "/") else {
          throw IOFailure(path: target, message: "would be written outside \(outputPath) (through a symbolic link)")
        }
        try transaction.stage(file.bytes, to: target)
      }
      try transaction.commit()
    } catch let error as IOFailure {
      transaction.rollback()
      printError("\(shown): error: \(error.description); nothing was written")
      throw Exit.failure
    } catch {
      transaction.rollback()
      printError("\(shown): error: \(error.localizedDescription); nothing was written")
      throw Exit.failure
    }
    if !output.quiet {
      let total = unpacked.files.reduce(0) { $0 + $1.bytes.count }
      printError("\(shown) → \(outputPath): \(unpacked.files.count) file\(unpacked.files.count == 1 ? "" : "s"), \(total) bytes")
      for file in unpacked.files { printError("  \(file.path) (\(file.bytes.count) bytes)") }
    }
  }
}
