import ArgumentParser
import Foundation
import LottieKitFrontend
import LottieKitIO

struct UnpackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unpack",
    abstract: "Unpack a .lottie (v1 or v2) or .tgs into JSON and image files (the reverse of pack).",
    discussion: prose(
      """
      A .lottie's animations (a/ or animations/) are written as <id>.json in the -o folder, its
      images (i/ or images/) under images/ and its sounds (u/ or audio/) under audio/, with the
      assets pointed there; the manifest, themes, state machines and any other entry are kept in
      .dotlottie/, so that pack FOLDER -o x.lottie rebuilds the archive with every entry.
      File-system junk (.DS_Store, __MACOSX/) is skipped and said. A .tgs
      (or .json.gz) is written as <name>.json. Archive entries whose names would land outside the
      folder (zip-slip), archives that expand beyond --max-size (zip and gzip bombs), truncated
      and corrupt archives are refused with exit 2 and nothing is written. Files already in the
      folder with other content (an edited animation, say) are not replaced without --force: exit
      64, nothing written; the same content is no conflict, so unpacking again succeeds.
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

  @Flag(help: "Replace files already in the folder whose content differs (default: refuse with exit 64, nothing written).")
  var force = false

  @OptionGroup var output: OutputOptions

  func validate() throws {
    if maxSize <= 0 { throw ValidationError("--max-size must be a positive number of bytes") }
    if FileIO.exists(outputPath) && !FileIO.isDirectory(outputPath) {
      throw ValidationError("-o \(outputPath) exists and is not a folder")
    }
  }

  func run() throws {
    var job = UnpackJob(input: input, outputPath: outputPath, maxSize: maxSize)
    job.quiet = output.quiet
    job.force = force
    try job.run()
  }
}
