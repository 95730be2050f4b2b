import Foundation
import LottieJSON
import LottieKitIO
import LottieCompat
import LottieModel

/// A structural diff of two versions of an animation, for a reviewer: what a designer's update
/// changed in the canvas, compositions, layers, assets and features. Layers are matched by `ind`,
/// then by name (not by array position), so reordering is a move, not a removal and an addition.
package struct AnimationDiff: Sendable {
  package struct Change: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
      case canvas, compositionAdded = "composition-added", compositionRemoved = "composition-removed"
      case layerAdded = "layer-added", layerRemoved = "layer-removed", layerRenamed = "layer-renamed"
      case layerRetimed = "layer-retimed", layerReparented = "layer-reparented", layerMoved = "layer-moved"
      case layerChanged = "layer-changed"
      case assetAdded = "asset-added", assetRemoved = "asset-removed", assetResized = "asset-resized"
      case assetBytesChanged = "asset-bytes-changed", assetRepointed = "asset-repointed", imageMissing = "image-missing"
      case featureGained = "feature-gained", featureLost = "feature-lost"
      case markers
    }
    package var kind: Kind
    /// Where: `"hero" › "Logo"`, `asset image_0`, `canvas`.
    package var subject: String
    package var detail: String
    package var oldPointer: String?
    package var newPointer: String?
    /// Compat consequences (feature gained with --target): `ios ignored`, …
    package var consequences: [String] = []
  }

  package var changes: [Change]
  package var isEmpty: Bool { changes.isEmpty }

  /// `targets`: renderers whose support is looked up for gained features.
  /// Where an animation's image files are: the folder its paths start from, or the dotLottie
  /// archive that holds them (by name: `u` is the archive's `/i/`).
  package enum Images: Sendable {
    case folder(String)
    case archive(ZipArchive)
  }

  package init(old: JSONDocument, new: JSONDocument, oldImages: Images? = nil, newImages: Images? = nil, targets: [TargetSelection] = []) {
    var out: [Change] = []
    let a = Animation(document: old), b = Animation(document: new)
    Self.canvas(a, b, &out)
    Self.compositions(a, b, &out)
    Self.assets(a, b, oldImages: oldImages, newImages: newImages, &out)
    Self.features(a, b, targets: targets, &out)
    Self.markers(a, b, &out)
    changes = out
  }

  // MARK: canvas

  static func canvas(_ a: Animation, _ b: Animation, _ out: inout [Change]) {
    func num(_ v: Double?) -> String { v.map(\.compactText) ?? "none" }
    if a.width != b.width || a.height != b.height {
      out.append(
        Change(
          kind: .canvas, subject: "canvas", detail: "size \(num(a.width))×\(num(a.height)) → \(num(b.width))×\(num(b.height))",
          oldPointer: "/w", newPointer: "/w"))
    }
    if a.frameRate != b.frameRate {
      out.append(
        Change(kind: .canvas, subject: "canvas", detail: "frame rate \(num(a.frameRate)) → \(num(b.frameRate)) fps", oldPointer: "/fr", newPointer: "/fr"))
    }
    if a.inPoint != b.inPoint || a.outPoint != b.outPoint {
      out.append(
        Change(
          kind: .canvas, subject: "canvas", detail: "frames \(num(a.inPoint))–\(num(a.outPoint)) → \(num(b.inPoint))–\(num(b.outPoint))",
          oldPointer: "/op", newPointer: "/op"))
    }
    // A frame rate of 0 (or none) leaves the duration undefined: going to or from one is a change too.
    let da = duration(a), db = duration(b)
    let changed: Bool
    switch (da, db) {
    case let (a?, b?): changed = abs(a - b) > 1e-9
    case (nil, nil): changed = false
    default: changed = true
    }
    if changed {
      func text(_ d: Double?) -> String { d.map(seconds) ?? "undefined" }
      out.append(Change(kind: .canvas, subject: "canvas", detail: "duration \(text(da)) → \(text(db))"))
    }
  }

  static func duration(_ a: Animation) -> Double? {
    guard let ip = a.inPoint, let op = a.outPoint, let fr = a.frameRate, fr > 0 else { return nil }
    return (op - ip) / fr
  }

  static func seconds(_ s: Double) -> String { "\(((s * 100).rounded() / 100).compactText) s" }

  // MARK: compositions and layers

  static func compositions(_ a: Animation, _ b: Animation, _ out: inout [Change]) {
    layers(a.rootComposition, b.rootComposition, name: "root", &out)
    let oldPre = Dictionary(a.compositions.filter { !$0.isRoot }.compactMap { c in c.id.map { ($0, c) } }, uniquingKeysWith: { x, _ in x })
    let newPre = Dictionary(b.compositions.filter { !$0.isRoot }.compactMap { c in c.id.map { ($0, c) } }, uniquingKeysWith: { x, _ in x })
    for id in oldPre.keys.sorted() where newPre[id] == nil {
      out.append(
        Change(
          kind: .compositionRemoved, subject: "precomp \(id)",
          detail: "removed (\(oldPre[id]?.layers.count ?? 0) layers)", oldPointer: oldPre[id]?.node.pointer))
    }
    for id in newPre.keys.sorted() where oldPre[id] == nil {
      out.append(
        Change(
          kind: .compositionAdded, subject: "precomp \(id)",
          detail: "added (\(newPre[id]?.layers.count ?? 0) layers)", newPointer: newPre[id]?.node.pointer))
    }
    for id in oldPre.keys.sorted() {
      guard let x = oldPre[id], let y = newPre[id] else { continue }
      layers(x, y, name: "precomp \(id)", &out)
    }
  }

  /// Pairs old and new layers: same `ind` (unique on both sides), then same name (unique), then
  /// the layers left with the same name and type, in order (the second "Dup" with the second
  /// "Dup", an unnamed null with an unnamed null), so that a file compared with itself pairs
  /// every layer; never by position alone.
  static func match(_ old: [Layer], _ new: [Layer]) -> [(Layer?, Layer?)] {
    var pairs: [Int: Int] = [:]  // old position → new position
    var takenNew = Set<Int>()
    func uniqueMap<K: Hashable>(_ list: [Layer], _ key: (Layer) -> K?) -> [K: Int] {
      var seen: [K: Int] = [:], dup = Set<K>()
      for (k, l) in list.enumerated() {
        guard let v = key(l) else { continue }
        if seen[v] != nil { dup.insert(v) } else { seen[v] = k }
      }
      for d in dup { seen[d] = nil }
      return seen
    }
    let oldInd = uniqueMap(old) { $0.index }, newInd = uniqueMap(new) { $0.index }
    for (ind, o) in oldInd { if let n = newInd[ind], !takenNew.contains(n) { pairs[o] = n; takenNew.insert(n) } }
    let oldName = uniqueMap(old) { $0.name }, newName = uniqueMap(new) { $0.name }
    for (name, o) in oldName where pairs[o] == nil {
      if let n = newName[name], !takenNew.contains(n) { pairs[o] = n; takenNew.insert(n) }
    }
    struct Kin: Hashable {
      var name: String?
      var type: Int?
    }
    var leftNew: [Kin: [Int]] = [:], next: [Kin: Int] = [:]
    for (k, l) in new.enumerated() where !takenNew.contains(k) { leftNew[Kin(name: l.name, type: l.typeCode), default: []].append(k) }
    for (o, l) in old.enumerated() where pairs[o] == nil {
      let kin = Kin(name: l.name, type: l.typeCode)
      let cursor = next[kin, default: 0]
      guard let queue = leftNew[kin], cursor < queue.count else { continue }
      next[kin] = cursor + 1
      pairs[o] = queue[cursor]
      takenNew.insert(queue[cursor])
    }
    var result: [(Layer?, Layer?)] = []
    for (k, l) in old.enumerated() { result.append((l, pairs[k].map { new[$0] })) }
    for (k, l) in new.enumerated() where !takenNew.contains(k) { result.append((nil, l)) }
    return result
  }

  static func layers(_ x: Composition, _ y: Composition, name: String, _ out: inout [Change]) {
    let old = x.layers.filter(\.node.isObject), new = y.layers.filter(\.node.isObject)
    let pairs = match(old, new)
    // Parents are compared by identity: the old parent's partner in the new file.
    var partner: [Int: Int] = [:]  // old ind → new ind
    for (o, n) in pairs { if let oi = o?.index, let ni = n?.index { partner[oi] = ni } }
    let newByInd = Dictionary(new.compactMap { l in l.index.map { ($0, l) } }, uniquingKeysWith: { a, _ in a })
    let oldByInd = Dictionary(old.compactMap { l in l.index.map { ($0, l) } }, uniquingKeysWith: { a, _ in a })
    func label(_ l: Layer) -> String { "\(name) › \(JSONStringCodec.quoted(l.name ?? "#\(l.position)"))" }
    // Order: relative order of matched layers (a move is reported when the layer's rank among the
    // matched ones changes, which is what changes the stacking).
    let matched = pairs.compactMap { p -> (Layer, Layer)? in
      guard let o = p.0, let n = p.1 else { return nil }
      return (o, n)
    }
    let oldRank = Dictionary(uniqueKeysWithValues: matched.sorted { $0.0.position < $1.0.position }.enumerated().map { ($1.0.position, $0) })
    let newRank = Dictionary(uniqueKeysWithValues: matched.sorted { $0.1.position < $1.1.position }.enumerated().map { ($1.1.position, $0) })
    for (o, n) in pairs {
      switch (o, n) {
      case (let o?, nil):
        out.append(
          Change(
            kind: .layerRemoved, subject: label(o), detail: "removed (\(o.type?.description ?? "layer"), ind \(o.index.map(String.init) ?? "none"))",
            oldPointer: o.node.pointer))
      case (nil, let n?):
        out.append(
          Change(
            kind: .layerAdded, subject: label(n), detail: "added (\(n.type?.description ?? "layer"), ind \(n.index.map(String.init) ?? "none"))",
            newPointer: n.node.pointer))
      case (let o?, let n?):
        let subject = label(n)
        // Names by code units: a keypath tells "é" from "e" + U+0301.
        if (o.name == nil) != (n.name == nil) || !(o.name ?? "").utf8.elementsEqual((n.name ?? "").utf8) {
          out.append(
            Change(
              kind: .layerRenamed, subject: subject, detail: "renamed from \(JSONStringCodec.quoted(o.name ?? ""))",
              oldPointer: o.node.pointer + "/nm", newPointer: n.node.pointer + "/nm"))
        }
        // A change to the layer as a whole: both pointers name the layer.
        func layerChange(_ kind: Change.Kind, _ detail: String) {
          out.append(Change(kind: kind, subject: subject, detail: detail, oldPointer: o.node.pointer, newPointer: n.node.pointer))
        }
        let timing = retiming(o, n)
        if !timing.isEmpty { layerChange(.layerRetimed, "retimed: " + timing.joined(separator: ", ")) }
        // A parent no layer has on either side (a dangling `parent`) stays itself.
        let oldParentNew = o.parentIndex.map { p in partner[p] ?? (oldByInd[p] == nil && newByInd[p] == nil ? p : Int.min) }
        if oldParentNew != n.parentIndex {
          func parentName(_ ind: Int?, _ map: [Int: Layer]) -> String {
            guard let ind else { return "none" }
            return map[ind].map { JSONStringCodec.quoted($0.name ?? "ind \(ind)") } ?? "ind \(ind)"
          }
          layerChange(.layerReparented, "parent \(parentName(o.parentIndex, oldByInd)) → \(parentName(n.parentIndex, newByInd))")
        }
        if let r1 = oldRank[o.position], let r2 = newRank[n.position], r1 != r2 {
          layerChange(.layerMoved, "moved in the stack: position \(o.position) → \(n.position)")
        }
        let parts = changedParts(o, n)
        if !parts.isEmpty { layerChange(.layerChanged, "changed: " + parts.joined(separator: ", ")) }
      default: break
      }
    }
  }

  /// How a matched layer's timing changed (frames, start, stretch), in words.
  static func retiming(_ o: Layer, _ n: Layer) -> [String] {
    var timing: [String] = []
    func num(_ v: Double?) -> String { v.map(\.compactText) ?? "none" }
    if o.inPoint != n.inPoint || o.outPoint != n.outPoint {
      timing.append("frames \(num(o.inPoint))–\(num(o.outPoint)) → \(num(n.inPoint))–\(num(n.outPoint))")
    }
    if o.startTime != n.startTime { timing.append("start \(num(o.startTime)) → \(num(n.startTime))") }
    if (o.timeStretch ?? 1) != (n.timeStretch ?? 1) { timing.append("stretch \(num(o.timeStretch ?? 1)) → \(num(n.timeStretch ?? 1))") }
    return timing
  }

  /// Which parts of a matched layer changed (type, transform, shapes, …), by value: white space,
  /// key order and number spelling are not changes.
  static func changedParts(_ o: Layer, _ n: Layer) -> [String] {
    var parts: [String] = []
    if o.typeCode != n.typeCode { parts.append("type \(o.type?.description ?? "?") → \(n.type?.description ?? "?")") }
    for (key, what) in [
      ("ks", "transform"), ("shapes", "shapes"), ("ef", "effects"), ("masksProperties", "masks"),
      ("t", "text"), ("tm", "time remap"), ("refId", "source"), ("tt", "matte"), ("td", "matte source"),
      ("hd", "visibility"), ("bm", "blend mode"), ("sy", "layer styles")
    ] {
      let (old, new) = (o.node[key], n.node[key])
      let same = old.flatMap { x in new.map { x.sameValue(as: $0) } } ?? (old == nil && new == nil)
      if !same { parts.append(what) }
    }
    return parts
  }

  // MARK: assets

  static func assets(_ a: Animation, _ b: Animation, oldImages oldPlace: Images?, newImages newPlace: Images?, _ out: inout [Change]) {
    let oldImages = Dictionary(a.assets.filter(\.isImage).compactMap { x in x.id.map { ($0, x) } }, uniquingKeysWith: { x, _ in x })
    let newImages = Dictionary(b.assets.filter(\.isImage).compactMap { x in x.id.map { ($0, x) } }, uniquingKeysWith: { x, _ in x })
    for id in oldImages.keys.sorted() where newImages[id] == nil {
      out.append(Change(kind: .assetRemoved, subject: "image \(id)", detail: "removed (\(describe(oldImages[id])))", oldPointer: oldImages[id]?.node.pointer))
    }
    for id in newImages.keys.sorted() where oldImages[id] == nil {
      out.append(Change(kind: .assetAdded, subject: "image \(id)", detail: "added (\(describe(newImages[id])))", newPointer: newImages[id]?.node.pointer))
    }
    for id in oldImages.keys.sorted() {
      guard let x = oldImages[id], let y = newImages[id] else { continue }
      if x.width != y.width || x.height != y.height {
        func num(_ v: Double?) -> String { v.map(\.compactText) ?? "?" }
        out.append(
          Change(
            kind: .assetResized, subject: "image \(id)", detail: "size \(num(x.width))×\(num(x.height)) → \(num(y.width))×\(num(y.height))",
            oldPointer: x.node.pointer, newPointer: y.node.pointer))
      }
      let bx = bytes(x, in: oldPlace), by = bytes(y, in: newPlace)
      // Between a folder and an archive (a file and its own .lottie), an image is matched by name
      // alone: the archive keeps it under its own `/i/`, and its bytes are compared below.
      let byName = [oldPlace, newPlace].contains { if case .archive = $0 { return true } else { return false } }
      let moved = byName ? x.fileName != y.fileName : (x.folder ?? "") + (x.fileName ?? "") != (y.folder ?? "") + (y.fileName ?? "")
      if !x.isEmbedded || !y.isEmbedded, x.isEmbedded != y.isEmbedded || moved {
        out.append(
          Change(
            kind: .assetRepointed, subject: "image \(id)", detail: "file \(describe(x, in: oldPlace)) → \(describe(y, in: newPlace))",
            oldPointer: x.node.pointer + "/p", newPointer: y.node.pointer + "/p"))
      }
      if bx != nil, by == nil, let path = missingFile(y, in: newPlace) {
        // The old version's image could be read and the new one's file is gone: players draw nothing there.
        out.append(
          Change(
            kind: .imageMissing, subject: "image \(id)", detail: "\(path) is missing (the old version's image was there)",
            newPointer: y.node.pointer + "/p"))
      }
      if let bx, let by, bx != by {
        out.append(
          Change(
            kind: .assetBytesChanged, subject: "image \(id)", detail: "image bytes changed (\(bx.count) → \(by.count) bytes)",
            oldPointer: x.node.pointer, newPointer: y.node.pointer))
      }
    }
  }

  static func describe(_ asset: Asset?, in place: Images? = nil) -> String {
    guard let asset else { return "?" }
    if asset.isEmbedded { return "embedded" }
    if case .archive = place { return "\(asset.fileName ?? "") in the archive" }
    return (asset.folder ?? "") + (asset.fileName ?? "")
  }

  /// The image's bytes: decoded data URI, the archive's entry, or the file next to the animation
  /// (nil if unreadable).
  static func bytes(_ asset: Asset, in place: Images?) -> [UInt8]? {
    if asset.isEmbedded, let p = asset.fileName, let uri = try? DataURI(parsing: p) { return try? uri.decodedPayload() }
    switch place {
    case nil: return nil
    case .archive(let archive):
      guard let entry = DotLottie.entry(for: asset, in: archive) else { return nil }
      return try? archive.data(of: entry)
    case .folder(let base):
      switch AssetPaths.locate(asset, baseDirectory: base) {
      case .file(_, let path): return try? FileIO.read(path, limit: 256 * 1024 * 1024)
      default: return nil
      }
    }
  }

  /// Where the image should be, when the asset names a file that is not there: `u` + `p` beside
  /// the animation, or its name in the archive.
  static func missingFile(_ asset: Asset, in place: Images?) -> String? {
    switch place {
    case nil: return nil
    case .archive(let archive):
      guard !asset.isEmbedded, !asset.isURL, let name = asset.fileName, DotLottie.entry(for: asset, in: archive) == nil else { return nil }
      return name + " in the archive"
    case .folder(let base):
      guard case .file(let relative, let path) = AssetPaths.locate(asset, baseDirectory: base), !FileIO.exists(path) else { return nil }
      return relative
    }
  }

  // MARK: features

  static func features(_ a: Animation, _ b: Animation, targets: [TargetSelection], _ out: inout [Change]) {
    func counts(_ uses: [FeatureUse]) -> [String: (Int, FeatureUse)] {
      var c: [String: (Int, FeatureUse)] = [:]
      for u in uses {
        let key = u.feature.rawValue + "\u{0}" + (u.detail ?? "")
        c[key] = ((c[key]?.0 ?? 0) + 1, c[key]?.1 ?? u)
      }
      return c
    }
    let oldUses = counts(a.featureUses()), newUses = counts(b.featureUses())
    let data = RendererSupport.shared
    let resolved = targets.compactMap { t in data.target(t.name).map { ($0, t) } }
    for key in Set(oldUses.keys).union(newUses.keys).sorted() {
      let n0 = oldUses[key]?.0 ?? 0, n1 = newUses[key]?.0 ?? 0
      guard n0 != n1, let use = newUses[key]?.1 ?? oldUses[key]?.1 else { continue }
      let title = use.feature.title + (use.detail.map { $0.isEmpty ? "" : " (\($0))" } ?? "")
      if n1 > n0 {
        var consequences: [String] = []
        for (target, sel) in resolved {
          if let entry = data.lookup(use, in: target, version: sel.version), entry.support != .supported {
            consequences.append("\(sel.version.map { "\(target.id)@\($0)" } ?? target.id) \(entry.support.word)")
          }
        }
        var change = Change(
          kind: .featureGained, subject: title, detail: n0 == 0 ? "new: \(n1) use\(n1 == 1 ? "" : "s")" : "\(n0) → \(n1) uses",
          newPointer: newUses[key]?.1.node.pointer)
        change.consequences = consequences
        out.append(change)
      } else {
        out.append(
          Change(
            kind: .featureLost, subject: title, detail: n1 == 0 ? "gone (was \(n0))" : "\(n0) → \(n1) uses",
            oldPointer: oldUses[key]?.1.node.pointer))
      }
    }
  }

  static func markers(_ a: Animation, _ b: Animation, _ out: inout [Change]) {
    func list(_ x: Animation) -> [String] {
      x.markers.map { m in "\(m["cm"]?.string ?? "") @\(m["tm"]?.double?.compactText ?? "?")+\(m["dr"]?.double?.compactText ?? "0")" }
    }
    let x = list(a), y = list(b)
    guard x != y else { return }
    let xs = Set(x), ys = Set(y)
    let removed = x.filter { !ys.contains($0) }, added = y.filter { !xs.contains($0) }
    var parts: [String] = []
    if !removed.isEmpty { parts.append("removed " + removed.map { JSONStringCodec.quoted($0) }.joined(separator: ", ")) }
    if !added.isEmpty { parts.append("added " + added.map { JSONStringCodec.quoted($0) }.joined(separator: ", ")) }
    out.append(
      Change(
        kind: .markers, subject: "markers", detail: parts.isEmpty ? "reordered" : parts.joined(separator: "; "),
        oldPointer: "/markers", newPointer: "/markers"))
  }
}
