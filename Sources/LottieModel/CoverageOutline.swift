import Foundation
import LottieJSON

/// The edges of what a layer draws and how far from its origin it draws (#18), each an upper
/// bound, for the bound on what moving the layer changes (CoverageMotion).
extension Coverage {
  /// A shape list's paths: their length (each bezier segment lies within its control polygon,
  /// which is at least as long), how many segments and paths, and how they are painted.
  struct Outline {
    var length = 0.0
    var segments = 0.0
    var paths = 0.0
    var fill = false
    /// The widest stroke, times how far its miter joins reach past half its width.
    var stroke = 0.0
    /// Whether a stroke has square caps, whose corners reach √2 × half its width past a path's end.
    var squareCaps = false

    /// The area the paths' strokes can cover when they are stroked and nothing is filled, or
    /// nil: every stroked pixel lies within R (half the widest stroke, times its miter reach,
    /// times √2 for square caps) of a path, and the points within R of a curve of length L cover
    /// at most 2RL + πR² (a band along it and a disc at its ends).
    var strokedArea: Double? {
      guard !fill, stroke > 0 else { return nil }
      let r = stroke / 2 * (squareCaps ? 2.0.squareRoot() : 1)
      let area = 2 * r * length + paths * Double.pi * r * r
      return area.isFinite ? area : nil
    }

    /// The length of the painted region's edges and how many pieces they come in. A fill's edge
    /// is its paths. A stroke's edge is two offset curves per segment, each at most the segment's
    /// length plus π × width (a cubic turns by at most 2π), a join per segment (round: π/2 × width,
    /// miter: the miter's reach, bevel: one width) and two caps per path (square: 2 widths each).
    var edges: (length: Double, pieces: Double) {
      var length = fill ? self.length : 0
      var pieces = fill ? paths : 0
      if stroke > 0 {
        length += 2 * self.length + segments * (2 * Double.pi + 2) * stroke + paths * 4 * stroke
        pieces += 4 * (segments + paths)
      }
      return (length, pieces)
    }

    mutating func add(_ other: Outline, times factor: Double = 1, grow: Double = 1) {
      length += other.length * factor * grow
      segments += other.segments * factor
      paths += other.paths * factor
      fill = fill || other.fill
      stroke = max(stroke, other.stroke * grow)
      squareCaps = squareCaps || other.squareCaps
    }
  }

  /// The outline of a shape list in its coordinates (after its group transform), or nil when
  /// something there draws beyond its paths' edges (gradients and images change inside a shape
  /// that moves, dashes cut it in pieces we do not count, offset, zig-zag, pucker and twist).
  /// `exportedScales`: groups scale by their exported values (an expression may read them
  /// otherwise).
  static func outline(_ list: JSONNode, depth: Int, placed: Bool = true, exportedScales: Bool = false) -> Outline? {
    guard list.isArray, depth < 64 else { return nil }
    var out = Outline()
    var scale = 1.0
    for item in list.elements where item.isObject && item["hd"]?.truthy != true {
      switch item["ty"]?.string {
      case "rc", "el":
        guard let s = extents(item["s"], signed: true, { v in pair(v).map { [$0.0, $0.1] } }), s.count == 2 else { return nil }
        // A rectangle's perimeter (rounding only shortens it); an ellipse's is at most
        // π·√(2(a² + b²)) for semi-axes a and b.
        let perimeter = item["ty"]?.string == "rc" ? 2 * (s[0] + s[1]) : Double.pi * ((s[0] * s[0] + s[1] * s[1]) / 2).squareRoot()
        out.add(Outline(length: perimeter, segments: 4, paths: 1))
      case "sr":
        guard largest(item["is"], default: 0) == 0, largest(item["os"], default: 0) == 0,
          let points = largest(item["pt"], default: 5), points <= 10_000,
          let outer = largest(item["or"], default: 0), let inner = largest(item["ir"], default: 0)
        else { return nil }
        let n = points.rounded(.up)
        // Each side joins two points at most outer (and inner) radius from the centre.
        let length = item["sy"]?.int == 2 ? 2 * n * outer : 2 * n * (outer + inner)
        out.add(Outline(length: length, segments: 2 * n, paths: 1))
      case "sh":
        guard let m = extents(item["ks"], pathLength), m.count == 2 else { return nil }
        out.add(Outline(length: m[0], segments: m[1], paths: 1))
      case "gr":
        guard let items = item["it"], let inner = outline(items, depth: depth + 1, exportedScales: exportedScales) else { return nil }
        out.add(inner)
      case "st":
        guard item["d"] == nil, let w = largest(item["w"], default: 0) else { return nil }
        out.stroke = max(out.stroke, w * miterReach(item))
        if item["lc"]?.int == 3 { out.squareCaps = true }
      case "fl":
        out.fill = true
      case "tr":
        guard placed else { continue }
        guard largest(item["sk"], default: 0) == 0, let s = largest(item["s"], default: 100, exported: exportedScales) else { return nil }
        scale = s / 100
      case "rp":
        guard let copies = largest(item["c"], default: 0), copies <= 10_000, largest(item["tr"]?["sk"], default: 0) == 0,
          let grow = repeaterGrowth(item, copies: copies)
        else { return nil }
        let n = copies.rounded(.up)
        let copy = out
        out = Outline()
        out.add(copy, times: n, grow: grow)
      case "tm", "rd", "mm", "no":
        continue  // a trimmed, rounded or merged path is no longer than the paths it comes from
      default:
        return nil
      }
    }
    guard placed, scale != 1 else { return out }
    var scaled = Outline()
    scaled.add(out, grow: scale)
    return scaled
  }

  /// How far past half its width a stroke reaches at a join: its miter limit for miter joins.
  static func miterReach(_ stroke: JSONNode) -> Double {
    guard stroke["lj"]?.int == 1 || stroke["lj"] == nil else { return 1 }
    return max(1, stroke["ml"]?.double ?? stroke["ml2"].flatMap { largest($0, default: 4) } ?? 4)
  }

  /// The farthest a shape list draws from its origin, in its parent's coordinates (after its
  /// group transform: position + scale × (reach + anchor)), or nil when unknown; not `placed`:
  /// in its own coordinates.
  static func reach(_ list: JSONNode, depth: Int, placed: Bool = true) -> Double? {
    guard list.isArray, depth < 64 else { return nil }
    var r = 0.0, pad = 0.0
    var place = (position: 0.0, anchor: 0.0, scale: 1.0)
    for item in list.elements where item.isObject && item["hd"]?.truthy != true {
      switch item["ty"]?.string {
      case "rc", "el":
        guard let p = positionNorm(item["p"]), let s = extents(item["s"], signed: true, { v in pair(v).map { [$0.0, $0.1] } }),
          s.count == 2
        else { return nil }
        // A rectangle's corners; an ellipse's points are within its larger semi-axis of its centre.
        r = max(r, p + (item["ty"]?.string == "rc" ? hypot(s[0], s[1]) : max(s[0], s[1])) / 2)
      case "sr":
        guard let p = positionNorm(item["p"]), let outer = largest(item["or"], default: 0), let inner = largest(item["ir"], default: 0)
        else { return nil }
        r = max(r, p + 1.1 * max(outer, inner))  // as in `boxes`: roundness bulges a side a little
      case "sh":
        guard let m = extents(item["ks"], pathReach), let far = m.first else { return nil }
        r = max(r, far)
      case "gr":
        guard let items = item["it"], let inner = reach(items, depth: depth + 1) else { return nil }
        r = max(r, inner)
      case "st", "gs":
        guard let w = largest(item["w"], default: 0) else { return nil }
        pad = max(pad, w * miterReach(item) / 2)
      case "tr":
        guard placed else { continue }
        guard largest(item["sk"], default: 0) == 0, let p = positionNorm(item["p"]), let a = positionNorm(item["a"]),
          let s = largest(item["s"], default: 100)
        else { return nil }
        place = (p, a, s / 100)
      case "op":
        guard let a = largest(item["a"], default: 0) else { return nil }
        pad += a
      case "zz":
        guard let a = largest(item["s"], default: 0) else { return nil }
        pad += a
      case "fl", "gf", "tm", "rd", "mm", "no":
        continue
      default:
        return nil
      }
    }
    let result = placed ? place.position + place.scale * (r + pad + place.anchor) : r + pad
    return result.isFinite ? result : nil
  }

  /// The largest distance from the origin of a point property (a position or an anchor) over
  /// time: its keyframes' values, plus the longest spatial tangent (the path between two values
  /// lies within their tangents' hull); nil with tangents that easing carries past a keyframe.
  static func positionNorm(_ property: JSONNode?) -> Double? {
    guard let property else { return 0 }
    if property["s"]?.truthy == true {
      guard let x = largest(property["x"], default: 0), let y = largest(property["y"], default: 0) else { return nil }
      return hypot(x, y)
    }
    guard let base = extents(property, { v in pair(v).map { [hypot($0.0, $0.1)] } })?.first else { return nil }
    var bulge = 0.0, overshoots = false
    for kf in AnimatedProperty(node: property).keyframes {
      for key in ["to", "ti"] {
        if let t = kf[key], let (x, y) = pair(t) { bulge = max(bulge, hypot(x, y)) }
      }
      if AnimatedProperty.overshoots(kf) { overshoots = true }
    }
    if bulge > 0 && overshoots { return nil }
    let result = base + bulge
    return result.isFinite ? result : nil
  }

  /// A path value's control polygon length and segment count.
  static func pathLength(_ v: JSONNode) -> [Double]? {
    let path = v.isArray ? v.element(at: 0) : v
    guard let path, let points = PathVertices(path) else { return nil }
    var length = 0.0, segments = 0.0
    var first: (x: Double, y: Double, ix: Double, iy: Double)?
    var last: (x: Double, y: Double, ox: Double, oy: Double)?
    func join(_ from: (x: Double, y: Double, ox: Double, oy: Double), _ to: (x: Double, y: Double, ix: Double, iy: Double)) {
      length += hypot(from.ox, from.oy) + hypot(to.x + to.ix - from.x - from.ox, to.y + to.iy - from.y - from.oy) + hypot(to.ix, to.iy)
      segments += 1
    }
    for (vertex, inTangent, outTangent) in points {
      guard let (x, y) = pair(vertex) else { return nil }
      let (ix, iy) = inTangent.flatMap(pair) ?? (0, 0)
      let (ox, oy) = outTangent.flatMap(pair) ?? (0, 0)
      if let last { join(last, (x, y, ix, iy)) }
      if first == nil { first = (x, y, ix, iy) }
      last = (x, y, ox, oy)
    }
    if points.isClosed, let first, let last { join(last, first) }
    return length.isFinite ? [length, segments] : nil
  }

  /// The farthest vertex or tangent handle of a path value from the origin.
  static func pathReach(_ v: JSONNode) -> [Double]? {
    let path = v.isArray ? v.element(at: 0) : v
    guard let path, let points = PathVertices(path) else { return nil }
    var far = 0.0
    for (vertex, inTangent, outTangent) in points {
      guard let (x, y) = pair(vertex) else { return nil }
      let (ix, iy) = inTangent.flatMap(pair) ?? (0, 0)
      let (ox, oy) = outTangent.flatMap(pair) ?? (0, 0)
      let candidates = [hypot(x, y), hypot(x + ix, y + iy), hypot(x + ox, y + oy)]
      guard candidates.allSatisfy(\.isFinite) else { return nil }
      far = max(far, candidates.max() ?? 0)
    }
    return far.isFinite ? [far] : nil
  }
}
