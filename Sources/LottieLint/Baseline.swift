import Foundation
import LottieJSON
import LottieKitIO

/// Findings a team has accepted for now, so that lint can be switched on in CI for a repository
/// that already holds hundreds of animations without fixing the past first (SwiftLint's and ruff's
/// baselines work the same way).
///
/// Each entry is keyed by file, rule and JSON pointer, plus a **content fingerprint**: a hash of
/// the rule, the layer path (names, not positions) and the source text of the value the finding
/// points at. A finding is baselined when an unused entry of the same file and rule has the same
/// pointer and fingerprint, or — when the pointer moved because of an unrelated edit (a layer
/// inserted above shifts `/layers/3` to `/layers/4`) — the same fingerprint. Editing the value
/// itself changes the fingerprint, so the finding is reported again. Entries are used once each:
/// a second copy of a baselined defect is new and is reported. Files are named relative to the
/// baseline file's folder, so a baseline at the repository root works from any working directory.
package struct Baseline: Sendable {
  package struct Entry: Sendable, Hashable {
    package var file: String
    package var rule: String
    package var pointer: String
    package var fingerprint: String
    /// For people reading the file; not used to match.
    package var message: String

    package init(file: String, rule: String, pointer: String, fingerprint: String, message: String) {
      self.file = file
      self.rule = rule
      self.pointer = pointer
      self.fingerprint = fingerprint
      self.message = message
    }
  }

  package var entries: [Entry]
  /// The folder file names are relative to (absolute).
  package let folder: String

  package init(entries: [Entry], folder: String) {
    self.entries = entries
    self.folder = folder
  }

  // MARK: file

  /// Reads a baseline written by `serialized()`. Errors name the file and position.
  package static func load(_ path: String) throws(IOFailure) -> Baseline {
    let bytes = try FileIO.read(path)
    let doc: JSONDocument
    do { doc = try JSONDocument(parsing: bytes) } catch {
      throw IOFailure(path: "\(path):\(error.location.line):\(error.location.column)", message: "not a lottiekit baseline: \(error.message)")
    }
    guard doc.root["version"]?.int == 1, let list = doc.root["findings"], list.isArray else {
      throw IOFailure(path: path, message: "not a lottiekit baseline (expected {\"version\": 1, \"findings\": [...]}, written by lint --write-baseline)")
    }
    var entries: [Entry] = []
    for item in list.elements {
      guard let file = item["file"]?.string, let rule = item["rule"]?.string, let pointer = item["pointer"]?.string,
        let fingerprint = item["fingerprint"]?.string
      else {
        let l = item.location
        throw IOFailure(path: "\(path):\(l.line):\(l.column)", message: "a finding needs \"file\", \"rule\", \"pointer\" and \"fingerprint\" strings")
      }
      entries.append(Entry(file: file, rule: rule, pointer: pointer, fingerprint: fingerprint, message: item["message"]?.string ?? ""))
    }
    let folder = Paths.normalizedAbsolute(Paths.directory(of: path))
    // Baselines written before files outside the folder were named with `..` hold absolute paths.
    for k in entries.indices where entries[k].file.hasPrefix("/") { entries[k].file = relative(entries[k].file, to: folder) }
    return Baseline(entries: entries, folder: folder)
  }

  /// Pretty JSON, entries sorted (file, rule, pointer): the same findings always give the same
  /// bytes, so the file diffs well in review.
  package func serialized() -> [UInt8] {
    let sorted = entries.sorted { a, b in
      (a.file, a.rule, a.pointer, a.fingerprint) < (b.file, b.rule, b.pointer, b.fingerprint)
    }
    let list: [JSONValue] = sorted.map { e in
      .object([
        ("file", .string(e.file)), ("rule", .string(e.rule)), ("pointer", .string(e.pointer)),
        ("fingerprint", .string(e.fingerprint)), ("message", .string(e.message))
      ])
    }
    let root: JSONValue = .object([
      ("version", .int(1)),
      ("tool", .string("lottiekit")),
      (
        "about",
        .string("Findings accepted for now: lottiekit lint --baseline FILE does not report them again. Rewrite with --write-baseline after fixing some.")
      ),
      ("findings", .array(list))
    ])
    return Array((root.prettyString + "\n").utf8)
  }

  /// Whether the file an entry names (as the baseline names it) is gone; `known` remembers answers.
  func isGone(_ file: String, known: inout [String: Bool]) -> Bool {
    if let answer = known[file] { return answer }
    let path = Self.splitMember(file).file
    let answer = !FileIO.exists(path.hasPrefix("/") ? path : Paths.join(folder, path))
    known[file] = answer
    return answer
  }

  /// This run's entries for the files it linted, and the entries `previous` (the baseline file
  /// being rewritten) holds for other files that still exist: rewriting the baseline from some of
  /// the files (pre-commit names only the changed ones) keeps the rest; a member of an archive
  /// linted this time is not kept (the archive no longer holds it). Says how many were kept.
  package static func merging(_ entries: [Entry], linted: Set<String>, into previous: Baseline) -> (baseline: Baseline, kept: Int) {
    var gone: [String: Bool] = [:]
    // An archive linted this time was linted whole: a member it no longer holds is gone too.
    let archives = Set(linted.map { splitMember($0) }.filter { !$0.member.isEmpty }.map(\.file))
    let kept = previous.entries.filter { entry in
      let (file, member) = splitMember(entry.file)
      return !linted.contains(entry.file) && (member.isEmpty || !archives.contains(file)) && !previous.isGone(entry.file, known: &gone)
    }
    return (Baseline(entries: entries + kept, folder: previous.folder), kept.count)
  }

  // MARK: keys

  /// A diagnostic's file as the baseline names it: relative to the baseline's folder when inside
  /// it, else absolute. Archive members keep their `#entry` suffix.
  package func key(forFile displayPath: String) -> String {
    Self.relative(displayPath, to: folder)
  }

  package static func relative(_ displayPath: String, to folder: String) -> String {
    let (path, member) = splitMember(displayPath)
    return Paths.relativeClimbing(Paths.normalizedAbsolute(path), from: folder) + member
  }

  /// A display path split into the file and an archive member's `#entry` suffix (empty for a
  /// file): the `#` after a `.lottie` name, not one inside a folder or file name (`v#2/a.json`).
  static func splitMember(_ displayPath: String) -> (file: String, member: String) {
    var search = displayPath.startIndex
    while let hash = displayPath[search...].firstIndex(of: "#") {
      if displayPath[..<hash].lowercased().hasSuffix(".lottie") {
        return (String(displayPath[..<hash]), String(displayPath[hash...]))
      }
      search = displayPath.index(after: hash)
    }
    return (displayPath, "")
  }

  /// The content fingerprint of a finding: SHA-256 (first 16 hex digits) of the rule, the layer
  /// path and the source text of the value at the pointer. Findings on the whole document (empty
  /// pointer) and values over 64 KB use the pointer instead of the text, so that any edit to a
  /// large file does not resurrect them.
  package static func fingerprint(rule: String, pointer: String, layerPath: [String], document: JSONDocument?) -> String {
    var resolver = document.map(JSONPointerResolver.init)
    return fingerprint(rule: rule, pointer: pointer, layerPath: layerPath, resolver: &resolver)
  }

  /// The same, resolving pointers through one resolver for all of a document's findings (a pointer
  /// walk per finding from the root is quadratic in the number of findings).
  package static func fingerprint(rule: String, pointer: String, layerPath: [String], resolver: inout JSONPointerResolver?) -> String {
    var input = Array(rule.utf8)
    input.append(0)
    input += Array(layerPath.joined(separator: " › ").utf8)
    input.append(0)
    if !pointer.isEmpty, let node = resolver?.node(atPointer: pointer), node.span.count <= 65_536 {
      input += node.sourceBytes
    } else {
      input += Array(pointer.utf8)
    }
    return String(SHA256.hex(input).prefix(16))
  }

  // MARK: matching

  /// Splits each file's diagnostics into the ones to report and the ones the baseline holds.
  /// Keeps state: each entry is used at most once over the run.
  package final class Matcher {
    private let baseline: Baseline
    /// Unused entries by (file, rule, fingerprint), with their pointers.
    private var available: [String: Slot] = [:]
    package private(set) var suppressed = 0
    /// The files this run linted, as the baseline names them.
    private var linted = Set<String>()

    /// One (file, rule, fingerprint)'s entries: their pointers in file order, which are used, and
    /// where each pointer's entries are, so that taking one costs no walk over the others.
    final class Slot {
      /// The file, as the baseline names it.
      let file: String
      var pointers: [String] = []
      var used: [Bool] = []
      var byPointer: [String: [Int]] = [:]
      var cursor: [String: Int] = [:]
      var firstUnused = 0
      var remaining = 0

      init(file: String) { self.file = file }

      func append(_ pointer: String) {
        byPointer[pointer, default: []].append(pointers.count)
        pointers.append(pointer)
        used.append(false)
        remaining += 1
      }

      /// Takes the first unused entry with this pointer.
      func take(pointer: String) -> Bool {
        guard let list = byPointer[pointer] else { return false }
        var k = cursor[pointer] ?? 0
        while k < list.count && used[list[k]] { k += 1 }
        cursor[pointer] = k
        guard k < list.count else { return false }
        used[list[k]] = true
        remaining -= 1
        return true
      }

      /// Takes the first unused entry.
      func takeFirst() -> Bool {
        while firstUnused < used.count && used[firstUnused] { firstUnused += 1 }
        guard firstUnused < used.count else { return false }
        used[firstUnused] = true
        remaining -= 1
        return true
      }
    }

    package init(_ baseline: Baseline) {
      self.baseline = baseline
      for e in baseline.entries {
        let slot = Self.slot(e.file, e.rule, e.fingerprint)
        let entries = available[slot] ?? Slot(file: e.file)
        entries.append(e.pointer)
        available[slot] = entries
      }
    }

    static func slot(_ file: String, _ rule: String, _ fingerprint: String) -> String { file + "\u{0}" + rule + "\u{0}" + fingerprint }

    /// `fingerprints[k]` belongs to `diagnostics[k]`. Exact pointer matches are taken first, so
    /// that a moved entry cannot steal the entry of a finding that stayed in place.
    package func filter(file: String, diagnostics: [Diagnostic], fingerprints: [String]) -> [Diagnostic] {
      let key = baseline.key(forFile: file)
      linted.insert(key)
      var held = [Bool](repeating: false, count: diagnostics.count)
      for pass in 0..<2 {
        for (k, d) in diagnostics.enumerated() where !held[k] && k < fingerprints.count {
          guard let entries = available[Self.slot(key, d.code, fingerprints[k])], entries.remaining > 0 else { continue }
          guard pass == 0 ? entries.take(pointer: d.pointer) : entries.takeFirst() else { continue }
          held[k] = true
          suppressed += 1
        }
      }
      return diagnostics.indices.filter { !held[$0] }.map { diagnostics[$0] }
    }

    /// Entries no finding used: fixed since the baseline was written. Only files this run linted
    /// count, and files that are gone: linting some of the files (pre-commit names only the
    /// changed ones) says nothing about the others' entries.
    package var unused: Int {
      var gone: [String: Bool] = [:]
      return available.values.reduce(0) { $0 + (linted.contains($1.file) || baseline.isGone($1.file, known: &gone) ? $1.remaining : 0) }
    }
  }
}
