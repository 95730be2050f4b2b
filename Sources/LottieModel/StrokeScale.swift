import Foundation
import LottieJSON

extension Animation {
  /// Strokes under a non-uniform scale (#18). lottie-web (SVG) scales the pen with the shape, so a
  /// stroke under scale [300, 100] is three times as thick where the path runs up and down as where
  /// it runs across; rlottie draws one width, the stroke width times the matrix's mean scale
  /// (Samsung/rlottie src/lottie/lottieitem.cpp `Stroke::updateContent`, `VMatrix::scale()`);
  /// measured, fixture stroke-uneven-scale.json. ThorVG scales the pen like lottie-web.
  ///
  /// How much that shows is estimated as the stroke's length on the canvas (the rectangles,
  /// ellipses, stars and paths in its group, first keyframe values) times the width change
  /// (the stroke width times the mean of |scale − rlottie's scale| over the two axes), over the
  /// canvas area. Only the groups' and the layer's scale count (not parents or precomps). Under
  /// `slightUnevenStroke`, or when the edges move by under `slightUnevenEdge`, it is "slight"
  /// (corpus files that agree with lottie-web are at 0.8 % or less, except one whose strokes are
  /// trimmed short); a change of a pixel or less, or a ratio under 1.1 between the axes, is no
  /// feature at all. Nil when the stroke is not under such a scale.
  static let slightUnevenStroke = 0.01

  /// It is "slight" too when each edge of the stroke moves by less than this share of the
  /// animation's longer side (the width change along the axis where it is largest, halved):
  /// under 2 px in a 200 px preview, where the lab cannot tell it from anti-aliasing. Measured on
  /// the corpus: rlottie triib_manage.json (the pen 1.14 px wider or narrower on each edge in a
  /// 174 px animation, 0.66 %) and gradient_animated_background.json (2.3 px in 1,920 px, 0.1 %)
  /// differ from lottie-web only within 2 px, and ThorVG, which stretches the pen as lottie-web
  /// does, differs as much; fixture stroke-uneven-scale.json (6.3 px in 200 px, 3.2 %) differs on
  /// 8.8 % of the tile.
  static let slightUnevenEdge = 0.01

  /// `collapsed`: one axis is at 0, where lottie-web and ThorVG draw nothing and rlottie a line.
  /// `edge`: how far each edge of the stroke moves, over the animation's longer side.
  static func unevenStrokeShare(
    _ stroke: JSONNode, width: Double, height: Double, cache: inout ShapeListCache
  ) -> (share: Double, edge: Double, collapsed: Bool)? {
    guard let items = stroke.parent, items.isArray, width > 0, height > 0 else { return nil }
    func first(_ property: JSONNode?) -> JSONNode? {
      guard let property else { return nil }
      let p = AnimatedProperty(node: property)
      return p.isAnimated ? p.keyframes.first?["s"] : property["k"]
    }
    func number(_ v: JSONNode?) -> Double? { v.flatMap { $0.double ?? $0.element(at: 0)?.double } }
    func pair(_ v: JSONNode?) -> (Double, Double)? {
      guard let v, v.isArray, let x = v.element(at: 0)?.double, let y = v.element(at: 1)?.double else { return nil }
      return (x, y)
    }
    // The scale on each axis: the transforms of the stroke's group and the groups around it, then
    // the layer's.
    // Each scale at its most uneven value (a keyframe's start or end value): a layer that holds
    // [0, 100] for a while after starting at [100, 100] (corpus lottie-android Tests/Scale0.json)
    // collapses the shape, which lottie-web, ThorVG and After Effects then draw as nothing and
    // rlottie as a line (measured, fixture stroke-scale-zero.json).
    let (sx, sy) = cache.axisScale(of: items) { s in
      guard let s else { return (1, 1) }
      let p = AnimatedProperty(node: s)
      let values = p.isAnimated ? p.keyframes.flatMap { kf in ["s", "e"].compactMap { kf[$0] } } : [s["k"]].compactMap { $0 }
      func unevenness(_ v: (Double, Double)) -> Double {
        let (a, b) = (abs(v.0), abs(v.1))
        if min(a, b) == 0 { return max(a, b) > 0 ? .infinity : 0 }
        return abs(log(a / b))
      }
      guard let p = values.compactMap(pair).max(by: { unevenness($0) < unevenness($1) }) else { return (1, 1) }
      return (abs(p.0) / 100, abs(p.1) / 100)
    }
    guard max(sx, sy) > 0, min(sx, sy) == 0 || max(sx, sy) / min(sx, sy) >= 1.1, let w = number(first(stroke["w"])) else { return nil }
    let mean = ((sx * sx + sy * sy) / 2).squareRoot()
    let change = abs(w) * (abs(sx - mean) + abs(sy - mean)) / 2
    guard change > 1 else { return nil }
    let length = cache.length(of: items) {
      var length = 0.0
      for item in items.elements {
        switch item["ty"]?.string {
        case "rc":
          if let s = pair(first(item["s"])) { length += 2 * (abs(s.0) * sx + abs(s.1) * sy) }
        case "el":
          if let s = pair(first(item["s"])) {
            let a = abs(s.0) * sx / 2, b = abs(s.1) * sy / 2  // Ramanujan's perimeter
            length += Double.pi * (3 * (a + b) - ((3 * a + b) * (a + 3 * b)).squareRoot())
          }
        case "sr":
          if let r = number(first(item["or"])) { length += 2 * Double.pi * abs(r) * (sx + sy) / 2 }
        case "sh":
          var path = first(item["ks"])
          if let p = path, p.isArray { path = p.element(at: 0) }
          guard let path, let v = path["v"], v.isArray else { continue }
          let points = v.elements.compactMap(pair)
          let closed = path["c"]?.truthy == true
          for n in 0..<max(points.count - (closed ? 0 : 1), 0) where points.count > 1 {
            let a = points[n], b = points[(n + 1) % points.count]
            length += (pow((b.0 - a.0) * sx, 2) + pow((b.1 - a.1) * sy, 2)).squareRoot()
          }
        default: break
        }
      }
      return length
    }
    let edge = abs(w) * max(abs(sx - mean), abs(sy - mean)) / 2 / max(width, height)
    return (length * change / (width * height), edge, min(sx, sy) == 0)
  }
}
