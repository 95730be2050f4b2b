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
  /// Every layer, top-most first: `layer` alone unless a clip path or mask cut an element out into
  /// layers of its own (Clipping.swift).
  public var layers: [JSONValue]
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
  /// Elements drawn as layers of their own (clip-path, mask), in the order met.
  var cutOuts: [CutOutLayer] = []
  /// The composition's rectangle in canvas coordinates.
  var canvas = Box.empty

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
    canvas = Box(minX: 0, minY: 0, maxX: canvasW, maxY: canvasH)
    // The outermost <svg> takes part in inheritance like any element: outline icon sets put
    // fill="none" stroke="currentColor" stroke-width… there for every path.
    let rootStyle = ComputedStyle(currentColor: options.currentColor).inheriting(specifiedStyle(tree.root), viewport: viewport)
    var context = Context(ctm: ctm, style: rootStyle, viewport: viewport, depth: 0, useStack: [], inheritedOpacity: 1, cutOut: false)
    let items = children(of: tree.root, context: &context)
    if exhausted {
      throw .invalid(line: root.line, message: "the SVG expands to more than \(SVGConverter.maximumPaths) paths or \(SVGConverter.maximumElementVisits) elements (through <use>); refusing to convert it")
    }

    let frames = max(1, (options.frameRate * options.duration).rounded())
    let w = max(1, Int(canvasW.rounded()))
    let h = max(1, Int(canvasH.rounded()))
    func shapeLayer(_ index: Int, _ name: String, _ shapes: [JSONValue], opacity: Double = 1, extra: [(String, JSONValue)] = []) -> JSONValue {
      .object([
        ("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(4)), ("nm", .string(name)), ("sr", .int(1)),
        ("ks", .object([
          ("o", staticValue(number(clampPercent(opacity * 100)))), ("r", staticValue(.int(0))),
          ("p", staticValue(.array([.int(0), .int(0), .int(0)]))), ("a", staticValue(.array([.int(0), .int(0), .int(0)]))),
          ("s", staticValue(.array([.int(100), .int(100), .int(100)]))),
        ])),
        ("ao", .int(0)), ("shapes", .array(shapes)), ("ip", .int(0)), ("op", number(frames)), ("st", .int(0)), ("bm", .int(0)),
      ] + extra)
    }
    var layers: [JSONValue] = []
    for (items, cutOut) in layerContents(items) {
      let name = layers.isEmpty ? options.name : "\(options.name) \(layers.count + 1)"
      guard let cutOut else {
        layers.append(shapeLayer(layers.count + 1, name, items))
        continue
      }
      var extra: [(String, JSONValue)] = []
      if !cutOut.masks.isEmpty {
        extra.append(("hasMask", .bool(true)))
        extra.append(("masksProperties", .array(cutOut.masks.enumerated().map { maskValue($1.outline, mode: $1.mode, index: $0) })))
      }
      if let matte = cutOut.matte {
        layers.append(shapeLayer(layers.count + 1, "\(name) mask", matte, extra: [("td", .int(1))]))
        extra.append(("tt", .int(3)))
      }
      layers.append(shapeLayer(layers.count + 1, "\(name) \(cutOut.name)", items, opacity: cutOut.inheritedOpacity, extra: extra))
    }
    let layer = layers[0]
    let animation = JSONValue.object([
      ("v", .string("5.7.4")), ("fr", number(options.frameRate)), ("ip", .int(0)), ("op", number(frames)),
      ("w", .int(w)), ("h", .int(h)), ("nm", .string(options.name)), ("ddd", .int(0)), ("assets", .array([])),
      ("layers", .array(layers)), ("meta", .object([("g", .string("lottiekit svg"))])),
    ])
    return SVGConversion(animation: animation, layer: layer, width: w, height: h, warnings: warnings, layers: layers, pathCount: pathCount)
  }

  struct Context {
    var ctm: Affine
    var style: ComputedStyle
    var viewport: (w: Double, h: Double)
    var depth: Int
    /// Elements being instantiated through `<use>`, to stop cycles.
    var useStack: [Int]
    /// The product of the enclosing elements' opacities (each is also in its group's transform).
    var inheritedOpacity: Double
    /// Inside an element drawn as its own layer (or a mask's content): clips and masks there are
    /// not converted.
    var cutOut: Bool
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
    if let v = specified["filter"], v.lowercased() != "none" {
      warn(element, "filter on <\(e.name)> is not converted: the element is drawn without it")
    }
    let clipValue = specified["clip-path"].flatMap { $0.lowercased() == "none" ? nil : $0 }
    let maskValue = specified["mask"].flatMap { $0.lowercased() == "none" ? nil : $0 }
    if parent.cutOut, let v = clipValue ?? maskValue {
      warn(element, "\(clipValue != nil ? "clip-path" : "mask") \"\(v)\" inside clipped or masked content is not converted: the element is drawn without it")
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
    var clip: [(outline: Subpath, mode: String)]? = nil
    var matte: [JSONValue]? = nil
    if !parent.cutOut {
      if let v = clipValue { clip = clipOutlines(v, element: element, ctm: ctm, viewport: parent.viewport) }
      if clip?.isEmpty == true { return nil }  // an empty clip path shows nothing
      if let v = maskValue {
        let maskContext = Context(ctm: ctm, style: parent.style, viewport: parent.viewport, depth: parent.depth + 1,
                                  useStack: parent.useStack, inheritedOpacity: 1, cutOut: true)
        matte = maskMatte(v, element: element, context: maskContext)
      }
    }
    var cutOut = clip != nil || matte != nil
    let cutOutsBefore = cutOuts.count
    var context = Context(ctm: ctm, style: style, viewport: parent.viewport, depth: parent.depth + 1, useStack: parent.useStack,
                          inheritedOpacity: parent.inheritedOpacity * opacity, cutOut: parent.cutOut || cutOut)

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
    // Group opacity over parts that overlap (several children, or a fill under a stroke) blends
    // them as one picture in SVG; a group's opacity in Lottie fades each part on its own, a layer's
    // fades the layer as a whole (lottie-web, rlottie, ThorVG). Not when a part inside was already
    // cut out (its marker would end up inside another layer).
    if !cutOut, !parent.cutOut, opacity < 1, cutOuts.count == cutOutsBefore {
      let types = Set(items.compactMap(Self.itemType))
      let stroked = types.contains("st") || types.contains("gs")
      let filled = types.contains("fl") || types.contains("gf")
      cutOut = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"].contains(e.name) ? stroked && filled : items.count >= 2
    }
    if cutOut {
      // Drawn as a layer of its own, whose opacity is the element's and its ancestors'; a marker
      // keeps its place among the other items.
      cutOuts.append(CutOutLayer(name: groupName(element),
                                 item: .object([("ty", .string("gr")), ("nm", .string(groupName(element))),
                                                ("it", .array(items + [transformItem(opacity: 1)]))]),
                                 inheritedOpacity: parent.inheritedOpacity * opacity, masks: clip ?? [], matte: matte))
      return [("it", .array([.object([("ty", .string(Self.cutOutMarker)), ("i", .int(cutOuts.count - 1))]), transformItem(opacity: 1)]))]
    }
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
}
