import Foundation
import LottieJSON

/// The CSS cascade and inheritance for one element.
extension SVGConverter {
  // MARK: styles

  static let styleProperties: Set<String> = [
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin",
    "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "color", "visibility", "display", "opacity", "font-size",
    "stop-color", "stop-opacity", "clip-path", "clip-rule", "mask", "filter", "marker-start", "marker-mid", "marker-end", "marker", "overflow"
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
      switch v {
      case "butt": s.lineCap = 1;
      case "round": s.lineCap = 2;
      case "square": s.lineCap = 3;
      default: break
      }
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
