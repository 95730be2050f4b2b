import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finding the bundle's animations, image files and their identities on disk.
extension RenameAssets {
  // MARK: - Scanning

  /// Something a person must know about the bundle. Errors stop the run before any change.
  package struct Problem: Sendable, CustomStringConvertible {
    package enum Severity: String, Sendable { case error, warning }
    package var severity: Severity
    /// The animation (or file) concerned.
    package var path: String
    package var assetID: String?
    package var message: String
    package var location: SourceLocation?
    /// `path[:line:col]: severity: image "id": message`.
    package var description: String {
      let place = location.map { "\(path):\($0.line):\($0.column)" } ?? path
      let what = assetID.map { "image \"\($0)\": " } ?? ""
      return "\(place): \(severity.rawValue): \(what)\(message)"
    }
  }

  /// One animation of the bundle.
  package struct BundleAnimation: Sendable {
    /// The bundle folder as given, joined with the path found under it.
    package let path: String
    /// The path inside its bundle folder.
    package let relativePath: String
    package let document: JSONDocument
    /// A gzip file (`.tgs`): written back gzipped.
    package var gzip = false
  }

  /// A regular file found under the bundle folders.
  package struct BundleFile: Sendable {
    package let path: String
    let key: FileKey
  }

  /// What is on disk: the animations and every file, in sorted order.
  package struct Bundle: Sendable {
    package let roots: [String]
    package let animations: [BundleAnimation]
    package let files: [BundleFile]
    /// `.json` files that are not animations, and dotLottie archives (they carry their own
    /// images), with why they were skipped.
    package let skipped: [(path: String, reason: String)]
    /// Animations that cannot be read or parsed (errors).
    package let problems: [Problem]
  }

  /// Identity of a file: its inode and its folder's (renaming works on a name inside one folder, so
  /// two hard links in two folders are two files here). The same file reached through a symlinked
  /// path, or spelt with another case on a case-insensitive file system, is one file.
  struct FileKey: Hashable, Sendable {
    var device: UInt64
    var folder: UInt64
    var inode: UInt64
  }

  /// Walks the bundle folders: every regular file (hidden entries and symlinked folders skipped),
  /// every `.json` parsed. Folders given twice or nested in each other are walked once.
  package static func scan(_ roots: [String]) -> Bundle {
    var files: [BundleFile] = []
    var animations: [BundleAnimation] = []
    var skipped: [(String, String)] = []
    var problems: [Problem] = []
    var seen = Set<String>()
    var folderKeys: [String: (UInt64, UInt64)] = [:]
    for given in roots {
      let root = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
      for relative in FolderWalk.relativePaths(under: root, bundleFiles) {
        let path = root == "/" ? "/" + relative : root + "/" + relative
        guard let real = FileIO.realPath(path), seen.insert(real).inserted else { continue }
        guard let key = fileKey(path, folderKeys: &folderKeys) else { continue }
        files.append(BundleFile(path: path, key: key))
        // Animations as every command finds them: .json, .lot, .tgs (gzip, its image paths
        // resolved from its folder like a .json's), .lottie (an archive: its images are inside).
        guard FolderWalk.hasExtension(relative, in: Inputs.animationExtensions) else { continue }
        let source: AnimationSource
        do {
          let sources = try Inputs.load(path)
          guard sources.count == 1, sources[0].container != .dotLottie else {
            skipped.append((path, "dotLottie archive (it carries its own images)"))
            continue
          }
          source = sources[0]
        } catch {
          if FolderWalk.hasExtension(relative, in: ["lottie"]) {
            skipped.append((path, "dotLottie archive (it carries its own images)"))
          } else {
            problems.append(Problem(severity: .error, path: path, message: "cannot read: \(error.message)"))
          }
          continue
        }
        let bytes = source.bytes
        let document: JSONDocument
        do { document = try JSONDocument(parsing: bytes) } catch {
          if Animation.isOtherJSON(bytes, document: nil) {
            skipped.append((path, "JSON that is not an animation"))
          } else {
            problems.append(Problem(severity: .error, path: path, message: "not valid JSON: \(error.message)", location: error.location))
          }
          continue
        }
        if Animation(document: document).looksLikeLottie {
          animations.append(BundleAnimation(path: path, relativePath: relative, document: document, gzip: source.container == .tgs))
        } else {
          skipped.append((path, "JSON that is not an animation"))
        }
      }
    }
    let byPath: (String, String) -> Bool = { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    return Bundle(
      roots: roots, animations: animations.sorted { byPath($0.path, $1.path) },
      files: files.sorted { byPath($0.path, $1.path) }, skipped: skipped.sorted { byPath($0.0, $1.0) },
      problems: problems)
  }

  /// Every regular file of a bundle folder, directly or through a symlink (its name is what
  /// flattening sees), hidden ones left out, relative to the folder and sorted.
  static let bundleFiles = FolderWalk.Options(yield: .regularFiles, includesHidden: false)

  static func fileKey(_ path: String, folderKeys: inout [String: (UInt64, UInt64)]) -> FileKey? {
    var st = stat()
    guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
    let dir = Paths.directory(of: path)
    let folder: (UInt64, UInt64)
    if let known = folderKeys[dir] {
      folder = known
    } else {
      var d = stat()
      guard stat(dir, &d) == 0 else { return nil }
      folder = (UInt64(d.st_dev), UInt64(d.st_ino))
      folderKeys[dir] = folder
    }
    return FileKey(device: UInt64(st.st_dev), folder: folder.1, inode: UInt64(st.st_ino))
  }
}
