import LottieJSON
import LottieKitIO
import LottieModel

/// Collecting a dotLottie's images: reading them, naming them in the archive, repointing the assets.
extension Pack {
  // MARK: images for dotLottie

  /// Reads every external image (confined to the animation's folder or `root`), names it inside the
  /// archive and points its asset there (`u: "/i/"`, `p: name`, `e: 0`). The original file name is
  /// kept when it is a plain, safe name, so that `unpack` gives back `images/<name>`.
  static func collectImages(_ document: JSONDocument, baseDirectory: String, root: String?, version: Int)
    -> (bytes: [UInt8], images: [PackedImage], notes: [PackNote])
  {
    let animation = Animation(document: document)
    var edits = JSONEdits(document)
    var notes: [PackNote] = []
    var images: [PackedImage] = []
    var byName: [String: [UInt8]] = [:]
    let folder = version == 1 ? "/images/" : "/i/"
    for asset in animation.assets where asset.isImage && !asset.isEmbedded {
      let id = asset.id ?? "?"
      func refuse(_ m: String) { notes.append(PackNote(kind: .error, message: "image \"\(id)\": \(m)")) }
      let path: String
      let relative: String
      switch AssetPaths.locate(asset, baseDirectory: baseDirectory, root: root) {
      case .embedded: continue
      case .url(let u): refuse("\(u) is a URL; only local files are packed"); continue
      case .absolute(let p): refuse("\(p) is an absolute path; only files inside the animation's folder are read"); continue
      case .escapes(let r, let resolved): refuse("\(r) leads outside the animation's folder (to \(resolved)); refusing to read it"); continue
      case .invalid(let why): refuse(why); continue
      case .file(let r, let p): relative = r; path = p
      }
      if let why = FileIO.notAFile(path) { refuse("\(relative) \(why)"); continue }
      let bytes: [UInt8]
      do { bytes = try FileIO.read(path, limit: 512 * 1024 * 1024) } catch let failure { refuse("\(relative) cannot be read: \(failure.message)"); continue }
      let info = ImageSniffer.sniff(bytes)
      if info == nil {
        notes.append(PackNote(kind: .warning, message: "image \"\(id)\": \(relative) is not a PNG, JPEG, WebP, GIF or SVG image (by its bytes)"))
      }
      let original = asset.fileName ?? ""
      let stem: String
      let ext: String
      if isPlainFileName(original) {
        if let dot = original.lastIndex(of: "."), dot != original.startIndex {
          stem = String(original[..<dot])
          ext = String(original[original.index(after: dot)...])
        } else {
          stem = original
          ext = info?.type.fileExtensions.first ?? "bin"
        }
      } else {
        stem = Extract.safeStem(id)
        ext = info?.type.fileExtensions.first ?? "bin"
      }
      var name = "\(stem).\(ext)"
      var n = 1
      while let taken = byName[name], taken != bytes {
        n += 1
        name = "\(stem)_\(n).\(ext)"
      }
      if byName[name] == nil {
        byName[name] = bytes
        images.append(PackedImage(name: name, bytes: bytes))
      }
      guard let p = asset.node["p"] else { continue }
      edits.replace(p, with: .string(name))
      do {
        try edits.set("u", to: .string(folder), in: asset.node)
        try edits.set("e", to: .int(0), in: asset.node)
      } catch {
        notes.append(PackNote(kind: .error, message: "internal error: \(error.message)"))
      }
    }
    if notes.contains(where: { $0.kind == .error }) { return (document.bytes, [], notes) }
    do {
      return (try edits.apply(), images, notes)
    } catch {
      notes.append(PackNote(kind: .error, message: "internal error: \(error.message)"))
      return (document.bytes, [], notes)
    }
  }

  /// A file name that is safe as a zip entry and on every file system: ASCII letters, digits, `._-`,
  /// not starting with a dot, at most 200 bytes.
  package static func isPlainFileName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 200, !name.hasPrefix(".") else { return false }
    return name.unicodeScalars.allSatisfy { s in
      s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" || s == "-" || s == ".")
    }
  }
}
