import LottieModel

/// Where the assets of an animation inside a dotLottie archive are: v2 keeps images in `i/` and
/// sounds in `u/` (assets name them `u: "/i/"`), v1 in `images/` and `audio/`. One lookup for
/// `lint`, `info` and `render`, as players and `unpack` resolve them.
package enum DotLottie {
  /// The archive entry an asset points to: `u` (without its leading `/`) + `p`, else `p` in one of
  /// the archive's asset folders; nil when the archive has no such entry.
  package static func entry(for asset: Asset, in archive: ZipArchive) -> ZipArchive.Entry? {
    guard let p = asset.fileName, !p.isEmpty, !asset.isEmbedded else { return nil }
    for name in candidates(folder: asset.folder, file: p) {
      if let entry = archive.entry(named: name) { return entry }
    }
    return nil
  }

  /// The names tried, the asset's own path first.
  package static func candidates(folder: String?, file: String) -> [String] {
    var own = folder ?? ""
    while own.hasPrefix("/") { own.removeFirst() }
    var names = [own + file]
    for standard in ["i/", "images/", "u/", "audio/"] where standard != own { names.append(standard + file) }
    return names
  }

  /// How the asset's path reads inside the archive, for messages (`images/img_0.png`).
  package static func shownPath(for asset: Asset) -> String {
    candidates(folder: asset.folder, file: asset.fileName ?? "").first ?? ""
  }

  /// The archive with some entries' bytes replaced: every entry keeps its place, its name, its
  /// compression choice and its timestamp; an entry not replaced is copied byte for byte (its
  /// flags, extra fields and comment too), and so is the archive's comment.
  package static func rewrite(_ archive: ZipArchive, replacing replaced: [String: [UInt8]]) throws(ArchiveError) -> [UInt8] {
    var writer = ZipWriter()
    writer.comment = archive.comment
    for entry in archive.entries {
      if let new = replaced[entry.name] {
        try writer.add(name: entry.name, data: new, compress: entry.method != 0, modified: entry.modified)
      } else {
        try writer.copy(entry, from: archive)
      }
    }
    return writer.finish()
  }
}
