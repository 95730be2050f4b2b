import ArgumentParser
import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
import SVGImport

struct SVGCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "svg",
    abstract: "Convert SVG into a Lottie shape layer (a new animation, or a layer added to one).",
    discussion: prose("""
      Paths (every command, packed arc flags and numbers), rect, circle, ellipse, line, polyline,
      polygon, g, use, symbol, defs and nested svg are converted; transforms are baked into the
      vertices (exact for skew and non-uniform scale, which Lottie players draw differently);
      viewBox and preserveAspectRatio, units, presentation attributes, style, <style> CSS, colours,
      fill and stroke with SVG's defaults (butt caps, miter joins, miter limit 4), dashes, opacity,
      linear and radial gradients are honoured.
      Whatever is not converted (clipPath, mask, filter, text, image, pattern, marker, animation,
      gradients Lottie cannot express) is reported on stderr as a warning with its line;
      --strict makes those errors (exit 1, nothing written).
      One input: written to -o or stdout. Several inputs: -o is a folder, and each SVG becomes
      <name>.json there (converted on every core; all written, or none).
      --into adds the drawing to an existing animation as its top layer (named by --name), written
      to -o or stdout; the animation's other bytes are kept as they are.
      Examples:
        lottiekit svg icon.svg -o icon.json
        lottiekit svg icon.svg --size 512x512 --fps 30 --duration 2 -o icon.json
        lottiekit svg icons/*.svg -o lottie-icons/
        lottiekit svg badge.svg --into hero.json --name Badge -o hero-with-badge.json
      """)
  )

  @Argument(help: "SVG files (- for stdin).")
  var inputs: [String] = []

  @Option(name: [.short, .customLong("output")], help: "Output file (one input) or folder (several inputs).")
  var outputPath: String?

  @Option(help: "Frame rate of the new animation.")
  var fps: Double = 60

  @Option(help: "Duration in seconds.")
  var duration: Double = 1

  @Option(help: "Composition size WxH; the drawing is fitted into it, keeping its proportions (default: the SVG's size).")
  var size: String?

  @Option(name: .customLong("current-color"), help: "The colour currentColor stands for when the SVG sets none (default black).")
  var currentColor: String?

  @Option(help: "Add the drawing as a new top layer of this animation instead of making a new one.")
  var into: String?

  @Option(help: "Name of the new layer (default: the SVG file's name).")
  var name: String?

  @Flag(help: "Fail (exit 1, nothing written) when anything could not be converted exactly.")
  var strict = false

  @OptionGroup var output: OutputOptions

  func parsedSize() throws -> (width: Double, height: Double)? {
    guard let size else { return nil }
    let parts = size.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 100_000, h <= 100_000 else {
      throw ValidationError("--size must look like 512x512 (1 to 100000 on each side)")
    }
    return (w, h)
  }

  func validate() throws {
    if inputs.isEmpty { throw ValidationError("give at least one SVG file") }
    if !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be between 0 and 1000") }
    if !(duration > 0 && duration <= 3600) { throw ValidationError("--duration must be between 0 and 3600 seconds") }
    _ = try parsedSize()
    if let currentColor, SVGValues.color(currentColor) == nil { throw ValidationError("--current-color \(currentColor) is not a CSS colour") }
    if inputs.count > 1 {
      guard outputPath != nil else { throw ValidationError("several inputs need -o FOLDER") }
      if into != nil { throw ValidationError("--into takes one SVG") }
    }
    if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin (-) can be given once") }
    if name != nil && into == nil && inputs.count > 1 { throw ValidationError("--name names one layer; give one SVG") }
  }

  struct Converted: Sendable {
    var input: String
    var result: Result<SVGConversion, SVGConversionError>?
    var readError: String?
  }

  func run() throws {
    var options = SVGOptions()
    options.frameRate = fps
    options.duration = duration
    options.size = try parsedSize()
    if let currentColor, let c = SVGValues.color(currentColor) { options.currentColor = c }

    // Convert every input (on every core), in input order.
    let layerName = name
    let baseOptions = options
    var converted: [Converted] = []
    parallelOrdered(inputs, window: 32, { path -> Converted in
      var opts = baseOptions
      opts.name = layerName ?? SVGCommand.stem(path)
      let bytes: [UInt8]
      do {
        bytes = path == "-" ? try FileIO.readStandardInput(limit: 256 * 1024 * 1024) : try FileIO.read(path, limit: 256 * 1024 * 1024)
      } catch {
        return Converted(input: path, result: nil, readError: (error as? IOFailure)?.message ?? "\(error)")
      }
      let result = Result { () throws(SVGConversionError) -> SVGConversion in try SVGConverter.convert(bytes, options: opts) }
      return Converted(input: path, result: result, readError: nil)
    }, emit: { converted.append($0) })

    var failed = false
    var strictFailures = 0
    var outputs: [(input: String, conversion: SVGConversion)] = []
    for c in converted {
      let shown = c.input == "-" ? "<stdin>" : c.input
      if let e = c.readError {
        printError("\(shown): error: \(e)")
        failed = true
        continue
      }
      switch c.result {
      case .failure(let error):
        printError("\(shown):\(error.line):\(error.column): error: \(error.message)")
        failed = true
      case .success(let conversion):
        for w in conversion.warnings {
          printError("\(shown):\(w.line): \(strict ? "error" : "warning"): \(w.message)")
        }
        if strict && !conversion.warnings.isEmpty { strictFailures += 1 }
        outputs.append((c.input, conversion))
      case nil:
        failed = true
      }
    }
    if failed {
      printError("lottiekit: nothing was written")
      throw Exit.failure
    }
    if strictFailures > 0 {
      printError("lottiekit: --strict: \(strictFailures) file\(strictFailures == 1 ? "" : "s") could not be converted exactly; nothing was written")
      throw Exit.findings
    }

    if let into {
      guard let only = outputs.first else { return }
      try writeInto(into, conversion: only.conversion)
      return
    }
    if outputs.count == 1, let only = outputs.first, !(outputPath.map(FileIO.isDirectory) ?? false) {
      let bytes = only.conversion.animation.minified + [0x0A]
      if let outputPath {
        try writeAll([(outputPath, bytes)])
      } else {
        do { try FileIO.writeStandardOutput(bytes) } catch {
          printError("lottiekit: error: \(error.description)")
          throw Exit.failure
        }
      }
      summarize(outputs)
      return
    }
    guard let folder = outputPath else { return }
    var files: [(String, [UInt8])] = []
    var names = Set<String>()
    for o in outputs {
      let fileName = SVGCommand.stem(o.input) + ".json"
      guard names.insert(fileName).inserted else {
        printError("lottiekit: error: two inputs would both be written to \(fileName); convert them separately")
        throw Exit.failure
      }
      files.append(((folder.hasSuffix("/") ? folder : folder + "/") + fileName, o.conversion.animation.minified + [0x0A]))
    }
    if !FileIO.isDirectory(folder) {
      do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
        printError("\(folder): error: cannot create the folder")
        throw Exit.failure
      }
    }
    try writeAll(files)
    summarize(outputs)
  }

  static func stem(_ path: String) -> String {
    if path == "-" { return "svg" }
    var name = FileIO.fileName(of: path)
    if name.lowercased().hasSuffix(".svg") { name = String(name.dropLast(4)) }
    return name.isEmpty ? "svg" : name
  }

  func writeAll(_ files: [(String, [UInt8])]) throws {
    let transaction = FileTransaction()
    do {
      for (path, bytes) in files { try transaction.stage(bytes, to: path) }
      try transaction.commit()
    } catch {
      transaction.rollback()
      printError("lottiekit: error: \(error.description); nothing was written")
      throw Exit.failure
    }
  }

  func summarize(_ outputs: [(input: String, conversion: SVGConversion)]) {
    guard !output.quiet else { return }
    let paths = outputs.reduce(0) { $0 + $1.conversion.pathCount }
    let warnings = outputs.reduce(0) { $0 + $1.conversion.warnings.count }
    if outputs.count == 1, let o = outputs.first {
      printError("\(o.input == "-" ? "<stdin>" : o.input): \(o.conversion.width)×\(o.conversion.height), \(paths) path\(paths == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
    } else {
      printError("converted \(outputs.count) SVG files: \(paths) paths, \(warnings) warning\(warnings == 1 ? "" : "s")")
    }
  }

  /// Inserts the drawing as the first (top-most) layer of an existing animation, with a fresh
  /// `ind` and the animation's frames; every other byte of the animation stays as it was.
  func writeInto(_ path: String, conversion: SVGConversion) throws {
    let bytes: [UInt8]
    do { bytes = try FileIO.read(path) } catch {
      printError("\(path): error: \(error.message)")
      throw Exit.failure
    }
    let document: JSONDocument
    do { document = try JSONDocument(parsing: bytes) } catch {
      printError("\(path):\(error.location.line):\(error.location.column): error: \(error.message)")
      throw Exit.failure
    }
    let animation = Animation(document: document)
    guard animation.looksLikeLottie, let layers = animation.rootComposition.layersNode, layers.isArray else {
      printError("\(path): error: not a Lottie animation (no layers array)")
      throw Exit.failure
    }
    let used = animation.rootComposition.layers.compactMap(\.index)
    let ind = (used.max() ?? 0) + 1
    // Every layer of the drawing (more than one when a clip path or mask cut an element out), on
    // top, in order, with fresh indices.
    let layerName = name ?? SVGCommand.stem(inputs[0])
    var inserted: [JSONValue] = []
    for (j, layer) in conversion.layers.enumerated() {
      guard case .object(var members) = layer else { continue }
      func set(_ key: String, _ value: JSONValue) {
        if let k = members.firstIndex(where: { $0.0 == key }) { members[k].1 = value } else { members.append((key, value)) }
      }
      set("ind", .int(ind + j))
      if let ip = animation.root["ip"], ip.isNumber { set("ip", .raw(Array(ip.sourceBytes))) }
      if let op = animation.root["op"], op.isNumber { set("op", .raw(Array(op.sourceBytes))) }
      set("nm", .string(j == 0 ? layerName : "\(layerName) \(j + 1)"))
      inserted.append(.object(members))
    }
    var edits = JSONEdits(document)
    let result: [UInt8]
    do {
      for layer in inserted { try edits.insertElement(layer, into: layers, at: 0) }
      result = try edits.apply()
    } catch {
      printError("\(path): error: \(error.message)")
      throw Exit.failure
    }
    if let outputPath {
      if canonicalPath(outputPath) == canonicalPath(path) {
        printError("\(path): error: -o is the animation itself; inputs are never modified (choose another -o)")
        throw Exit.failure
      }
      try writeAll([(outputPath, result)])
    } else {
      do { try FileIO.writeStandardOutput(result) } catch {
        printError("lottiekit: error: \(error.description)")
        throw Exit.failure
      }
    }
    if !output.quiet {
      let which = inserted.count == 1 ? "layer \(ind)" : "layers \(ind)–\(ind + inserted.count - 1)"
      printError("\(inputs[0]) → \(which) \"\(layerName)\" of \(path) (\(conversion.pathCount) paths)")
    }
  }
}
