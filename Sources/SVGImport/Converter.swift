import Foundation
import LottieJSON

/// Options for `SVGConverter`.
package struct SVGOptions: Sendable {
  /// Frame rate of the composition.
  package var frameRate: Double = 60
  /// Duration in seconds (the static drawing is shown for the whole of it).
  package var duration: Double = 1
  /// Composition size; the drawing is fitted into it (`xMidYMid meet`). Default: the SVG's own size.
  package var size: (width: Double, height: Double)? = nil
  /// What `currentColor` is when the SVG does not set `color`.
  package var currentColor = RGBA.black
  /// Name of the shape layer (and of the composition).
  package var name = "svg"
  package init() {}
}

/// Something in the SVG that was not converted, or converted approximately, with its line.
package struct SVGWarning: Sendable, Equatable, CustomStringConvertible {
  package var line: Int
  package var message: String
  package var description: String { "line \(line): \(message)" }
}

/// The result of a conversion: a complete animation, and its shape layer on its own (for `--into`).
package struct SVGConversion: Sendable {
  package var animation: JSONValue
  package var layer: JSONValue
  package var width: Int
  package var height: Int
  package var warnings: [SVGWarning]
  /// Every layer, top-most first: `layer` alone unless a clip path or mask cut an element out into
  /// layers of its own (Clipping.swift).
  package var layers: [JSONValue]
  /// Number of Lottie paths written.
  package var pathCount: Int
}

package enum SVGConversionError: Error, Sendable, CustomStringConvertible {
  case syntax(XMLTree.ParseError)
  case invalid(line: Int, message: String)
  package var line: Int {
    switch self {
    case .syntax(let e): return e.line
    case .invalid(let line, _): return line
    }
  }
  package var column: Int {
    if case .syntax(let e) = self { return e.column }
    return 1
  }
  package var message: String {
    switch self {
    case .syntax(let e): return e.message
    case .invalid(_, let message): return message
    }
  }
  package var description: String { "\(line):\(column): \(message)" }
}

/// SVG → one Lottie shape layer. Every element becomes a group (`gr`) whose paths have the element's
/// whole transform baked into their vertices (exact for every matrix, including skew, which rlottie
/// would ignore as a transform); SVG document order is reversed because Lottie draws the first item
/// on top; each group holds its paths, then its stroke, then its fill, then a transform carrying
/// only the element's opacity.
package struct SVGConverter {
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
  /// What the element being converted paints, in canvas coordinates (strokes included): tells
  /// whether a viewport's content reaches outside it.
  var drawnBox = Box.empty

  package static func convert(_ bytes: [UInt8], options: SVGOptions = SVGOptions()) throws(SVGConversionError) -> SVGConversion {
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
    readStylesheets()
    let root = tree.elements[tree.root]
    let (ctm, viewport, canvasW, canvasH) = try documentFrame(root)
    canvas = Box(minX: 0, minY: 0, maxX: canvasW, maxY: canvasH)
    // The outermost <svg> takes part in inheritance like any element: outline icon sets put
    // fill="none" stroke="currentColor" stroke-width… there for every path.
    let rootStyle = ComputedStyle(currentColor: options.currentColor).inheriting(specifiedStyle(tree.root), viewport: viewport)
    var context = Context(ctm: ctm, style: rootStyle, viewport: viewport, depth: 0, useStack: [], inheritedOpacity: 1, cutOut: false)
    let items = children(of: tree.root, context: &context)
    if exhausted {
      throw .invalid(
        line: root.line,
        message:
          "the SVG expands to more than \(SVGConverter.maximumPaths) paths or \(SVGConverter.maximumElementVisits) elements (through <use>); refusing to convert it"
      )
    }

    let frames = max(1, (options.frameRate * options.duration).rounded())
    let w = max(1, Int(canvasW.rounded()))
    let h = max(1, Int(canvasH.rounded()))
    let layers = lottieLayers(items, frames: frames)
    let layer = layers[0]
    let animation = JSONValue.object([
      ("v", .string("5.7.4")), ("fr", number(options.frameRate)), ("ip", .int(0)), ("op", number(frames)),
      ("w", .int(w)), ("h", .int(h)), ("nm", .string(options.name)), ("ddd", .int(0)), ("assets", .array([])),
      ("layers", .array(layers)), ("meta", .object([("g", .string("lottiekit svg"))]))
    ])
    return SVGConversion(animation: animation, layer: layer, width: w, height: h, warnings: warnings, layers: layers, pathCount: pathCount)
  }

  /// `<style>` elements (CSS only) into the stylesheet.
  mutating func readStylesheets() {
    for (i, e) in tree.elements.enumerated() where e.name == "style" {
      let type = e.attributes["type"]?.lowercased() ?? "text/css"
      guard type == "text/css" || type.isEmpty else {
        warn(i, "<style type=\"\(type)\"> is not CSS; ignored")
        continue
      }
      let known = stylesheet.unsupportedSelectors.count
      stylesheet.add(e.text)
      // Said at the selector's own line: the <style>'s, plus the lines of its text before it.
      for s in stylesheet.unsupportedSelectors[known...] {
        var before = 0
        if let found = e.text.range(of: s) { before = e.text[..<found.lowerBound].utf8.filter { $0 == 0x0A }.count }
        warn(line: e.line + before, "CSS selector \"\(s)\" is not supported (pseudo-classes, sibling combinators); its rules are ignored")
      }
    }
  }

  /// The root's size (width/height, else the viewBox's, else 100 × 100), the transform from user
  /// units to the canvas (--size, then viewBox and preserveAspectRatio), the viewport for
  /// percentages, and the canvas size.
  func documentFrame(_ root: XMLTree.Element) throws(SVGConversionError) -> (Affine, (w: Double, h: Double), Double, Double) {
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
      ctm = ctm.concatenating(
        SVGValues.viewBoxTransform(
          vb, width: width, height: height,
          preserveAspectRatio: root.attributes["preserveAspectRatio"]))
    }
    let viewport = (w: viewBox?.w ?? width, h: viewBox?.h ?? height)
    return (ctm, viewport, canvasW, canvasH)
  }

  /// The shape layers: one for the drawing, and one for each element cut out by a clip path or mask
  /// (with its masks, or a matte layer above it).
  func lottieLayers(_ items: [JSONValue], frames: Double) -> [JSONValue] {
    func shapeLayer(_ index: Int, _ name: String, _ shapes: [JSONValue], opacity: Double = 1, extra: [(String, JSONValue)] = []) -> JSONValue {
      .object(
        [
          ("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(4)), ("nm", .string(name)), ("sr", .int(1)),
          (
            "ks",
            .object([
              ("o", staticValue(self.opacity(opacity))), ("r", staticValue(.int(0))),
              ("p", staticValue(.array([.int(0), .int(0), .int(0)]))), ("a", staticValue(.array([.int(0), .int(0), .int(0)]))),
              ("s", staticValue(.array([.int(100), .int(100), .int(100)])))
            ])
          ),
          ("ao", .int(0)), ("shapes", .array(shapes)), ("ip", .int(0)), ("op", number(frames)), ("st", .int(0)), ("bm", .int(0))
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
    return layers
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
    /// The viewport an element establishes (a nested `<svg>`, or a `<symbol>`/`<svg>` drawn by
    /// `<use>`) in canvas coordinates, when its `overflow` hides what is drawn outside it.
    var viewportClip: Subpath? = nil
  }

  mutating func warn(_ element: Int, _ message: String) {
    warn(line: element < tree.elements.count ? tree.elements[element].line : 0, message)
  }

  mutating func warn(line: Int, _ message: String) {
    let key = "\(line)|\(message)"
    guard warned.insert(key).inserted else { return }
    warnings.append(SVGWarning(line: line, message: message))
  }
}
