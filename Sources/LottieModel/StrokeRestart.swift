import Foundation
import LottieJSON

/// Strokes rlottie draws nothing of (#18): among the paths a stroke paints (those before it in its
/// list and in the groups before it, in the order written), a closed path followed by one that
/// starts at the closed one's first point heading the way the closed path leaves that point or
/// arrives at it. Measured with rlottie-python 1.3.8 and Debian's librlottie 0.1 (`lottiekit
/// render`), fixture rlottie-stroke-dropped.json: the whole stroke of the group is gone, its fills
/// stay. In the cases rendered: a square from (3, 3) right, down, left and up again, then a path
/// from (3, 3) heading up (a handle or a line) or right: nothing stroked; heading down, left, or
/// diagonally: drawn; turned 0.5° off up: nothing, 1° off: drawn; a triangle leaving (3, 3)
/// diagonally, then a path heading that diagonal: nothing. The same closed path written from its
/// next vertex, another path in between, or the other order draws. ThorVG and lottie-web draw
/// all of them. `lottiekit svg` never writes such a pair.
///
/// Read from static paths (`"a": 0`) only: an animated path, a rectangle, an ellipse, a star or a
/// hidden path between two paths ends the pair (what rlottie makes of those is not measured). A
/// handle a fraction of a pixel long on screen may not count for rlottie (a 0.4 px one did not).
public enum StrokeRestart {
  /// A handle shorter than this on both axes is none (a thousandth, as written).
  public static let handle = 1e-3
  /// Directions this close are the same to rlottie (0.5° was, 1° was not).
  static let sameDirection = cos(0.75 * Double.pi / 180)

  /// A direction out of a point: the first of the handles and the segment's end that is not at it.
  public static func direction(from p: (x: Double, y: Double), towards candidates: [(x: Double, y: Double)]) -> (x: Double, y: Double)? {
    for c in candidates where abs(c.x - p.x) > handle || abs(c.y - p.y) > handle { return (c.x - p.x, c.y - p.y) }
    return nil
  }

  /// The pair that trips rlottie: a closed path from `first`, leaving it along `leaving` and
  /// arriving back along `arriving`, then a path from the same point (as written, to a
  /// thousandth) heading `heading`, the same way as either. Also what `lottiekit svg` avoids writing.
  public static func trips(
    closedFrom first: (x: Double, y: Double), leaving: (x: Double, y: Double)?, arriving: (x: Double, y: Double)?,
    next: (x: Double, y: Double), heading: (x: Double, y: Double)?
  ) -> Bool {
    guard let heading, abs(first.x - next.x) <= 1e-3, abs(first.y - next.y) <= 1e-3 else { return false }
    func same(_ d: (x: Double, y: Double)?) -> Bool {
      guard let d else { return false }
      let norms = (d.x * d.x + d.y * d.y).squareRoot() * (heading.x * heading.x + heading.y * heading.y).squareRoot()
      return norms > 0 && (d.x * heading.x + d.y * heading.y) >= sameDirection * norms
    }
    return same(leaving) || same(arriving)
  }

  /// A path's first point, the directions it leaves and (closed) arrives back at it; nil for
  /// anything but a static path.
  struct Start {
    let point: (x: Double, y: Double)
    let closed: Bool
    let leaving: (x: Double, y: Double)?
    let arriving: (x: Double, y: Double)?
  }

  /// What a list of shape items gives the strokes after it, read once per list.
  struct Summary {
    /// The list's first path, when the list starts with one (a pair can reach across its start).
    var first: Start?
    var last: Start?
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
        if open { s.first = start }
        follow(start)
      case "gr" where depth < 64:
        guard let items = item["it"], items.isArray, item["hd"]?.truthy != true else { follow(nil); break }
        let inner = summary(items, dropped: &dropped, depth: depth + 1)
        if open { s.first = inner.first }
        follow(inner.first)
        if inner.trips { s.trips = true }
        previous = inner.last
      case "st", "gs":
        if s.trips { dropped.insert(item.id.raw) }
        continue
      case "rc", "el", "sr":
        follow(nil)
      default:
        continue
      }
      open = false
    }
    s.last = previous
    return s
  }

  static func trips(_ a: Start, _ b: Start) -> Bool {
    a.closed && trips(closedFrom: a.point, leaving: a.leaving, arriving: a.arriving, next: b.point, heading: b.leaving)
  }

  static func pathStart(_ path: JSONNode) -> Start? {
    guard let ks = path["ks"], ks["a"]?.int ?? 0 == 0, path["d"]?.int != 3, let k = ks["k"], k.isObject, let v = k["v"] else { return nil }
    func point(_ list: JSONNode?, _ i: Int) -> (x: Double, y: Double)? {
      guard let p = list?.element(at: i), let x = p.element(at: 0)?.double, let y = p.element(at: 1)?.double else { return nil }
      return (x, y)
    }
    let n = v.count
    guard let p0 = point(v, 0) else { return nil }
    let zero = (x: 0.0, y: 0.0)
    func plus(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)?) -> (x: Double, y: Double) {
      (a.x + (b?.x ?? 0), a.y + (b?.y ?? 0))
    }
    let closed = k["c"]?.truthy == true
    var leaving: (x: Double, y: Double)?
    if n > 1, let p1 = point(v, 1) {
      leaving = direction(from: p0, towards: [plus(p0, point(k["o"], 0) ?? zero), plus(p1, point(k["i"], 1) ?? zero), p1])
    }
    var arriving: (x: Double, y: Double)?
    if closed, n > 1, let last = point(v, n - 1),
      let back = direction(from: p0, towards: [plus(p0, point(k["i"], 0) ?? zero), plus(last, point(k["o"], n - 1) ?? zero), last])
    {
      arriving = (-back.x, -back.y)
    }
    return Start(point: p0, closed: closed, leaving: leaving, arriving: arriving)
  }
}
