#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input/output problem, with the path it concerns.
package struct IOFailure: Error, Sendable, CustomStringConvertible {
  package var path: String
  package var message: String
  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }
  package var description: String { "\(path): \(message)" }

  /// What a failed write of several files says of the others.
  package static let nothingChanged = "no file was changed"

  /// The description, saying that no file was changed (once, whether the failure said it already).
  package static func saying(_ error: Error) -> String {
    let text = "\(error)"
    return text.hasSuffix(nothingChanged) ? text : text + "; " + nothingChanged
  }
}

/// File access through POSIX calls: exact error messages, no partial writes.
package enum FileIO {
  static func errnoText(_ code: Int32) -> String {
    guard let s = strerror(code) else { return "error \(code)" }
    return String(cString: s).lowercased()
  }

  /// Why a path cannot be found: a name that is not valid UTF-8 reaches lottiekit with U+FFFD in
  /// place of its bad bytes (Swift strings are Unicode), so no file has the name it then asks for.
  package static func notFound(_ path: String) -> String {
    Paths.isUndecodable(path)
      ? "cannot be opened: its name is not valid UTF-8 (lottiekit reads file names as UTF-8); rename it"
      : "no such file or directory"
  }

  /// Reads a whole file. Refuses directories and files over `limit` bytes.
  package static func read(_ path: String, limit: Int = 2 * 1024 * 1024 * 1024) throws(IOFailure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      throw IOFailure(path: path, message: code == ENOENT ? notFound(path) : "cannot open: \(errnoText(code))")
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw IOFailure(path: path, message: "cannot stat: \(errnoText(errno))") }
    if (st.st_mode & S_IFMT) == S_IFDIR { throw IOFailure(path: path, message: "is a directory") }
    let size = Int(st.st_size)
    if size > limit { throw IOFailure(path: path, message: "file is larger than \(limit) bytes") }
    return try readAll(fd: fd, path: path, sizeHint: size, limit: limit)
  }

  /// Reads standard input to its end.
  package static func readStandardInput(limit: Int = 2 * 1024 * 1024 * 1024) throws(IOFailure) -> [UInt8] {
    try readAll(fd: 0, path: "<stdin>", sizeHint: 64 * 1024, limit: limit)
  }

  static func readAll(fd: Int32, path: String, sizeHint: Int, limit: Int) throws(IOFailure) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: max(sizeHint, 4096) + 1)
    var used = 0
    while true {
      if used == buffer.count {
        if buffer.count >= limit { throw IOFailure(path: path, message: "input is larger than \(limit) bytes") }
        buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count))
      }
      let n = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return -1 }
        return Glibc.read(fd, base + used, raw.count - used)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw IOFailure(path: path, message: "read failed: \(errnoText(errno))")
      }
      if n == 0 { break }
      used += n
    }
    buffer.removeLast(buffer.count - used)
    return buffer
  }

  package static func exists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
  }

  /// Whether two paths name the same existing file (symlinks followed, hard links included).
  package static func isSameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
  }

  /// The path with every symlink and `.`/`..` resolved (realpath(3)), or nil when it does not
  /// exist: the one wrapper of realpath in the package.
  package static func realPath(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// Where a write to `path` lands: the file a symbolic link points to (so the link stays a link,
  /// as a shell's `>` and every editor treat it), else `path` itself (also for a link that points
  /// nowhere, or at something other than a regular file).
  package static func writeTarget(_ path: String) -> String {
    var st = stat()
    guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK, let real = realPath(path),
      stat(real, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG
    else { return path }
    return real
  }

  /// Creates a folder and any missing folders above it (as `mkdir -p`) and returns those it made,
  /// outermost first; a failure says which folder and why (`afile: cannot create the folder: a
  /// file of that name is in the way`).
  @discardableResult
  package static func makeFolder(_ path: String) throws(IOFailure) -> [String] {
    var missing: [String] = []
    var folder = path
    while !isDirectory(folder) {
      missing.append(folder)
      let parent = Paths.directory(of: folder)
      if parent == folder { break }
      folder = parent
    }
    var made: [String] = []
    for folder in missing.reversed() {
      if mkdir(folder, 0o777) == 0 {
        made.append(folder)
      } else if !(errno == EEXIST && isDirectory(folder)) {
        let reason = errno == EEXIST ? "a file of that name is in the way" : errnoText(errno)
        throw IOFailure(path: folder, message: "cannot create the folder: \(reason)")
      }
    }
    return made
  }

  package static func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
  }

  /// Why `path` cannot be read as a file ("does not exist", "is a folder, not a file", "is not a
  /// regular file" for a FIFO, socket or device), nil when it is a regular file (through links).
  package static func notAFile(_ path: String) -> String? {
    var st = stat()
    guard stat(path, &st) == 0 else { return "does not exist" }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "is a folder, not a file"
    default: return "is not a regular file"
    }
  }

  package static func fileSize(_ path: String) -> Int? {
    var st = stat()
    guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(st.st_size)
  }

  /// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed to disk, then
  /// renamed over the destination. The destination is always either the old file or the whole new
  /// one. An existing file's permissions are kept.
  package static func writeAtomically(_ bytes: [UInt8], to link: String) throws(IOFailure) {
    let path = writeTarget(link)
    let temp = try writeTemporary(bytes, beside: path)
    guard rename(temp, path) == 0 else {
      let e = errno
      unlink(temp)
      throw IOFailure(path: path, message: "cannot replace: \(errnoText(e))")
    }
    syncDirectory(of: path)
  }

  /// Writes a temporary file next to `path` (same file system, so a rename is atomic) and returns its
  /// path. The caller renames it into place or removes it.
  package static func writeTemporary(_ bytes: [UInt8], beside path: String) throws(IOFailure) -> String {
    let dir = Paths.directory(of: path)
    // The writer's pid is in the name: a later run can tell a killed run's leftover from a live one's.
    var template = Array("\(dir)/.\(Paths.fileName(of: path)).lottiekit-\(getpid())-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buf -> Int32 in
      guard let base = buf.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard fd >= 0 else { throw IOFailure(path: path, message: "cannot create a temporary file in \(dir): \(errnoText(errno))") }
    let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var ok = false
    defer {
      close(fd)
      if !ok { unlink(temp) }
    }
    // Keep the destination's mode, or use the usual 0666 minus umask for a new file.
    var st = stat()
    if stat(path, &st) == 0 {
      fchmod(fd, st.st_mode & 0o7777)
    } else {
      let mask = umask(0)
      umask(mask)
      fchmod(fd, 0o666 & ~mask)
    }
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return write(fd, base + written, raw.count - written)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw IOFailure(path: path, message: "write failed: \(errnoText(errno))")
      }
      written += n
    }
    guard fsync(fd) == 0 else { throw IOFailure(path: path, message: "cannot flush to disk: \(errnoText(errno))") }
    ok = true
    return temp
  }

  /// Removes lottiekit's own temporary files that a killed run left in `directories` (not
  /// recursively): `.NAME.lottiekit-PID-XXXXXX` and its `.orig` backup when process PID no longer
  /// exists, and the older `.NAME.lottiekit-XXXXXX` form when it is over an hour old. A folder that
  /// still holds a crash journal is left alone (its temporaries may be needed to roll forward).
  /// Returns the paths removed.
  @discardableResult
  package static func removeStaleTemporaries(in directories: [String], now: time_t = time(nil)) -> [String] {
    var removed: [String] = []
    var seen = Set<String>()
    for dir in directories where seen.insert(dir).inserted {
      guard let listed = FolderWalk.names(in: dir),
        !listed.contains(where: { $0.hasPrefix(CrashJournal.prefix) })
      else { continue }
      for name in listed where name.hasPrefix(".") && name.contains(".lottiekit-") {
        guard let owner = temporaryOwner(name) else { continue }
        let path = Paths.join(dir, name)
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
        let stale: Bool
        switch owner {
        case .process(let pid): stale = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
        case .unknown: stale = now - st.st_mtim.tv_sec > 3600
        }
        if stale && unlink(path) == 0 { removed.append(path) }
      }
    }
    return removed
  }

  enum TemporaryOwner: Equatable {
    case process(pid_t)
    /// Written by a lottiekit that did not put its pid in the name.
    case unknown
  }

  /// Who wrote a temporary file, from its name; nil when the name is not one of lottiekit's
  /// temporaries (`.NAME.lottiekit-[PID-]XXXXXX[.orig]`, NAME not empty).
  static func temporaryOwner(_ name: String) -> TemporaryOwner? {
    let bytes = Array(name.utf8)
    let marker = Array(".lottiekit-".utf8)
    guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count + 2 else { return nil }
    // The last ".lottiekit-" after a non-empty NAME.
    var at = -1
    var i = bytes.count - marker.count
    while i >= 2 {
      if Array(bytes[i..<i + marker.count]) == marker { at = i; break }
      i -= 1
    }
    guard at >= 2 else { return nil }
    var tail = Array(bytes[(at + marker.count)...])
    if tail.count > 5, Array(tail.suffix(5)) == Array(".orig".utf8) { tail.removeLast(5) }
    func isRandom(_ part: ArraySlice<UInt8>) -> Bool {
      part.count == 6 && part.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }
    }
    if isRandom(tail[...]) { return .unknown }
    guard let dash = tail.firstIndex(of: UInt8(ascii: "-")), dash > 0, dash <= 10,
      tail[..<dash].allSatisfy({ $0 >= 48 && $0 <= 57 }), isRandom(tail[(dash + 1)...]),
      let pid = pid_t(String(decoding: tail[..<dash], as: UTF8.self)), pid > 0
    else { return nil }
    return .process(pid)
  }

  static func syncDirectory(of path: String) {
    let fd = open(Paths.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
  }

  /// Writes bytes to standard output, completely.
  package static func writeStandardOutput(_ bytes: [UInt8]) throws(IOFailure) {
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return write(1, base + written, raw.count - written)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw IOFailure(path: "<stdout>", message: "write failed: \(errnoText(errno))")
      }
      written += n
    }
  }
}
