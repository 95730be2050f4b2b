import LottieJSON
import LottieKitIO
import LottieModel

/// Something about one image asset that a person should know.
package struct ImageNote: Sendable, CustomStringConvertible {
  package enum Kind: Sendable { case done, skipped, warning, error }
  package let kind: Kind
  package let assetID: String
  package let message: String
  package var description: String { "image \"\(assetID)\": \(message)" }
}

/// Embeds external images as base64 data URIs (`e: 1`, `u: ""`), refusing anything outside the
/// animation's folder (or `root`), URLs and missing files. The type comes from the bytes.
package enum Inline {
  package struct Options: Sendable {
    package var root: String?
    /// Images larger than this (bytes) are left external and reported.
    package var maxSize: Int?
    package init(root: String? = nil, maxSize: Int? = nil) {
      self.root = root
      self.maxSize = maxSize
    }
  }

  package struct Result: Sendable {
    package var bytes: [UInt8]
    package var notes: [ImageNote]
    package var inlined: Int
    package var refused: Bool { notes.contains { $0.kind == .error } }
  }

  package static func run(_ document: JSONDocument, baseDirectory: String, options: Options) -> Result {
    let animation = Animation(document: document)
    var notes: [ImageNote] = []
    var edits = JSONEdits(document)
    var inlined = 0
    for asset in animation.assets where asset.isImage {
      let id = asset.id ?? "?"
      func note(_ k: ImageNote.Kind, _ m: String) { notes.append(ImageNote(kind: k, assetID: id, message: m)) }
      switch AssetPaths.locate(asset, baseDirectory: baseDirectory, root: options.root) {
      case .embedded:
        continue  // already embedded: left as it is, quietly
      case .url(let u):
        note(.error, "\(u) is a URL; lottiekit inlines local files only")
      case .absolute(let p):
        note(.error, "\(p) is an absolute path; only files inside the animation's folder\(options.root == nil ? "" : " (or --root)") are read")
      case .escapes(let relative, let resolved):
        note(.error, "\(relative) leads outside the animation's folder\(options.root == nil ? "" : " (or --root)") (to \(resolved)); refusing to read it")
      case .invalid(let why):
        note(.error, why)
      case .file(let relative, let path):
        if let why = FileIO.notAFile(path) {
          note(.error, "\(relative) \(why)")
          continue
        }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: 512 * 1024 * 1024) } catch {
          note(.error, "\(relative) cannot be read: \(error.message)")
          continue
        }
        if let max = options.maxSize, bytes.count > max {
          note(.skipped, "\(relative) is \(bytes.count) bytes, over --max-size \(max); left external")
          continue
        }
        guard let info = ImageSniffer.sniff(bytes) else {
          note(.error, "\(relative) is not a PNG, JPEG, WebP, GIF or SVG image (by its bytes)")
          continue
        }
        if let size = info.size, let w = asset.width, let h = asset.height, Double(size.width) != w || Double(size.height) != h {
          note(.warning, "\(relative) is \(size.width)×\(size.height) px but the asset says \(w.compactText)×\(h.compactText)")
        }
        // The data URI is written as raw JSON text: base64 never needs escaping.
        var literal: [UInt8] = Array("\"data:\(info.mimeType);base64,".utf8)
        literal.append(contentsOf: Base64.encode(bytes).utf8)
        literal.append(UInt8(ascii: "\""))
        guard let p = asset.node["p"] else { continue }
        edits.replace(p, withRaw: literal)
        do {
          try edits.set("u", to: .string(""), in: asset.node)
          try edits.set("e", to: .int(1), in: asset.node)
        } catch {
          note(.error, "internal error: \(error.message)")
          continue
        }
        inlined += 1
        note(.done, "\(relative) embedded as \(info.mimeType) (\(bytes.count) bytes)")
      }
    }
    if notes.contains(where: { $0.kind == .error }) {
      return Result(bytes: document.bytes, notes: notes, inlined: 0)
    }
    do {
      return Result(bytes: try edits.apply(), notes: notes, inlined: inlined)
    } catch {
      notes.append(ImageNote(kind: .error, assetID: "-", message: "internal error: \(error.message)"))
      return Result(bytes: document.bytes, notes: notes, inlined: 0)
    }
  }
}

/// Writes embedded images to files with unique, deterministic names and points the assets at
/// them (`u` = the images folder relative to the animation, `p` = the file name, `e: 0`).
package enum Extract {
  package struct Options: Sendable {
    /// The folder images go to, relative to the output animation's folder (`images/`).
    package var imagesFolder: String
    package init(imagesFolder: String = "images/") {
      self.imagesFolder = imagesFolder.hasSuffix("/") ? imagesFolder : imagesFolder + "/"
    }
  }

  package struct Result: Sendable {
    package var bytes: [UInt8]
    /// Files to write: path relative to the output animation's folder → bytes.
    package var files: [(relative: String, bytes: [UInt8])]
    package var notes: [ImageNote]
    package var refused: Bool { notes.contains { $0.kind == .error } }
  }

  /// `existing` answers what is already on disk (or planned by an earlier input of the same run)
  /// at a relative path (nil: nothing; empty: another spelling of the name is taken), so that an
  /// existing different file is never overwritten and an identical one is reused. Names that
  /// differ only in case collide (one file on macOS and Windows) and are never shared.
  package static func run(_ document: JSONDocument, options: Options, existing: (String) -> [UInt8]?) -> Result {
    let animation = Animation(document: document)
    var notes: [ImageNote] = []
    var files: [(String, [UInt8])] = []
    var edits = JSONEdits(document)
    var taken: [String: (relative: String, bytes: [UInt8])] = [:]  // by lowercased relative path
    for asset in animation.assets where asset.isImage && asset.isEmbedded {
      let id = asset.id ?? "image"
      func note(_ k: ImageNote.Kind, _ m: String) { notes.append(ImageNote(kind: k, assetID: id, message: m)) }
      guard let p = asset.node["p"], let text = p.string else { continue }
      let bytes: [UInt8]
      do {
        let uri = try DataURI(parsing: text)
        bytes = try uri.decodedPayload()
      } catch {
        note(.error, "its data URI cannot be decoded: \(error)")
        continue
      }
      guard let info = ImageSniffer.sniff(bytes) else {
        note(.error, "the embedded data is not a PNG, JPEG, WebP, GIF or SVG image")
        continue
      }
      let ext = info.type.fileExtensions.first ?? "bin"
      let stem = safeStem(id)
      var name = "\(stem).\(ext)"
      var n = 1
      while true {
        let relative = options.imagesFolder + name
        if let already = taken[relative.lowercased()].map({ $0.relative == relative ? $0.bytes : [] }) ?? existing(relative) {
          // The same image under this very spelling: share it. Another spelling of the name is
          // another file, and one name on macOS and Windows: take the next name.
          if already == bytes { break }
          n += 1
          name = "\(stem)_\(n).\(ext)"
          continue
        }
        break
      }
      let relative = options.imagesFolder + name
      if taken[relative.lowercased()] == nil && existing(relative) == nil { files.append((relative, bytes)) }
      taken[relative.lowercased()] = (relative, bytes)
      edits.replace(p, with: .string(name))
      do {
        try edits.set("u", to: .string(options.imagesFolder), in: asset.node)
        try edits.set("e", to: .int(0), in: asset.node)
      } catch {
        note(.error, "internal error: \(error.message)")
        continue
      }
      note(.done, "written to \(relative) (\(info.mimeType), \(bytes.count) bytes)")
    }
    if notes.contains(where: { $0.kind == .error }) {
      return Result(bytes: document.bytes, files: [], notes: notes)
    }
    do {
      return Result(bytes: try edits.apply(), files: files, notes: notes)
    } catch {
      notes.append(ImageNote(kind: .error, assetID: "-", message: "internal error: \(error.message)"))
      return Result(bytes: document.bytes, files: [], notes: notes)
    }
  }

  /// A file-system- and iOS-resource-safe name from an asset id (ASCII letters, digits, `_-`).
  static func safeStem(_ id: String) -> String {
    var s = ""
    for scalar in id.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
        s.unicodeScalars.append(scalar)
      } else {
        s += "_"
      }
    }
    return s.isEmpty || s.allSatisfy({ $0 == "_" }) ? "image" : s
  }
}
