import Foundation
import LottieJSON

/// SVG gradients as Lottie gradient fills and strokes.
extension SVGConverter {
  // MARK: gradients

  /// An attribute of a gradient, looked up along its `href` chain.
  func gradientAttribute(_ name: String, chain: [Int]) -> String? {
    for g in chain { if let v = tree.elements[g].attributes[name] { return v } }
    return nil
  }

  /// A gradient and the gradients its `href` names, in order (at most 16, no cycle).
  func gradientChain(_ target: Int) -> [Int] {
    var chain: [Int] = [target]
    var next = target
    while chain.count < 16, let href = tree.elements[next].attributes["href"] ?? tree.elements[next].attributes["xlink:href"],
      href.hasPrefix("#"), let t = ids[String(href.dropFirst())], !chain.contains(t),
      ["linearGradient", "radialGradient"].contains(tree.elements[t].name)
    {
      chain.append(t)
      next = t
    }
    return chain
  }

  /// Stops: those of the first gradient in the chain that has any, offsets clamped and ascending.
  mutating func gradientStops(_ chain: [Int], style: ComputedStyle) -> [(offset: Double, color: RGBA)] {
    var stops: [(offset: Double, color: RGBA)] = []
    for g in chain {
      let stopElements = tree.elements[g].children.filter { tree.elements[$0].name == "stop" }
      guard !stopElements.isEmpty else { continue }
      var last = 0.0
      for s in stopElements {
        let raw = tree.elements[s].attributes["offset"] ?? "0"
        var offset = SVGValues.fraction(raw.trimmingCharacters(in: .whitespaces)) ?? 0
        offset = max(last, min(1, max(0, offset)))
        last = offset
        let specified = specifiedStyle(s)
        var color = RGBA.black
        if let c = specified["stop-color"] {
          if c.lowercased() == "currentcolor" { color = style.color } else if let v = SVGValues.color(c) { color = v }
        }
        var alpha = color.a
        if let o = specified["stop-opacity"], let v = SVGValues.fraction(o.trimmingCharacters(in: .whitespaces)) {
          alpha *= SVGValues.clamp(v)
        }
        color.a = alpha
        stops.append((offset, color))
      }
      break
    }
    return stops
  }

  mutating func gradient(_ target: Int, element: Int, bbox: Box, ctm: Affine, style: ComputedStyle) -> ResolvedPaint? {
    let chain = gradientChain(target)
    let stops = gradientStops(chain, style: style)
    if stops.isEmpty { return nil }
    if stops.count == 1 { return .solid(stops[0].color) }
    let isLinear = tree.elements[target].name == "linearGradient"
    let units = gradientAttribute("gradientUnits", chain: chain) ?? "objectBoundingBox"
    let boundingBoxUnits = units != "userSpaceOnUse"
    if let spread = gradientAttribute("spreadMethod", chain: chain), spread != "pad" {
      warn(element, "gradient spreadMethod=\"\(spread)\" has no Lottie equivalent; drawn as pad")
    }
    var m = ctm
    if boundingBoxUnits {
      guard !bbox.isEmpty, bbox.width > 0, bbox.height > 0 else {
        // SVG: a bounding-box gradient on a shape with no width or height is not painted.
        return nil
      }
      m = m.concatenating(Affine(bbox.width, 0, 0, bbox.height, bbox.minX, bbox.minY))
    }
    if let raw = gradientAttribute("gradientTransform", chain: chain), let t = SVGValues.transform(raw) {
      m = m.concatenating(t)
    }
    func coordinate(_ name: String, _ fallback: String, _ axis: SVGValues.Axis) -> Double {
      let raw = gradientAttribute(name, chain: chain) ?? fallback
      if boundingBoxUnits {
        return SVGValues.fraction(raw.trimmingCharacters(in: .whitespaces)) ?? SVGValues.fraction(fallback) ?? 0
      }
      return SVGValues.length(raw, axis: axis, viewport: (100, 100)) ?? 0
    }
    var colorStops: [JSONValue] = []
    for s in stops {
      colorStops += [number4(s.offset), number4(s.color.r), number4(s.color.g), number4(s.color.b)]
    }
    if stops.contains(where: { $0.color.a < 1 }) {
      for s in stops { colorStops += [number4(s.offset), number4(s.color.a)] }
    }
    let g = JSONValue.object([("p", .int(stops.count)), ("k", staticValue(.array(colorStops)))])
    if isLinear {
      let p1 = Point(coordinate("x1", "0%", .horizontal), coordinate("y1", "0%", .vertical))
      let p2 = Point(coordinate("x2", "100%", .horizontal), coordinate("y2", "0%", .vertical))
      // Colours are constant along lines perpendicular to p1→p2 in gradient space. An affine map
      // keeps those lines parallel but not perpendicular to the mapped vector: the Lottie vector
      // goes from the mapped p1, perpendicular to the mapped lines, to the mapped line through p2.
      let start = m.apply(p1)
      let d = p2 - p1
      let normal = m.applyVector(Point(-d.y, d.x))
      var end = m.apply(p2)
      let direction = Point(normal.y, -normal.x)
      let dd = direction.x * direction.x + direction.y * direction.y
      if dd > 1e-18 {
        let t = ((end.x - start.x) * direction.x + (end.y - start.y) * direction.y) / dd
        end = start + direction * t
      }
      return .gradient([("s", staticValue(point(start))), ("e", staticValue(point(end))), ("t", .int(1)), ("g", g)])
    }
    let c = Point(coordinate("cx", "50%", .horizontal), coordinate("cy", "50%", .vertical))
    let r = coordinate("r", "50%", .other)
    guard r > 0 else { return .solid(stops[stops.count - 1].color) }
    let f = Point(
      gradientAttribute("fx", chain: chain) != nil ? coordinate("fx", "50%", .horizontal) : c.x,
      gradientAttribute("fy", chain: chain) != nil ? coordinate("fy", "50%", .vertical) : c.y)
    if !m.isSimilarity {
      warn(element, "a radial gradient stretched or skewed (by its bounding box or transforms) is drawn as a circle: Lottie's radial gradients are circular")
    }
    let center = m.apply(c)
    let radius = r * m.meanScale
    let edge = center + Point(radius, 0)
    var members: [(String, JSONValue)] = [("s", staticValue(point(center))), ("e", staticValue(point(edge))), ("t", .int(2))]
    let focal = m.apply(f) - center
    let highlight = radius > 0 ? min(99, focal.length / radius * 100) : 0
    if highlight > 0.01 {
      members.append(("h", staticValue(number(highlight))))
      members.append(("a", staticValue(number(atan2(focal.y, focal.x) * 180 / .pi))))
    } else {
      members.append(("h", staticValue(.int(0))))
      members.append(("a", staticValue(.int(0))))
    }
    members.append(("g", g))
    return .gradient(members)
  }

  func dashItems(_ style: ComputedStyle, scale: Double) -> [JSONValue]? {
    var values = style.dashArray
    guard !values.isEmpty, values.allSatisfy({ $0 >= 0 && $0.isFinite }), values.reduce(0, +) > 0 else { return nil }
    if values.count % 2 == 1 { values += values }
    var items: [JSONValue] = []
    for (k, v) in values.enumerated() {
      let dash = k % 2 == 0
      items.append(
        .object([
          ("n", .string(dash ? "d" : "g")), ("nm", .string(dash ? "dash" : "gap")),
          ("v", staticValue(number(v * scale)))
        ]))
    }
    items.append(.object([("n", .string("o")), ("nm", .string("offset")), ("v", staticValue(number(style.dashOffset * scale)))]))
    return items
  }
}
