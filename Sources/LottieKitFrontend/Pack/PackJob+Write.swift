import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
import LottieTransforms

/// Where `pack` writes (destinations, the manifest, all or none) and what it says afterwards.
extension PackJob {
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
      throw Exit.error(IOFailure.saying(error))
    }
    if !quiet {
      printError("\(folder) → \(outputPath): \(result.entries.count) entries, \(result.bytes.count) bytes (rebuilt from an unpacked .lottie)")
    }
  }

  /// Refuses to write over an input (a usage error, as `-o` naming an input is everywhere: here
  /// `-o FOLDER/` can name one only once the file names are known) or twice to one file.
  func checkDestinations(_ packed: [Packed], inputs: [Input]) throws {
    let inputPaths = inputs.map(\.path)
    var destinations: [String: String] = [:]
    for p in packed {
      let target = Paths.real(p.destination)
      if let refusal = outputOntoInput(p.destination, inputs: inputPaths, inPlace: false) { throw UsageError(refusal) }
      if let other = destinations[target], other != p.input, !manifest {
        throw Exit.error("\(other) and \(p.input) would both be written to \(p.destination)")
      }
      destinations[target] = p.input
    }
  }

  func write(_ packed: [Packed]) throws {
    let transaction = FileTransaction()
    do {
      var staged = Set<String>()
      var entries: [Pack.ManifestEntry] = []
      for p in packed {
        try createFolder(Paths.directory(of: p.destination))
        if staged.insert(p.destination).inserted { try transaction.stage(p.bytes, to: p.destination) }
        if manifest {
          let animation = (try? JSONDocument(parsing: p.json)).map(Animation.init(document:))
          let gzipBytes = (format == .gz || format == .tgs) ? p.bytes.count : ((try? Gzip.compress(p.bytes).count) ?? p.bytes.count)
          entries.append(
            Pack.ManifestEntry(
              id: p.id, file: Paths.fileName(of: p.destination), bytes: p.bytes.count,
              gzipBytes: gzipBytes, sha256: SHA256.hex(p.bytes), width: animation?.width,
              height: animation?.height, frameRate: animation?.frameRate,
              duration: animation?.duration, targets: p.targets))
        }
      }
      if manifest {
        let path = Paths.join(outputPath, "manifest.json")
        try transaction.stage(Pack.manifest(entries, format: format, generator: options.generator), to: path)
      }
      try transaction.commit()
    } catch let error as IOFailure {
      transaction.rollback()
      throw Exit.error(IOFailure.saying(error))
    }
  }

  func createFolder(_ path: String) throws {
    try FileIO.makeFolder(path)
  }

  /// The size report: each step's bytes before and after, then the total.
  func report(_ packed: [Packed]) {
    let style = Style(color, fd: 2)
    for p in packed {
      printError("\(style.bold(p.input)) → \(p.destination)")
      for step in p.steps {
        printError("  " + sizeLine(step.name, step.before, step.after, style: style))
      }
      // With images packed or inlined, the total starts from the JSON plus the image files read.
      let label = p.imageBytesRead > 0 ? "total (json + images)" : "total"
      printError("  " + sizeLine(label, p.inputBytes + p.imageBytesRead, p.bytes.count, style: style))
    }
    if manifest { printError("wrote \(packed.count) animation\(packed.count == 1 ? "" : "s") and \(Paths.join(outputPath, "manifest.json"))") }
  }

  func sizeLine(_ name: String, _ before: Int, _ after: Int, style: Style) -> String {
    let change: String
    if before == 0 {
      change = ""
    } else {
      let percent = (Double(after) - Double(before)) / Double(before) * 100
      change = after == before ? "   0.0%" : String(format: "%+6.1f%%", percent)
    }
    let line =
      name.padding(toLength: 22, withPad: " ", startingAt: 0)
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
