#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Several files replaced all together or not at all. Every new content is first written to a
/// temporary file beside its destination; only when all are written are they renamed into place.
/// If a rename fails, the files already replaced are restored from hard-linked backups.
package final class FileTransaction {
  private var staged: [(temp: String, destination: String)] = []
  /// Folders this transaction created for its destinations, outermost first; removed again (when
  /// empty) if it does not commit, so that a refusal leaves nothing behind.
  private var createdFolders: [String] = []

  package init() {}

  /// One file written atomically, its missing folders made (and removed again if it fails).
  package static func write(_ bytes: [UInt8], to path: String) throws(IOFailure) {
    let transaction = FileTransaction()
    try transaction.stage(bytes, to: path)
    try transaction.commit()
  }

  /// Writes `bytes` to a temporary file beside `path` (beside the file it points to, for a
  /// symbolic link), creating the destination's missing folders.
  package func stage(_ bytes: [UInt8], to path: String) throws(IOFailure) {
    let destination = FileIO.writeTarget(path)
    do {
      try makeFolders(for: destination)
      let temp = try FileIO.writeTemporary(bytes, beside: destination)
      staged.append((temp, destination))
    } catch {
      rollback()
      throw error
    }
  }

  private func makeFolders(for destination: String) throws(IOFailure) {
    try makeFolder(Paths.directory(of: destination))
  }

  /// Makes a folder and its missing parents now (before anything is staged in it: a caller that
  /// checks where the folder really is), removed again like the folders `stage` makes.
  package func makeFolder(_ path: String) throws(IOFailure) {
    createdFolders += try FileIO.makeFolder(path)
  }

  /// Removes the staged temporary files (nothing was replaced yet) and the folders made for them.
  package func rollback() {
    for s in staged { unlink(s.temp) }
    staged.removeAll()
    removeCreatedFolders()
  }

  private func removeCreatedFolders() {
    for folder in createdFolders.reversed() { rmdir(folder) }
    createdFolders.removeAll()
  }

  package func commit() throws(IOFailure) {
    var backups: [(backup: String?, destination: String)] = []
    // Several files: a crash or SIGKILL between two renames is finished by the next run (see
    // CrashJournal); one file needs none, its rename is atomic.
    var journal =
      staged.count > 1
      ? CrashJournal.begin(
        staged.flatMap { [.replace(temp: $0.temp, destination: $0.destination), .discard(path: $0.temp + ".orig")] },
        near: staged[0].destination)
      : nil
    defer { CrashJournal.end(journal) }
    for (k, s) in staged.enumerated() {
      var backup: String? = nil
      if FileIO.exists(s.destination) {
        let b = s.temp + ".orig"
        if link(s.destination, b) == 0 { backup = b }
      }
      if rename(s.temp, s.destination) != 0 {
        let e = errno
        // Restore what was already replaced, newest first, and drop the rest.
        for done in backups.reversed() {
          if let b = done.backup { rename(b, done.destination) } else { unlink(done.destination) }
        }
        if let b = backup { unlink(b) }
        for rest in staged[k...] { unlink(rest.temp) }
        staged.removeAll()
        // The journal lies in one of the folders: gone first, so that they are empty again.
        CrashJournal.end(journal)
        journal = nil
        removeCreatedFolders()
        throw IOFailure(path: s.destination, message: "cannot replace: \(FileIO.errnoText(e)); \(IOFailure.nothingChanged)")
      }
      backups.append((backup, s.destination))
    }
    for done in backups {
      if let b = done.backup { unlink(b) }
      FileIO.syncDirectory(of: done.destination)
    }
    staged.removeAll()
    createdFolders.removeAll()
  }

  deinit { rollback() }
}
