import LottieJSON

/// `clip-path` and `mask` (#19). Lottie clips and masks whole layers, so an element that has one
/// is drawn as a layer of its own, cut out of the document's drawing where it stands:
/// - `clip-path: url(#c)` becomes the layer's masks (Add for each outline, Subtract for an outline
///   that lies inside an earlier one and, under `clip-rule: evenodd` or against the winding,
///   makes a hole);
/// - `mask: url(#m)` becomes a luminance matte layer drawn from the mask's content (SVG masks by
///   luminance, as a luma matte does).
/// An element with opacity whose parts overlap (several children, or a stroke over a fill) is cut
/// out the same way: SVG fades it as one picture, as a Lottie layer's opacity does.
/// A clip whose rectangle covers the whole canvas (what design tools write around every export)
/// changes nothing and is dropped. Clips and masks inside clipped or masked content, clip paths
/// in object-bounding-box units on groups, and masks in object-bounding-box content units are not
/// converted (a warning says so).
extension SVGConverter {
  /// An element drawn as its own layer.
  struct CutOutLayer {
    var name: String
    /// The element's group.
    var item: JSONValue
    /// The element's opacity times its ancestors' (their groups stay in the other layers): the
    /// layer's opacity, which fades the layer as one picture.
    var inheritedOpacity: Double
    /// Mask outlines in canvas coordinates, with their mode (`a` add, `s` subtract).
    var masks: [(outline: Subpath, mode: String)]
    /// The matte's items (a luma matte above the layer), if any.
    var matte: [JSONValue]?
  }

  /// The `ty` of an item this converter wrote as an object (fills, strokes, groups).
  static func itemType(_ v: JSONValue) -> String? {
    guard case .object(let m) = v, let first = m.first, first.0 == "ty", case .string(let t) = first.1 else { return nil }
    return t
  }

  /// Where a cut-out layer stands in the drawing: an item no player sees (it is replaced before
  /// the output is written).
  static let cutOutMarker = "lottiekit-cut-out"

  /// The clip outlines (canvas coordinates) for `clip-path` on `element`, nil when there is none,
  /// it changes nothing, or it cannot be converted (then with a warning).
  mutating func clipOutlines(_ value: String, element: Int, ctm: Affine, viewport: (w: Double, h: Double)) -> [(outline: Subpath, mode: String)]? {
    let name = tree.elements[element].name
    guard case .reference(let id, _)? = SVGValues.paint(value), let clip = ids[id], tree.elements[clip].name == "clipPath" else {
      warn(element, "clip-path \"\(value)\" on <\(name)> does not name a <clipPath> of this document; drawn without it")
      return nil
    }
    let clipElement = tree.elements[clip]
    var space = ctm
    if clipElement.attributes["clipPathUnits"] == "objectBoundingBox" {
      guard let geometry = shapeGeometry(element, viewport: viewport) else {
        warn(element, "clip-path in objectBoundingBox units on <\(name)> is not converted: the element is drawn without it")
        return nil
      }
      let box = Geometry.boundingBox(geometry.subpaths)
      guard !box.isEmpty, box.width > 0, box.height > 0 else { return nil }
      space = space.concatenating(Affine(box.width, 0, 0, box.height, box.minX, box.minY))
    }
    if let raw = clipElement.attributes["transform"], let m = SVGValues.transform(raw) { space = space.concatenating(m) }
    var outlines: [Subpath] = []
    var evenOdd = false
    for child in clipElement.children {
      var target = child
      var childSpace = space
      if tree.elements[child].name == "use" {
        let u = tree.elements[child]
        guard let href = u.attributes["href"] ?? u.attributes["xlink:href"], href.hasPrefix("#"), let t = ids[String(href.dropFirst())] else { continue }
        if let raw = u.attributes["transform"], let m = SVGValues.transform(raw) { childSpace = childSpace.concatenating(m) }
        childSpace = childSpace.concatenating(
          .translate(
            length(u.attributes["x"], .horizontal, viewport) ?? 0,
            length(u.attributes["y"], .vertical, viewport) ?? 0))
        target = t
      }
      let style = ComputedStyle(currentColor: options.currentColor).inheriting(specifiedStyle(target), viewport: viewport)
      guard style.display, style.visible, let geometry = shapeGeometry(target, viewport: viewport, fontSize: style.fontSize) else { continue }
      if let raw = tree.elements[target].attributes["transform"], let m = SVGValues.transform(raw) { childSpace = childSpace.concatenating(m) }
      if (specifiedStyle(target)["clip-rule"] ?? specifiedStyle(clip)["clip-rule"])?.lowercased() == "evenodd" { evenOdd = true }
      outlines += geometry.subpaths.map { $0.transformed(childSpace) }.filter { !$0.segments.isEmpty && !$0.isDegenerate }
    }
    // An empty clip path hides the element.
    guard !outlines.isEmpty else { return [] }
    if outlines.count == 1, let box = Self.axisAlignedBox(outlines[0]), box.minX <= 0.001, box.minY <= 0.001,
      box.maxX >= canvas.maxX - 0.001, box.maxY >= canvas.maxY - 0.001
    {
      return nil
    }
    // Subtract an outline that lies inside an earlier one where it makes a hole.
    var result: [(outline: Subpath, mode: String)] = []
    var boxes: [(Box, Double)] = []
    for outline in outlines {
      let box = Geometry.boundingBox([outline])
      let area = Self.signedArea(outline)
      let container = boxes.last { b, _ in b.minX <= box.minX && b.minY <= box.minY && b.maxX >= box.maxX && b.maxY >= box.maxY }
      let hole = container.map { _, outer in evenOdd || (outer > 0) != (area > 0) } ?? false
      result.append((outline, hole ? "s" : "a"))
      boxes.append((box, area))
    }
    return result
  }

  /// The matte items for `mask` on `element`, nil when it cannot be converted (with a warning).
  mutating func maskMatte(_ value: String, element: Int, context: Context) -> [JSONValue]? {
    let name = tree.elements[element].name
    guard case .reference(let id, _)? = SVGValues.paint(value), let mask = ids[id], tree.elements[mask].name == "mask" else {
      warn(element, "mask \"\(value)\" on <\(name)> does not name a <mask> of this document; drawn without it")
      return nil
    }
    if tree.elements[mask].attributes["maskContentUnits"] == "objectBoundingBox" {
      warn(element, "mask with maskContentUnits=\"objectBoundingBox\" on <\(name)> is not converted: the element is drawn without it")
      return nil
    }
    // The mask's content is drawn in the user space of the element that uses it.
    var inner = context
    inner.style = ComputedStyle(currentColor: options.currentColor).inheriting(specifiedStyle(mask), viewport: context.viewport)
    inner.style.opacity = 1
    inner.cutOut = true
    return children(of: mask, context: &inner)
  }

  /// The drawing as layers, top-most first: runs of plain items become shape layers, each cut-out
  /// element its own layer with its masks (and its matte layer above it).
  func layerContents(_ items: [JSONValue]) -> [(items: [JSONValue], cutOut: CutOutLayer?)] {
    enum Part { case items([JSONValue]); case cutOut(Int) }
    func marker(_ v: JSONValue) -> Int? {
      guard case .object(let m) = v, m.count == 2, case .string(let t) = m[0].1, t == Self.cutOutMarker,
        case .number(let n) = m[1].1
      else { return nil }
      return Int(n)
    }
    func contains(_ v: JSONValue) -> Bool {
      if marker(v) != nil { return true }
      switch v {
      case .object(let m): return m.contains { contains($0.1) }
      case .array(let a): return a.contains(where: contains)
      default: return false
      }
    }
    // A group holding a marker is split around it: the parts before and after keep copies of the
    // group (its name and transform), the marker moves out.
    func split(_ items: [JSONValue]) -> [Part] {
      var parts: [Part] = []
      func add(_ v: JSONValue) {
        if case .items(let run)? = parts.last { parts[parts.count - 1] = .items(run + [v]) } else { parts.append(.items([v])) }
      }
      for item in items {
        if let i = marker(item) {
          parts.append(.cutOut(i))
        } else if contains(item), case .object(let members) = item, let k = members.firstIndex(where: { $0.0 == "it" }),
          case .array(let children) = members[k].1, let transform = children.last
        {
          for part in split(Array(children.dropLast())) {
            switch part {
            case .cutOut(let i): parts.append(.cutOut(i))
            case .items(let run):
              var copy = members
              copy[k].1 = .array(run + [transform])
              add(.object(copy))
            }
          }
        } else {
          add(item)
        }
      }
      return parts
    }
    guard !cutOuts.isEmpty else { return [(items, nil)] }
    return split(items).map { part in
      switch part {
      case .items(let run): return (run, nil)
      case .cutOut(let i): return ([cutOuts[i].item], cutOuts[i])
      }
    }
  }

  /// The outline's rectangle when it is one (four corners joined by axis-aligned lines).
  static func axisAlignedBox(_ s: Subpath) -> Box? {
    guard s.segments.allSatisfy(\.isLine) else { return nil }
    var points = [s.start] + s.segments.map(\.to)
    if let last = points.last, points.count > 1, last.isClose(to: s.start, tolerance: 1e-9) { points.removeLast() }
    guard points.count == 4 else { return nil }
    for k in 0..<4 {
      let a = points[k], b = points[(k + 1) % 4]
      guard abs(a.x - b.x) < 1e-9 || abs(a.y - b.y) < 1e-9 else { return nil }
    }
    return Geometry.boundingBox([s])
  }

  /// Twice the signed area of the outline's polygon of end points (its winding direction).
  static func signedArea(_ s: Subpath) -> Double {
    var area = 0.0
    var current = s.start
    for seg in s.segments {
      area += current.x * seg.to.y - seg.to.x * current.y
      current = seg.to
    }
    area += current.x * s.start.y - s.start.x * current.y
    return area
  }

  /// A Lottie mask (`masksProperties` entry) for an outline.
  func maskValue(_ outline: Subpath, mode: String, index: Int) -> JSONValue {
    .object([
      ("inv", .bool(false)), ("mode", .string(mode)), ("pt", .object([("a", .int(0)), ("k", pathShapeValue(outline))])),
      ("o", staticValue(.int(100))), ("x", staticValue(.int(0))), ("nm", .string("Clip \(index + 1)"))
    ])
  }

  /// The `{i, o, v, c}` value of a path item.
  func pathShapeValue(_ s: Subpath) -> JSONValue {
    guard case .raw(let bytes) = pathItem(s, name: ""),
      let doc = try? JSONDocument(parsing: bytes), let k = doc.root["ks"]?["k"]
    else { return .object([]) }
    return .raw(Array(k.sourceBytes))
  }
}
