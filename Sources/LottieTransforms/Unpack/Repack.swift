import Foundation
import LottieJSON
import LottieKitIO
import LottieModel

/// Rebuilds a dotLottie from a folder that `unpack` wrote (it holds `.dotlottie/manifest.json`):
/// every animation, image, sound, theme, state machine and kept entry goes back to its place in
/// the archive, the manifest byte for byte, and assets are pointed back into the archive's folders.
package enum Repack {
  package struct Result: Sendable {
    package var bytes: [UInt8]
    /// Archive entries written, in order.
    package var entries: [String]
    /// Files of the folder that have no place in a dotLottie (not packed, said).
    package var notes: [String]
  }

  package static func isUnpackedArchive(_ folder: String) -> Bool {
    FileIO.exists((folder.hasSuffix("/") ? folder : folder + "/") + DotLottieLayout.keptFolder + "manifest.json")
  }

  package static func run(folder: String) throws(ArchiveError) -> Result {
    let root = folder.hasSuffix("/") ? folder : folder + "/"
    let manifestBytes: [UInt8]
    do { manifestBytes = try FileIO.read(root + DotLottieLayout.keptFolder + "manifest.json") } catch {
      throw ArchiveError(error.description)
    }
    guard let manifest = try? JSONDocument(parsing: manifestBytes) else {
      throw ArchiveError("\(DotLottieLayout.keptFolder)manifest.json is not valid JSON")
    }
    let versionText = manifest.root["version"]?.string ?? manifest.root["version"]?.numberText ?? "2"
    let version = versionText.hasPrefix("1") ? 1 : 2

    var animations: [(name: String, bytes: [UInt8])] = []
    var others: [(name: String, bytes: [UInt8])] = []
    var notes: [String] = []
    for relative in files(under: root) {
      let bytes: [UInt8]
      do { bytes = try FileIO.read(root + relative) } catch { throw ArchiveError(error.description) }
      if !relative.contains("/") && relative.lowercased().hasSuffix(".json") {
        animations.append(((version == 1 ? "animations/" : "a/") + relative, try pointIntoArchive(bytes, version: version, name: relative)))
      } else if relative == DotLottieLayout.keptFolder + "manifest.json" {
        continue
      } else if let name = DotLottieLayout.archivePath(of: relative, version: version), ZipArchive.isSafeEntryName(name) {
        others.append((name, bytes))
      } else {
        notes.append("not packed: \(relative) has no place in a dotLottie (animations at the top, images/, audio/, .dotlottie/)")
      }
    }
    guard !animations.isEmpty else { throw ArchiveError("\(folder) holds no animation to pack") }
    var writer = ZipWriter()
    var entries: [String] = []
    // The manifest first and stored, as dotLottie players read it before anything else.
    try writer.add(name: "manifest.json", data: manifestBytes, compress: false)
    entries.append("manifest.json")
    for item in animations + others {
      try writer.add(name: item.name, data: item.bytes)
      entries.append(item.name)
    }
    return Result(bytes: writer.finish(), entries: entries, notes: notes)
  }

  /// Every file under the folder, relative and sorted; junk (`.DS_Store`…) and hidden entries other
  /// than `.dotlottie/` are left out.
  static func files(under root: String) -> [String] {
    FolderWalk.relativePaths(under: root, unpackedFiles).filter { relative in
      let inKept = relative.hasPrefix(DotLottieLayout.keptFolder)
      return !DotLottieLayout.isJunk(inKept ? String(relative.dropFirst(DotLottieLayout.keptFolder.count)) : relative)
    }
  }

  /// What `files(under:)` walks, as it always has (it was Foundation's `enumerator(atPath:)`, that
  /// is fts(3) with FTS_PHYSICAL | FTS_XDEV): hidden entries too (`.dotlottie/`; junk is dropped
  /// after), not into another file system, and nothing when the folder is itself a symlink.
  static let unpackedFiles = FolderWalk.Options(
    yield: .nonFolders, includesHidden: true, crossesFileSystems: false,
    followsSymlinkedRoot: false)

  /// Assets that `unpack` pointed at `images/` and `audio/` point back into the archive.
  static func pointIntoArchive(_ bytes: [UInt8], version: Int, name: String) throws(ArchiveError) -> [UInt8] {
    let document: JSONDocument
    do { document = try JSONDocument(parsing: bytes) } catch {
      throw ArchiveError("\(name) is not valid JSON (\(error.location.line):\(error.location.column): \(error.message))")
    }
    var edits = JSONEdits(document)
    for asset in Animation(document: document).assets where !asset.isEmbedded {
      let target: String
      switch asset.folder {
      case "images/": target = version == 1 ? "/images/" : "/i/"
      case "audio/": target = version == 1 ? "/audio/" : "/u/"
      default: continue
      }
      do { try edits.set("u", to: .string(target), in: asset.node) } catch { throw ArchiveError("internal error: \(error.message)") }
    }
    if edits.isEmpty { return bytes }
    do { return try edits.apply() } catch { throw ArchiveError("internal error: \(error.message)") }
  }
}
