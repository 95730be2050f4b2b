import LottieJSON
import LottieKitIO
import LottieModel

// MARK: - unpack

/// What `unpack` writes: animations and images, by path relative to the output folder.
package struct UnpackedFiles: Sendable {
  package var files: [(path: String, bytes: [UInt8])] = []
  package var notes: [String] = []
}

package enum Unpack {
  /// Opens a `.lottie` (v1 or v2) or a gzip (`.tgs`, `.json.gz`) and returns the files to write.
  /// Every archive entry name is checked before anything is inflated (an entry that would land
  /// outside the output folder refuses the whole archive), and the expanded size is bounded by `limit`.
  package static func run(_ bytes: [UInt8], fileName: String, limit: Int) throws(ArchiveError) -> UnpackedFiles {
    if Gzip.isGzip(bytes) {
      let json = try Gzip.decompress(bytes, limit: limit)
      do { _ = try JSONDocument(parsing: json) } catch {
        throw ArchiveError("the decompressed data is not JSON (\(error.location.line):\(error.location.column): \(error.message))")
      }
      var stem = fileName
      for suffix in [".tgs", ".json.gz", ".gz"] where stem.lowercased().hasSuffix(suffix) {
        stem = String(stem.dropLast(suffix.count))
        break
      }
      if !Pack.isPlainFileName(stem + ".json") { stem = Extract.safeStem(stem) }
      return UnpackedFiles(files: [(stem + ".json", json)], notes: [])
    }
    guard ZipArchive.isZip(bytes) else {
      throw ArchiveError("not a .lottie (zip) or .tgs (gzip) file")
    }
    let archive = try ZipArchive(bytes: bytes, limit: limit)
    var names = Set<String>()
    for entry in archive.entries {
      guard ZipArchive.isSafeEntryName(entry.name) else {
        throw ArchiveError("archive entry '\(entry.name)' would be written outside the output folder; refusing the archive")
      }
      guard names.insert(entry.name).inserted else { throw ArchiveError("archive has two entries named '\(entry.name)'") }
    }
    let animations = Inputs.dotLottieAnimationEntries(archive)
    guard !animations.isEmpty else { throw ArchiveError("dotLottie archive has no animation (no a/*.json or animations/*.json)") }

    var result = UnpackedFiles()
    var written = Set<String>()
    // Images (i/, images/) go to images/ and sounds (u/, audio/) to audio/ beside the animations,
    // where the assets are pointed; the manifest, themes (t/, themes/), state machines (s/, states/)
    // and any other entry are kept in .dotlottie/ so that `pack` can rebuild the archive.
    var mediaEntries: [String: [String: ZipArchive.Entry]] = ["images/": [:], "audio/": [:]]
    for entry in archive.entries where !entry.isDirectory && !animations.contains(where: { $0.name == entry.name }) {
      if DotLottieLayout.isJunk(entry.name) {
        result.notes.append("skipped '\(entry.name)' (not part of the animation: a file system's hidden entry)")
        continue
      }
      let target = DotLottieLayout.unpackedPath(of: entry.name)
      if let media = ["images/", "audio/"].first(where: { target.hasPrefix($0) }) {
        mediaEntries[media]?[String(target.dropFirst(media.count))] = entry
      }
      guard written.insert(target).inserted else {
        result.notes.append("skipped '\(entry.name)': another entry already unpacks to \(target)")
        continue
      }
      result.files.append((target, try archive.data(of: entry)))
      if target.hasPrefix(DotLottieLayout.keptFolder) && entry.name != "manifest.json" {
        result.notes.append("kept '\(entry.name)' as \(target) (pack rebuilds the archive with it)")
      }
    }
    for entry in animations {
      let prefix = entry.name.hasPrefix("a/") ? "a/" : "animations/"
      let relative = String(entry.name.dropFirst(prefix.count))
      let json = try archive.data(of: entry)
      let document: JSONDocument
      do { document = try JSONDocument(parsing: json) } catch {
        throw ArchiveError("'\(entry.name)' is not valid JSON (\(error.location.line):\(error.location.column): \(error.message))")
      }
      let rewritten = try pointAssets(
        document, images: Set(mediaEntries["images/"]?.keys ?? [:].keys),
        sounds: Set(mediaEntries["audio/"]?.keys ?? [:].keys))
      guard written.insert(relative).inserted else { throw ArchiveError("two animations unpack to '\(relative)'") }
      result.files.append((relative, rewritten))
    }
    return result
  }

  /// Points image and sound assets that reference an archive entry (`u: "/i/"`, `"/images/"`,
  /// `"/u/"`, `"/audio/"`, or any `u`: players look `p` up in the archive's folders) at `images/`
  /// and `audio/` beside the unpacked animation.
  static func pointAssets(_ document: JSONDocument, images: Set<String>, sounds: Set<String>) throws(ArchiveError) -> [UInt8] {
    let animation = Animation(document: document)
    var edits = JSONEdits(document)
    for asset in animation.assets where !asset.isEmbedded {
      guard let p = asset.fileName else { continue }
      let folder: String
      if asset.isImage && images.contains(p) { folder = "images/" } else if asset.isSound && sounds.contains(p) { folder = "audio/" } else { continue }
      guard asset.folder != folder else { continue }
      do { try edits.set("u", to: .string(folder), in: asset.node) } catch { throw ArchiveError("internal error: \(error.message)") }
    }
    if edits.isEmpty { return document.bytes }
    do { return try edits.apply() } catch { throw ArchiveError("internal error: \(error.message)") }
  }
}

/// Where a dotLottie's entries go when unpacked, and back.
package enum DotLottieLayout {
  /// The manifest, themes, state machines and entries of no known kind, kept for `pack`.
  package static let keptFolder = ".dotlottie/"

  /// Archive folder → unpacked folder (v2 and v1 names).
  static let folders: [(archive: String, unpacked: String)] = [
    ("i/", "images/"), ("images/", "images/"), ("u/", "audio/"), ("audio/", "audio/"),
    ("t/", keptFolder + "themes/"), ("themes/", keptFolder + "themes/"),
    ("s/", keptFolder + "states/"), ("states/", keptFolder + "states/")
  ]

  /// Entries a file system adds (`.DS_Store`, `__MACOSX/`): never part of the animation.
  package static func isJunk(_ name: String) -> Bool {
    name.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "__MACOSX" || $0 == "Thumbs.db" }
  }

  /// Where a non-animation entry is written by `unpack`.
  package static func unpackedPath(of name: String) -> String {
    for f in folders where name.hasPrefix(f.archive) { return f.unpacked + name.dropFirst(f.archive.count) }
    return keptFolder + name
  }

  /// Where an unpacked file goes back in a version-`version` archive (nil: not part of it).
  package static func archivePath(of relative: String, version: Int) -> String? {
    if relative == keptFolder + "manifest.json" { return "manifest.json" }
    let v2: [String: String] = ["images/": "i/", "audio/": "u/", keptFolder + "themes/": "t/", keptFolder + "states/": "s/"]
    let v1: [String: String] = ["images/": "images/", "audio/": "audio/", keptFolder + "themes/": "themes/", keptFolder + "states/": "states/"]
    for (unpacked, archive) in (version == 1 ? v1 : v2) where relative.hasPrefix(unpacked) {
      return archive + relative.dropFirst(unpacked.count)
    }
    if relative.hasPrefix(keptFolder) { return String(relative.dropFirst(keptFolder.count)) }
    return nil
  }
}
