import Foundation
import LottieJSON
import LottieKitIO
import LottieTransforms

/// Says an image transform's errors and warnings (and skips, unless quiet) now, and returns the
/// lines saying what it did, to be said once everything is written: another input's refusal
/// writes nothing, and "written to" would then be wrong.
package func printNotes(_ notes: [ImageNote], path: String, quiet: Bool) -> [String] {
  var done: [String] = []
  for n in notes {
    switch n.kind {
    case .error: printError("\(path): error: \(n)")
    case .warning: printError("\(path): warning: \(n)")
    case .skipped: if !quiet { printError("\(path): skipped: \(n)") }
    case .done: if !quiet { done.append("\(path): \(n)") }
    }
  }
  return done
}

/// `lottiekit inline`: embeds every input's external images; refuses all when any image cannot be
/// embedded safely.
package struct InlineJob {
  package var io: TransformIO
  package var options: Inline.Options

  package init(_ io: TransformIO, options: Inline.Options) {
    self.io = io
    self.options = options
  }

  package func run() throws {
    var done: [String] = []
    let (results, refused) = try io.transformEach { input in
      let result = Inline.run(input.document, baseDirectory: input.baseDirectory ?? FileManager.default.currentDirectoryPath, options: options)
      done += printNotes(result.notes, path: input.path, quiet: io.quiet)
      return (TransformResult(input, output: result.bytes), result.refused)
    }
    if refused {
      printError("lottiekit: nothing was written")
      throw Exit.failure
    }
    try io.write(results)
    done.forEach(printError)
  }
}

/// `lottiekit extract`: writes embedded images as files beside the output animation and points the
/// assets at them.
package struct ExtractJob {
  package var io: TransformIO
  /// Relative to the output animation's folder (or an absolute path inside it).
  package var imagesDir: String

  package init(_ io: TransformIO, imagesDir: String) {
    self.io = io
    self.imagesDir = imagesDir
  }

  /// --images-dir relative to the output's folder: as given, or an absolute path inside that folder.
  func imagesFolder(relativeTo outputFolder: String) throws -> String {
    guard imagesDir.hasPrefix("/") else { return imagesDir }
    let folder = Paths.real(outputFolder)
    let images = Paths.real(imagesDir.hasSuffix("/") ? String(imagesDir.dropLast()) : imagesDir)
    guard let relative = Paths.relative(images, to: folder) else {
      throw UsageError("--images-dir \(imagesDir) is not inside the output's folder \(outputFolder)")
    }
    return relative + "/"
  }

  package func run() throws {
    // Files the earlier inputs of this run will write (by lowercased real path): two animations
    // whose images share a name in one folder must not overwrite each other.
    var planned: [String: (path: String, bytes: [UInt8])] = [:]
    var done: [String] = []
    let (results, refused) = try io.transformEach { input in
      // Images go beside the output animation: -o's folder, else the input's.
      let outputFolder = io.outputPath.map(Paths.directory(of:)) ?? input.baseDirectory ?? FileManager.default.currentDirectoryPath
      func place(_ relative: String) -> String { Paths.real(outputFolder) + "/" + relative }
      let result = Extract.run(input.document, options: Extract.Options(imagesFolder: try imagesFolder(relativeTo: outputFolder))) { relative in
        // Planned under another spelling: taken (empty bytes), never shared.
        if let p = planned[place(relative).lowercased()] { return p.path == place(relative) ? p.bytes : [] }
        return try? FileIO.read(outputFolder + "/" + relative)
      }
      if !result.refused {
        for f in result.files { planned[place(f.relative).lowercased()] = (place(f.relative), f.bytes) }
      }
      done += printNotes(result.notes, path: input.path, quiet: io.quiet)
      var r = TransformResult(input, output: result.bytes)
      for f in result.files {
        r.sideFiles.append((outputFolder + "/" + f.relative, f.bytes))
      }
      return (r, result.refused)
    }
    if refused {
      printError("lottiekit: nothing was written")
      throw Exit.failure
    }
    // On standard output the animation's place is unknown, so images written beside the input
    // would be pointed at from wherever the JSON lands: refused, nothing written.
    if io.outputPath == nil && !io.inPlace, results.contains(where: { !$0.sideFiles.isEmpty }) {
      throw UsageError(
        "extract writes image files beside the animation, whose place standard output does not tell: give -o OUT (the images go beside OUT) or --in-place; nothing was written"
      )
    }
    try io.write(results)
    done.forEach(printError)
  }
}
