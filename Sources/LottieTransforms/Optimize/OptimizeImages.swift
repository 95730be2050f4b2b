import LottieJSON
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
