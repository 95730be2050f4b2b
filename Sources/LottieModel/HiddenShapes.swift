import LottieJSON

/// Shape items hidden in After Effects (`"hd": true`) that a player draws anyway (#18). lottie-web
/// (svg and canvas renderers, 5.7.5 and 5.13.0's sources) leaves out hidden paths, fills and
/// strokes but not hidden groups, and applies hidden Trim Paths, Repeaters and Round Corners
/// (SVGShapeElement, ShapeModifiers: only styles and paths read `hd`); rlottie draws hidden groups
/// too and skips hidden modifiers; ThorVG drops every hidden item when it parses the file
/// (LottieParser::parseObject). Measured with fixtures hidden-group.json and hidden-trim.json.
/// Only the outermost hidden item of a drawn layer is a use: what lies inside a hidden group stays
/// "not drawn" (NeverDrawn), as ThorVG and After Effects draw it.
extension FeatureScan {
  /// The modifiers lottie-web applies hidden or not (measured: trim, repeater, round corners).
  static let hiddenModifierTypes: Set<String> = ["tm", "rp", "rd"]

  mutating func hiddenShape(_ shape: Shape, _ shapePath: [String]) {
    let n = shape.node
    guard shape.isHidden, let hd = n["hd"], let list = n.parent, drawnAt(list) else { return }
    let type = shape.typeCode ?? ""
    if type == "gr" {
      guard Self.paints(inside: n) else { return }
      drawn = true
      add(.hiddenShape, "group", hd, shapePath)
    } else if Self.hiddenModifierTypes.contains(type) {
      // A modifier changes something only when a path, or a group of them, comes before it in its list.
      let first =
        firstPaths[list.id.raw]
        ?? list.elements.first { $0["ty"]?.string == "gr" || Animation.pathTypes.contains($0["ty"]?.string ?? "") }.map(\.id.raw)
        ?? UInt32.max
      firstPaths[list.id.raw] = first
      guard first < n.id.raw else { return }
      drawn = true
      add(.hiddenShape, "modifier", hd, shapePath)
    }
  }

  /// Whether a group paints anything: a fill or stroke anywhere inside it.
  static func paints(inside group: JSONNode) -> Bool {
    let doc = group.document
    return doc.keyIndices(named: "ty", in: group.subtreeRange).contains { index in
      Animation.paintTypes.contains(doc.node(JSONNode.ID(raw: UInt32(index + 1))).string ?? "")
    }
  }
}
