import Foundation
import LottieKitIO
import LottieTransforms

/// `lottiekit unpack`: a .lottie or .tgs into JSON and image files in a folder, all or none, never
/// outside the folder (zip-slip, symlinked subfolders), never beyond `maxSize` (zip and gzip bombs).
package struct UnpackJob {
  package var input: String
  package var outputPath: String
  package var maxSize: Int
  package var quiet = false
  /// Replace files already in the folder whose bytes differ from what unpack writes.
  package var force = false

  package init(input: String, outputPath: String, maxSize: Int) {
    self.input = input
    self.outputPath = outputPath
    self.maxSize = maxSize
  }

  package func run() throws {
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
      unpacked = try Unpack.run(bytes, fileName: input == "-" ? "stdin" : Paths.fileName(of: input), limit: maxSize)
    } catch {
      printError("\(shown): error: \(error.message)")
      printError("lottiekit: nothing was written")
      throw Exit.failure
    }
    for note in unpacked.notes where !quiet { printError("\(shown): \(note)") }
    let targets = unpacked.files.map { (outputPath.hasSuffix("/") ? outputPath : outputPath + "/") + $0.path }
    // Inputs are never overwritten: a .lottie saved as hero.json, unpacked into its own folder.
    if input != "-", let onto = targets.first(where: { FileIO.isSameFile(input, $0) }) {
      throw UsageError("-o \(outputPath): unpacking would write \(onto) over the input; choose another folder")
    }
    // A file already there with other bytes may be someone's edit: replaced only with --force.
    // The same bytes are no conflict, so unpacking the same archive again succeeds.
    if !force {
      let differing = zip(unpacked.files, targets).filter { file, target in
        FileIO.exists(target) && !FileIO.isDirectory(target) && (try? FileIO.read(target, limit: file.bytes.count + 1)) != file.bytes
      }.map(\.1)
      if !differing.isEmpty {
        let shown = differing.prefix(5).joined(separator: ", ") + (differing.count > 5 ? " and \(differing.count - 5) more" : "")
        throw UsageError(
          "-o \(outputPath): unpacking would replace \(differing.count) existing file\(differing.count == 1 ? "" : "s") with other content (\(shown)); nothing was written. Add --force to replace \(differing.count == 1 ? "it" : "them"), or choose another folder"
        )
      }
    }
    let transaction = FileTransaction()
    do {
      try transaction.makeFolder(outputPath)
      let folder = Paths.real(outputPath)
      for (file, target) in zip(unpacked.files, targets) {
        // Names were checked lexically; this also refuses a symlinked subfolder that points out.
        let parent = Paths.directory(of: target)
        try transaction.makeFolder(parent)
        let real = Paths.real(parent)
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
    if !quiet {
      let total = unpacked.files.reduce(0) { $0 + $1.bytes.count }
      printError("\(shown) → \(outputPath): \(unpacked.files.count) file\(unpacked.files.count == 1 ? "" : "s"), \(total) bytes")
      for file in unpacked.files { printError("  \(file.path) (\(file.bytes.count) bytes)") }
    }
  }
}
