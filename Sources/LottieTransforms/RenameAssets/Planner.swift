import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Building the plan (which names collide, the new names, the file operations, the new JSON) and applying it.
extension RenameAssets {

  /// Builds the plan: which names collide, the new names, the file operations and the new JSON.
  /// Reads image files (to compare and hash them) but changes nothing.
  package static func plan(_ bundle: Bundle, options: Options = Options()) -> Plan {
    var planner = Planner(bundle: bundle, options: options)
    for k in bundle.animations.indices { planner.resolveReferences(of: k) }
    planner.plan.imageFiles = planner.used.values.filter { !$0.references.isEmpty }.count
    if planner.plan.stopped { return planner.plan }
    planner.groupNames()
    planner.findCollisions()
    for file in planner.toRename { planner.chooseName(for: file) }
    planner.rewriteJSON()
    if planner.plan.stopped {
      planner.plan.files = []
      planner.plan.rewrites = []
    }
    return planner.plan
  }

  /// Applies a plan in one transaction: every file operation and every rewritten animation, or
  /// nothing (the transaction restores everything if a step fails).
  package static func apply(_ plan: Plan) throws(IOFailure) {
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
}

extension RenameAssets {
  /// `plan`, one phase a method: resolve every image reference, group the names across the
  /// bundle, find the colliding groups, choose new names, rewrite the JSON.
  struct Planner {
    let bundle: Bundle
    let options: Options
    let names: [String]
    var plan: Plan
    var references: [Reference] = []
    var used: [FileKey: UsedFile] = [:]
    var folderKeys: [String: (UInt64, UInt64)] = [:]
    /// Files by folded name: every file on disk and every file in use.
    var groups: [String: [(path: String, key: FileKey)]] = [:]
    var existing = Set<String>()
    var contents = ContentCache()
    var toRename: [UsedFile] = []
    var chosenByName: [String: [Chosen]] = [:]
    var chosenByContent: [String: [Chosen]] = [:]
    var newP: [Int: (p: String, kind: AssetChange.Kind)] = [:]

    /// A new name given to a file.
    struct Chosen {
      var name: String
      var folder: String
      /// The file that takes the name (its current path).
      var original: String
      var sha256: String
      var size: Int
    }

    init(bundle: Bundle, options: Options) {
      self.bundle = bundle
      self.options = options
      self.names = RenameAssets.animationNames(bundle.animations)
      self.plan = Plan(
        options: options, roots: bundle.roots, animations: [], collisions: [], files: [], rewrites: [],
        problems: bundle.problems, skipped: bundle.skipped, imageFiles: 0)
    }

    /// 1. Every image reference of one animation, resolved and confined to its folder.
    mutating func resolveReferences(of k: Int) {
      let anim = bundle.animations[k]
      var report = AnimationPlan(path: anim.path, name: names[k], images: 0)
      let base = Paths.directory(of: anim.path)
      let assets = Animation(document: anim.document).assets
      for (index, asset) in assets.enumerated() where asset.isImage {
        report.images += 1
        let id = asset.id ?? "#\(index)"
        func problem(_ s: Problem.Severity, _ m: String) {
          report.problems.append(Problem(severity: s, path: anim.path, assetID: id, message: m, location: asset.node["p"]?.location))
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
          if let key = RenameAssets.fileKey(resolved, folderKeys: &folderKeys) {
            used[key, default: UsedFile(key: key, path: resolved, name: Paths.fileName(of: resolved))]
              .outsideUses.append("\(anim.path) (image \"\(id)\")")
          }
        case .invalid(let why):
          problem(.warning, "\(why); left alone")
        case .file(let relative, let joined):
          if let why = FileIO.notAFile(joined) {
            problem(.error, "\(relative) \(why)")
            continue
          }
          guard access(joined, R_OK) == 0, let key = RenameAssets.fileKey(joined, folderKeys: &folderKeys) else {
            problem(.error, "\(relative) cannot be read: \(RenameAssets.errnoText(errno))")
            continue
          }
          let u = asset.folder ?? ""
          let p = asset.fileName ?? ""
          let name = Paths.fileName(of: relative)
          let path = Paths.lexicallyNormal(joined)
          // The file name must lie entirely in `p` to be renamed by rewriting `p` alone.
          guard let pNode = asset.node["p"], p.hasSuffix(name), u.isEmpty || u.hasSuffix("/") || p.contains("/") else {
            problem(.warning, "the file name of \(relative) starts in u (\(JSONStringCodec.quoted(u)) does not end with /); left alone")
            used[key, default: UsedFile(key: key, path: path, name: name)].outsideUses.append("\(anim.path) (image \"\(id)\")")
            continue
          }
          let pFolder = p.lastIndex(of: "/").map { String(p[...$0]) } ?? ""
          references.append(
            Reference(
              animation: k, assetID: id, pNode: pNode, u: u, p: p, pFolder: pFolder, name: name,
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

    /// 2. Names across the bundle: every file on disk and every file in use, by folded name.
    mutating func groupNames() {
      var keysInGroups = Set<FileKey>()
      for f in bundle.files {
        let folded = RenameAssets.fold(Paths.fileName(of: f.path))
        existing.insert(folded)
        if keysInGroups.insert(f.key).inserted { groups[folded, default: []].append((f.path, f.key)) }
      }
      for u in used.values.sorted(by: { RenameAssets.bytesBefore($0.path, $1.path) }) where !u.references.isEmpty {
        existing.insert(RenameAssets.fold(u.name))
        if keysInGroups.insert(u.key).inserted { groups[RenameAssets.fold(u.name), default: []].append((u.path, u.key)) }
      }
    }

    /// 3. Colliding groups: two or more contents, at least one file in use.
    mutating func findCollisions() {
      for folded in groups.keys.sorted(by: RenameAssets.bytesBefore) {
        guard let members = groups[folded], members.count >= 2,
          members.contains(where: { used[$0.key].map { !$0.references.isEmpty } ?? false })
        else { continue }
        let sorted = members.sorted { RenameAssets.bytesBefore($0.path, $1.path) }
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
        plan.collisions.append(Collision(name: Paths.fileName(of: sorted[0].path), members: described, distinctContents: distinct.count))
        for m in sorted { if let u = used[m.key], !u.references.isEmpty { toRename.append(u) } }
      }
      toRename.sort { RenameAssets.bytesBefore($0.path, $1.path) }
    }

    mutating func record(_ file: UsedFile, _ name: String, _ digest: Digest) {
      let folder = Paths.directory(of: file.path)
      let copy = !file.outsideUses.isEmpty
      plan.files.append(
        FileAction(
          kind: copy ? .copy : .rename, from: file.path, to: folder + "/" + name, bytes: digest.size,
          sha256: digest.sha256,
          note: copy ? "the original stays: \(file.outsideUses.joined(separator: ", ")) still uses it" : nil))
      for r in file.references { newP[r] = (references[r].pFolder + name, copy ? .copied : .renamed) }
      let chosen = Chosen(name: name, folder: folder, original: file.path, sha256: digest.sha256, size: digest.size)
      chosenByName[RenameAssets.fold(name), default: []].append(chosen)
      chosenByContent["\(digest.size):\(digest.sha256)", default: []].append(chosen)
    }

    /// 4. A new name for one file (in path order).
    mutating func chooseName(for file: UsedFile) {
      guard let digest = contents.digest(file.path) else {
        plan.problems.append(Problem(severity: .error, path: file.path, message: "cannot be read"))
        return
      }
      let folder = Paths.directory(of: file.path)
      let contentKey = "\(digest.size):\(digest.sha256)"
      let firstReference = references[file.references[0]]

      // --dedupe: identical bytes already renamed take the same name (and, in the same folder, the
      // same file).
      if options.dedupe, let twins = chosenByContent[contentKey]?.filter({ contents.sameBytes($0.original, file.path) }),
        let twin = twins.first
      {
        if let sameFolder = twins.first(where: { $0.folder == folder }) {
          let kept = folder + "/" + sameFolder.name
          if file.outsideUses.isEmpty {
            plan.files.append(
              FileAction(
                kind: .remove, from: file.path, to: kept, bytes: digest.size, sha256: digest.sha256,
                note: "same bytes as \(sameFolder.original), renamed to \(kept)"))
          } else {
            plan.notes.append("\(file.path) has the same bytes as \(kept) but stays: \(file.outsideUses.joined(separator: ", ")) still uses it")
          }
          for r in file.references { newP[r] = (references[r].pFolder + sameFolder.name, .deduplicated) }
          return
        }
        record(file, twin.name, digest)
        return
      }

      let candidate: (stem: String, ext: String)
      let (stem, ext) = RenameAssets.splitExtension(file.name)
      switch options.scheme {
      case .prefix:
        candidate = ("\(names[firstReference.animation])_\(RenameAssets.safeComponent(stem, fallback: "image"))", RenameAssets.safeExtension(ext))
      case .hash:
        candidate = ("\(RenameAssets.safeComponent(stem, fallback: "image"))-\(digest.sha256.prefix(12))", RenameAssets.safeExtension(ext))
      }
      var n = 1
      var name = candidate.stem + candidate.ext
      while true {
        let folded = RenameAssets.fold(name)
        let clash = chosenByName[folded]?.contains { !($0.sha256 == digest.sha256 && $0.size == digest.size && $0.folder != folder) } ?? false
        if !existing.contains(folded) && !clash { break }
        n += 1
        name = "\(candidate.stem)_\(n)\(candidate.ext)"
      }
      record(file, name, digest)
    }

    /// 5. The JSON: only the `p` values change.
    mutating func rewriteJSON() {
      var edits: [Int: JSONEdits] = [:]
      for (r, change) in newP.sorted(by: { $0.key < $1.key }) {
        let ref = references[r]
        edits[ref.animation, default: JSONEdits(bundle.animations[ref.animation].document)].replace(ref.pNode, with: .string(change.p))
        plan.animations[ref.animation].changes.append(
          AssetChange(
            kind: change.kind, assetID: ref.assetID, pointer: ref.pNode.pointer,
            from: ref.u + ref.p, to: ref.u + change.p, oldP: ref.p, newP: change.p))
      }
      for k in edits.keys.sorted() {
        guard let e = edits[k] else { continue }
        let path = bundle.animations[k].path
        var bytes: [UInt8]
        do { bytes = try e.apply() } catch {
          plan.problems.append(Problem(severity: .error, path: path, message: "internal error while editing: \(error.message)"))
          continue
        }
        if bundle.animations[k].gzip {
          do { bytes = try Gzip.compress(bytes) } catch {
            plan.problems.append(Problem(severity: .error, path: path, message: "cannot gzip the result: \(error.message)"))
            continue
          }
        }
        plan.rewrites.append((path, bytes))
      }
    }
  }
}
