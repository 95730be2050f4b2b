import Foundation
import LottieJSON

/// Options for `SVGConverter`.
public struct SVGOptions: Sendable {
  /// Frame rate of the composition.
  public var frameRate: Double = 60
  /// Duration in seconds (the static drawing is shown for the whole of it).
  public var duration: Double = 1
  /// Composition size; the drawing is fitted into it (`xMidYMid meet`). Default: the SVG's own size.
  public var size: (width: Double, height: Double)? = nil
  /// What `currentColor` is when the SVG does not set `color`.
  public var currentColor = RGBA.black
  /// Name of the shape layer (and of the composition).
  public var name = "svg"
  public init() {}
}

/// Something in the SVG that was not converted, or converted approximately, with its line.
public struct SVGWarning: Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String
  public var description: String { "line \(line): \(message)" }
}

/// The result of a conversion: a complete animation, and its shape layer on its own (for `--into`).
public struct SVGConversion: Sendable {
  public var animation: JSONValue
  public var layer: JSONValue
  public var width: Int
  public var height: Int
  public var warnings: [SVGWarning]
  /// Number of Lottie paths written.
  public var pathCount: Int
}

public enum SVGConversionError: Error, Sendable, CustomStringConvertible {
  case syntax(XMLTree.ParseError)
  case invalid(line: Int, message: String)
  public var line: Int {
    switch self {
    case .syntax(let e): return e.line
    case .invalid(let line, _): return line
    }
  }
  public var column: Int {
    if case .syntax(let e) = self { return e.column }
    return 1
  }
  public var message: String {
    switch self {
    case .syntax(let e): return e.message
    case .invalid(_, let message): return message
    }
  }
  public var description: String { "\(line):\(column): \(message)" }
}

/// SVG → one Lottie shape layer. Every element becomes a group (`gr`) whose paths have the element's
/// whole transform baked into their vertices (exact for every matrix, including skew, which rlottie
/// would ignore as a transform); SVG document order is reversed because Lottie draws the first item
/// on top; each group holds its paths, then its stroke, then its fill, then a transform carrying
/// only the element's opacity.
public struct SVGConverter {
  let tree: XMLTree
  let options: SVGOptions
  let ids: [String: Int]
  var stylesheet = Stylesheet()
  var warnings: [SVGWarning] = []
  var warned = Set<String>()
  var pathCount = 0
  /// Work budgets: a hostile document can multiply elements through nested `<use>` (ten levels of
  /// ten uses are 10¹⁰ paths). Past either budget the conversion stops with an error.
  static let maximumPaths = 200_000
  static let maximumElementVisits = 500_000
  var remainingPaths = SVGConverter.maximumPaths
  var remainingVisits = SVGConverter.maximumElementVisits
  var exhausted = false
  var specifiedCache: [Int: [String: String]] = [:]

  public static func convert(_ bytes: [UInt8], options: SVGOptions = SVGOptions()) throws(SVGConversionError) -> SVGConversion {
    let tree: XMLTree
    do { tree = try XMLTree(parsing: bytes) } catch { throw .syntax(error) }
    var converter = SVGConverter(tree: tree, options: options)
    return try converter.run()
  }

  init(tree: XMLTree, options: SVGOptions) {
    self.tree = tree
    self.options = options
    self.ids = tree.elementsByID()
  }

  // MARK: the document

  mutating func run() throws(SVGConversionError) -> SVGConversion {
    for (i, e) in tree.elements.enumerated() where e.name == "style" {
      let type = e.attributes["type"]?.lowercased() ?? "text/css"
      guard type == "text/css" || type.isEmpty else {
        warn(i, "<style type=\"\(type)\"> is not CSS; ignored")
        continue
      }
      stylesheet.add(e.text)
    }
    for s in stylesheet.unsupportedSelectors {
      warn(0, "CSS selector \"\(s)\" is not supported (pseudo-classes, sibling combinators); its rules are ignored")
    }
    let root = tree.elements[tree.root]
    let viewBox = root.attributes["viewBox"].flatMap(SVGValues.viewBox)
    func rootLength(_ name: String, _ axis: SVGValues.Axis, _ fallback: Double) -> Double {
      guard let raw = root.attributes[name], !raw.trimmingCharacters(in: .whitespaces).hasSuffix("%"),
        let v = SVGValues.length(raw, axis: axis, viewport: (fallback, fallback))
      else { return fallback }
      return v
    }
    // width/height missing or in %: the viewBox size (or 100 × 100, as browsers and resvg do).
    var width = rootLength("width", .horizontal, viewBox?.w ?? 100)
    var height = rootLength("height", .vertical, viewBox?.h ?? 100)
    if root.attributes["width"] == nil, root.attributes["height"] != nil, let vb = viewBox { width = height * vb.w / vb.h }
    if root.attributes["height"] == nil, root.attributes["width"] != nil, let vb = viewBox { height = width * vb.h / vb.w }
    guard width > 0, height > 0, width.isFinite, height.isFinite, width <= 100_000, height <= 100_000 else {
      throw .invalid(line: root.line, message: "the SVG's size is \(width) × \(height); nothing can be drawn")
    }
    var ctm = Affine.identity
    var canvasW = width, canvasH = height
    if let size = options.size {
      ctm = SVGValues.viewBoxTransform((0, 0, width, height), width: size.width, height: size.height, preserveAspectRatio: nil)
      canvasW = size.width
      canvasH = size.height
    }
    if let vb = viewBox {
      ctm = ctm.concatenating(SVGValues.viewBoxTransform(vb, width: width, height: height,
                                                          preserveAspectRatio: root.attributes["preserveAspectRatio"]))
    }
    let viewport = (w: viewBox?.w ?? width, h: viewBox?.h ?? height)
    // The outermost <svg> takes part in inheritance like any element: outline icon sets put
    // fill="none" stroke="currentColor" stroke-width… there for every path.
    let rootStyle = ComputedStyle(currentColor: options.currentColor).inheriting(specifiedStyle(tree.root), viewport: viewport)
    var context = Context(ctm: ctm, style: rootStyle, viewport: viewport, depth: 0, useStack: [])
    let items = children(of: tree.root, context: &context)
    if exhausted {
      throw .invalid(line: root.line, message: "the SVG expands to more than \(SVGConverter.maximumPaths) paths or \(SVGConverter.maximumElementVisits) elements (through <use>); refusing to convert it")
    }

    let frames = max(1, (options.frameRate * options.duration).rounded())
    let w = max(1, Int(canvasW.rounded()))
    let h = max(1, Int(canvasH.rounded()))
    let layer = JSONValue.object([
      ("ddd", .int(0)), ("ind", .int(1)), ("ty", .int(4)), ("nm", .string(options.name)), ("sr", .int(1)),
      ("ks", .object([
        ("o", staticValue(.int(100))), ("r", staticValue(.int(0))),
        ("p", staticValue(.array([.int(0), .int(0), .int(0)]))), ("a", staticValue(.array([.int(0), .int(0), .int(0)]))),
        ("s", staticValue(.array([.int(100), .int(100), .int(100)]))),
      ])),
      ("ao", .int(0)), ("shapes", .array(items)), ("ip", .int(0)), ("op", number(frames)), ("st", .int(0)), ("bm", .int(0)),
    ])
    let animation = JSONValue.object([
      ("v", .string("5.7.4")), ("fr", number(options.frameRate)), ("ip", .int(0)), ("op", number(frames)),
      ("w", .int(w)), ("h", .int(h)), ("nm", .string(options.name)), ("ddd", .int(0)), ("assets", .array([])),
      ("layers", .array([layer])), ("meta", .object([("g", .string("lottiekit svg"))])),
    ])
    return SVGConversion(animation: animation, layer: layer, width: w, height: h, warnings: warnings, pathCount: pathCount)
  }

  struct Context {
    var ctm: Affine
    var style: ComputedStyle
    var viewport: (w: Double, h: Double)
    var depth: Int
    /// Elements being instantiated through `<use>`, to stop cycles.
    var useStack: [Int]
  }

  mutating func warn(_ element: Int, _ message: String) {
    let line = element < tree.elements.count ? tree.elements[element].line : 0
    let key = "\(line)|\(message)"
    guard warned.insert(key).inserted else { return }
    warnings.append(SVGWarning(line: line, message: message))
  }

  // MARK: elements

  static let unsupportedElements: [String: String] = [
    "text": "text is not converted (convert it to paths in an editor)",
    "image": "embedded images are not converted",
    "foreignObject": "foreignObject is not converted",
    "video": "video is not converted", "audio": "audio is not converted", "canvas": "canvas is not converted",
    "iframe": "iframe is not converted",
    "animate": "SVG animation is not converted", "animateTransform": "SVG animation is not converted",
    "animateMotion": "SVG animation is not converted", "animateColor": "SVG animation is not converted",
    "set": "SVG animation is not converted", "discard": "SVG animation is not converted",
  ]
  /// Elements that are never drawn where they stand (definitions and metadata).
  static let silentElements: Set<String> = [
    "defs", "symbol", "linearGradient", "radialGradient", "style", "title", "desc", "metadata", "script",
    "clipPath", "mask", "marker", "pattern", "filter", "stop", "font", "font-face", "glyph", "missing-glyph", "view",
    "cursor", "color-profile",
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
    for property in ["clip-path", "mask", "filter"] {
      if let v = specified[property], v.lowercased() != "none" {
        warn(element, "\(property) on <\(e.name)> is not converted: the element is drawn without it")
      }
    }
    for property in ["marker-start", "marker-mid", "marker-end", "marker"] {
      if let v = specified[property], v.lowercased() != "none", ["path", "line", "polyline", "polygon"].contains(e.name) {
        warn(element, "markers on <\(e.name)> are not converted")
        break
      }
    }
    var ctm = parent.ctm
    if let raw = e.attributes["transform"] {
      if let m = SVGValues.transform(raw) { ctm = ctm.concatenating(m) } else { warn(element, "transform \"\(raw)\" cannot be read; ignored") }
    }
    let opacity = style.opacity
    style.opacity = 1
    var context = Context(ctm: ctm, style: style, viewport: parent.viewport, depth: parent.depth + 1, useStack: parent.useStack)

    var items: [JSONValue]
    switch e.name {
    case "g", "a", "switch":
      items = children(of: element, context: &context)
    case "svg":
      // A nested viewport.
      let vp = parent.viewport
      let x = length(e.attributes["x"], .horizontal, vp) ?? 0
      let y = length(e.attributes["y"], .vertical, vp) ?? 0
      let w = length(e.attributes["width"] ?? "100%", .horizontal, vp) ?? vp.w
      let h = length(e.attributes["height"] ?? "100%", .vertical, vp) ?? vp.h
      guard w > 0, h > 0 else { return nil }
      context.ctm = context.ctm.concatenating(.translate(x, y))
      Self.enterViewport(of: e.attributes, width: w, height: h, context: &context)
      items = children(of: element, context: &context)
    case "use":
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
        Self.enterViewport(of: t.attributes, width: w, height: h, context: &context)
        // The symbol's own presentation attributes and styles apply to its content.
        let symbolStyle = context.style.inheriting(specifiedStyle(target), viewport: context.viewport)
        guard symbolStyle.display || t.name == "symbol" else { return nil }
        context.style = symbolStyle
        context.style.opacity = 1
        var members = children(of: target, context: &context)
        if symbolStyle.opacity < 1 {
          members = [.object([("ty", .string("gr")), ("nm", .string(groupName(target))),
                              ("it", .array(members + [transformItem(opacity: symbolStyle.opacity)]))])]
        }
        items = members
      } else {
        var inner = context
        guard let members = convert(target, context: &inner) else { return nil }
        items = [.object([("ty", .string("gr")), ("nm", .string(groupName(target)))] + members)]
      }
    case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
      guard let geometry = shapeGeometry(element, viewport: parent.viewport) else { return nil }
      items = paint(element, subpaths: geometry.subpaths, closedShape: geometry.closedShape, context: context)
    default:
      warn(element, "<\(e.name)> is not an SVG element lottiekit knows; not converted")
      return nil
    }
    if items.isEmpty { return nil }
    return [("it", .array(items + [transformItem(opacity: opacity)]))]
  }

  /// A new viewport of `width` × `height` (nested `<svg>`, or a `<symbol>`/`<svg>` drawn by
  /// `<use>`): its viewBox, if any, maps onto it and becomes the viewport of percentages inside.
  static func enterViewport(of attributes: [String: String], width: Double, height: Double, context: inout Context) {
    if let vb = attributes["viewBox"].flatMap(SVGValues.viewBox) {
      context.ctm = context.ctm.concatenating(SVGValues.viewBoxTransform(vb, width: width, height: height,
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

  // MARK: geometry

  /// An element's outline in its own user space; nil when it draws nothing (zero size, no data).
  mutating func shapeGeometry(_ element: Int, viewport vp: (w: Double, h: Double)) -> (subpaths: [Subpath], closedShape: Bool)? {
    let e = tree.elements[element]
    func attr(_ name: String, _ axis: SVGValues.Axis) -> Double? {
      guard let raw = e.attributes[name] else { return nil }
      guard let v = SVGValues.length(raw, axis: axis, viewport: vp) else {
        warn(element, "\(name)=\"\(raw)\" on <\(e.name)> cannot be read")
        return nil
      }
      return v
    }
    switch e.name {
    case "path":
      guard let d = e.attributes["d"] else { return nil }
      let parsed = PathData.parse(d)
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

  // MARK: painting

  /// The items of a shape element: its paths, stroke and fill (and round or square caps of zero-length
  /// subpaths as small filled shapes, which Lottie players draw unreliably from a stroke alone).
  mutating func paint(_ element: Int, subpaths: [Subpath], closedShape: Bool, context: Context) -> [JSONValue] {
    let style = context.style
    guard style.visible else { return [] }
    let e = tree.elements[element]
    let ctm = context.ctm
    let transformed = subpaths.map { $0.transformed(ctm) }
    let drawable = transformed.filter { !$0.segments.isEmpty && !$0.isDegenerate }
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

    var strokeItem: JSONValue? = nil
    var dotItems: [JSONValue] = []
    if style.strokeWidth > 0, let paint = resolvePaint(style.stroke, style: style, element: element, bbox: bbox, ctm: ctm,
                                                       what: "stroke") {
      let scale = ctm.meanScale
      if !ctm.isSimilarity {
        warn(element, "stroke of <\(e.name)> under a non-uniform scale or skew is drawn with one width (\(fmt(style.strokeWidth * scale)))")
      }
      let width = style.strokeWidth * scale
      var members: [(String, JSONValue)] = []
      switch paint {
      case .solid(let c):
        members = [("ty", .string("st")), ("nm", .string("Stroke")), ("c", staticValue(colorValue(c))),
                   ("o", staticValue(number4(clampPercent(c.a * style.strokeOpacity * 100))))]
      case .gradient(let g):
        members = [("ty", .string("gs")), ("nm", .string("Gradient Stroke")),
                   ("o", staticValue(number4(clampPercent(style.strokeOpacity * 100))))] + g
      }
      members.append(("w", staticValue(number(width))))
      members.append(("lc", .int(style.lineCap)))
      members.append(("lj", .int(style.lineJoin)))
      if style.lineJoin == 1 { members.append(("ml", number(style.miterLimit))) }
      if let dashes = dashItems(style, scale: scale) { members.append(("d", .array(dashes))) }
      if !paths.isEmpty { strokeItem = .object(members) }
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
          dotItems = dots + [
            .object([("ty", .string("fl")), ("nm", .string("Fill")), ("c", staticValue(colorValue(c))),
                     ("o", staticValue(number4(clampPercent(c.a * style.strokeOpacity * 100)))), ("r", .int(1))]),
            transformItem(opacity: 1),
          ]
        }
      }
    }
    var fillItem: JSONValue? = nil
    if e.name != "line", !paths.isEmpty,
      let paint = resolvePaint(style.fill, style: style, element: element, bbox: bbox, ctm: ctm, what: "fill") {
      let rule = JSONValue.int(style.evenOdd ? 2 : 1)
      switch paint {
      case .solid(let c):
        fillItem = .object([("ty", .string("fl")), ("nm", .string("Fill")), ("c", staticValue(colorValue(c))),
                            ("o", staticValue(number4(clampPercent(c.a * style.fillOpacity * 100)))), ("r", rule)])
      case .gradient(let g):
        fillItem = .object([("ty", .string("gf")), ("nm", .string("Gradient Fill")),
                            ("o", staticValue(number4(clampPercent(style.fillOpacity * 100)))), ("r", rule)] + g)
      }
    }
    if strokeItem == nil && fillItem == nil && dotItems.isEmpty { return [] }
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

  enum ResolvedPaint {
    case solid(RGBA)
    /// Members of a Lottie gradient item: `t`, `s`, `e`, `g` (and `h`, `a` for radial).
    case gradient([(String, JSONValue)])
  }

  mutating func resolvePaint(_ paint: Paint, style: ComputedStyle, element: Int, bbox: Box, ctm: Affine,
                             what: String) -> ResolvedPaint? {
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

  // MARK: gradients

  /// An attribute of a gradient, looked up along its `href` chain.
  func gradientAttribute(_ name: String, chain: [Int]) -> String? {
    for g in chain { if let v = tree.elements[g].attributes[name] { return v } }
    return nil
  }

  mutating func gradient(_ target: Int, element: Int, bbox: Box, ctm: Affine, style: ComputedStyle) -> ResolvedPaint? {
    var chain: [Int] = [target]
    var next = target
    while chain.count < 16, let href = tree.elements[next].attributes["href"] ?? tree.elements[next].attributes["xlink:href"],
      href.hasPrefix("#"), let t = ids[String(href.dropFirst())], !chain.contains(t),
      ["linearGradient", "radialGradient"].contains(tree.elements[t].name) {
      chain.append(t)
      next = t
    }
    // Stops: those of the first gradient in the chain that has any.
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
    let f = Point(gradientAttribute("fx", chain: chain) != nil ? coordinate("fx", "50%", .horizontal) : c.x,
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
      items.append(.object([("n", .string(dash ? "d" : "g")), ("nm", .string(dash ? "dash" : "gap")),
                            ("v", staticValue(number(v * scale)))]))
    }
    items.append(.object([("n", .string("o")), ("nm", .string("offset")), ("v", staticValue(number(style.dashOffset * scale)))]))
    return items
  }

  // MARK: styles

  static let styleProperties: Set<String> = [
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin",
    "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "color", "visibility", "display", "opacity", "font-size",
    "stop-color", "stop-opacity", "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end", "marker",
  ]

  /// Presentation attributes, then `<style>` rules, then the `style` attribute, then `!important`
  /// rules and declarations: the last value of each property wins.
  mutating func specifiedStyle(_ element: Int) -> [String: String] {
    if let cached = specifiedCache[element] { return cached }
    let e = tree.elements[element]
    var result: [String: String] = [:]
    for (k, v) in e.attributes where SVGConverter.styleProperties.contains(k) { result[k] = v }
    let sheet = stylesheet.isEmpty ? [] : stylesheet.matchingDeclarations(for: element, in: tree)
    let inline = e.attributes["style"].map(Stylesheet.declarations) ?? []
    for d in sheet where !d.important { result[d.property] = d.value }
    for d in inline where !d.important { result[d.property] = d.value }
    for d in sheet where d.important { result[d.property] = d.value }
    for d in inline where d.important { result[d.property] = d.value }
    if result["marker"] != nil {
      for k in ["marker-start", "marker-mid", "marker-end"] where result[k] == nil { result[k] = result["marker"] }
    }
    specifiedCache[element] = result
    return result
  }

  // MARK: output helpers

  func staticValue(_ v: JSONValue) -> JSONValue { .object([("a", .int(0)), ("k", v)]) }

  /// A group transform that carries only an opacity, written straight to bytes (every element has
  /// one: a tree of `JSONValue`s per item would cost about a kilobyte each).
  func transformItem(opacity: Double) -> JSONValue {
    var out: [UInt8] = []
    out.reserveCapacity(180)
    out += Array(#"{"ty":"tr","nm":"Transform","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":"#.utf8)
    SVGConverter.appendDecimal(clampPercent(opacity * 100), places: 4, to: &out)
    out += Array(#"},"sk":{"a":0,"k":0},"sa":{"a":0,"k":0}}"#.utf8)
    return .raw(out)
  }

  /// A path item (`sh`), written straight to bytes: paths are most of the output.
  func pathItem(_ s: Subpath, name: String) -> JSONValue {
    var vertices: [Point] = [s.start]
    var ins: [Point] = [.zero]
    var outs: [Point] = []
    vertices.reserveCapacity(s.segments.count + 1)
    ins.reserveCapacity(s.segments.count + 1)
    outs.reserveCapacity(s.segments.count + 1)
    var current = s.start
    for seg in s.segments {
      outs.append(seg.isLine ? .zero : seg.control1 - current)
      vertices.append(seg.to)
      ins.append(seg.isLine ? .zero : seg.control2 - seg.to)
      current = seg.to
    }
    outs.append(.zero)
    // A closed subpath that ends where it started: the last vertex is the first.
    if s.closed, vertices.count > 1, let last = vertices.last, last.isClose(to: s.start, tolerance: 1e-6) {
      ins[0] = ins[ins.count - 1]
      vertices.removeLast()
      ins.removeLast()
      outs.removeLast()
    }
    var out: [UInt8] = []
    out.reserveCapacity(64 + vertices.count * 3 * 16)
    out += Array(#"{"ty":"sh","nm":"#.utf8)
    JSONStringCodec.appendQuoted(name, to: &out)
    out += Array(#","ks":{"a":0,"k":{"i":"#.utf8)
    SVGConverter.appendPoints(ins, to: &out)
    out += Array(#","o":"#.utf8)
    SVGConverter.appendPoints(outs, to: &out)
    out += Array(#","v":"#.utf8)
    SVGConverter.appendPoints(vertices, to: &out)
    out += Array((s.closed ? #","c":true}}}"# : #","c":false}}}"#).utf8)
    return .raw(out)
  }

  static func appendPoints(_ points: [Point], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (k, p) in points.enumerated() {
      if k > 0 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "["))
      appendDecimal(p.x, places: 3, to: &out)
      out.append(UInt8(ascii: ","))
      appendDecimal(p.y, places: 3, to: &out)
      out.append(UInt8(ascii: "]"))
    }
    out.append(UInt8(ascii: "]"))
  }

  func point(_ p: Point) -> JSONValue { .array([number(p.x), number(p.y)]) }

  func colorValue(_ c: RGBA) -> JSONValue { .array([number4(c.r), number4(c.g), number4(c.b), .int(1)]) }

  func clampPercent(_ v: Double) -> Double { min(100, max(0, v)) }

  /// A number rounded to 3 decimals (a thousandth of a pixel), written without trailing zeros.
  func number(_ v: Double) -> JSONValue { SVGConverter.decimal(v, places: 3) }
  func number4(_ v: Double) -> JSONValue { SVGConverter.decimal(v, places: 4) }
  func fmt(_ v: Double) -> String { String(decoding: SVGConverter.decimal(v, places: 3).minified, as: UTF8.self) }

  static func decimal(_ v: Double, places: Int) -> JSONValue {
    var out: [UInt8] = []
    appendDecimal(v, places: places, to: &out)
    return .number(String(decoding: out, as: UTF8.self))
  }

  /// `v` rounded to `places` decimals, without trailing zeros or an exponent (`0`, `-1.5`, `0.003`).
  static func appendDecimal(_ v: Double, places: Int, to out: inout [UInt8]) {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = v.isFinite ? (v * scale).rounded() : 0
    guard abs(scaled) < 9e15 else {
      out += Array(String(v).utf8)
      return
    }
    var n = Int(scaled)
    if n == 0 {
      out.append(UInt8(ascii: "0"))
      return
    }
    if n < 0 {
      out.append(UInt8(ascii: "-"))
      n = -n
    }
    let unit = Int(scale)
    out += Array(String(n / unit).utf8)
    var fraction = n % unit
    if fraction != 0 {
      var digits = places
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let f = Array(String(fraction).utf8)
      out.append(UInt8(ascii: "."))
      for _ in 0..<(digits - f.count) { out.append(UInt8(ascii: "0")) }
      out += f
    }
  }
}

/// The style an element is drawn with, after inheritance.
struct ComputedStyle {
  var fill = Paint.color(.black)
  var fillOpacity = 1.0
  var evenOdd = false
  var stroke = Paint.none
  var strokeWidth = 1.0
  var strokeOpacity = 1.0
  /// Lottie codes: 1 butt, 2 round, 3 square.
  var lineCap = 1
  /// Lottie codes: 1 miter, 2 round, 3 bevel.
  var lineJoin = 1
  var miterLimit = 4.0
  var dashArray: [Double] = []
  var dashOffset = 0.0
  var color: RGBA
  var visible = true
  var fontSize = 16.0
  // Not inherited:
  var opacity = 1.0
  var display = true

  init(currentColor: RGBA) { color = currentColor }

  /// The child's style: inherited properties from `self`, overridden by what the child specifies;
  /// `opacity` and `display` start from their initial values. Unreadable values are ignored.
  func inheriting(_ specified: [String: String], viewport: (w: Double, h: Double)) -> ComputedStyle {
    var s = self
    s.opacity = 1
    s.display = true
    if specified.isEmpty { return s }
    func value(_ name: String) -> String? {
      guard let v = specified[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !v.isEmpty else { return nil }
      return v.lowercased() == "inherit" ? nil : v
    }
    if let v = value("font-size"), let n = SVGValues.length(v, axis: .other, viewport: viewport, fontSize: fontSize) { s.fontSize = n }
    if let v = value("color"), let c = SVGValues.color(v) { s.color = c }
    if let v = value("fill"), let p = SVGValues.paint(v) { s.fill = p }
    if let v = value("stroke"), let p = SVGValues.paint(v) { s.stroke = p }
    if let v = value("fill-opacity"), let n = SVGValues.fraction(v) { s.fillOpacity = SVGValues.clamp(n) }
    if let v = value("stroke-opacity"), let n = SVGValues.fraction(v) { s.strokeOpacity = SVGValues.clamp(n) }
    if let v = value("opacity"), let n = SVGValues.fraction(v) { s.opacity = SVGValues.clamp(n) }
    if let v = value("fill-rule") { if v == "evenodd" { s.evenOdd = true } else if v == "nonzero" { s.evenOdd = false } }
    if let v = value("stroke-width"), let n = SVGValues.length(v, axis: .other, viewport: viewport, fontSize: s.fontSize), n >= 0 {
      s.strokeWidth = n
    }
    if let v = value("stroke-linecap") {
      switch v { case "butt": s.lineCap = 1; case "round": s.lineCap = 2; case "square": s.lineCap = 3; default: break }
    }
    if let v = value("stroke-linejoin") {
      switch v {
      case "miter", "miter-clip", "arcs": s.lineJoin = 1
      case "round": s.lineJoin = 2
      case "bevel": s.lineJoin = 3
      default: break
      }
    }
    if let v = value("stroke-miterlimit"), let n = Double(v), n >= 1 { s.miterLimit = n }
    if let v = value("stroke-dasharray") {
      if v == "none" {
        s.dashArray = []
      } else {
        let parts = v.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
        let lengths = parts.map { SVGValues.length(String($0), axis: .other, viewport: viewport, fontSize: s.fontSize) }
        if lengths.allSatisfy({ $0 != nil }) { s.dashArray = lengths.compactMap { $0 } }
      }
    }
    if let v = value("stroke-dashoffset"), let n = SVGValues.length(v, axis: .other, viewport: viewport, fontSize: s.fontSize) {
      s.dashOffset = n
    }
    if let v = value("visibility") { s.visible = v == "visible" }
    if let v = value("display") { s.display = v != "none" }
    return s
  }
}
