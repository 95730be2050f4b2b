import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes image file names unique across a bundle: every animation (`.json`) under one or more
/// folders that end up in one app bundle or one assets folder.
///
/// Why: Bodymovin names every export's images `img_0.png, img_1.png …`. Xcode flattens resources
/// into the bundle root and lottie-ios falls back to the bundle root and `UIImage(named: p)`;
/// lottie-android loads `imagesFolder + p` and ignores `u`. Either way only the file *name* counts,
/// so two different `img_0.png` in two folders overwrite each other (and `IMG_0.png` is the same
/// name on macOS's case-insensitive file system).
///
/// Decisions:
/// - **What collides.** Files are grouped by their base name folded the way macOS compares names
///   (case-insensitively; Swift string equality also makes NFC and NFD spellings equal, as APFS
///   does). A group collides when it holds two or more different contents (byte comparison) and at
///   least one of its files is used by an animation of the bundle. Same name with the same bytes is
///   not a collision: flattening keeps one copy of identical files. Every file under the bundle
///   takes part, used or not (hidden entries and symlinked folders are skipped, as in every
///   command's folder walk): an unused `img_0.png` still overwrites or is overwritten.
/// - **What is renamed.** Every *used* file of a colliding group, not all-but-one: keeping the
///   first would make the result depend on which animations happen to be in the bundle (adding
///   one later could rename a file that was left alone before). Files no animation uses are never
///   renamed, moved or removed.
/// - **Where files go.** Nowhere: a file is renamed in its own folder and only `p` is rewritten
///   (its folder part, if any, is kept); `u` is left byte-identical. lottie-android ignores `u`,
///   iOS flattens it away, and players that do use it (lottie-web, rlottie, Skottie, ThorVG) still
///   find the file where it was. Moving a file would only be needed to share one file between
///   folders, and that would point `u` outside the animation's folder, which `AssetPaths` confines
///   and lottiekit refuses elsewhere: identical files in different folders share a *name* instead
///   (with `--dedupe`), which a flattened bundle turns into one file.
/// - **Names.** `--scheme prefix` (default): `<animation>_<original stem>.<ext>`, the animation
///   being its file name without `.json` (or, when several animations of the bundle have the same
///   file name — every Bodymovin export is `data.json` — its path inside the bundle folder,
///   `camptravel/data.json` → `camptravel_data`). `--scheme hash`: `<original stem>-<first 12 hex
///   digits of the SHA-256 of the bytes>.<ext>`. Both are made safe for file systems and for iOS
///   resource names: ASCII letters, digits, `_` and `-` (accents dropped, anything else becomes
///   `_`), no leading `-`, at most 80 characters per part, and a lowercase extension (iOS devices
///   are case-sensitive; one spelling avoids `.PNG`/`.png` surprises). A file used by several
///   animations keeps one file and takes the name of the first of them (paths sorted).
/// - **Never an existing name.** A new name is never one that any file of the bundle has (folded),
///   nor one chosen for other bytes in this run; when taken, `_2`, `_3` … is appended to the stem.
///   A name may be chosen twice only for identical bytes in different folders.
/// - **Deduplication** (`--dedupe`): renamed files with identical bytes (exact comparison) get the
///   same name; in the same folder they become one file (the others are removed and their
///   references point at the one kept).
/// - **Copies.** When a file must be renamed but something the plan does not rewrite still uses it
///   (an animation whose path to it leaves its own folder, or whose file name starts in `u`), the
///   file is copied to its new name instead and the original stays.
/// - **Determinism and idempotence.** Animations, files and references are processed in sorted
///   (byte) order, so the same bundle always gives the same plan. After a run no used name
///   collides any more, so a second run plans nothing and changes nothing.
/// - **Problems.** A missing or unreadable image, or an animation that cannot be read or parsed,
///   stops everything before any change (errors). Absolute paths, paths leaving the animation's
///   folder and unusable `p` values are warnings: those assets are left alone. Embedded images
///   and URLs are left alone and listed.
public enum RenameAssets {
  public enum Scheme: String, Sendable, CaseIterable {
    case prefix, hash
  }

  public struct Options: Sendable {
    public var scheme: Scheme
    public var dedupe: Bool
    public init(scheme: Scheme = .prefix, dedupe: Bool = false) {
      self.scheme = scheme
      self.dedupe = dedupe
    }
  }

  // MARK: - Scanning

  /// Something a person must know about the bundle. Errors stop the run before any change.
  public struct Problem: Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    /// The animation (or file) concerned.
    public var path: String
    public var assetID: String?
    public var message: String
    public var location: SourceLocation?
    public init(_ severity: Severity, path: String, assetID: String? = nil, message: String, location: SourceLocation? = nil) {
      self.severity = severity
      self.path = path
      self.assetID = assetID
      self.message = message
      self.location = location
    }
    /// `path[:line:col]: severity: image "id": message`.
    public var description: String {
      let place = location.map { "\(path):\($0.line):\($0.column)" } ?? path
      let what = assetID.map { "image \"\($0)\": " } ?? ""
      return "\(place): \(severity.rawValue): \(what)\(message)"
    }
  }

  /// One animation of the bundle.
  public struct BundleAnimation: Sendable {
    /// The bundle folder as given, joined with the path found under it.
    public let path: String
    /// The path inside its bundle folder.
    public let relativePath: String
    public let document: JSONDocument
  }

  /// A regular file found under the bundle folders.
  public struct BundleFile: Sendable {
    public let path: String
    let key: FileKey
  }

  /// What is on disk: the animations and every file, in sorted order.
  public struct Bundle: Sendable {
    public let roots: [String]
    public let animations: [BundleAnimation]
    public let files: [BundleFile]
    /// `.json` files that are not animations, and archives (`.lottie`, `.tgs`: they carry their own
    /// images), with why they were skipped.
    public let skipped: [(path: String, reason: String)]
    /// Animations that cannot be read or parsed (errors).
    public let problems: [Problem]
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
  public static func scan(_ roots: [String]) -> Bundle {
    var files: [BundleFile] = []
    var animations: [BundleAnimation] = []
    var skipped: [(String, String)] = []
    var problems: [Problem] = []
    var seen = Set<String>()
    var folderKeys: [String: (UInt64, UInt64)] = [:]
    for given in roots {
      let root = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
      for relative in walk(root) {
        let path = root == "/" ? "/" + relative : root + "/" + relative
        guard let real = realPath(path), seen.insert(real).inserted else { continue }
        guard let key = fileKey(path, folderKeys: &folderKeys) else { continue }
        files.append(BundleFile(path: path, key: key))
        let lower = relative.lowercased()
        if lower.hasSuffix(".lottie") || lower.hasSuffix(".tgs") {
          skipped.append((path, "archive (it carries its own images)"))
          continue
        }
        guard lower.hasSuffix(".json") else { continue }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch {
          problems.append(Problem(.error, path: path, message: "cannot read: \(error.message)"))
          continue
        }
        let document: JSONDocument
        do { document = try JSONDocument(parsing: bytes) } catch {
          problems.append(Problem(.error, path: path, message: "not valid JSON: \(error.message)", location: error.location))
          continue
        }
        if Animation(document: document).looksLikeLottie {
          animations.append(BundleAnimation(path: path, relativePath: relative, document: document))
        } else {
          skipped.append((path, "JSON that is not an animation"))
        }
      }
    }
    let byPath: (String, String) -> Bool = { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    return Bundle(roots: roots, animations: animations.sorted { byPath($0.path, $1.path) },
                  files: files.sorted { byPath($0.path, $1.path) }, skipped: skipped.sorted { byPath($0.0, $1.0) },
                  problems: problems)
  }

  /// Paths of the regular files (and symlinks to files) under `root`, relative to it, sorted.
  static func walk(_ root: String) -> [String] {
    var result: [String] = []
    var stack: [String] = [""]
    let fm = FileManager.default
    while let relative = stack.popLast() {
      let dir = relative.isEmpty ? root : root + "/" + relative
      guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
      for name in names where !name.hasPrefix(".") {
        let rel = relative.isEmpty ? name : relative + "/" + name
        let path = root + "/" + rel
        var l = stat()
        guard lstat(path, &l) == 0 else { continue }
        let type = l.st_mode & S_IFMT
        if type == S_IFDIR {
          stack.append(rel)
        } else if type == S_IFREG {
          result.append(rel)
        } else if type == S_IFLNK {
          // Symlinked files count (their name is what flattening sees); symlinked folders are not
          // followed (they can form cycles).
          var s = stat()
          if stat(path, &s) == 0, (s.st_mode & S_IFMT) == S_IFREG { result.append(rel) }
        }
      }
    }
    return result.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }

  static func realPath(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  static func fileKey(_ path: String, folderKeys: inout [String: (UInt64, UInt64)]) -> FileKey? {
    var st = stat()
    guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
    let dir = FileIO.directory(of: path)
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

  // MARK: - The plan

  /// What happens to one file on disk.
  public struct FileAction: Sendable {
    public enum Kind: String, Sendable {
      /// Renamed in its folder.
      case rename
      /// Copied to the new name; the original stays (something the plan does not rewrite uses it).
      case copy
      /// Removed: its bytes are identical to `sameAs`, which its references now use (`--dedupe`).
      case remove
    }
    public var kind: Kind
    public var from: String
    /// The new file (rename, copy) or the file kept instead (remove).
    public var to: String
    public var bytes: Int
    public var sha256: String
    /// Why a copy or a kept duplicate (who still uses the original).
    public var note: String?
  }

  /// One rewritten `p`.
  public struct AssetChange: Sendable {
    public enum Kind: String, Sendable {
      case renamed, copied
      /// Points at another file with identical bytes (`--dedupe`).
      case deduplicated
    }
    public var kind: Kind
    public var assetID: String
    /// Pointer of the `p` value (`/assets/3/p`).
    public var pointer: String
    /// `u` + `p` before and after.
    public var from: String
    public var to: String
    public var oldP: String
    public var newP: String
  }

  /// An image left as it is on purpose.
  public struct LeftAlone: Sendable {
    public enum Kind: String, Sendable { case embedded, url }
    public var kind: Kind
    public var assetID: String
    public var detail: String
  }

  /// The report for one animation.
  public struct AnimationPlan: Sendable {
    public var path: String
    /// The name the prefix scheme uses for it.
    public var name: String
    public var images: Int
    public var changes: [AssetChange] = []
    public var leftAlone: [LeftAlone] = []
    public var problems: [Problem] = []
  }

  /// A base name shared by files with different bytes.
  public struct Collision: Sendable {
    public struct Member: Sendable {
      public var path: String
      public var bytes: Int
      public var sha256: String?
      /// Whether an animation of the bundle uses it (then it is renamed).
      public var used: Bool
    }
    public var name: String
    public var members: [Member]
    public var distinctContents: Int
  }

  public struct Plan: Sendable {
    public var options: Options
    public var roots: [String]
    public var animations: [AnimationPlan]
    public var collisions: [Collision]
    public var files: [FileAction]
    /// New JSON bytes per animation path, in animation order.
    public var rewrites: [(path: String, bytes: [UInt8])]
    /// Every problem (per-animation ones too), errors first within each animation.
    public var problems: [Problem]
    public var skipped: [(path: String, reason: String)]
    /// Things worth knowing that are not problems.
    public var notes: [String] = []
    /// Distinct image files the animations use.
    public var imageFiles: Int

    public var isEmpty: Bool { files.isEmpty && rewrites.isEmpty }
    /// Whether an error stops the run (nothing may be changed).
    public var stopped: Bool { problems.contains { $0.severity == .error } }
    public var warnings: Int { problems.filter { $0.severity == .warning }.count }
    public var renamed: Int { files.filter { $0.kind == .rename }.count }
    public var copied: Int { files.filter { $0.kind == .copy }.count }
    public var removed: Int { files.filter { $0.kind == .remove }.count }
    /// References that now share another file's bytes (`--dedupe`), files removed or not.
    public var deduplicated: Int { animations.reduce(0) { $0 + $1.changes.filter { $0.kind == .deduplicated }.count } }
    public var references: Int { animations.reduce(0) { $0 + $1.changes.count } }
  }

  /// A use of a file by an image asset that the plan can rewrite.
  struct Reference {
    var animation: Int
    var assetID: String
    var pNode: JSONNode
    /// `u` and `p` as written.
    var u: String
    var p: String
    /// The folder part of `p` (up to its last `/`), kept when `p` is rewritten.
    var pFolder: String
    /// The file's base name as referenced.
    var name: String
    /// The path on disk (the animation's folder joined with `u` + `p`, `.` and `..` resolved).
    var path: String
    var key: FileKey
  }

  /// A file some animation uses.
  struct UsedFile {
    var key: FileKey
    var path: String
    var name: String
    var references: [Int] = []
    /// Uses the plan does not rewrite (who, for the report).
    var outsideUses: [String] = []
  }

  /// Builds the plan: which names collide, the new names, the file operations and the new JSON.
  /// Reads image files (to compare and hash them) but changes nothing.
  public static func plan(_ bundle: Bundle, options: Options = Options()) -> Plan {
    var plan = Plan(options: options, roots: bundle.roots, animations: [], collisions: [], files: [], rewrites: [],
                    problems: bundle.problems, skipped: bundle.skipped, imageFiles: 0)
    let names = animationNames(bundle.animations)
    var references: [Reference] = []
    var used: [FileKey: UsedFile] = [:]
    var folderKeys: [String: (UInt64, UInt64)] = [:]

    // 1. Every image reference, resolved and confined to its animation's folder.
    for (k, anim) in bundle.animations.enumerated() {
      var report = AnimationPlan(path: anim.path, name: names[k], images: 0)
      let base = FileIO.directory(of: anim.path)
      let assets = Animation(document: anim.document).assets
      for (index, asset) in assets.enumerated() where asset.isImage {
        report.images += 1
        let id = asset.id ?? "#\(index)"
        func problem(_ s: Problem.Severity, _ m: String) {
          report.problems.append(Problem(s, path: anim.path, assetID: id, message: m, location: asset.node["p"]?.location))
        }
        switch AssetPaths.locate(asset, baseDirectory: base) {
        case .embedded:
          report.leftAlone.append(LeftAlone(kind: .embedded, assetID: id, detail: "embedded"))
        case .url(let url):
          report.leftAlone.append(LeftAlone(kind: .url, assetID: id, detail: url))
        case .absolute(let path):
          problem(.warning, "\(path) is an absolute path; left alone (only files inside the animation's folder are renamed)")
        case .escapes(let relative, let resolved):
          problem(.warning, "\(relative) leads outside the animation's folder (to \(resolved)); left alone")
          if let key = fileKey(resolved, folderKeys: &folderKeys) {
            used[key, default: UsedFile(key: key, path: resolved, name: FileIO.fileName(of: resolved))]
              .outsideUses.append("\(anim.path) (image \"\(id)\")")
          }
        case .invalid(let why):
          problem(.warning, "\(why); left alone")
        case .file(let relative, let joined):
          var st = stat()
          guard stat(joined, &st) == 0 else {
            problem(.error, "\(relative) does not exist")
            continue
          }
          guard (st.st_mode & S_IFMT) == S_IFREG else {
            problem(.error, "\(relative) is not a file")
            continue
          }
          guard access(joined, R_OK) == 0, let key = fileKey(joined, folderKeys: &folderKeys) else {
            problem(.error, "\(relative) cannot be read: \(errnoText(errno))")
            continue
          }
          let u = asset.folder ?? ""
          let p = asset.fileName ?? ""
          let name = FileIO.fileName(of: relative)
          let path = lexicalNormalize(joined)
          // The file name must lie entirely in `p` to be renamed by rewriting `p` alone.
          guard let pNode = asset.node["p"], p.hasSuffix(name), u.isEmpty || u.hasSuffix("/") || p.contains("/") else {
            problem(.warning, "the file name of \(relative) starts in u (\(JSONStringCodec.quoted(u)) does not end with /); left alone")
            used[key, default: UsedFile(key: key, path: path, name: name)].outsideUses.append("\(anim.path) (image \"\(id)\")")
            continue
          }
          let pFolder = p.lastIndex(of: "/").map { String(p[...$0]) } ?? ""
          references.append(Reference(animation: k, assetID: id, pNode: pNode, u: u, p: p, pFolder: pFolder, name: name,
                                      path: path, key: key))
          var file = used[key] ?? UsedFile(key: key, path: path, name: name)
          if file.references.isEmpty {
            // The first rewritable use names the file (an earlier use from outside its folder gave an
            // absolute path).
            file.path = path
            file.name = name
          }
          file.references.append(references.count - 1)
          used[key] = file
        }
      }
      report.problems.sort { ($0.severity == .error ? 0 : 1) < ($1.severity == .error ? 0 : 1) }
      plan.problems.append(contentsOf: report.problems)
      plan.animations.append(report)
    }
    plan.imageFiles = used.values.filter { !$0.references.isEmpty }.count
    if plan.stopped { return plan }

    // 2. Names across the bundle: every file on disk and every file in use, by folded name.
    var groups: [String: [(path: String, key: FileKey)]] = [:]
    var existing = Set<String>()
    var keysInGroups = Set<FileKey>()
    for f in bundle.files {
      let folded = fold(FileIO.fileName(of: f.path))
      existing.insert(folded)
      if keysInGroups.insert(f.key).inserted { groups[folded, default: []].append((f.path, f.key)) }
    }
    for u in used.values.sorted(by: { bytesBefore($0.path, $1.path) }) where !u.references.isEmpty {
      existing.insert(fold(u.name))
      if keysInGroups.insert(u.key).inserted { groups[fold(u.name), default: []].append((u.path, u.key)) }
    }

    // 3. Colliding groups: two or more contents, at least one file in use.
    var contents = ContentCache()
    var toRename: [UsedFile] = []
    for folded in groups.keys.sorted(by: bytesBefore) {
      guard let members = groups[folded], members.count >= 2,
            members.contains(where: { used[$0.key].map { !$0.references.isEmpty } ?? false }) else { continue }
      let sorted = members.sorted { bytesBefore($0.path, $1.path) }
      var distinct = Set<String>()
      var described: [Collision.Member] = []
      for m in sorted {
        let digest = contents.digest(m.path)
        // An unreadable file counts as different: it may be anything.
        distinct.insert(digest.map { "\($0.size):\($0.sha256)" } ?? "unreadable:\(m.path)")
        let inUse = used[m.key].map { !$0.references.isEmpty } ?? false
        described.append(Collision.Member(path: m.path, bytes: digest?.size ?? FileIO.fileSize(m.path) ?? 0, sha256: digest?.sha256, used: inUse))
      }
      guard distinct.count >= 2 else { continue }
      plan.collisions.append(Collision(name: FileIO.fileName(of: sorted[0].path), members: described, distinctContents: distinct.count))
      for m in sorted { if let u = used[m.key], !u.references.isEmpty { toRename.append(u) } }
    }
    toRename.sort { bytesBefore($0.path, $1.path) }

    // 4. New names, in path order.
    struct Chosen {
      var name: String
      var folder: String
      /// The file that takes the name (its current path).
      var original: String
      var sha256: String
      var size: Int
    }
    var chosenByName: [String: [Chosen]] = [:]
    var chosenByContent: [String: [Chosen]] = [:]
    var newP: [Int: (p: String, kind: AssetChange.Kind)] = [:]

    func record(_ file: UsedFile, _ name: String, _ digest: Digest) {
      let folder = FileIO.directory(of: file.path)
      let copy = !file.outsideUses.isEmpty
      plan.files.append(FileAction(kind: copy ? .copy : .rename, from: file.path, to: folder + "/" + name, bytes: digest.size,
                                   sha256: digest.sha256,
                                   note: copy ? "the original stays: \(file.outsideUses.joined(separator: ", ")) still uses it" : nil))
      for r in file.references { newP[r] = (references[r].pFolder + name, copy ? .copied : .renamed) }
      let chosen = Chosen(name: name, folder: folder, original: file.path, sha256: digest.sha256, size: digest.size)
      chosenByName[fold(name), default: []].append(chosen)
      chosenByContent["\(digest.size):\(digest.sha256)", default: []].append(chosen)
    }
    for file in toRename {
      guard let digest = contents.digest(file.path) else {
        plan.problems.append(Problem(.error, path: file.path, message: "cannot be read"))
        continue
      }
      let folder = FileIO.directory(of: file.path)
      let contentKey = "\(digest.size):\(digest.sha256)"
      let firstReference = references[file.references[0]]

      // --dedupe: identical bytes already renamed take the same name (and, in the same folder, the
      // same file).
      if options.dedupe, let twins = chosenByContent[contentKey]?.filter({ contents.sameBytes($0.original, file.path) }),
         let twin = twins.first {
        if let sameFolder = twins.first(where: { $0.folder == folder }) {
          let kept = folder + "/" + sameFolder.name
          if file.outsideUses.isEmpty {
            plan.files.append(FileAction(kind: .remove, from: file.path, to: kept, bytes: digest.size, sha256: digest.sha256,
                                         note: "same bytes as \(sameFolder.original), renamed to \(kept)"))
          } else {
            plan.notes.append("\(file.path) has the same bytes as \(kept) but stays: \(file.outsideUses.joined(separator: ", ")) still uses it")
          }
          for r in file.references { newP[r] = (references[r].pFolder + sameFolder.name, .deduplicated) }
          continue
        }
        record(file, twin.name, digest)
        continue
      }

      let candidate: (stem: String, ext: String)
      let (stem, ext) = splitExtension(file.name)
      switch options.scheme {
      case .prefix:
        candidate = ("\(names[firstReference.animation])_\(safeComponent(stem, fallback: "image"))", safeExtension(ext))
      case .hash:
        candidate = ("\(safeComponent(stem, fallback: "image"))-\(digest.sha256.prefix(12))", safeExtension(ext))
      }
      var n = 1
      var name = candidate.stem + candidate.ext
      while true {
        let folded = fold(name)
        let clash = chosenByName[folded]?.contains { !($0.sha256 == digest.sha256 && $0.size == digest.size && $0.folder != folder) } ?? false
        if !existing.contains(folded) && !clash { break }
        n += 1
        name = "\(candidate.stem)_\(n)\(candidate.ext)"
      }
      record(file, name, digest)
    }

    // 5. The JSON: only the `p` values change.
    var edits: [Int: JSONEdits] = [:]
    for (r, change) in newP.sorted(by: { $0.key < $1.key }) {
      let ref = references[r]
      edits[ref.animation, default: JSONEdits(bundle.animations[ref.animation].document)].replace(ref.pNode, with: .string(change.p))
      plan.animations[ref.animation].changes.append(AssetChange(kind: change.kind, assetID: ref.assetID, pointer: ref.pNode.pointer,
                                                                from: ref.u + ref.p, to: ref.u + change.p, oldP: ref.p, newP: change.p))
    }
    for k in edits.keys.sorted() {
      guard let e = edits[k] else { continue }
      do {
        plan.rewrites.append((bundle.animations[k].path, try e.apply()))
      } catch {
        plan.problems.append(Problem(.error, path: bundle.animations[k].path, message: "internal error while editing: \(error.message)"))
      }
    }
    if plan.stopped {
      plan.files = []
      plan.rewrites = []
    }
    return plan
  }

  /// Applies a plan in one transaction: every file operation and every rewritten animation, or
  /// nothing (the transaction restores everything if a step fails).
  public static func apply(_ plan: Plan) throws(IOFailure) {
    if plan.stopped {
      throw IOFailure(path: plan.roots.joined(separator: " "), message: "the plan has errors; nothing was changed")
    }
    let transaction = BundleTransaction()
    for f in plan.files {
      switch f.kind {
      case .rename: try transaction.move(f.from, to: f.to)
      case .copy: try transaction.copy(f.from, to: f.to)
      case .remove: try transaction.remove(f.from)
      }
    }
    for r in plan.rewrites { try transaction.replace(r.path, with: r.bytes) }
    try transaction.commit()
  }

  // MARK: - Names

  /// The name the prefix scheme gives each animation: its file name without the extension, or its
  /// path inside the bundle folder when that file name is not unique in the bundle.
  static func animationNames(_ animations: [BundleAnimation]) -> [String] {
    let stems = animations.map { fold(splitExtension(FileIO.fileName(of: $0.relativePath)).stem) }
    var count: [String: Int] = [:]
    for s in stems { count[s, default: 0] += 1 }
    return animations.enumerated().map { k, a in
      let stem = splitExtension(FileIO.fileName(of: a.relativePath)).stem
      if count[stems[k], default: 0] <= 1 { return safeComponent(stem, fallback: "animation") }
      let folders = FileIO.directory(of: a.relativePath)
      let joined = folders == "." ? stem : folders.replacingOccurrences(of: "/", with: "_") + "_" + stem
      return safeComponent(joined, fallback: "animation", maxLength: 120)
    }
  }

  /// ASCII letters, digits, `_` and `-`: accents dropped (é → e), anything else (spaces, `@`, `.`,
  /// other scripts) becomes one `_`; no `_`/`-` at either end, so a name never starts with `-` (an
  /// option to many tools) or `.` (hidden).
  public static func safeComponent(_ text: String, fallback: String, maxLength: Int = 80) -> String {
    var out = ""
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      let category = scalar.properties.generalCategory
      if category == .nonspacingMark || category == .enclosingMark || category == .spacingMark { continue }
      if scalar.isASCII, ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
        out.unicodeScalars.append(scalar)
      } else if !out.hasSuffix("_") {
        out += "_"
      }
    }
    var trimmed = Substring(out)
    while let c = trimmed.first, c == "_" || c == "-" { trimmed = trimmed.dropFirst() }
    if trimmed.count > maxLength { trimmed = trimmed.prefix(maxLength) }
    while let c = trimmed.last, c == "_" || c == "-" { trimmed = trimmed.dropLast() }
    return trimmed.isEmpty ? fallback : String(trimmed)
  }

  /// `.png` from `.PNG`; letters and digits only; empty when there is none.
  static func safeExtension(_ ext: String) -> String {
    let kept = ext.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    var s = ""
    s.unicodeScalars.append(contentsOf: kept)
    return s.isEmpty ? "" : "." + s.lowercased()
  }

  /// `("img_0", "png")`; a leading dot does not start an extension.
  static func splitExtension(_ name: String) -> (stem: String, ext: String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
    return (String(name[..<dot]), String(name[name.index(after: dot)...]))
  }

  /// A file name as a case-insensitive file system compares it. Swift's string equality and hashing
  /// already treat canonically equivalent spellings (NFC, NFD) as equal, like APFS.
  public static func fold(_ name: String) -> String { name.lowercased() }

  static func bytesBefore(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }

  /// Removes `.` and `..` components without touching the disk (a relative path keeps leading `..`).
  static func lexicalNormalize(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." || part.isEmpty { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part == ".." && absolute {
        continue
      } else {
        parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  static func errnoText(_ code: Int32) -> String {
    guard let s = strerror(code) else { return "error \(code)" }
    return String(cString: s).lowercased()
  }

  // MARK: - Contents

  struct Digest {
    var size: Int
    var sha256: String
  }

  /// Reads each file once and remembers its size and SHA-256.
  struct ContentCache {
    private var digests: [String: Digest?] = [:]

    mutating func digest(_ path: String) -> Digest? {
      if let known = digests[path] { return known }
      let d = (try? FileIO.read(path)).map { Digest(size: $0.count, sha256: SHA256.hex($0)) }
      digests[path] = d
      return d
    }

    /// Exact byte equality (what `--dedupe` promises), not only equal hashes.
    func sameBytes(_ a: String, _ b: String) -> Bool {
      guard let x = try? FileIO.read(a), let y = try? FileIO.read(b) else { return false }
      return x == y
    }
  }
}
