import Foundation
import LottieModel

/// Where an image asset's bytes are, decided the way players decide it, and whether lottiekit may
/// read them: only files inside the animation's folder (or a given root), after symlinks are resolved.
package enum ImageLocation: Sendable, Equatable {
  case embedded(dataURI: String)
  case url(String)
  /// `u` + `p` is an absolute path: players would read anywhere on the device.
  case absolute(String)
  /// The path leaves the allowed folder (`..`, or a symlink pointing out).
  case escapes(relative: String, resolved: String)
  /// A file inside the folder (it may not exist: see `FileIO.exists`).
  case file(relative: String, path: String)
  /// `p` is missing or not a string.
  case invalid(String)
}

package enum AssetPaths {
  /// Resolves `u` + `p` against `baseDirectory`, confined to `root` (default: the base directory).
  package static func locate(_ asset: Asset, baseDirectory: String, root: String? = nil) -> ImageLocation {
    guard let p = asset.fileName else { return .invalid("image asset has no string \"p\"") }
    if asset.isEmbedded { return .embedded(dataURI: p) }
    if asset.isURL { return .url((asset.folder ?? "") + p) }
    let relative = (asset.folder ?? "") + p
    if relative.hasPrefix("/") || relative.hasPrefix("~") { return .absolute(relative) }
    if relative.isEmpty { return .invalid("image asset has an empty path") }
    if relative.utf8.contains(0) { return .invalid("image asset's path contains a NUL character") }
    let joined = Paths.join(baseDirectory, relative)
    // Lexical check first (works for files that do not exist): the written path against the
    // written folder. Then the real path (symlinks resolved) against the real folder, so that a
    // folder that is itself behind a symlink (/tmp on macOS) is not mistaken for an escape.
    let folder = root ?? baseDirectory
    let lexical = Paths.normalizedAbsolute(joined)
    if !Paths.isInside(lexical, Paths.normalizedAbsolute(folder)) { return .escapes(relative: relative, resolved: lexical) }
    if FileIO.exists(joined) {
      let real = Paths.real(joined)
      if !Paths.isInside(real, Paths.real(folder)) { return .escapes(relative: relative, resolved: real) }
    }
    return .file(relative: relative, path: joined)
  }
}
