import LottieJSON

/// Strokes rlottie draws nothing of (#18): among the paths a stroke paints (those before it in its
/// list and in the groups before it, in the order written), a closed path followed by one that
/// starts at the closed one's first point with a curve (a handle out of that point). Measured with
/// rlottie-python 1.3.8 and Debian's librlottie 0.1 (`lottiekit render`), fixture
/// rlottie-stroke-dropped.json: the whole stroke of the group is gone, its fills stay; the same
/// closed path written from its next vertex, a line out of the shared point, or another path in
/// between draws. ThorVG and lottie-web draw it. `lottiekit svg` never writes that order.
///
/// Read from static paths (`"a": 0`) only: an animated path, a rectangle, an ellipse, a star or a
/// hidden path between two paths ends the pair (what rlottie makes of those is not measured).
public enum StrokeRestart {
  /// A path's first point, whether it is closed, and whether it leaves its first point with a
  /// curve; nil for anything else.
  struct Start {
    let x: Double, y: Double
    let closed: Bool
    let curvesOut: Bool
  }

  /// What a list of shape items gives the strokes after it, read once per list.
  struct Summary {
    var first: Start?
    var last: Start?
    /// Whether the list starts with a path (a pair can reach across the list's start).
    var startsWithPath = false
    /// Whether a pair inside the list trips rlottie.
    var trips = false
  }

  /// The strokes (`st`, `gs`) of a layer's shapes whose paths trip rlottie, by node id.
  public static func droppedStrokes(_ shapes: JSONNode?) -> Set<UInt32> {
    var dropped = Set<UInt32>()
    guard let shapes, shapes.isArray else { return dropped }
    _ = summary(shapes, dropped: &dropped, depth: 0)
    return dropped
  }

  static func summary(_ list: JSONNode, dropped: inout Set<UInt32>, depth: Int) -> Summary {
    var s = Summary()
    var previous: Start?
    var open = true  // no item yet breaks the chain from the list's start
    func follow(_ next: Start?) {
      if let p = previous, let n = next, trips(p, n) { s.trips = true }
      previous = next
    }
    for item in list.elements where item.isObject {
      switch item["ty"]?.string {
      case "sh":
        let start = item["hd"]?.truthy == true ? nil : pathStart(item)
        if open { (s.first, s.startsWithPath) = (start, start != nil) }
        follow(start)
      case "gr" where depth < 64:
        guard let items = item["it"], items.isArray, item["hd"]?.truthy != true else { follow(nil); break }
        let inner = summary(items, dropped: &dropped, depth: depth + 1)
        if open { (s.first, s.startsWithPath) = (inner.first, inner.startsWithPath) }
        if inner.startsWithPath { follow(inner.first) } else { previous = nil }
        if inner.trips { s.trips = true }
        previous = inner.last
      case "st", "gs":
        if s.trips { dropped.insert(item.id.raw) }
        continue
      case "rc", "el", "sr":
        if open { s.first = nil }
        follow(nil)
      default:
        continue
      }
      open = false
    }
    s.last = previous
    return s
  }

  /// The pair that trips rlottie: a closed path, then one from the same first point (as written,
  /// to a thousandth) with a handle out of it.
  static func trips(_ a: Start, _ b: Start) -> Bool {
    a.closed && b.curvesOut && abs(a.x - b.x) <= 1e-3 && abs(a.y - b.y) <= 1e-3
  }

  static func pathStart(_ path: JSONNode) -> Start? {
    guard let ks = path["ks"], ks["a"]?.int ?? 0 == 0, path["d"]?.int != 3, let k = ks["k"], k.isObject,
      let v = k["v"], let first = v.element(at: 0), let x = first.element(at: 0)?.double,
      let y = first.element(at: 1)?.double
    else { return nil }
    let out = k["o"]?.element(at: 0)
    let ox = out?.element(at: 0)?.double ?? 0, oy = out?.element(at: 1)?.double ?? 0
    let curves = v.count > 1 && (abs(ox) > 1e-3 || abs(oy) > 1e-3)
    return Start(x: x, y: y, closed: k["c"]?.truthy == true, curvesOut: curves)
  }
}
