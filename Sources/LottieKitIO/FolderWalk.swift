#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The package's one folder walker (#22): folder inputs (`Inputs.expand`), a rename-assets bundle,
/// an unpacked dotLottie (`Repack`) and the folders where a crash journal can lie all walk folders
/// here, each with its options.
///
/// Common to every walk: symlinked folders are never walked into (they can form cycles, and real
/// folders cannot: there are no hard links to folders); a folder that cannot be listed adds nothing
/// (and stops nothing); names that are not valid UTF-8 are read with U+FFFD in place of the bad
/// bytes, so the path does not exist: such a file (with a wanted extension) or folder is yielded
/// for the reader to report (FileIO.notFound), not skipped in silence; `.`, `..` and `._` are never
/// entries. Each entry costs one `lstat` (and one `stat` for a symlink). Paths are the root joined
/// with the path under it: `root + rel` when the root ends with `/`, else `root + "/" + rel`.
package enum FolderWalk {
  package struct Options: Sendable {
    /// What the walk returns.
    package enum Yield: Sendable {
      /// Everything that is not a folder once symlinks are followed: regular files, and also
      /// FIFOs, sockets and devices, directly or through a symlink (a reader must expect them: a
      /// socket cannot be opened, a FIFO waits for a writer). Dangling symlinks are left out.
      case nonFolders
      /// Regular files, directly or through a symlink.
      case regularFiles
      /// The root, then every folder walked into; one that cannot be listed is still returned.
      case folders
    }

    /// The order of the result.
    package enum Order: Sendable {
      /// By the UTF-8 bytes of the path (the same for relative and joined paths), as `LC_ALL=C sort`.
      case bytes
      /// The order of the walk: the root, then depth first with the last folder found walked
      /// first, each folder's entries as the file system lists them (readdir). The same every time
      /// for the same folders on the same file system; not sorted.
      case walk
    }

    package var yield: Yield
    /// Only names whose extension, lowercased, is one of these; nil: every name. The extension is
    /// the last non-empty part between dots of a name that has a dot (so `x.json.` counts as
    /// `.json`, and `json` has none). Folders are walked into whatever their name.
    package var extensions: Set<String>?
    /// Whether names starting with `.` are seen, and hidden folders walked into.
    package var includesHidden: Bool
    /// Whether a folder on another file system than the root (a mount point) is walked into.
    package var crossesFileSystems: Bool
    /// Whether a root that is itself a symlink to a folder is walked (false: it yields nothing).
    package var followsSymlinkedRoot: Bool
    package var order: Order

    package init(
      yield: Yield, extensions: Set<String>? = nil, includesHidden: Bool, crossesFileSystems: Bool = true,
      followsSymlinkedRoot: Bool = true, order: Order = .bytes
    ) {
      self.yield = yield
      self.extensions = extensions
      self.includesHidden = includesHidden
      self.crossesFileSystems = crossesFileSystems
      self.followsSymlinkedRoot = followsSymlinkedRoot
      self.order = order
    }
  }

  /// The paths under `root`, joined with it (for `.folders`, the root itself comes first as given).
  package static func paths(under root: String, _ options: Options) -> [String] {
    var unbounded = Int.max
    return paths(under: root, options, budget: &unbounded)
  }

  /// Like `paths(under:_:)`, bounded: every folder walked costs 1 and every name listed in it 1;
  /// the walk stops before the next folder once `budget` is used up (and leaves it used up, so a
  /// budget shared by several walks stops the later ones).
  package static func paths(under root: String, _ options: Options, budget: inout Int) -> [String] {
    walk(root, options, budget: &budget).map { $0.isEmpty ? root : Paths.join(root, $0) }
  }

  /// The paths under `root`, relative to it (for `.folders`, the root is "").
  package static func relativePaths(under root: String, _ options: Options) -> [String] {
    var unbounded = Int.max
    return walk(root, options, budget: &unbounded)
  }

  /// The names in one folder, as the file system lists them (not `.`, `..` or `._`, as
  /// Foundation's `contentsOfDirectory`); nil when it cannot be listed.
  package static func names(in folder: String) -> [String]? { listing(in: folder)?.names }

  /// The names in one folder, and those of them that are not valid UTF-8 and that the listing
  /// says are folders, or does not say what they are (`d_type`): such a name cannot be looked up.
  static func listing(in folder: String) -> (names: [String], undecodableFolders: Set<String>)? {
    guard let d = opendir(folder) else { return nil }
    defer { closedir(d) }
    var names: [String] = []
    var folders = Set<String>()
    while let entry = readdir(d) {
      guard entry.pointee.d_ino != 0 else { continue }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != "..", name != "._" else { continue }
      names.append(name)
      let type = entry.pointee.d_type
      if (type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN)), Paths.isUndecodable(name) { folders.insert(name) }
    }
    return (names, folders)
  }

  static func walk(_ root: String, _ options: Options, budget: inout Int) -> [String] {
    var rootStat = stat()
    guard stat(root, &rootStat) == 0, (rootStat.st_mode & S_IFMT) == S_IFDIR else { return [] }
    if !options.followsSymlinkedRoot {
      // The root itself, as fts(3) without FTS_COMFOLLOW sees it (a trailing slash would follow it).
      var bare = Substring(root)
      while bare.count > 1 && bare.hasSuffix("/") { bare = bare.dropLast() }
      var l = stat()
      guard lstat(String(bare), &l) == 0, (l.st_mode & S_IFMT) == S_IFDIR else { return [] }
    }
    var found: [String] = []
    var stack = [""]
    while let relative = stack.popLast(), budget > 0 {
      if options.yield == .folders { found.append(relative) }
      budget -= 1
      guard let (names, undecodableFolders) = listing(in: relative.isEmpty ? root : Paths.join(root, relative)) else { continue }
      budget -= names.count
      for name in names where options.includesHidden || !name.hasPrefix(".") {
        let rel = relative.isEmpty ? name : relative + "/" + name
        let path = Paths.join(root, rel)
        var l = stat()
        guard lstat(path, &l) == 0 else {
          // A name that is not valid UTF-8 (U+FFFD stands in for its bad bytes) cannot be opened,
          // but is not skipped in silence: yielded, reading it says why (FileIO.notFound). So is
          // such a folder, whatever its name, since what it holds cannot be walked.
          if Paths.isUndecodable(name), options.yield != .folders,
            undecodableFolders.contains(name) || (options.extensions.map({ hasExtension(name, in: $0) }) ?? true)
          {
            found.append(rel)
          }
          continue
        }
        var type = l.st_mode & S_IFMT
        if type == S_IFDIR {
          if options.crossesFileSystems || l.st_dev == rootStat.st_dev { stack.append(rel) }
          continue
        }
        guard options.yield != .folders else { continue }
        if type == S_IFLNK {
          var s = stat()
          guard stat(path, &s) == 0 else { continue }
          type = s.st_mode & S_IFMT
          if type == S_IFDIR { continue }
        }
        if options.yield == .regularFiles && type != S_IFREG { continue }
        if let extensions = options.extensions, !hasExtension(name, in: extensions) { continue }
        found.append(rel)
      }
    }
    guard options.order == .bytes else { return found }
    return found.map { (key: Array($0.utf8), path: $0) }
      .sorted { $0.key.lexicographicallyPrecedes($1.key) }
      .map(\.path)
  }

  package static func hasExtension(_ name: String, in extensions: Set<String>) -> Bool {
    guard name.contains("."), let ext = name.split(separator: ".").last else { return false }
    return extensions.contains(ext.lowercased())
  }
}
