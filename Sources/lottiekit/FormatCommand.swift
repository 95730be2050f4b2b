import ArgumentParser
import LottieJSON
import LottieKitIO

struct FormatCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Rewrite the JSON layout only: the value, key order and every number's spelling are kept.",
    discussion: prose("""
      Without -o or --in-place the result goes to stdout (several inputs: one after another, like jq).
      .tgs inputs are decompressed; with --in-place (or -o x.tgs) they are written back gzipped.
      .lottie inputs: each animation inside is formatted; --in-place (or -o x.lottie) rewrites the
      archive with every other entry unchanged.
      Examples:
        lottiekit format --pretty hero.json -o hero.pretty.json
        lottiekit format --minify --in-place delivery/
        cat hero.json | lottiekit format --minify -
      """)
  )

  @Argument(help: "Files, folders or - (stdin).")
  var inputs: [String] = []

  @OptionGroup var empty: EmptyInputOption

  @Flag(help: "Layout: --pretty (two spaces, the default) or --minify (no whitespace).")
  var layout: Layout = .pretty

  @Option(name: [.short, .customLong("output")], help: "Write the result to this file (one input only).")
  var outputPath: String?

  @Flag(name: .customLong("in-place"), help: "Rewrite the inputs themselves (all or none).")
  var inPlace = false

  @OptionGroup var output: OutputOptions

  enum Layout: String, EnumerableFlag {
    case pretty, minify
  }

  func validate() throws {
    if inputs.isEmpty { throw ValidationError("give animation files or folders, or - to read standard input") }
    if inPlace && outputPath != nil { throw ValidationError("--in-place and -o cannot be used together") }
    if inPlace && (inputs.isEmpty || inputs.contains("-")) { throw ValidationError("--in-place needs files, not stdin") }
    if outputPath != nil && inputs.count > 1 { throw ValidationError("-o takes exactly one input; use --in-place for several") }
    try refuseOutputOntoInput(outputPath, inputs: inputs)
  }

  var jsonLayout: JSONLayout { layout == .minify ? .minified : .pretty }

  func run() throws {
    let files = try expandInputs(inputs, allowEmpty: empty.allowEmpty)
    if outputPath != nil && files.count != 1 {
      throw ValidationError("-o takes exactly one input file, and \(inputs.first ?? "") holds \(files.count)")
    }
    try refuseOutputOntoInput(outputPath, inputs: files)
    if !inPlace && outputPath == nil {
      try writeToStandardOutput(files)
      return
    }
    // Everything is parsed and formatted before anything is written: one bad input, nothing written.
    var results: [(path: String, result: Result<[ParsedAnimation], InputFailure>)] = []
    let layout = jsonLayout
    parallelOrdered(files, { path in (path, loadAndParse(path)) }) { results.append(($0.0, $0.1)) }
    var failed = false
    for r in results {
      if case .failure(let error) = r.result {
        printError(error.errorLine)
        failed = true
      }
    }
    if failed {
      printError("lottiekit: nothing was written")
      throw Exit.failure
    }
    do {
      if let destination = outputPath, let only = results.first, case .success(let animations) = only.result {
        let bytes = try encode(animations, layout: layout, originalPath: only.path, destination: destination)
        let transaction = FileTransaction()  // creates the destination's folder if missing
        try transaction.stage(bytes, to: destination)
        try transaction.commit()
        if !output.quiet { printError("formatted \(only.path) → \(destination)") }
        return
      }
      let transaction = FileTransaction()
      var changed = 0
      for r in results {
        guard case .success(let animations) = r.result else { continue }
        let bytes = try encode(animations, layout: layout, originalPath: r.path, destination: r.path)
        let original = try FileIO.read(r.path)
        if bytes != original {
          try transaction.stage(bytes, to: r.path)
          changed += 1
        }
      }
      try transaction.commit()
      if !output.quiet { printError("formatted \(results.count) file\(results.count == 1 ? "" : "s"), \(changed) changed") }
    } catch let error as IOFailure {
      printError("lottiekit: error: \(error.description)")
      throw Exit.failure
    } catch let error as ArchiveError {
      printError("lottiekit: error: \(error.message)")
      throw Exit.failure
    }
  }

  private func writeToStandardOutput(_ files: [String]) throws {
    let layout = jsonLayout
    var failed = false
    var writeError: IOFailure?
    parallelOrdered(files, { path -> Result<[[UInt8]], InputFailure> in
      loadAndParse(path).map { $0.map { $0.document.written(layout) } }
    }) { result in
      switch result {
      case .failure(let error):
        failed = true
        printError(error.errorLine)
      case .success(let outputs):
        for var bytes in outputs {
          if layout == .minified { bytes.append(0x0A) }
          do throws(IOFailure) { try FileIO.writeStandardOutput(bytes) } catch { writeError = error }
        }
      }
    }
    if let e = writeError {
      printError("lottiekit: error: \(e.description)")
      throw Exit.failure
    }
    if failed { throw Exit.failure }
  }

  /// The container a destination's name asks for.
  enum Destination {
    case json, gzip, dotLottie

    init(_ path: String) {
      let name = FileIO.fileName(of: path).lowercased()
      if name.hasSuffix(".tgs") || name.hasSuffix(".gz") { self = .gzip }
      else if name.hasSuffix(".lottie") { self = .dotLottie }
      else { self = .json }
    }
  }

  /// The new bytes of a file, in the container the destination's extension names (`.tgs` and
  /// `.json.gz`: gzip; `.lottie`: the archive rewritten; anything else: JSON). In place, the file
  /// keeps the container it has.
  private func encode(_ animations: [ParsedAnimation], layout: JSONLayout, originalPath: String,
                      destination: String) throws -> [UInt8] {
    guard let first = animations.first else { return [] }
    let kind: Destination
    if inPlace {
      switch first.source.container {
      case .json: kind = .json
      case .tgs: kind = .gzip
      case .dotLottie: kind = .dotLottie
      }
    } else {
      kind = Destination(destination)
    }
    if kind != .dotLottie || first.source.container != .dotLottie {
      guard animations.count == 1 else {
        throw ArchiveError("\(originalPath) holds \(animations.count) animations; write it to a .lottie file or use --in-place")
      }
    }
    switch kind {
    case .json:
      return first.document.written(layout)
    case .gzip:
      return try Gzip.compress(first.document.written(layout))
    case .dotLottie:
      guard first.source.container == .dotLottie else {
        throw ArchiveError("format writes a .lottie only from a .lottie; to make one from \(originalPath), use lottiekit pack --format lottie")
      }
      let archive = try ZipArchive(bytes: try FileIO.read(originalPath))
      var replaced: [String: [UInt8]] = [:]
      for a in animations { if let name = a.source.entryName { replaced[name] = a.document.written(layout) } }
      // Every entry keeps its place and its bytes, only animations change.
      return try DotLottie.rewrite(archive, replacing: replaced)
    }
  }
}
