import ArgumentParser
import LottieKitFrontend
import LottieJSON
import LottieKitIO
import LottieTransforms

struct RenameAssetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename-assets",
    abstract: "Make image file names unique across a bundle of animations (no more img_0.png overwriting img_0.png).",
    discussion: prose(
      """
      The folders given form one bundle (one iOS app bundle, where Xcode flattens resources, or one
      Android assets folder, where lottie-android ignores u): every animation (.json, .lot, .tgs, written
      back gzipped) under them and the images they use (a .lottie carries its own). Names that collide bundle-wide — the same base name, compared
      case-insensitively as macOS does, in any folder, with different bytes — are replaced by
      unique ones. Files stay in their folder: they are renamed in place and only p changes in
      the JSON; every other byte, u included, stays as it was.
        --scheme prefix (default)  <animation>_<original>.<ext>    hero_img_0.png
        --scheme hash              <original>-<12 hex of sha256>.<ext>
                                   img_0-3fa9c2d1e0b4.png
      Names keep to ASCII letters, digits, _ and - with a lowercase extension, and never repeat a
      name that exists anywhere in the bundle (_2, _3 … are added instead). With --dedupe,
      renamed files that are identical (byte for byte) share one name, and one file when in the
      same folder.
      A file still used by something the plan does not rewrite is copied instead of renamed.
      Embedded images and URLs are left alone and listed.

      All or nothing: a missing or unreadable image, or an animation that does not parse, stops
      the run before anything changes (exit 2, naming them); a failure while changing files
      (a read-only file, a full disk) restores everything. Paths leading outside an animation's
      folder are warnings (exit 1) and those assets are left alone. A second run finds nothing
      to do. The report goes to stderr; --format json prints it on stdout.
      Examples:
        lottiekit rename-assets --dry-run App/Resources/Animations
        lottiekit rename-assets onboarding/ checkout/ settings/
        lottiekit rename-assets --scheme hash --dedupe app/src/main/assets/lottie
        lottiekit rename-assets --dry-run --format json Animations/ | jq '.files'
      """)
  )

  @Argument(help: "The bundle's folders (searched recursively for .json animations and files).")
  var bundles: [String] = []

  @Option(help: "How new names are made: prefix (<animation>_<original>) or hash (<original>-<content hash>).")
  var scheme: RenameAssets.Scheme = .prefix

  @Flag(help: "Let byte-identical images the run renames share one name (and one file within a folder).")
  var dedupe = false

  @Flag(name: .customLong("dry-run"), help: "Print the plan; change nothing.")
  var dryRun = false

  @Option(help: "Report format: text (on stderr) or json (on stdout).")
  var format: TextOrJSON = .text

  @OptionGroup var output: OutputOptions
  @OptionGroup var empty: EmptyInputOption

  func validate() throws {
    if bundles.isEmpty {
      throw ValidationError("give the bundle's folders, like: lottiekit rename-assets App/Resources/Animations")
    }
    for b in bundles {
      if b == "-" { throw ValidationError("rename-assets works on folders, not standard input") }
      if FileIO.exists(b) && !FileIO.isDirectory(b) {
        throw ValidationError("\(b) is a file; rename-assets takes the bundle's folders (every animation under them is included)")
      }
    }
  }

  func run() throws {
    var job = RenameAssetsJob(bundles: bundles, options: RenameAssets.Options(scheme: scheme, dedupe: dedupe))
    job.dryRun = dryRun
    job.format = format
    job.quiet = output.quiet
    job.color = output.color
    job.allowEmpty = empty.allowEmpty
    try job.run()
  }
}

extension RenameAssets.Scheme: ExpressibleByArgument {}
