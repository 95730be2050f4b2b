import LottieJSON
import LottieKitIO
import LottieModel

extension Optimize {
  /// Image assets that are the same picture at the same size: the same `u` and `p` (one file, or
  /// one data URI byte for byte) and the same `w` and `h`. Every image layer that uses a later one
  /// is pointed at the first (its `refId` rewritten, in the first one's spelling), so that the
  /// unused-assets step removes the copies. Pixel-identical: each layer draws the same bytes at
  /// the same size. Not in files with expressions (an expression may name an asset), not for an
  /// asset with a slot id, and not at all when two assets share an id.
  static func duplicateImages(_ document: JSONDocument) -> (bytes: [UInt8], count: Int) {
    let animation = Animation(document: document)
    let ids = animation.assets.compactMap(\.id)
    guard Set(ids).count == ids.count, ExpressionMentions.texts(in: document).isEmpty else { return (document.bytes, 0) }
    var first: [String: JSONNode] = [:]  // picture key → the first asset's id node
    var canonical: [String: JSONNode] = [:]  // a copy's id → the first asset's id node
    for asset in animation.assets where asset.isImage && asset.node["sid"] == nil {
      guard let id = asset.id, let idNode = asset.node["id"], let p = asset.node["p"], p.isString else { continue }
      let key = [asset.node["u"]?.sourceText ?? "", p.sourceText, asset.node["w"]?.sourceText ?? "", asset.node["h"]?.sourceText ?? ""]
        .joined(separator: "\u{0}")
      if let kept = first[key] { canonical[id] = kept } else { first[key] = idNode }
    }
    guard !canonical.isEmpty else { return (document.bytes, 0) }
    var edits = JSONEdits(document)
    var merged = Set<String>()
    animation.forEachLayer { visit in
      let layer = visit.layer
      guard layer.typeCode == 2, let ref = layer.refId, let kept = canonical[ref], let refNode = layer.node["refId"] else { return }
      edits.replace(refNode, withRaw: Array(kept.sourceText.utf8))
      merged.insert(ref)
    }
    guard !merged.isEmpty, let bytes = try? edits.apply() else { return (document.bytes, 0) }
    return (bytes, merged.count)
  }
}

extension Optimize {
  /// Each image asset embedded as a base64 `data:` URI: its `p`, the URI and the decoded bytes.
  static func embeddedImages(_ document: JSONDocument) -> [(p: JSONNode, uri: DataURI, bytes: [UInt8])] {
    Animation(document: document).assets.compactMap { asset in
      guard asset.isImage, let p = asset.node["p"], let text = p.string, let uri = try? DataURI(parsing: text), uri.isBase64,
        let bytes = try? uri.decodedPayload()
      else { return nil }
      return (p, uri, bytes)
    }
  }

  /// Embedded PNGs (`data:` URIs) re-encoded with the same pixels and chunks when that is smaller
  /// (`PNGRecompress`); the URI's header is kept as written. Pixel-identical: libpng reads the new
  /// image back to the same rows before it is used.
  static func recompressedImages(_ document: JSONDocument) -> (bytes: [UInt8], count: Int) {
    var edits = JSONEdits(document)
    var count = 0
    for image in embeddedImages(document) {
      guard let smaller = PNGRecompress.smaller(image.bytes) else { continue }
      edits.replace(image.p, with: .string("data:" + image.uri.header + "," + Base64.encode(smaller)))
      count += 1
    }
    guard count > 0, let bytes = try? edits.apply() else { return (document.bytes, 0) }
    return (bytes, count)
  }
}

extension Optimize {
  /// `--images webp`: each embedded PNG becomes a WebP data URI when that is smaller and draws
  /// within `maxChanged` of it (`WebP.smaller`: lossy at `quality`, alpha lossless, else lossless
  /// WebP; `losslessOnly` at level 0). Applied after the render check of the levels, since rlottie,
  /// which that check renders with, does not decode WebP: each image is checked by decoding it again
  /// instead. A step of its own, with the worst image's changed share in the notes.
  package static func webpImages(_ result: OptimizeResult, quality: Float, losslessOnly: Bool, maxChanged: Double) -> OptimizeResult {
    guard let document = try? JSONDocument(parsing: result.bytes) else { return result }
    var edits = JSONEdits(document)
    var converted = 0, lossless = 0
    var worst = 0.0
    for image in embeddedImages(document) where image.bytes.starts(with: PNG.signature) {
      guard let webp = WebP.smaller(thanPNG: image.bytes, quality: quality, losslessOnly: losslessOnly, maxChanged: maxChanged) else { continue }
      edits.replace(image.p, with: .string(DataURI.encode(webp.bytes, mediaType: "image/webp")))
      converted += 1
      if webp.lossless { lossless += 1 }
      worst = max(worst, webp.changed)
    }
    var out = result
    guard converted > 0, let bytes = try? edits.apply() else {
      out.steps.append(SizeStep(name: "WebP images", before: result.bytes.count, after: result.bytes.count, detail: nil))
      return out
    }
    let detail = "\(converted) image\(converted == 1 ? "" : "s")" + (lossless > 0 ? ", \(lossless) of them lossless" : "")
    out.steps.append(SizeStep(name: "WebP images", before: result.bytes.count, after: bytes.count, detail: detail))
    out.notes.append("WebP images: at most \(percent(worst)) of an image's pixels changed by more than 16/255 (limit \(percent(maxChanged)))")
    out.bytes = bytes
    return out
  }
}
