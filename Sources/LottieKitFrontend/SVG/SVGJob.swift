import Foundation
import LottieJSON
import LottieKitIO
import SVGImport

/// `lottiekit svg`: converts every SVG (on every core, in input order), says what could not be
/// converted exactly, and writes a new animation per SVG (stdout, -o FILE, or -o FOLDER, all or
/// none), or inserts the drawing into an existing animation (`--into`, see `SVGInsert`).
package struct SVGJob {
  package var inputs: [String]
  package var outputPath: String?
  package var options: SVGOptions
  /// The new layer's name (default: the SVG file's name).
  package var name: String?
  package var into: String?
  package var strict = false
  package var quiet = false

  package init(inputs: [String], outputPath: String?, options: SVGOptions) {
    self.inputs = inputs
    self.outputPath = outputPath
    self.options = options
  }

  struct Converted: Sendable {
    var input: String
    var result: Result<SVGConversion, SVGConversionError>?
    var readError: String?
  }

  typealias Output = (input: String, conversion: SVGConversion)

  package func run() throws {
    let outputs = try convertAll()
    if let into {
      guard let only = outputs.first else { return }
      let layerName = name ?? Self.stem(inputs[0])
      let insert = SVGInsert(animationPath: into, conversion: only.conversion, layerName: layerName)
      let said = try insert.write(to: outputPath)
      if !quiet { printError("\(inputs[0]) → \(said)") }
      return
    }
    if outputs.count == 1, let only = outputs.first, !(outputPath.map(FileIO.isDirectory) ?? false) {
      let bytes = only.conversion.animation.minified + [0x0A]
      if let outputPath {
        try Self.writeAll([(outputPath, try OutputContainer.encode(bytes, for: outputPath))])
      } else {
        do { try FileIO.writeStandardOutput(bytes) } catch {
          throw Exit.error(error.description)
        }
      }
      summarize(outputs)
      return
    }
    guard let folder = outputPath else { return }
    try writeFolder(outputs, folder: folder)
    summarize(outputs)
  }

  /// Converts every input and says what went wrong; throws when anything could not be read or
  /// converted (exit 2), or, with `strict`, converted exactly (exit 1).
  func convertAll() throws -> [Output] {
    let layerName = name
    let baseOptions = options
    var converted: [Converted] = []
    parallelOrdered(
      inputs, window: 32,
      { path -> Converted in
        var opts = baseOptions
        opts.name = layerName ?? SVGJob.stem(path)
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
    var outputs: [Output] = []
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
    return outputs
  }

  /// Several SVGs: `<name>.json` each in the folder, all or none.
  func writeFolder(_ outputs: [Output], folder: String) throws {
    var files: [(String, [UInt8])] = []
    var names = Set<String>()
    for o in outputs {
      let fileName = Self.stem(o.input) + ".json"
      guard names.insert(fileName).inserted else {
        throw Exit.error("two inputs would both be written to \(fileName); convert them separately")
      }
      files.append(((folder.hasSuffix("/") ? folder : folder + "/") + fileName, o.conversion.animation.minified + [0x0A]))
    }
    do throws(IOFailure) { try FileIO.makeFolder(folder) } catch {
      printError("\(error.path): error: \(error.message)")
      throw Exit.failure
    }
    try Self.writeAll(files)
  }

  /// An SVG's name without `.svg` (`svg` for stdin).
  package static func stem(_ path: String) -> String {
    if path == "-" { return "svg" }
    var name = Paths.fileName(of: path)
    if name.lowercased().hasSuffix(".svg") { name = String(name.dropLast(4)) }
    return name.isEmpty ? "svg" : name
  }

  static func writeAll(_ files: [(String, [UInt8])]) throws {
    let transaction = FileTransaction()
    do {
      for (path, bytes) in files { try transaction.stage(bytes, to: path) }
      try transaction.commit()
    } catch {
      transaction.rollback()
      throw Exit.error(IOFailure.saying(error))
    }
  }

  func summarize(_ outputs: [Output]) {
    guard !quiet else { return }
    let paths = outputs.reduce(0) { $0 + $1.conversion.pathCount }
    let warnings = outputs.reduce(0) { $0 + $1.conversion.warnings.count }
    if outputs.count == 1, let o = outputs.first {
      printError(
        "\(o.input == "-" ? "<stdin>" : o.input): \(o.conversion.width)×\(o.conversion.height), \(paths) path\(paths == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
      )
    } else {
      printError("converted \(outputs.count) SVG files: \(paths) paths, \(warnings) warning\(warnings == 1 ? "" : "s")")
    }
  }
}
