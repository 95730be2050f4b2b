import ArgumentParser
import Foundation
import LottieKitFrontend
import LottieJSON
import LottieKitIO
import LottieTransforms

struct InlineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inline",
    abstract: "Embed external images as base64 data URIs (self-contained files for server delivery).",
    discussion: prose(
      """
      Each external image (u + p, relative to the animation's folder) is read, its type detected
      from its bytes (PNG, JPEG, WebP, GIF, SVG), and written as data:image/<type>;base64,… with
      e: 1 and u: "". Absolute paths, paths leading outside the folder (or --root), symlinks that
      do, URLs and missing files are refused with the asset and path named, and nothing is written.
      Already embedded images are left as they are. Everything else stays byte-identical.
      Examples:
        lottiekit inline hero.json -o hero.inline.json
        lottiekit inline --in-place --max-size 500000 delivery/
      """)
  )

  @Argument(help: "Animation files or folders.")
  var inputs: [String] = []

  @Option(help: "Folder images may come from (default: each animation's own folder).")
  var root: String?

  @Option(name: .customLong("max-size"), help: "Leave images larger than this many bytes external (reported).")
  var maxSize: Int?

  @OptionGroup var destination: TransformDestination
  @OptionGroup var empty: EmptyInputOption
  @OptionGroup var output: OutputOptions

  func validate() throws {
    try destination.validate(inputs: inputs)
    if let m = maxSize, m < 0 { throw ValidationError("--max-size must be a number of bytes") }
    if let r = root, !FileIO.isDirectory(r) { throw ValidationError("--root \(r) is not a folder") }
  }

  func run() throws {
    try InlineJob(destination.io(inputs, empty: empty, output: output), options: Inline.Options(root: root, maxSize: maxSize)).run()
  }
}

struct ExtractCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "extract",
    abstract: "Write embedded images to files and point the assets at them (the reverse of inline).",
    discussion: prose(
      """
      Each embedded image is decoded and written under --images-dir (default images/ beside the
      output animation) as <asset id>.<ext>, the extension from the bytes; a name that exists with
      other content gets a _2, _3… suffix, an identical file is reused. The asset gets u, p and e: 0.
      Undecodable data is refused and nothing is written. An animation with embedded images needs
      -o or --in-place (on standard output, where the images would go is unknown: exit 64).
      Examples:
        lottiekit extract hero.inline.json -o out/hero.json
        lottiekit extract --in-place --images-dir assets/ hero.json
      """)
  )

  @Argument(help: "Animation files or folders.")
  var inputs: [String] = []

  @Option(name: .customLong("images-dir"), help: "Folder for the images, relative to the output animation (default images/).")
  var imagesDir: String = "images/"

  @OptionGroup var destination: TransformDestination
  @OptionGroup var empty: EmptyInputOption
  @OptionGroup var output: OutputOptions

  func validate() throws {
    try destination.validate(inputs: inputs)
    let parts = imagesDir.split(separator: "/")
    if parts.contains("..") || parts.isEmpty {
      throw ValidationError("--images-dir must be a folder inside the output's folder, like images/")
    }
  }

  func run() throws {
    try ExtractJob(destination.io(inputs, empty: empty, output: output), imagesDir: imagesDir).run()
  }
}
