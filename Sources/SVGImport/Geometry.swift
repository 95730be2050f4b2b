import Foundation

/// A point (or vector) in user space.
package struct Point: Sendable, Equatable, CustomStringConvertible {
  package var x: Double
  package var y: Double
  package init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
  package static let zero = Point(0, 0)
  package static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  package static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  package static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
  package var length: Double { (x * x + y * y).squareRoot() }
  package var description: String { "(\(x), \(y))" }
  func isClose(to other: Point, tolerance: Double = 1e-9) -> Bool {
    abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance
  }
}

/// An affine transform `[a c e; b d f; 0 0 1]`, as SVG's `matrix(a b c d e f)`.
package struct Affine: Sendable, Equatable {
  package var a, b, c, d, e, f: Double
  package init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
    (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
  }
  package static let identity = Affine(1, 0, 0, 1, 0, 0)
  package static func translate(_ tx: Double, _ ty: Double) -> Affine { Affine(1, 0, 0, 1, tx, ty) }
  package static func scale(_ sx: Double, _ sy: Double) -> Affine { Affine(sx, 0, 0, sy, 0, 0) }
  /// Rotation by `degrees`, clockwise on screen (SVG's y axis points down).
  package static func rotate(_ degrees: Double) -> Affine {
    let r = degrees * .pi / 180
    let (s, c) = (sin(r), cos(r))
    return Affine(c, s, -s, c, 0, 0)
  }
  package static func skewX(_ degrees: Double) -> Affine { Affine(1, 0, tan(degrees * .pi / 180), 1, 0, 0) }
  package static func skewY(_ degrees: Double) -> Affine { Affine(1, tan(degrees * .pi / 180), 0, 1, 0, 0) }

  /// `self × other`: `other` applies first, then `self` (SVG's left-to-right transform lists).
  package func concatenating(_ o: Affine) -> Affine {
    Affine(
      a * o.a + c * o.b, b * o.a + d * o.b,
      a * o.c + c * o.d, b * o.c + d * o.d,
      a * o.e + c * o.f + e, b * o.e + d * o.f + f)
  }

  package func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f) }
  /// Applies the linear part only (for vectors).
  package func applyVector(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }

  package var determinant: Double { a * d - b * c }
  package var inverse: Affine? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    return Affine(d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)
  }
  /// The factor lengths are scaled by on average: √|det|, exact for similarity transforms.
  package var meanScale: Double { abs(determinant).squareRoot() }
  /// The most the transform stretches a length (its largest singular value).
  package var largestScale: Double {
    let p = a * a + b * b + c * c + d * d
    let q = ((a * a + b * b - c * c - d * d) * (a * a + b * b - c * c - d * d) + 4 * (a * c + b * d) * (a * c + b * d)).squareRoot()
    return ((p + q) / 2).squareRoot()
  }
  /// Whether the transform is a similarity (rotation, uniform scale, translation, maybe a flip):
  /// circles stay circles and stroke widths scale by one factor.
  package var isSimilarity: Bool {
    let sx = (a * a + b * b).squareRoot()
    let sy = (c * c + d * d).squareRoot()
    let dot = a * c + b * d
    let scale = max(sx, sy, 1e-12)
    return abs(sx - sy) <= 1e-6 * scale && abs(dot) <= 1e-6 * scale * scale
  }
  package var isFinite: Bool { [a, b, c, d, e, f].allSatisfy(\.isFinite) }
}

/// One piece of a subpath: a straight line or a cubic Bézier curve to `to`.
package struct Segment: Sendable, Equatable {
  package var control1: Point
  package var control2: Point
  package var to: Point
  /// A straight line: the controls equal the end points and Lottie gets zero tangents.
  package var isLine: Bool

  package static func line(from: Point, to: Point) -> Segment {
    Segment(control1: from, control2: to, to: to, isLine: true)
  }
  package static func cubic(_ c1: Point, _ c2: Point, _ to: Point) -> Segment {
    Segment(control1: c1, control2: c2, to: to, isLine: false)
  }
}

/// A subpath: a start point, its segments, and whether it is closed.
package struct Subpath: Sendable, Equatable {
  package var start: Point
  package var segments: [Segment] = []
  package var closed = false
  package init(start: Point) { self.start = start }

  package func transformed(_ m: Affine) -> Subpath {
    var s = Subpath(start: m.apply(start))
    s.closed = closed
    s.segments = segments.map { seg in
      Segment(control1: m.apply(seg.control1), control2: m.apply(seg.control2), to: m.apply(seg.to), isLine: seg.isLine)
    }
    return s
  }

  /// Whether every point of the subpath is its start: a "dot", which only caps can draw.
  package var isDegenerate: Bool {
    segments.allSatisfy {
      $0.to.isClose(to: start, tolerance: 1e-9) && $0.control1.isClose(to: start, tolerance: 1e-9)
        && $0.control2.isClose(to: start, tolerance: 1e-9)
    }
  }
}

/// An axis-aligned rectangle.
package struct Box: Sendable, Equatable {
  package var minX, minY, maxX, maxY: Double
  package var width: Double { maxX - minX }
  package var height: Double { maxY - minY }
  package static let empty = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
  package var isEmpty: Bool { minX > maxX || minY > maxY }
  func union(_ o: Box) -> Box {
    Box(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
  }
  mutating func include(_ p: Point) {
    minX = min(minX, p.x); minY = min(minY, p.y)
    maxX = max(maxX, p.x); maxY = max(maxY, p.y)
  }
}

package enum Geometry {

  /// The exact bounding box of subpaths (curve extrema, not control points), as SVG's
  /// objectBoundingBox.
  package static func boundingBox(_ subpaths: [Subpath]) -> Box {
    var box = Box.empty
    for s in subpaths {
      var current = s.start
      box.include(current)
      for seg in s.segments {
        box.include(seg.to)
        if !seg.isLine {
          for t in cubicExtrema(current, seg.control1, seg.control2, seg.to) {
            box.include(cubicPoint(current, seg.control1, seg.control2, seg.to, t))
          }
        }
        current = seg.to
      }
    }
    return box
  }

  static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  /// Parameters in (0, 1) where the curve's x or y derivative is zero.
  static func cubicExtrema(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Double] {
    var ts: [Double] = []
    for (v0, v1, v2, v3) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
      // B'(t)/3 = a t² + b t + c
      let a = -v0 + 3 * v1 - 3 * v2 + v3
      let b = 2 * (v0 - 2 * v1 + v2)
      let c = v1 - v0
      if abs(a) < 1e-12 {
        if abs(b) > 1e-12 { ts.append(-c / b) }
        continue
      }
      let disc = b * b - 4 * a * c
      guard disc >= 0 else { continue }
      let r = disc.squareRoot()
      ts.append((-b + r) / (2 * a))
      ts.append((-b - r) / (2 * a))
    }
    return ts.filter { $0 > 0 && $0 < 1 }
  }

  /// An ellipse as arcs of 45°, clockwise on screen from its rightmost point.
  package static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> Subpath {
    let right = Point(cx + rx, cy), left = Point(cx - rx, cy)
    var s = Subpath(start: right)
    s.segments =
      arc(from: right, rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, to: left)
      + arc(from: left, rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, to: right)
    s.closed = true
    return s
  }

  /// A rectangle, with rounded corners when `rx`/`ry` are positive (already resolved and clamped).
  package static func rect(x: Double, y: Double, width w: Double, height h: Double, rx: Double, ry: Double) -> Subpath {
    if rx <= 0 || ry <= 0 {
      var s = Subpath(start: Point(x, y))
      s.segments = [
        .line(from: Point(x, y), to: Point(x + w, y)), .line(from: Point(x + w, y), to: Point(x + w, y + h)),
        .line(from: Point(x + w, y + h), to: Point(x, y + h)), .line(from: Point(x, y + h), to: Point(x, y))
      ]
      s.closed = true
      return s
    }
    var s = Subpath(start: Point(x + rx, y))
    var segs: [Segment] = []
    func line(_ a: Point, _ b: Point) { if !a.isClose(to: b) { segs.append(.line(from: a, to: b)) } }
    func corner(_ a: Point, _ b: Point) { segs += arc(from: a, rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, to: b) }
    line(Point(x + rx, y), Point(x + w - rx, y))
    corner(Point(x + w - rx, y), Point(x + w, y + ry))
    line(Point(x + w, y + ry), Point(x + w, y + h - ry))
    corner(Point(x + w, y + h - ry), Point(x + w - rx, y + h))
    line(Point(x + w - rx, y + h), Point(x + rx, y + h))
    corner(Point(x + rx, y + h), Point(x, y + h - ry))
    line(Point(x, y + h - ry), Point(x, y + ry))
    corner(Point(x, y + ry), Point(x + rx, y))
    s.segments = segs
    s.closed = true
    return s
  }
}
