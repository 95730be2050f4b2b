import LottieJSON

/// What every modifier or stroke in one shape list shares (the scale the list is drawn at, the
/// corners before each item, the length of its shapes), worked out once per list so that a list
/// of thousands of strokes or Round Corners stays linear (#18).
struct ShapeListCache {
  private var meanScales: [JSONNode.ID: Double] = [:]
  private var axisScales: [JSONNode.ID: (Double, Double)] = [:]
  private var corners: [JSONNode.ID: [JSONNode.ID: Double]] = [:]
  private var lengths: [JSONNode.ID: Double] = [:]

  /// Each list's own factor times its enclosing lists' (a group's transform, then the layer's),
  /// walked up once and remembered for every list on the way.
  private static func chain<T>(
    _ items: JSONNode, memo: inout [JSONNode.ID: T], one: T,
    times: (T, T) -> T, factor: (JSONNode?) -> T
  ) -> T {
    var pending: [(JSONNode.ID, T)] = []
    var list: JSONNode? = items
    var above = one
    while let l = list {
      if let known = memo[l.id] { above = known; break }
      guard let owner = l.parent, owner.isObject else { pending.append((l.id, one)); break }
      if owner["ty"]?.string == "gr" {
        pending.append((l.id, factor(l.elements.first(where: { $0["ty"]?.string == "tr" })?["s"])))
        list = owner.parent
      } else {
        pending.append((l.id, owner["ks"].map { factor($0["s"]) } ?? one))
        break
      }
    }
    for (id, own) in pending.reversed() {
      above = times(own, above)
      memo[id] = above
    }
    return memo[items.id] ?? one
  }

  /// Round Corners' radius factor: each scale's mean of its largest keyframe values.
  mutating func meanScale(of items: JSONNode, _ factor: (JSONNode?) -> Double) -> Double {
    Self.chain(items, memo: &meanScales, one: 1, times: *, factor: factor)
  }

  /// A stroke's per-axis scale: each scale's first keyframe value.
  mutating func axisScale(of items: JSONNode, _ factor: (JSONNode?) -> (Double, Double)) -> (Double, Double) {
    Self.chain(items, memo: &axisScales, one: (1, 1), times: { ($0.0 * $1.0, $0.1 * $1.1) }, factor: factor)
  }

  /// The corners of the items before `item` in its list.
  mutating func corners(before item: JSONNode, in items: JSONNode, _ count: (JSONNode) -> Double) -> Double {
    if corners[items.id] == nil {
      var running = 0.0
      var before: [JSONNode.ID: Double] = [:]
      for element in items.elements {
        before[element.id] = running
        running += count(element)
      }
      corners[items.id] = before
    }
    return corners[items.id]?[item.id] ?? 0
  }

  /// The length of the list's shapes, at the list's scale.
  mutating func length(of items: JSONNode, _ measure: () -> Double) -> Double {
    if let known = lengths[items.id] { return known }
    let value = measure()
    lengths[items.id] = value
    return value
  }
}
