import Foundation
import LottieJSON

/// Fills, strokes, dashes and caps of one shape element as Lottie items.
extension SVGConverter {
  // MARK: painting

  /// The items of a shape element: its paths, stroke and fill (and round or square caps of zero-length
  /// subpaths as small filled shapes, which Lottie players draw unreliably from a stroke alone).
  mutating func paint(_ element: Int, subpaths: [Subpath], closedShape: Bool, context: Context) -> [JSONValue] {
    let style = context.style
    guard style.visible else { return [] }
    let e = tree.elements[element]
    let ctm = context.ctm
    let transformed = subpaths.map { $0.transformed(ctm) }
    var drawable = transformed.filter { !$0.segments.isEmpty && !$0.isDegenerate }
    if style.dashArray.isEmpty { drawable = Subpath.rotatedForRlottieStrokes(drawable) }
    let bbox = Geometry.boundingBox(subpaths)
    var items: [JSONValue] = []
    var paths: [JSONValue] = []
    for (k, s) in drawable.enumerated() {
      guard remainingPaths > 0 else {
        exhausted = true
        break
      }
      remainingPaths -= 1
      pathCount += 1
      paths.append(pathItem(s, name: drawable.count == 1 ? "Path" : "Path \(k + 1)"))
    }

    let (strokeItem, dotItems) = strokeItems(element, context: context, bbox: bbox, transformed: transformed, hasPaths: !paths.isEmpty)
    let fillItem = e.name == "line" || paths.isEmpty ? nil : self.fillItem(element, context: context, bbox: bbox)
    if strokeItem == nil && fillItem == nil && dotItems.isEmpty { return [] }
    var painted = Geometry.boundingBox(transformed)
    if strokeItem != nil || !dotItems.isEmpty {
      // A stroke reaches half its width out, a miter join up to the miter limit times that, a
      // square cap √2 times.
      let reach = style.strokeWidth * ctm.largestScale / 2 * max(style.lineJoin == 1 ? style.miterLimit : 1, 2.0.squareRoot())
      painted = Box(minX: painted.minX - reach, minY: painted.minY - reach, maxX: painted.maxX + reach, maxY: painted.maxY + reach)
    }
    drawnBox = drawnBox.union(painted)
    if strokeItem != nil || fillItem != nil {
      items = paths
      if let strokeItem { items.append(strokeItem) }
      if let fillItem { items.append(fillItem) }
    }
    if !dotItems.isEmpty {
      // Dots in their own group, so that the element's fill and stroke do not paint them.
      let dotGroup = JSONValue.object([("ty", .string("gr")), ("nm", .string("Dots")), ("it", .array(dotItems))])
      if items.isEmpty { return [dotGroup] }
      let shapeGroup = JSONValue.object([("ty", .string("gr")), ("nm", .string("Outline")), ("it", .array(items + [transformItem(opacity: 1)]))])
      return [dotGroup, shapeGroup]
    }
    return items
  }

  /// The stroke item (when there are paths to stroke) and, for zero-length subpaths with round or
  /// square caps, the dots that draw them.
  mutating func strokeItems(
    _ element: Int, context: Context, bbox: Box, transformed: [Subpath],
    hasPaths: Bool
  ) -> (stroke: JSONValue?, dots: [JSONValue]) {
    let style = context.style
    let ctm = context.ctm
    let e = tree.elements[element]
    var strokeItem: JSONValue? = nil
    var dotItems: [JSONValue] = []
    if style.strokeWidth > 0,
      let paint = resolvePaint(
        style.stroke, style: style, element: element, bbox: bbox, ctm: ctm,
        what: "stroke")
    {
      let scale = ctm.meanScale
      if !ctm.isSimilarity {
        warn(element, "stroke of <\(e.name)> under a non-uniform scale or skew is drawn with one width (\(fmt(style.strokeWidth * scale)))")
      }
      let width = style.strokeWidth * scale
      var members: [(String, JSONValue)] = []
      switch paint {
      case .solid(let c):
        members = [
          ("ty", .string("st")), ("nm", .string("Stroke")), ("c", staticValue(colorValue(c))),
          ("o", staticValue(opacity(c.a * style.strokeOpacity)))
        ]
      case .gradient(let g):
        members =
          [
            ("ty", .string("gs")), ("nm", .string("Gradient Stroke")),
            ("o", staticValue(opacity(style.strokeOpacity)))
          ] + g
      }
      members.append(("w", staticValue(number(width))))
      members.append(("lc", .int(style.lineCap)))
      members.append(("lj", .int(style.lineJoin)))
      if style.lineJoin == 1 { members.append(("ml", number(style.miterLimit))) }
      if let dashes = dashItems(style, scale: scale) { members.append(("d", .array(dashes))) }
      if hasPaths { strokeItem = .object(members) }
      // Zero-length subpaths: round caps draw a disc, square caps a square, butt caps nothing.
      if style.lineCap != 1, case .solid(let c) = paint {
        var dots: [JSONValue] = []
        for s in transformed where s.isDegenerate && (!s.segments.isEmpty || s.closed) {
          let r = width / 2
          let shape: Subpath
          if style.lineCap == 2 {
            shape = Geometry.ellipse(cx: s.start.x, cy: s.start.y, rx: r, ry: r)
          } else {
            shape = Geometry.rect(x: s.start.x - r, y: s.start.y - r, width: 2 * r, height: 2 * r, rx: 0, ry: 0)
          }
          dots.append(pathItem(shape, name: "Dot \(dots.count + 1)"))
        }
        if !dots.isEmpty {
          dotItems =
            dots + [
              .object([
                ("ty", .string("fl")), ("nm", .string("Fill")), ("c", staticValue(colorValue(c))),
                ("o", staticValue(opacity(c.a * style.strokeOpacity))), ("r", .int(1))
              ]),
              transformItem(opacity: 1)
            ]
        }
      }
    }
    return (strokeItem, dotItems)
  }

  /// The fill item, solid or gradient.
  mutating func fillItem(_ element: Int, context: Context, bbox: Box) -> JSONValue? {
    let style = context.style
    var fillItem: JSONValue? = nil
    if let paint = resolvePaint(style.fill, style: style, element: element, bbox: bbox, ctm: context.ctm, what: "fill") {
      let rule = JSONValue.int(style.evenOdd ? 2 : 1)
      switch paint {
      case .solid(let c):
        fillItem = .object([
          ("ty", .string("fl")), ("nm", .string("Fill")), ("c", staticValue(colorValue(c))),
          ("o", staticValue(opacity(c.a * style.fillOpacity))), ("r", rule)
        ])
      case .gradient(let g):
        fillItem = .object(
          [
            ("ty", .string("gf")), ("nm", .string("Gradient Fill")),
            ("o", staticValue(opacity(style.fillOpacity))), ("r", rule)
          ] + g)
      }
    }
    return fillItem
  }

  enum ResolvedPaint {
    case solid(RGBA)
    /// Members of a Lottie gradient item: `t`, `s`, `e`, `g` (and `h`, `a` for radial).
    case gradient([(String, JSONValue)])
  }

  mutating func resolvePaint(
    _ paint: Paint, style: ComputedStyle, element: Int, bbox: Box, ctm: Affine,
    what: String
  ) -> ResolvedPaint? {
    switch paint {
    case .none: return nil
    case .color(let c): return .solid(c)
    case .currentColor: return .solid(style.color)
    case .reference(let id, let fallback):
      guard let target = ids[id] else {
        if let fallback { return .solid(fallback) }
        warn(element, "\(what) refers to #\(id), which does not exist; not painted")
        return nil
      }
      let name = tree.elements[target].name
      guard name == "linearGradient" || name == "radialGradient" else {
        warn(element, "\(what) with a <\(name)> is not converted\(fallback == nil ? "; not painted" : "; its fallback colour is used")")
        return fallback.map { .solid($0) }
      }
      return gradient(target, element: element, bbox: bbox, ctm: ctm, style: style)
    }
  }
}
