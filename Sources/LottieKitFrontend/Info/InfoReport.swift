import Foundation
import LottieJSON
import LottieKitIO
import LottieModel

/// Renders a summary as text or JSON.
package struct InfoReport {
  let parsed: ParsedAnimation
  let summary: AnimationSummary
  let images: [(asset: Asset, bytes: Int?, missing: Bool)]

  package init(_ parsed: ParsedAnimation, archive: ZipArchive? = nil) {
    self.parsed = parsed
    let animation = Animation(document: parsed.document)
    summary = AnimationSummary(animation: animation)
    images = summary.imageAssets.map { asset in
      if asset.isEmbedded { return (asset, asset.embeddedByteCount, false) }
      if let archive {
        // In a dotLottie: an entry of the archive, or missing.
        guard let entry = DotLottie.entry(for: asset, in: archive) else { return (asset, nil, true) }
        return (asset, entry.uncompressedSize, false)
      }
      guard let base = parsed.source.baseDirectory,
        case .file(_, let path) = AssetPaths.locate(asset, baseDirectory: base)
      else { return (asset, nil, false) }
      let size = FileIO.fileSize(path)
      return (asset, size, size == nil)
    }
  }

  var containerText: String {
    switch parsed.source.container {
    case .json: return "JSON"
    case .tgs: return parsed.source.containerName == "tgs" ? "Telegram sticker (.tgs, gzip)" : "gzip JSON"
    case .dotLottie: return "dotLottie"
    }
  }

  package func text(_ style: Style) -> String {
    let s = summary
    var lines: [String] = [style.bold(parsed.source.displayPath)]
    func row(_ label: String, _ value: String) { lines.append("  " + label.padding(toLength: 13, withPad: " ", startingAt: 0) + value) }
    if !s.isLottie { row("warning", "this JSON does not look like a Lottie animation (no layers)") }
    var fileLine = "\(containerText), \(formatBytes(parsed.source.fileBytes))"
    if parsed.source.container != .json { fileLine += " (JSON \(formatBytes(parsed.source.bytes.count)))" }
    row("file", fileLine)
    var version = s.version.map { "Bodymovin \($0)" } ?? "no version"
    if let g = s.generator { version += ", generator \"\(g)\"" }
    row("version", version)
    if let name = s.name { row("name", "\"\(name)\"") }
    let canvas = (s.width.map { $0.compactText } ?? "?") + " × " + (s.height.map { $0.compactText } ?? "?")
    row("canvas", canvas)
    var timing = (s.frameRate.map { "\($0.compactText) fps" } ?? "no frame rate")
    if let ip = s.inPoint, let op = s.outPoint {
      timing += ", frames \(ip.compactText)–\(op.compactText)"
      if let f = s.frames { timing += " (\(f.compactText) frames" + (s.duration.map { String(format: ", %.2f s", $0) } ?? "") + ")" }
    }
    row("timing", timing)
    let types = s.layersByType.map { "\($0.count) \($0.type)" }.joined(separator: ", ")
    row("layers", "\(s.layerCount) in \(s.compositions) composition\(s.compositions == 1 ? "" : "s")" + (types.isEmpty ? "" : ": " + types))
    var assetParts: [String] = []
    if !images.isEmpty {
      let external = images.filter { !$0.asset.isEmbedded }
      let embedded = images.filter { $0.asset.isEmbedded }
      var parts: [String] = []
      if !external.isEmpty {
        let bytes = external.compactMap { $0.bytes }.reduce(0, +)
        let missing = external.filter { $0.missing }.count
        var t = "\(external.count) \(parsed.source.container == .dotLottie ? "in the archive" : "external")"
        if bytes > 0 { t += " \(formatBytes(bytes))" }
        if missing > 0 { t += ", \(missing) missing" }
        parts.append(t)
      }
      if !embedded.isEmpty {
        parts.append("\(embedded.count) embedded \(formatBytes(embedded.compactMap { $0.bytes }.reduce(0, +)))")
      }
      assetParts.append("\(images.count) image\(images.count == 1 ? "" : "s") (" + parts.joined(separator: ", ") + ")")
    }
    if s.precompAssets > 0 { assetParts.append("\(s.precompAssets) precomp\(s.precompAssets == 1 ? "" : "s")") }
    if s.otherAssets > 0 { assetParts.append("\(s.otherAssets) other") }
    row("assets", assetParts.isEmpty ? "none" : assetParts.joined(separator: ", "))
    let features = s.features.filter { $0.feature != .precompLayer && $0.feature != .imageExternal && $0.feature != .imageEmbedded }
    if features.isEmpty {
      row("features", "none that renderers treat differently")
    } else {
      var first = true
      for f in features {
        var t = "\(f.feature.title) \(f.count)"
        if !f.details.isEmpty { t += " (" + f.details.prefix(6).joined(separator: ", ") + (f.details.count > 6 ? ", …" : "") + ")" }
        row(first ? "features" : "", t)
        first = false
      }
    }
    var notes: [String] = []
    if s.markers > 0 { notes.append("\(s.markers) marker\(s.markers == 1 ? "" : "s")") }
    if s.fonts > 0 { notes.append("\(s.fonts) font\(s.fonts == 1 ? "" : "s")") }
    if s.hasBOM { notes.append("starts with a byte order mark") }
    if s.duplicateKeys > 0 { notes.append("\(s.duplicateKeys) duplicate key\(s.duplicateKeys == 1 ? "" : "s")") }
    if !notes.isEmpty { row("notes", notes.joined(separator: ", ")) }
    return lines.joined(separator: "\n")
  }

  package var json: JSONValue {
    let s = summary
    let images: [JSONValue] = self.images.map { item in
      .object([
        ("id", .optional(item.asset.id)), ("embedded", .bool(item.asset.isEmbedded)),
        ("path", .optional(item.asset.relativePath)),
        ("bytes", item.bytes.map { .int($0) } ?? .null), ("missing", .bool(item.missing)),
        ("w", .optional(item.asset.width)), ("h", .optional(item.asset.height))
      ])
    }
    return .object([
      ("path", .string(parsed.source.displayPath)),
      ("container", .string(parsed.source.containerName)),
      ("fileBytes", .int(parsed.source.fileBytes)),
      ("jsonBytes", .int(parsed.source.bytes.count)),
      ("isLottie", .bool(s.isLottie)),
      ("version", .optional(s.version)),
      ("generator", .optional(s.generator)),
      ("name", .optional(s.name)),
      ("frameRate", .optional(s.frameRate)),
      ("width", .optional(s.width)),
      ("height", .optional(s.height)),
      ("inPoint", .optional(s.inPoint)),
      ("outPoint", .optional(s.outPoint)),
      ("frames", .optional(s.frames)),
      ("duration", .optional(s.duration)),
      ("compositions", .int(s.compositions)),
      (
        "layers",
        .object([
          ("total", .int(s.layerCount)),
          ("byType", .object(s.layersByType.map { ($0.type, .int($0.count)) }))
        ])
      ),
      ("assets", .object([("images", .array(images)), ("precomps", .int(s.precompAssets)), ("other", .int(s.otherAssets))])),
      (
        "features",
        .object(
          s.features.map { f in
            (f.feature.rawValue, .object([("count", .int(f.count)), ("details", .array(f.details.map { .string($0) }))]))
          })
      ),
      ("markers", .int(s.markers)),
      ("fonts", .int(s.fonts)),
      ("hasBOM", .bool(s.hasBOM)),
      ("duplicateKeys", .int(s.duplicateKeys))
    ])
  }
}
