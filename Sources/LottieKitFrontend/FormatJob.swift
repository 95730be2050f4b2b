import Foundation
import LottieJSON
import LottieKitIO

/// `lottiekit format`: pretty-prints or minifies animations to stdout, to `-o` (in the container
/// its extension names) or in place (each keeps its container), everything parsed before anything
/// is written.
package struct FormatJob {
  package var inputs: [String]
  package var layout: JSONLayout
  package var outputPath: String?
  package var inPlace = false
  package var quiet = false
  package var allowEmpty = false

  package init(inputs: [String], layout: JSONLayout) {
    self.inputs = inputs
    self.layout = layout
  }

  package func run() throws {
    let selection = try expandInputs(inputs, allowEmpty: allowEmpty)
    let files = selection.files
    if let refusal = outputOntoInput(outputPath, inputs: files) { throw UsageError(refusal) }
    if !inPlace && outputPath == nil {
      try writeToStandardOutput(selection)
      return
    }
    // Everything is parsed and formatted before anything is written: one bad input, nothing written.
    var results: [(path: String, animations: [ParsedAnimation])] = []
    if try selection.parseEach(quiet: quiet, { $0 }, { results.append(($0, $1)) }) {
      printError("lottiekit: nothing was written")
      throw Exit.failure
    }
    // -o takes one animation file: counted once other JSON in a folder is skipped.
    if outputPath != nil && results.count > 1 {
      throw UsageError("-o takes exactly one input file, and \(inputs.first ?? "") holds \(results.count)")
    }
    if outputPath != nil && results.isEmpty { return }  // --allow-empty: nothing to write
    do {
      if let destination = outputPath, let only = results.first {
        let bytes = try encode(only.animations, layout: layout, originalPath: only.path, destination: destination)
        let transaction = FileTransaction()  // creates the destination's folder if missing
        try transaction.stage(bytes, to: destination)
        try transaction.commit()
        if !quiet { printError("formatted \(only.path) → \(destination)") }
        return
      }
      let transaction = FileTransaction()
      var changed = 0
      for r in results {
        let bytes = try encode(r.animations, layout: layout, originalPath: r.path, destination: r.path)
        let original = try FileIO.read(r.path)
        if bytes != original {
          try transaction.stage(bytes, to: r.path)
          changed += 1
        }
      }
      try transaction.commit()
      if !quiet { printError("formatted \(results.count) file\(results.count == 1 ? "" : "s"), \(changed) changed") }
    } catch let error as IOFailure {
      throw Exit.error(error.description)
    } catch let error as ArchiveError {
      throw Exit.error(error.message)
    }
  }

  func writeToStandardOutput(_ selection: InputSelection) throws {
    var writeError: IOFailure?
    let layout = layout
    let failed = try selection.parseEach(quiet: quiet, { $0.map { $0.document.written(layout) } }) { _, outputs in
      for var bytes in outputs {
        if layout == .minified { bytes.append(0x0A) }
        do throws(IOFailure) { try FileIO.writeStandardOutput(bytes) } catch { writeError = error }
      }
    }
    if let e = writeError {
      throw Exit.error(e.description)
    }
    if failed { throw Exit.failure }
  }

  /// The new bytes of a file, in the container the destination's extension names (`.tgs` and
  /// `.json.gz`: gzip; `.lottie`: the archive rewritten; anything else: JSON). In place, the file
  /// keeps the container it has.
  func encode(
    _ animations: [ParsedAnimation], layout: JSONLayout, originalPath: String,
    destination: String
  ) throws -> [UInt8] {
    guard let first = animations.first else { return [] }
    let kind: OutputContainer
    if inPlace {
      switch first.source.container {
      case .json: kind = .json
      case .tgs: kind = .gzip
      case .dotLottie: kind = .dotLottie
      }
    } else {
      kind = OutputContainer(destination)
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
