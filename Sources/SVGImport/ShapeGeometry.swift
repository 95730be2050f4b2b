import Foundation
import LottieJSON

/// Element outlines (`path`, `rect`, `circle`, …) in their own user space.
extension SVGConverter {
  // MARK: geometry

  /// An element's outline in its own user space; nil when it draws nothing (zero size, no data).
  /// `strokedOutline`: the element is stroked and not filled, and its path arcs become the
  /// renderers' cubics (`Geometry.arc`, `cubics: .renderers`), not ThorVG's (`.thorvg`). `fontSize`: the element's computed
  /// font size, which `em` and `ex` lengths are measured in.
  mutating func shapeGeometry(
    _ element: Int, viewport vp: (w: Double, h: Double), fontSize: Double = 16,
    strokedOutline: Bool = false
  ) -> (subpaths: [Subpath], closedShape: Bool)? {
    let e = tree.elements[element]
    func attr(_ name: String, _ axis: SVGValues.Axis) -> Double? {
      guard let raw = e.attributes[name] else { return nil }
      guard let v = SVGValues.length(raw, axis: axis, viewport: vp, fontSize: fontSize) else {
        warn(element, "\(name)=\"\(raw)\" on <\(e.name)> cannot be read")
        return nil
      }
      return v
    }
    switch e.name {
    case "path":
      guard let d = e.attributes["d"] else { return nil }
      let parsed = PathData.parse(d, arcs: strokedOutline ? .renderers : .thorvg)
      if let error = parsed.error {
        warn(element, "path data error (\(error)); drawn up to the error, as SVG requires")
      }
      return parsed.subpaths.isEmpty ? nil : (parsed.subpaths, false)
    case "rect":
      let x = attr("x", .horizontal) ?? 0, y = attr("y", .vertical) ?? 0
      guard let w = attr("width", .horizontal), let h = attr("height", .vertical), w > 0, h > 0 else { return nil }
      var rx = attr("rx", .horizontal).flatMap { $0 >= 0 ? $0 : nil }
      var ry = attr("ry", .vertical).flatMap { $0 >= 0 ? $0 : nil }
      if rx == nil { rx = ry }
      if ry == nil { ry = rx }
      let crx = min(rx ?? 0, w / 2), cry = min(ry ?? 0, h / 2)
      return ([Geometry.rect(x: x, y: y, width: w, height: h, rx: crx, ry: cry)], true)
    case "circle":
      let cx = attr("cx", .horizontal) ?? 0, cy = attr("cy", .vertical) ?? 0
      guard let r = attr("r", .other), r > 0 else { return nil }
      return ([Geometry.ellipse(cx: cx, cy: cy, rx: r, ry: r)], true)
    case "ellipse":
      let cx = attr("cx", .horizontal) ?? 0, cy = attr("cy", .vertical) ?? 0
      var rx = attr("rx", .horizontal), ry = attr("ry", .vertical)
      if rx == nil { rx = ry }
      if ry == nil { ry = rx }
      guard let rx, let ry, rx > 0, ry > 0 else { return nil }
      return ([Geometry.ellipse(cx: cx, cy: cy, rx: rx, ry: ry)], true)
    case "line":
      let a = Point(attr("x1", .horizontal) ?? 0, attr("y1", .vertical) ?? 0)
      let b = Point(attr("x2", .horizontal) ?? 0, attr("y2", .vertical) ?? 0)
      var s = Subpath(start: a)
      s.segments = [.line(from: a, to: b)]
      return ([s], false)
    case "polyline", "polygon":
      guard let raw = e.attributes["points"] else { return nil }
      var scanner = NumberScanner(Array(raw.utf8))
      var points: [Point] = []
      while let x = scanner.number() {
        guard let y = scanner.number() else { break }
        points.append(Point(x, y))
      }
      guard let first = points.first else { return nil }
      var s = Subpath(start: first)
      for k in 1..<max(1, points.count) where k < points.count {
        s.segments.append(.line(from: points[k - 1], to: points[k]))
      }
      s.closed = e.name == "polygon"
      return ([s], false)
    default:
      return nil
    }
  }
}
