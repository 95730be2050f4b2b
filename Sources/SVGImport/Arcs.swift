import Foundation

/// SVG elliptical arcs as cubics (SVG 1.1 F.6), cut as the renderers cut them.
extension Geometry {
  /// Largest angle one cubic segment of an arc spans. 45° rather than 90°: the radial error drops
  /// from 2.7·10⁻⁴ to 4·10⁻⁶ of the radius, and rlottie (Telegram), which flattens curves coarsely
  /// before scaling, otherwise draws small circles visibly smaller at high zoom. (Path arcs are cut
  /// as renderers cut them: `ArcCubics`.)
  package static let maximumArcSegment = Double.pi / 4

  /// How an arc is cut into cubics.
  package enum ArcCubics: Sendable {
    /// Exact pieces of at most 45° each: `circle`, `ellipse` and rounded `rect`.
    case exact
    /// The cubics SVG renderers draw for a path's `A`/`a` command, cut where they span more
    /// than 45°. resvg (kurbo's `Arc::append_iter`, 4 cubics a turn at icon radii) and Chromium split
    /// an arc into ⌈|Δθ|/90°⌉ equal pieces with k = 4/3·tan(θ/4); ThorVG's SVG loader
    /// (`_pathAppendArcTo`, src/loaders/svg/tvgSvgPath.cpp) into ⌊|Δθ|/90°⌋ + 1, the same except at
    /// exact multiples of 90°. Such a cubic lies up to 2.7·10⁻⁴ of the radius off the ellipse, and
    /// at 8× zoom rasterisers resolve edge pixels finer than that: exact 45° pieces (`arc`) drew a
    /// measurably different outline (Lucide's `loader-circle` and `shower-head` came out 0.0052 and
    /// 0.0054 IoU worse against resvg than ThorVG's own rendering of the SVG). Each cubic over 45° is
    /// cut at its parameter midpoint (de Casteljau), which keeps the curve and the number of cubics
    /// 45° pieces would give. Only for paths that are stroked and not filled (`PathData.parse`'s
    /// `arcs`): ThorVG's stroker offsets each cubic on its own, so a stroke's edge follows
    /// where the cubics join, while rlottie draws a small filled disc of the renderers' cubics smaller
    /// than one of exact 45° arcs (r = 1 at 8×: alpha 198.2 vs 200.0, resvg 199.8), which cost
    /// bootstrap-icons one icon under the bar.
    case renderers
    /// The cubics ThorVG's SVG loader draws for a path's arc, uncut: ⌊|Δθ|/90°⌋ + 1 equal pieces,
    /// k = 4/3·tan(θ/4) (`_pathAppendArcTo`). For paths that are filled. ThorVG's and rlottie's
    /// rasterisers flatten each cubic into chords, halving it until its handles are within 1/6 px
    /// of its chord (Hain's test, `_cubicTo` in src/renderer/cpu_engine/tvgSwRle.cpp), so where an
    /// outline is cut decides how many chords it gets and how far inside the curve its edge falls:
    /// a disc of radius 20 px in 4, 6 or 8 cubics covered 1,249, 1,254 or 1,250 px² of its
    /// 1,257, and which cut comes closest changes with the radius and the zoom. Cut as ThorVG cuts
    /// the SVG, the Lottie is drawn as ThorVG draws the original at any size: bootstrap-icons'
    /// `percent` and `voicemail` were 0.0052 and 0.0071 IoU below ThorVG's own rendering against
    /// resvg in exact 45° pieces, and are 0.0000 and −0.0003 so.
    case thorvg
  }

  /// An SVG elliptical arc from `from` to `to` as cubic segments with handles of k = 4/3·tan(θ/4)
  /// (exact at the segment ends and their tangents), cut as `cubics` says: at most 45° each, or
  /// under 90° as ThorVG cuts it.
  /// Follows SVG 1.1 F.6: zero radii make a line, equal end points draw nothing, radii too small
  /// are scaled up.
  package static func arc(
    from: Point, rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool,
    to: Point, cubics: ArcCubics = .exact
  ) -> [Segment] {
    let centre = ArcCentre(from: from, rx: rx, ry: ry, rotation: rotation, largeArc: largeArc, sweep: sweep, to: to)
    return centre.segments(from: from, to: to) { e in
      switch cubics {
      case .exact:
        return e.cubics(count: max(1, Int((abs(e.delta) / maximumArcSegment - 1e-9).rounded(.up))), from: from, to: to)
      case .thorvg:
        // The tolerance keeps an exact quarter at two pieces where rounding lands just below it.
        return e.cubics(count: Int(abs(e.delta) / (Double.pi / 2) + 1e-9) + 1, from: from, to: to)
      case .renderers:
        break
      }
      let count = max(1, Int((abs(e.delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
      let pieces = max(1, Int((abs(e.delta) / Double(count) / maximumArcSegment - 1e-9).rounded(.up)))
      var segments: [Segment] = []
      segments.reserveCapacity(count * pieces)
      var start = from
      for cubic in e.cubics(count: count, from: from, to: to) {
        segments += split(from: start, cubic, into: pieces)
        start = cubic.to
      }
      return segments
    }
  }

  /// The cubic from `p0` through `cubic` cut into `pieces` of equal parameter span (de Casteljau):
  /// the same curve in more segments.
  static func split(from p0: Point, _ cubic: Segment, into pieces: Int) -> [Segment] {
    guard pieces > 1 else { return [cubic] }
    var out: [Segment] = []
    out.reserveCapacity(pieces)
    var (a, b, c) = (p0, cubic.control1, cubic.control2)
    let d = cubic.to
    for i in 0..<(pieces - 1) {
      // Cut the rest at 1/(pieces - i) of its span: every piece gets 1/pieces of the original.
      let t = 1 / Double(pieces - i)
      func lerp(_ u: Point, _ v: Point) -> Point { u + (v - u) * t }
      let ab = lerp(a, b), bc = lerp(b, c), cd = lerp(c, d)
      let abc = lerp(ab, bc), bcd = lerp(bc, cd)
      let mid = lerp(abc, bcd)
      out.append(.cubic(ab, abc, mid))
      (a, b, c) = (mid, bcd, cd)
    }
    out.append(.cubic(b, c, d))
    return out
  }

  /// An SVG arc in centre parametrisation (SVG 1.1 F.6.5, F.6.6), or what it degenerates to.
  enum ArcCentre {
    /// Equal end points: nothing is drawn.
    case none
    /// A zero or non-finite radius (or a centre that cannot be found): a straight line.
    case line
    case ellipse(Ellipse)

    /// Nothing, the straight line, or the cubics `cubics` makes of the ellipse.
    func segments(from: Point, to: Point, _ cubics: (Ellipse) -> [Segment]) -> [Segment] {
      switch self {
      case .none: return []
      case .line: return [.line(from: from, to: to)]
      case .ellipse(let e): return cubics(e)
      }
    }

    struct Ellipse {
      var cx, cy, rx, ry, cosPhi, sinPhi: Double
      /// Start angle and signed sweep, in radians.
      var theta1, delta: Double

      func pointAt(_ t: Double) -> Point {
        let (ct, st) = (cos(t), sin(t))
        return Point(cx + rx * ct * cosPhi - ry * st * sinPhi, cy + rx * ct * sinPhi + ry * st * cosPhi)
      }
      func derivativeAt(_ t: Double) -> Point {
        let (ct, st) = (cos(t), sin(t))
        return Point(-rx * st * cosPhi - ry * ct * sinPhi, -rx * st * sinPhi + ry * ct * cosPhi)
      }

      /// The arc as `count` cubics of equal angle with k = 4/3·tan(θ/4); the last ends at `to`.
      func cubics(count: Int, from: Point, to: Point) -> [Segment] {
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        var segments: [Segment] = []
        segments.reserveCapacity(count)
        var t = theta1
        var start = from
        for n in 0..<count {
          let t2 = t + step
          let end = n == count - 1 ? to : pointAt(t2)
          let c1 = start + derivativeAt(t) * k
          let c2 = end - derivativeAt(t2) * k
          segments.append(.cubic(c1, c2, end))
          start = end
          t = t2
        }
        return segments
      }
    }

    init(from: Point, rx rxIn: Double, ry ryIn: Double, rotation: Double, largeArc: Bool, sweep: Bool, to: Point) {
      if from.isClose(to: to, tolerance: 0) {
        self = .none
        return
      }
      var rx = abs(rxIn), ry = abs(ryIn)
      guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else {
        self = .line
        return
      }
      let phi = rotation.truncatingRemainder(dividingBy: 360) * .pi / 180
      let (sinPhi, cosPhi) = (sin(phi), cos(phi))
      // F.6.5.1: the midpoint in the ellipse's frame.
      let dx = (from.x - to.x) / 2, dy = (from.y - to.y) / 2
      let x1p = cosPhi * dx + sinPhi * dy
      let y1p = -sinPhi * dx + cosPhi * dy
      // F.6.6: scale radii up when they cannot reach.
      let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
      if lambda > 1 {
        let s = lambda.squareRoot()
        rx *= s
        ry *= s
      }
      // F.6.5.2: the centre in the ellipse's frame.
      let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
      let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
      var coef = den == 0 ? 0 : (max(0, num) / den).squareRoot()
      if largeArc == sweep { coef = -coef }
      let cxp = coef * rx * y1p / ry
      let cyp = -coef * ry * x1p / rx
      // F.6.5.3
      let cx = cosPhi * cxp - sinPhi * cyp + (from.x + to.x) / 2
      let cy = sinPhi * cxp + cosPhi * cyp + (from.y + to.y) / 2
      func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
        atan2(ux * vy - uy * vx, ux * vx + uy * vy)
      }
      let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
      let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
      let theta1 = angle(1, 0, ux, uy)
      var delta = angle(ux, uy, vx, vy)
      if !sweep && delta > 0 { delta -= 2 * .pi }
      if sweep && delta < 0 { delta += 2 * .pi }
      guard delta.isFinite, cx.isFinite, cy.isFinite else {
        self = .line
        return
      }
      self = .ellipse(Ellipse(cx: cx, cy: cy, rx: rx, ry: ry, cosPhi: cosPhi, sinPhi: sinPhi, theta1: theta1, delta: delta))
    }
  }
}
