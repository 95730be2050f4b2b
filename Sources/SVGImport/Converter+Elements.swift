import Foundation
import LottieJSON

/// Elements: what is converted, skipped or said, and each element's group.
extension SVGConverter {
  static let unsupportedElements: [String: String] = [
    "text": "text is not converted (convert it to paths in an editor)",
    "image": "embedded images are not converted",
    "foreignObject": "foreignObject is not converted",
    "video": "video is not converted", "audio": "audio is not converted", "canvas": "canvas is not converted",
    "iframe": "iframe is not converted",
    "animate": "SVG animation is not converted", "animateTransform": "SVG animation is not converted",
    "animateMotion": "SVG animation is not converted", "animateColor": "SVG animation is not converted",
    "set": "SVG animation is not converted", "discard": "SVG animation is not converted"
  ]
  /// Elements that are never drawn where they stand (definitions and metadata).
  static let silentElements: Set<String> = [
    "defs", "symbol", "linearGradient", "radialGradient", "style", "title", "desc", "metadata", "script",
    "clipPath", "mask", "marker", "pattern", "filter", "stop", "font", "font-face", "glyph", "missing-glyph", "view",
    "cursor", "color-profile"
  ]

  /// The converted children of a container, in Lottie order (top-most first), with unique names.
  mutating func children(of element: Int, context: inout Context) -> [JSONValue] {
    var groups: [(name: String, value: [(String, JSONValue)])] = []
    var childList = tree.elements[element].children
    if tree.elements[element].name == "switch" {
      // The first child whose conditions hold; lottiekit evaluates none, so the first drawable one.
      if let first = childList.first(where: { c in
        let e = tree.elements[c]
        return e.attributes["requiredExtensions"] == nil && e.name != "foreignObject" && !SVGConverter.silentElements.contains(e.name)
      }) {
        childList = [first]
      } else {
        childList = []
      }
    }
    for child in childList {
      if let members = convert(child, context: &context) {
        let base = groupName(child)
        groups.append((base, members))
      }
    }
    // Unique names among siblings (keypaths and the naming lint rules need them).
    var counts: [String: Int] = [:]
    for g in groups { counts[g.name, default: 0] += 1 }
    var seen: [String: Int] = [:]
    var result: [JSONValue] = []
    for g in groups.reversed() {
      var name = g.name
      if counts[name, default: 0] > 1 {
        let n = (seen[name] ?? 0) + 1
        seen[name] = n
        name = "\(name) \(n)"
      }
      result.append(.object([("ty", .string("gr")), ("nm", .string(name))] + g.value))
    }
    return result
  }

  func groupName(_ element: Int) -> String {
    let e = tree.elements[element]
    if let id = e.attributes["id"] {
      let cleaned = String(id.map { $0 == "." || $0 == "," || $0 == "\u{203A}" ? "_" : $0 }).trimmingCharacters(in: .whitespacesAndNewlines)
      if !cleaned.isEmpty { return cleaned }
    }
    return e.name
  }

  /// One element as the members of a Lottie group (`it`, and nothing else), or nil when it draws
  /// nothing.
  mutating func convert(_ element: Int, context parent: inout Context) -> [(String, JSONValue)]? {
    let e = tree.elements[element]
    if SVGConverter.silentElements.contains(e.name) { return nil }
    remainingVisits -= 1
    if remainingVisits < 0 || remainingPaths <= 0 {
      exhausted = true
      return nil
    }
    if let why = SVGConverter.unsupportedElements[e.name] {
      warn(element, "<\(e.name)>: \(why)")
      return nil
    }
    let specified = specifiedStyle(element)
    var style = parent.style.inheriting(specified, viewport: parent.viewport)
    if !style.display { return nil }
    guard parent.depth < 400 else {
      warn(element, "elements nested more than 400 deep are not converted")
      return nil
    }
    let clipValue = specified["clip-path"].flatMap { $0.lowercased() == "none" ? nil : $0 }
    let maskValue = specified["mask"].flatMap { $0.lowercased() == "none" ? nil : $0 }
    warnUnconverted(element, specified: specified, clipValue: clipValue, maskValue: maskValue, insideCutOut: parent.cutOut)
    var ctm = parent.ctm
    if let raw = e.attributes["transform"] {
      if let m = SVGValues.transform(raw) { ctm = ctm.concatenating(m) } else { warn(element, "transform \"\(raw)\" cannot be read; ignored") }
    }
    let opacity = style.opacity
    style.opacity = 1
    var clip: [(outline: Subpath, mode: String)]? = nil
    var matte: [JSONValue]? = nil
    if !parent.cutOut {
      if let v = clipValue { clip = clipOutlines(v, element: element, ctm: ctm, viewport: parent.viewport) }
      if clip?.isEmpty == true { return nil }  // an empty clip path shows nothing
      if let v = maskValue {
        let maskContext = Context(
          ctm: ctm, style: parent.style, viewport: parent.viewport, depth: parent.depth + 1,
          useStack: parent.useStack, inheritedOpacity: 1, cutOut: true)
        matte = maskMatte(v, element: element, context: maskContext)
      }
    }
    var cutOut = clip != nil || matte != nil
    let cutOutsBefore = cutOuts.count
    var context = Context(
      ctm: ctm, style: style, viewport: parent.viewport, depth: parent.depth + 1, useStack: parent.useStack,
      inheritedOpacity: parent.inheritedOpacity * opacity, cutOut: parent.cutOut || cutOut)

    let (converted, ownBox) = measuredItems(element, style: style, parent: parent, context: &context)
    guard let items = converted, !items.isEmpty else { return nil }
    // A viewport hides what its content draws outside it (SVG's `overflow: hidden`, the default
    // for a nested <svg> and a <symbol>): a rectangle mask, intersected with a clip path's.
    if let rect = context.viewportClip, Self.reaches(ownBox, outside: rect, within: canvas) {
      if parent.cutOut || (clip == nil && matte == nil && cutOuts.count != cutOutsBefore) {
        warn(element, "content of <\(e.name)> beyond its viewport is drawn unclipped: it is inside, or holds, clipped or masked content")
      } else {
        clip = (clip ?? []) + [(rect, clip == nil ? "a" : "i")]
        cutOut = true
      }
    }
    // Group opacity over parts that overlap (several children, or a fill under a stroke) blends
    // them as one picture in SVG; a group's opacity in Lottie fades each part on its own, a layer's
    // fades the layer as a whole (lottie-web, rlottie, ThorVG). Not when a part inside was already
    // cut out (its marker would end up inside another layer).
    if !cutOut, !parent.cutOut, opacity < 1, cutOuts.count == cutOutsBefore { cutOut = Self.partsOverlap(items, element: e.name) }
    if cutOut {
      // Drawn as a layer of its own, whose opacity is the element's and its ancestors'; a marker
      // keeps its place among the other items.
      cutOuts.append(
        CutOutLayer(
          name: groupName(element),
          item: .object([
            ("ty", .string("gr")), ("nm", .string(groupName(element))),
            ("it", .array(items + [transformItem(opacity: 1)]))
          ]),
          inheritedOpacity: parent.inheritedOpacity * opacity, masks: clip ?? [], matte: matte))
      return [("it", .array([.object([("ty", .string(Self.cutOutMarker)), ("i", .int(cutOuts.count - 1))]), transformItem(opacity: 1)]))]
    }
    return [("it", .array(items + [transformItem(opacity: opacity)]))]
  }

  /// `elementItems`, and the box of what they paint (canvas coordinates).
  mutating func measuredItems(_ element: Int, style: ComputedStyle, parent: Context, context: inout Context) -> (items: [JSONValue]?, box: Box) {
    let outerBox = drawnBox
    drawnBox = .empty
    let items = elementItems(element, style: style, parent: parent, context: &context)
    let box = drawnBox
    drawnBox = outerBox.union(box)
    return (items, box)
  }

  /// What one element draws, by its kind: a container's children, a nested viewport, a `<use>`'s
  /// target, or a shape's painted outline; nil for what is not converted.
  mutating func elementItems(_ element: Int, style: ComputedStyle, parent: Context, context: inout Context) -> [JSONValue]? {
    switch tree.elements[element].name {
    case "g", "a", "switch":
      return children(of: element, context: &context)
    case "svg":
      return nestedViewportItems(element, parent: parent, context: &context)
    case "use":
      return useItems(element, parent: parent, context: &context)
    case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
      let strokedOutline = style.stroke != .none && style.fill == .none
      guard let geometry = shapeGeometry(element, viewport: parent.viewport, fontSize: style.fontSize, strokedOutline: strokedOutline) else { return nil }
      return paint(element, subpaths: geometry.subpaths, closedShape: geometry.closedShape, context: context)
    default:
      warn(element, "<\(tree.elements[element].name)> is not an SVG element lottiekit knows; not converted")
      return nil
    }
  }

  /// Whether an element's items overlap (a fill under a stroke, or several children), so that a
  /// group opacity must fade them as one picture.
  static func partsOverlap(_ items: [JSONValue], element name: String) -> Bool {
    let types = Set(items.compactMap(Self.itemType))
    let stroked = types.contains("st") || types.contains("gs")
    let filled = types.contains("fl") || types.contains("gf")
    return ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"].contains(name) ? stroked && filled : items.count >= 2
  }

  /// clip-path and mask inside cut-out content, filters and markers: said, not converted.
  mutating func warnUnconverted(
    _ element: Int, specified: [String: String], clipValue: String?, maskValue: String?,
    insideCutOut: Bool
  ) {
    let e = tree.elements[element]
    if let v = specified["filter"], v.lowercased() != "none" {
      warn(element, "filter on <\(e.name)> is not converted: the element is drawn without it")
    }
    if insideCutOut, let v = clipValue ?? maskValue {
      warn(element, "\(clipValue != nil ? "clip-path" : "mask") \"\(v)\" inside clipped or masked content is not converted: the element is drawn without it")
    }
    for property in ["marker-start", "marker-mid", "marker-end", "marker"] {
      if let v = specified[property], v.lowercased() != "none", ["path", "line", "polyline", "polygon"].contains(e.name) {
        warn(element, "markers on <\(e.name)> are not converted")
        break
      }
    }
  }

  /// A nested `<svg>`: a new viewport at x, y.
  mutating func nestedViewportItems(_ element: Int, parent: Context, context: inout Context) -> [JSONValue]? {
    let e = tree.elements[element]
    let vp = parent.viewport
    let x = length(e.attributes["x"], .horizontal, vp) ?? 0
    let y = length(e.attributes["y"], .vertical, vp) ?? 0
    let w = length(e.attributes["width"] ?? "100%", .horizontal, vp) ?? vp.w
    let h = length(e.attributes["height"] ?? "100%", .vertical, vp) ?? vp.h
    guard w > 0, h > 0 else { return nil }
    context.ctm = context.ctm.concatenating(.translate(x, y))
    Self.enterViewport(of: e.attributes, width: w, height: h, clips: hidesOverflow(element), context: &context)
    return children(of: element, context: &context)
  }

  /// `<use>`: the element it names, moved by x, y; a `<symbol>` or `<svg>` as a new viewport.
  mutating func useItems(_ element: Int, parent: Context, context: inout Context) -> [JSONValue]? {
    let e = tree.elements[element]
    guard let href = e.attributes["href"] ?? e.attributes["xlink:href"] else { return nil }
    guard href.hasPrefix("#"), let target = ids[String(href.dropFirst())] else {
      warn(element, "<use> refers to \(href), which is not an element of this document; skipped")
      return nil
    }
    guard !context.useStack.contains(target), context.useStack.count < 32 else {
      warn(element, "<use> of \(href) refers to itself (directly or through others); skipped")
      return nil
    }
    let vp = parent.viewport
    let x = length(e.attributes["x"], .horizontal, vp) ?? 0
    let y = length(e.attributes["y"], .vertical, vp) ?? 0
    context.ctm = context.ctm.concatenating(.translate(x, y))
    context.useStack.append(target)
    let t = tree.elements[target]
    if t.name == "symbol" || t.name == "svg" {
      let w = length(e.attributes["width"] ?? t.attributes["width"] ?? "100%", .horizontal, vp) ?? vp.w
      let h = length(e.attributes["height"] ?? t.attributes["height"] ?? "100%", .vertical, vp) ?? vp.h
      guard w > 0, h > 0 else { return nil }
      if t.name == "svg" {
        let tx = length(t.attributes["x"], .horizontal, vp) ?? 0
        let ty = length(t.attributes["y"], .vertical, vp) ?? 0
        context.ctm = context.ctm.concatenating(.translate(tx, ty))
      }
      if let raw = t.attributes["transform"], t.name == "symbol", let m = SVGValues.transform(raw) {
        context.ctm = context.ctm.concatenating(m)
      }
      Self.enterViewport(of: t.attributes, width: w, height: h, clips: hidesOverflow(target), context: &context)
      // The symbol's own presentation attributes and styles apply to its content.
      let symbolStyle = context.style.inheriting(specifiedStyle(target), viewport: context.viewport)
      guard symbolStyle.display || t.name == "symbol" else { return nil }
      context.style = symbolStyle
      context.style.opacity = 1
      var members = children(of: target, context: &context)
      if symbolStyle.opacity < 1 {
        members = [
          .object([
            ("ty", .string("gr")), ("nm", .string(groupName(target))),
            ("it", .array(members + [transformItem(opacity: symbolStyle.opacity)]))
          ])
        ]
      }
      return members
    } else {
      var inner = context
      guard let members = convert(target, context: &inner) else { return nil }
      return [.object([("ty", .string("gr")), ("nm", .string(groupName(target)))] + members)]
    }
  }

  /// Whether a nested `<svg>` or a `<symbol>` hides what is drawn outside its viewport: `overflow`
  /// is `hidden` for both unless it says `visible` or `auto` (SVG 2, the user agent style sheet).
  mutating func hidesOverflow(_ element: Int) -> Bool {
    guard let v = specifiedStyle(element)["overflow"]?.trimmingCharacters(in: .whitespaces).lowercased() else { return true }
    return v != "visible" && v != "auto"
  }

  /// Whether the part of `box` inside the canvas reaches outside `rect` (an outline); true when
  /// `rect` is not an axis-aligned rectangle (a rotated or skewed viewport).
  static func reaches(_ box: Box, outside rect: Subpath, within canvas: Box) -> Bool {
    let seen = Box(
      minX: max(box.minX, canvas.minX), minY: max(box.minY, canvas.minY),
      maxX: min(box.maxX, canvas.maxX), maxY: min(box.maxY, canvas.maxY))
    guard !seen.isEmpty, seen.width > 0 || seen.height > 0 else { return false }
    guard let r = axisAlignedBox(rect) else { return true }
    let slack = 1e-6 * max(canvas.width, canvas.height, 1)
    return seen.minX < r.minX - slack || seen.minY < r.minY - slack || seen.maxX > r.maxX + slack || seen.maxY > r.maxY + slack
  }

  /// A new viewport of `width` × `height` (nested `<svg>`, or a `<symbol>`/`<svg>` drawn by
  /// `<use>`): its viewBox, if any, maps onto it and becomes the viewport of percentages inside.
  /// With `clips`, the viewport's rectangle is kept in `context.viewportClip`.
  static func enterViewport(of attributes: [String: String], width: Double, height: Double, clips: Bool, context: inout Context) {
    if clips { context.viewportClip = Geometry.rect(x: 0, y: 0, width: width, height: height, rx: 0, ry: 0).transformed(context.ctm) }
    if let vb = attributes["viewBox"].flatMap(SVGValues.viewBox) {
      context.ctm = context.ctm.concatenating(
        SVGValues.viewBoxTransform(
          vb, width: width, height: height,
          preserveAspectRatio: attributes["preserveAspectRatio"]))
      context.viewport = (vb.w, vb.h)
    } else {
      context.viewport = (width, height)
    }
  }

  func length(_ raw: String?, _ axis: SVGValues.Axis, _ viewport: (w: Double, h: Double)) -> Double? {
    guard let raw else { return nil }
    return SVGValues.length(raw, axis: axis, viewport: viewport)
  }
}
