#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An intent journal that makes multi-file commits survive a crash or SIGKILL.
///
/// Before the first visible change of a commit that touches several files, the commit writes every
/// step it is about to make into a hidden journal beside its first destination
/// (`.lottiekit-journal-<pid>-XXXXXX`), flushes it and holds an exclusive `flock` on it; it removes
/// the journal after its last step. Every step is idempotent when replayed forwards, and every new
/// content already sits, complete and flushed, in a temporary file. So a commit killed half-way is
/// finished by `recover`: the next lottiekit run that touches the folder ("roll forward"). A
/// journal whose lock is held belongs to a commit still running and is left alone.
package enum CrashJournal {
  package enum Step: Sendable, Equatable {
    /// `temp` replaces `destination` (rename).
    case replace(temp: String, destination: String)
    /// `temp` becomes the new file `destination` (link, then unlink; or rename).
    case create(temp: String, destination: String)
    /// `from` is renamed to `to` (link, then unlink the old name; or rename).
    case move(from: String, to: String)
    /// `path` is removed.
    case remove(path: String)
    /// A backup the commit made, deleted once it is done.
    case discard(path: String)
  }

  package static let prefix = ".lottiekit-journal-"

  /// An open journal: its path and the descriptor that holds its lock.
  package struct Handle {
    let path: String
    let fd: Int32
  }

  /// Writes and flushes the journal in the deepest folder that holds every path the steps touch
  /// (replay refuses any path outside the journal's folder); nil when it cannot be written (the
  /// commit then goes on without crash protection, as before, rather than failing).
  package static func begin(_ steps: [Step], near destination: String) -> Handle? {
    var paths: [String] = []
    for step in steps {
      switch step {
      case .replace(let t, let d), .create(let t, let d): paths += [t, d]
      case .move(let f, let t): paths += [f, t]
      case .remove(let p), .discard(let p): paths.append(p)
      }
    }
    let dirs = paths.map { Paths.realFolder(of: $0) }
    guard var dir = dirs.first ?? Optional(Paths.realFolder(of: destination)) else { return nil }
    for d in dirs.dropFirst() { dir = Paths.commonAncestor(dir, d) }
    guard dir != "/" else { return nil }
    var template = Array("\(dir)/\(prefix)\(getpid())-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buf -> Int32 in
      guard let base = buf.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard fd >= 0 else { return nil }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard flock(fd, LOCK_EX) == 0 else {
      close(fd)
      unlink(path)
      return nil
    }
    var text = "lottiekit journal 1\n"
    for step in steps {
      switch step {
      case .replace(let t, let d): text += "replace\t\(Paths.withRealFolder(t))\t\(Paths.withRealFolder(d))\n"
      case .create(let t, let d): text += "create\t\(Paths.withRealFolder(t))\t\(Paths.withRealFolder(d))\n"
      case .move(let f, let t): text += "move\t\(Paths.withRealFolder(f))\t\(Paths.withRealFolder(t))\n"
      case .remove(let p): text += "remove\t\(Paths.withRealFolder(p))\n"
      case .discard(let p): text += "discard\t\(Paths.withRealFolder(p))\n"
      }
    }
    text += "end\n"
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { buf -> Int in
        guard let base = buf.baseAddress else { return -1 }
        return write(fd, base + written, bytes.count - written)
      }
      if n <= 0 {
        close(fd)
        unlink(path)
        return nil
      }
      written += n
    }
    guard fsync(fd) == 0 else {
      close(fd)
      unlink(path)
      return nil
    }
    FileIO.syncDirectory(of: path)
    return Handle(path: path, fd: fd)
  }

  /// The commit is complete (or undone): the journal goes.
  package static func end(_ handle: Handle?) {
    guard let handle else { return }
    unlink(handle.path)
    FileIO.syncDirectory(of: handle.path)
    close(handle.fd)
  }

  /// Folders where a journal of an interrupted write for these command-line arguments can lie: the
  /// folder of every existing path (and of a path that does not exist yet, an output, when that
  /// folder exists), and each existing folder with the folders below it. The walk is bounded: it
  /// stops once 20,000 folders and names have been looked at, over all the arguments.
  package static func folders(for arguments: [String]) -> [String] {
    var folders: [String] = []
    var budget = 20_000
    for argument in arguments where !argument.hasPrefix("-") || argument == "-" {
      guard argument != "-", FileIO.exists(argument) else {
        // An output that does not exist yet: its folder may.
        let parent = Paths.directory(of: argument)
        if FileIO.isDirectory(parent) { folders.append(parent) }
        continue
      }
      if FileIO.isDirectory(argument) {
        folders.append(contentsOf: FolderWalk.paths(under: argument, journalFolders, budget: &budget))
      } else {
        folders.append(Paths.directory(of: argument))
      }
    }
    return folders
  }

  /// The folders below a folder argument: hidden ones left out, in the order of the walk (the
  /// budget decides where it stops, so the order is not sorted but kept as it always was).
  static let journalFolders = FolderWalk.Options(yield: .folders, includesHidden: false, order: .walk)

  /// Finishes every interrupted commit whose journal lies in `directories` (not recursively).
  /// Returns one line per journal replayed.
  @discardableResult
  package static func recover(in directories: [String]) -> [String] {
    var messages: [String] = []
    var seen = Set<String>()
    for dir in directories where seen.insert(dir).inserted {
      guard let names = FolderWalk.names(in: dir) else { continue }
      let journals = names.filter { $0.hasPrefix(prefix) }.map { Paths.join(dir, $0) }
      for journal in journals.sorted() {
        if let message = replay(journal) { messages.append(message) }
      }
    }
    return messages
  }

  /// Replays one journal forwards, unless a running commit holds it.
  static func replay(_ journal: String) -> String? {
    let fd = open(journal, O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return nil }
    guard let bytes = try? FileIO.read(journal, limit: 64 * 1024 * 1024) else { return nil }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    // A journal cut short was being written when the process died: nothing had changed yet.
    guard lines.first == "lottiekit journal 1", lines.last == "end" else {
      unlink(journal)
      return nil
    }
    // A journal is only a file: one that came from elsewhere (committed to a repository, say) must
    // not let a read-only command touch anything outside its own folder, nor anything but the
    // temporary and backup files lottiekit itself makes. The whole journal is checked first.
    let home = Paths.realFolder(of: journal)
    let rows = lines.dropFirst().dropLast().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    for f in rows where !isAcceptable(f, under: home) {
      return "lottiekit: warning: ignored \(journal): it names files outside its folder or not made by lottiekit"
    }
    var replayed = 0
    for f in rows {
      switch (f.first, f.count) {
      case ("replace", 3):
        if exists(f[1]) { if rename(f[1], f[2]) == 0 { replayed += 1 } }
      case ("create", 3):
        if exists(f[1]) {
          if exists(f[2]) { unlink(f[1]) } else if rename(f[1], f[2]) == 0 { replayed += 1 }
        }
      case ("move", 3):
        if exists(f[1]) {
          if !exists(f[2]) {
            if rename(f[1], f[2]) == 0 { replayed += 1 }
          } else if sameFile(f[1], f[2]) {
            unlink(f[1])
            replayed += 1
          }
        }
      case ("remove", 2):
        if exists(f[1]), unlink(f[1]) == 0 { replayed += 1 }
      case ("discard", 2):
        unlink(f[1])
      default:
        break
      }
      if f.count >= 3 { FileIO.syncDirectory(of: f[2]) }
    }
    unlink(journal)
    FileIO.syncDirectory(of: journal)
    return "lottiekit: finished an interrupted write (\(replayed) step\(replayed == 1 ? "" : "s") replayed from \(journal))"
  }

  /// Whether a journal row has a known step whose paths all lie under `home` (by resolved folder)
  /// and whose temporary and backup files have the names lottiekit gives them.
  static func isAcceptable(_ f: [String], under home: String) -> Bool {
    func inside(_ p: String) -> Bool {
      guard p.hasPrefix("/"), !p.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return false }
      let dir = Paths.realFolder(of: p)
      return dir == home || dir.hasPrefix(home.hasSuffix("/") ? home : home + "/")
    }
    /// `.<name>.lottiekit-XXXXXX` beside `destination`.
    func isTemporary(_ t: String, for destination: String) -> Bool {
      Paths.directory(of: t) == Paths.directory(of: destination)
        && Paths.fileName(of: t).hasPrefix("." + Paths.fileName(of: destination) + ".lottiekit-")
    }
    switch (f.first, f.count) {
    case ("replace", 3), ("create", 3): return inside(f[1]) && inside(f[2]) && isTemporary(f[1], for: f[2])
    case ("move", 3): return inside(f[1]) && inside(f[2])
    case ("remove", 2): return inside(f[1])
    case ("discard", 2):
      let name = Paths.fileName(of: f[1])
      return inside(f[1]) && name.hasPrefix(".") && (name.hasSuffix(".orig") || name.contains(".lottiekit-removed-"))
    default: return false
    }
  }

  static func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }

  static func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    guard lstat(a, &sa) == 0, lstat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
  }
}
