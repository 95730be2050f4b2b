#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Changes to many files of one folder tree, made all together or not at all: replaced contents,
/// new files (copies), renames and removals.
///
/// Staging (`replace`, `copy`, `create`, `move`, `remove`) writes nothing visible: new contents go
/// to hidden temporary files beside their destinations, and every file the transaction would
/// modify, rename or remove is checked to be writable first, so that a read-only file stops
/// everything before any change. `commit` then works in two phases, keeping an undo journal:
/// 1. additions: new names are made with `link(2)` (atomic, and it never replaces an existing file:
///    a destination that appeared meanwhile fails the commit instead of being overwritten); a
///    rename first links the new name to the file; a replaced file keeps a hard-linked backup;
/// 2. removals: the old names of renamed files are unlinked (the file lives on under its new name,
///    so the old name is restorable with another link until the end); removed files are renamed to
///    hidden backups.
/// If any step fails, the journal is replayed backwards and every temporary file is removed: the
/// tree is as it was. Backups are deleted only once every step has succeeded.
///
/// On file systems without hard links (`link` fails with EPERM, EXDEV, ENOTSUP…), renames and new
/// files fall back to `rename(2)` after checking that the destination does not exist.
package final class BundleTransaction {
  private enum Step {
    case replace(path: String, temp: String)
    case create(path: String, temp: String)
    case move(from: String, to: String)
    case remove(path: String)
  }

  private var steps: [Step] = []
  private var temps: [String] = []
  private var destinations: Set<String> = []

  package init() {}

  /// Whether nothing is staged.
  package var isEmpty: Bool { steps.isEmpty }

  /// Replaces an existing file's content (its permissions are kept).
  package func replace(_ path: String, with bytes: [UInt8]) throws(IOFailure) {
    try Self.checkModifiable(path)
    try Self.checkWritableDirectory(of: path)
    let temp = try stageTemporary(bytes, beside: path)
    steps.append(.replace(path: path, temp: temp))
  }

  /// Writes a new file, which must not exist (it is never overwritten). `mode`: permissions (default
  /// 0666 minus the umask).
  package func create(_ path: String, bytes: [UInt8], mode: mode_t? = nil) throws(IOFailure) {
    try claim(path)
    try Self.checkWritableDirectory(of: path)
    let temp = try stageTemporary(bytes, beside: path)
    if let mode { chmod(temp, mode & 0o7777) }
    steps.append(.create(path: path, temp: temp))
  }

  /// Copies `source` to a new file `destination` (same permissions); `source` is left as it is.
  package func copy(_ source: String, to destination: String) throws(IOFailure) {
    let bytes = try FileIO.read(source)
    var st = stat()
    let mode: mode_t? = stat(source, &st) == 0 ? st.st_mode : nil
    try create(destination, bytes: bytes, mode: mode)
  }

  /// Renames `source` to `destination`, which must not exist.
  package func move(_ source: String, to destination: String) throws(IOFailure) {
    guard Self.lexists(source) else { throw IOFailure(path: source, message: "does not exist") }
    try Self.checkModifiable(source)
    try Self.checkWritableDirectory(of: source)
    try claim(destination)
    try Self.checkWritableDirectory(of: destination)
    steps.append(.move(from: source, to: destination))
  }

  /// Removes a file.
  package func remove(_ path: String) throws(IOFailure) {
    guard Self.lexists(path) else { throw IOFailure(path: path, message: "does not exist") }
    try Self.checkModifiable(path)
    try Self.checkWritableDirectory(of: path)
    steps.append(.remove(path: path))
  }

  /// Drops everything staged (nothing was changed yet).
  package func rollback() {
    for t in temps { unlink(t) }
    temps.removeAll()
    steps.removeAll()
    destinations.removeAll()
  }

  /// Makes every staged change, or none.
  package func commit() throws(IOFailure) {
    let removalBackups = removalBackupNames()
    // A crash or SIGKILL from here on is finished by the next run (see CrashJournal).
    let journalSteps = crashJournalSteps(removalBackups: removalBackups)
    let journal = steps.count > 1 ? CrashJournal.begin(journalSteps, near: steps.first.map(Self.firstPath) ?? ".") : nil
    defer { CrashJournal.end(journal) }

    var progress = CommitProgress()
    // Phase 1: additions. Nothing disappears yet.
    for step in steps { try add(step, &progress) }
    // Phase 2: removals.
    let removals = progress.removals
    for r in removals { try removeOldName(r, removalBackups: removalBackups, &progress) }

    // Done: drop the backups, flush the folders.
    for b in progress.backups { unlink(b) }
    for dir in progress.touched.sorted() { Self.syncDirectory(dir) }
    temps.removeAll()
    steps.removeAll()
    destinations.removeAll()
  }

  deinit { rollback() }

  private static func firstPath(_ step: Step) -> String {
    switch step {
    case .replace(let path, _), .create(let path, _), .remove(let path): return path
    case .move(let from, _): return from
    }
  }

  // MARK: commit phases

  /// What a commit has done so far: the undo journal, the backups to delete once every step has
  /// succeeded, the folders to flush, and the old names that phase 2 removes (`keptAs`: the new name
  /// of a renamed file; nil: a removed file).
  private struct CommitProgress {
    var undo: [() -> Void] = []
    var backups: [String] = []
    var touched: Set<String> = []
    var removals: [(path: String, keptAs: String?)] = []
  }

  /// Undoes what `progress` did, backwards, and drops every temporary file: the tree is as it was.
  private func fail(_ path: String, _ message: String, _ progress: CommitProgress) -> IOFailure {
    for action in progress.undo.reversed() { action() }
    for b in progress.backups { unlink(b) }
    rollback()
    return IOFailure(path: path, message: "\(message); nothing was changed")
  }

  /// Hidden backups of removed files, named up front so that the crash journal can list them.
  private func removalBackupNames() -> [String: String] {
    var removalBackups: [String: String] = [:]
    var counter = 0
    for step in steps {
      guard case .remove(let path) = step else { continue }
      var backup: String
      repeat {
        counter += 1
        backup = "\(Paths.directory(of: path))/.\(Paths.fileName(of: path)).lottiekit-removed-\(getpid())-\(counter)"
      } while Self.lexists(backup)
      removalBackups[path] = backup
    }
    return removalBackups
  }

  private func crashJournalSteps(removalBackups: [String: String]) -> [CrashJournal.Step] {
    var journalSteps: [CrashJournal.Step] = []
    for step in steps {
      switch step {
      case .create(let path, let temp): journalSteps.append(.create(temp: temp, destination: path))
      case .move(let from, let to): journalSteps.append(.move(from: from, to: to))
      case .replace(let path, let temp): journalSteps += [.replace(temp: temp, destination: path), .discard(path: temp + ".orig")]
      case .remove(let path):
        journalSteps.append(.remove(path: path))
        if let b = removalBackups[path] { journalSteps.append(.discard(path: b)) }
      }
    }
    return journalSteps
  }

  /// Phase 1 for one step: its new name or new content appears; nothing disappears yet.
  private func add(_ step: Step, _ progress: inout CommitProgress) throws(IOFailure) {
    switch step {
    case .create(let path, let temp): try addCreated(path, temp: temp, &progress)
    case .move(let from, let to): try addMoved(from, to: to, &progress)
    case .replace(let path, let temp): try addReplaced(path, temp: temp, &progress)
    case .remove(let path): progress.removals.append((path, nil))
    }
  }

  private func addCreated(_ path: String, temp: String, _ progress: inout CommitProgress) throws(IOFailure) {
    if link(temp, path) == 0 {
      unlink(temp)
    } else {
      let e = errno
      guard Self.linkUnsupported(e), !Self.lexists(path), rename(temp, path) == 0 else {
        throw fail(path, e == EEXIST ? "cannot create: it exists already" : "cannot create: \(FileIO.errnoText(e == 0 ? errno : e))", progress)
      }
    }
    progress.undo.append { unlink(path) }
    progress.touched.insert(Paths.directory(of: path))
  }

  /// A rename links the new name first; the old name goes in phase 2.
  private func addMoved(_ from: String, to: String, _ progress: inout CommitProgress) throws(IOFailure) {
    if link(from, to) == 0 {
      progress.undo.append { unlink(to) }
      progress.removals.append((from, to))
    } else {
      let e = errno
      guard Self.linkUnsupported(e), !Self.lexists(to), rename(from, to) == 0 else {
        throw fail(to, e == EEXIST ? "cannot rename \(from) to it: it exists already" : "cannot rename \(from) to it: \(FileIO.errnoText(e))", progress)
      }
      progress.undo.append { rename(to, from) }
    }
    progress.touched.insert(Paths.directory(of: from))
    progress.touched.insert(Paths.directory(of: to))
  }

  /// A replaced file keeps a hard-linked backup until the end.
  private func addReplaced(_ path: String, temp: String, _ progress: inout CommitProgress) throws(IOFailure) {
    let backup = temp + ".orig"
    if link(path, backup) == 0 {
      progress.backups.append(backup)
      if rename(temp, path) != 0 {
        let e = errno
        throw fail(path, "cannot replace: \(FileIO.errnoText(e))", progress)
      }
      progress.undo.append { rename(backup, path) }
    } else {
      // No hard links: move the original aside, then the new content in.
      guard rename(path, backup) == 0 else { throw fail(path, "cannot replace: \(FileIO.errnoText(errno))", progress) }
      progress.backups.append(backup)
      if rename(temp, path) != 0 {
        let e = errno
        rename(backup, path)
        throw fail(path, "cannot replace: \(FileIO.errnoText(e))", progress)
      }
      progress.undo.append { rename(backup, path) }
    }
    temps.removeAll { $0 == temp }
    progress.touched.insert(Paths.directory(of: path))
  }

  /// Phase 2 for one old name: a renamed file's old name goes (its new name holds the same file); a
  /// removed file is moved to its hidden backup, deleted at the end.
  private func removeOldName(
    _ r: (path: String, keptAs: String?), removalBackups: [String: String],
    _ progress: inout CommitProgress
  ) throws(IOFailure) {
    if let keptAs = r.keptAs {
      guard unlink(r.path) == 0 else { throw fail(r.path, "cannot remove the old name: \(FileIO.errnoText(errno))", progress) }
      let path = r.path
      progress.undo.append { link(keptAs, path) }
    } else {
      guard let backup = removalBackups[r.path] else { return }
      guard rename(r.path, backup) == 0 else { throw fail(r.path, "cannot remove: \(FileIO.errnoText(errno))", progress) }
      progress.backups.append(backup)
      let path = r.path
      progress.undo.append { rename(backup, path) }
    }
    progress.touched.insert(Paths.directory(of: r.path))
  }

  // MARK: checks

  private func claim(_ destination: String) throws(IOFailure) {
    if Self.lexists(destination) { throw IOFailure(path: destination, message: "exists already; it is never overwritten") }
    if destinations.contains(destination) { throw IOFailure(path: destination, message: "is the destination of two changes") }
    destinations.insert(destination)
  }

  private func stageTemporary(_ bytes: [UInt8], beside path: String) throws(IOFailure) -> String {
    let temp = try FileIO.writeTemporary(bytes, beside: path)
    temps.append(temp)
    return temp
  }

  /// A file the transaction would change, rename or remove must be writable. The mode bits are
  /// checked as well as `access(2)`: a file made read-only on purpose is refused even for root,
  /// whom `access` lets through.
  static func checkModifiable(_ path: String) throws(IOFailure) {
    var st = stat()
    guard lstat(path, &st) == 0 else { throw IOFailure(path: path, message: "cannot stat: \(FileIO.errnoText(errno))") }
    if (st.st_mode & S_IFMT) == S_IFDIR { throw IOFailure(path: path, message: "is a directory") }
    if (st.st_mode & S_IFMT) == S_IFREG {
      if st.st_mode & 0o222 == 0 {
        throw IOFailure(path: path, message: "is read-only (mode \(modeText(st.st_mode))); make it writable (chmod u+w) to let lottiekit change it")
      }
      if access(path, W_OK) != 0 { throw IOFailure(path: path, message: "cannot be changed: \(FileIO.errnoText(errno))") }
    }
  }

  static func checkWritableDirectory(of path: String) throws(IOFailure) {
    let dir = Paths.directory(of: path)
    var st = stat()
    guard stat(dir, &st) == 0 else { throw IOFailure(path: dir, message: "cannot stat: \(FileIO.errnoText(errno))") }
    if st.st_mode & 0o222 == 0 {
      throw IOFailure(
        path: dir, message: "folder is read-only (mode \(modeText(st.st_mode))); make it writable (chmod u+w) to let lottiekit change files in it")
    }
    if access(dir, W_OK | X_OK) != 0 { throw IOFailure(path: dir, message: "folder cannot be changed: \(FileIO.errnoText(errno))") }
  }

  static func modeText(_ mode: mode_t) -> String {
    let bits: [(mode_t, Character)] = [
      (0o400, "r"), (0o200, "w"), (0o100, "x"), (0o040, "r"), (0o020, "w"), (0o010, "x"),
      (0o004, "r"), (0o002, "w"), (0o001, "x")
    ]
    return String(bits.map { mode & $0.0 != 0 ? $0.1 : "-" })
  }

  static func lexists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }

  /// `link(2)` errors that mean "this file system cannot do it", not "this change is wrong".
  static func linkUnsupported(_ e: Int32) -> Bool {
    e == EPERM || e == EXDEV || e == ENOTSUP || e == EOPNOTSUPP || e == EMLINK || e == ENOSYS
  }

  static func syncDirectory(_ dir: String) {
    let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
  }
}
