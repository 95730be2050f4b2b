import LottieKitIO
import LottieModel

/// Asset lookups inside a dotLottie archive: paths are archive entries (`u: "/i/"` is the
/// archive's own images folder, not the device's root), and what is not in the archive is missing.
package struct ArchiveFileSystem: AssetFileSystem {
  package let archive: ZipArchive
  package init(archive: ZipArchive) { self.archive = archive }

  package var resolvesAbsolutePaths: Bool { true }

  package func locate(_ asset: Asset, baseDirectory: String) -> AssetLookup {
    if asset.isEmbedded { return .embedded }
    if asset.isURL { return .url(asset.relativePath ?? "") }
    if let entry = DotLottie.entry(for: asset, in: archive) {
      return .file(relative: entry.name, path: entry.name, exists: true)
    }
    let shown = DotLottie.shownPath(for: asset)
    return .file(relative: shown, path: shown, exists: false)
  }

  package func read(_ path: String, limit: Int) -> [UInt8]? {
    guard let entry = archive.entry(named: path), entry.uncompressedSize <= limit else { return nil }
    return try? archive.data(of: entry)
  }
}
