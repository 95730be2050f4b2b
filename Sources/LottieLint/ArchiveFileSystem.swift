import LottieKitIO
import LottieModel

/// Asset lookups inside a dotLottie archive: paths are archive entries (`u: "/i/"` is the
/// archive's own images folder, not the device's root), and what is not in the archive is missing.
public struct ArchiveFileSystem: AssetFileSystem {
  public let archive: ZipArchive
  public init(archive: ZipArchive) { self.archive = archive }

  public var resolvesAbsolutePaths: Bool { true }

  public func locate(_ asset: Asset, baseDirectory: String) -> AssetLookup {
    if asset.isEmbedded { return .embedded }
    if asset.isURL { return .url(asset.relativePath ?? "") }
    if let entry = DotLottie.entry(for: asset, in: archive) {
      return .file(relative: entry.name, path: entry.name, exists: true)
    }
    let shown = DotLottie.shownPath(for: asset)
    return .file(relative: shown, path: shown, exists: false)
  }

  public func read(_ path: String, limit: Int) -> [UInt8]? {
    guard let entry = archive.entry(named: path), entry.uncompressedSize <= limit else { return nil }
    return try? archive.data(of: entry)
  }
}
