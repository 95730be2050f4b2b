#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SystemPackage

/// The one home for path algebra. Lexical operations (normal form, containment, common ancestor)
/// are swift-system's `FilePath`; the ones that ask the file system go through `FileIO.realPath`.
/// Paths stay `String`s at the edges: they are printed as the user wrote them.
package enum Paths {
  /// The current directory (getcwd(3)); "." when it cannot be read.
  package static var currentDirectory: String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A relative path taken from the current directory (a leading `./` dropped); an absolute one as it is.
  package static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    return join(currentDirectory, path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
  }

  /// `.` and `..` collapsed without touching the disk, repeated and trailing slashes removed. A
  /// relative path keeps its leading `..` (and is `.` when nothing is left); `/..` is `/`.
  ///
  /// Written over the path's components rather than with `FilePath.lexicallyNormalize()`: in
  /// swift-system 1.8.1 that traps (an internal check of debug builds) on a relative path that
  /// climbs more than once (`a/../../..`, `./../..`), and `FilePath` ends a path at a NUL byte,
  /// which a crafted asset path can hold.
  package static func lexicallyNormal(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !absolute {
          parts.append(part)
        }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// `absolute`, then `lexicallyNormal`.
  package static func normalizedAbsolute(_ path: String) -> String {
    lexicallyNormal(absolute(path))
  }

  /// Whether a name read from the file system was not valid UTF-8: U+FFFD stands in for its bad
  /// bytes, so it names nothing that can be opened, and two such names can read alike.
  package static func isUndecodable(_ path: String) -> Bool {
    path.unicodeScalars.contains("\u{FFFD}")
  }

  /// The real path (every symlink resolved). For a file that does not exist yet: its folder's real
  /// path and its name; for a folder that does not exist either, the normalized absolute path.
  package static func real(_ path: String) -> String {
    let full = absolute(path)
    if let real = FileIO.realPath(full) { return real }
    let folder = directory(of: full)
    if folder != full, let real = FileIO.realPath(folder) { return join(real, fileName(of: full)) }
    return lexicallyNormal(full)
  }

  /// The absolute path with its folder's symlinks resolved but not the file's own (the file may not
  /// exist yet): what a rename of this path touches.
  package static func withRealFolder(_ path: String) -> String {
    let full = absolute(path)
    return join(realFolder(of: full), fileName(of: full))
  }

  /// The real path of the folder holding `path` (its absolute folder when that does not exist).
  package static func realFolder(of path: String) -> String {
    let folder = directory(of: absolute(path))
    return FileIO.realPath(folder) ?? folder
  }

  /// Whether `path` is `folder` or lies under it, by whole components (`/a/bc` is not inside `/a/b`)
  /// and by bytes (`é` and `e` + U+0301 are two names on Linux). A path with a NUL byte is inside
  /// nothing.
  package static func isInside(_ path: String, _ folder: String) -> Bool {
    guard !path.utf8.contains(0), !folder.utf8.contains(0) else { return false }
    return FilePath(path).starts(with: FilePath(folder))
  }

  /// `path` relative to `folder` when it lies strictly under it (whole components, compared by
  /// bytes), else nil.
  package static func relative(_ path: String, to folder: String) -> String? {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    guard path.utf8.count > prefix.utf8.count, path.utf8.starts(with: prefix.utf8) else { return nil }
    return String(decoding: path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
  }

  /// `path` relative to `folder`, climbing out of it with `..` when it lies elsewhere (both
  /// absolute and normalized): a file beside the folder is `../anims/a.json`, so that both can move
  /// together (a repository checked out somewhere else).
  package static func relativeClimbing(_ path: String, from folder: String) -> String {
    if let inside = relative(path, to: folder) { return inside }
    let common = commonAncestor(path, folder)
    let up = FilePath(folder).components.count - FilePath(common).components.count
    let rest = relative(path, to: common) ?? ""
    return (Array(repeating: "..", count: up) + (rest.isEmpty ? [] : [rest])).joined(separator: "/")
  }

  /// The longest folder both absolute paths start with, by whole components.
  package static func commonAncestor(_ a: String, _ b: String) -> String {
    var shared: [String] = []
    for (x, y) in zip(FilePath(a).components, FilePath(b).components) {
      guard x == y else { break }
      shared.append(x.string)
    }
    return "/" + shared.joined(separator: "/")
  }

  /// `folder` joined with a name or relative path under it.
  package static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The folder part of a path (`.` when there is none, `/` for a file in the root).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let dir = String(path[..<slash])
    return dir.isEmpty ? "/" : dir
  }

  /// The part after the last `/`.
  package static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
