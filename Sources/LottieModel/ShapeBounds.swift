import LottieJSON

/// Where static shapes lie (#18, Telegram's canvas rule): the box of rectangles, ellipses and
/// paths (their vertices: curve extremes can only lie within what the tangents reach, so a box of
/// vertices can only understate) in groups with static transforms without rotation, widened by
/// strokes. Anything animated, rotated or modified leaves it unknown (nil), so a finding built on
/// it is certain.
package enum ShapeBounds {
  package struct Box {
    package var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    package var isEmpty: Bool { minX > maxX }
    package mutating func add(_ x: Double, _ y: Double) {
      minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
    }
    package mutating func add(_ b: Box) {
      guard !b.isEmpty else { return }
      add(b.minX, b.minY); add(b.maxX, b.maxY)
    }
  }

  /// A static 2D value (`k` numbers), or nil when animated or not numbers.
  static func vector(_ property: JSONNode?, _ defaultValue: [Double]) -> [Double]? {
    guard let p = property else { return defaultValue }
    guard p.isObject, !AnimatedProperty(node: p).isAnimated, let k = p["k"] else { return nil }
    if let d = k.double { return [d, d] }
    let values = k.elements.compactMap(\.double)
    return values.count >= 2 ? values : nil
  }

  /// Maps a box through a static transform (anchor, position, scale; no rotation or skew).
  package static func transform(_ box: Box, _ tr: JSONNode?) -> Box? {
    guard let tr else { return box }
    guard tr.isObject, let a = vector(tr["a"], [0, 0]), let p = vector(tr["p"], [0, 0]),
      let s = vector(tr["s"], [100, 100]), let r = vector(tr["r"], [0, 0]), r[0] == 0
    else { return nil }
    if tr["p"]?["s"]?.truthy == true || (tr["sk"].flatMap { vector($0, [0, 0]) }?[0] ?? 0) != 0 { return nil }
    if tr["rx"] != nil || tr["ry"] != nil || tr["rz"] != nil || tr["or"] != nil { return nil }
    var out = Box()
    for (x, y) in [(box.minX, box.minY), (box.maxX, box.maxY)] {
      out.add((x - a[0]) * s[0] / 100 + p[0], (y - a[1]) * s[1] / 100 + p[1])
    }
    return out
  }

  /// Bounds of a list of shape items (nil: something there cannot be told statically).
  package static func bounds(_ items: [JSONNode], depth: Int = 0) -> Box? {
    guard depth < 64 else { return nil }
    var box = Box()
    var strokeHalf = 0.0
    var groupTransform: JSONNode?
    for item in items where item.isObject && item["hd"]?.truthy != true {
      switch item["ty"]?.string {
      case "rc", "el":
        guard let p = vector(item["p"], [0, 0]), let s = vector(item["s"], [0, 0]) else { return nil }
        box.add(p[0] - s[0] / 2, p[1] - s[1] / 2)
        box.add(p[0] + s[0] / 2, p[1] + s[1] / 2)
      case "sh":
        guard let ks = item["ks"], ks.isObject, !AnimatedProperty(node: ks).isAnimated, let path = ks["k"], path.isObject else { return nil }
        for v in path["v"].list {
          guard let x = v.element(at: 0)?.double, let y = v.element(at: 1)?.double else { return nil }
          box.add(x, y)
        }
      case "gr":
        guard let inner = bounds(item["it"].list, depth: depth + 1) else { return nil }
        box.add(inner)
      case "st":
        guard let w = item["w"], let width = vector(w, [0, 0]) else { return nil }
        strokeHalf = max(strokeHalf, width[0] / 2)
      case "tr":
        groupTransform = item
      case "fl", "gf", "gs", "tm", "rd", "no":
        continue
      default:
        return nil  // modifiers, repeaters, polystars…: not static geometry we can bound exactly
      }
    }
    if strokeHalf > 0 && !box.isEmpty {
      box.add(box.minX - strokeHalf, box.minY - strokeHalf)
      box.add(box.maxX + strokeHalf, box.maxY + strokeHalf)
    }
    guard !box.isEmpty else { return box }
    return transform(box, groupTransform)
  }
}
