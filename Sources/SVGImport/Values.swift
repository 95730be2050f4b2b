import Foundation

/// An sRGB colour with alpha, each in 0...1.
package struct RGBA: Sendable, Equatable {
  package var r, g, b, a: Double
  package init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
    (self.r, self.g, self.b, self.a) = (r, g, b, a)
  }
  package static let black = RGBA(0, 0, 0)
}

/// What `fill` or `stroke` paints with.
package enum Paint: Sendable, Equatable {
  case none
  case color(RGBA)
  case currentColor
  /// `url(#id)`, with the fallback given after it (`url(#g) red`), if any.
  case reference(String, fallback: RGBA?)
}

/// Parsers for SVG attribute and CSS values. Each returns nil for a value it cannot read, so that
/// the caller can fall back to the inherited or initial value as SVG requires.
package enum SVGValues {
  // MARK: colours

  /// `red`, `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` with numbers or percentages
  /// (comma or space syntax, `/ alpha`), `hsl()`/`hsla()`, `transparent`. Case-insensitive.
  package static func color(_ raw: String) -> RGBA? {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if text.hasPrefix("#") { return hexColor(text.dropFirst()) }
    if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
      let function = text[..<open].trimmingCharacters(in: .whitespaces)
      let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
      var parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "/" || $0 == "\n" }).map(String.init)
      parts = parts.filter { !$0.isEmpty }
      guard parts.count == 3 || parts.count == 4 else { return nil }
      let alpha: Double
      if parts.count == 4 {
        guard let a = fraction(parts[3]) else { return nil }
        alpha = a
      } else {
        alpha = 1
      }
      switch function {
      case "rgb", "rgba":
        var channels: [Double] = []
        for p in parts.prefix(3) {
          if p.hasSuffix("%") {
            guard let v = Double(p.dropLast()) else { return nil }
            channels.append(v / 100)
          } else {
            guard let v = Double(p) else { return nil }
            channels.append(v / 255)
          }
        }
        return RGBA(clamp(channels[0]), clamp(channels[1]), clamp(channels[2]), clamp(alpha))
      case "hsl", "hsla":
        var hueText = parts[0]
        for unit in ["deg"] where hueText.hasSuffix(unit) { hueText = String(hueText.dropLast(unit.count)) }
        guard let hue = Double(hueText), parts[1].hasSuffix("%"), parts[2].hasSuffix("%"),
          let s = Double(parts[1].dropLast()), let l = Double(parts[2].dropLast())
        else { return nil }
        let (r, g, b) = hslToRGB(hue, clamp(s / 100), clamp(l / 100))
        return RGBA(r, g, b, clamp(alpha))
      default:
        return nil
      }
    }
    if text == "transparent" { return RGBA(0, 0, 0, 0) }
    if let v = namedColors[text] {
      return RGBA(Double((v >> 16) & 0xFF) / 255, Double((v >> 8) & 0xFF) / 255, Double(v & 0xFF) / 255)
    }
    return nil
  }

  static func fraction(_ text: String) -> Double? {
    if text.hasSuffix("%") { return Double(text.dropLast()).map { $0 / 100 } }
    return Double(text)
  }

  static func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }

  static func hexColor(_ hex: Substring) -> RGBA? {
    let digits = hex.compactMap { $0.hexDigitValue }
    guard digits.count == hex.count else { return nil }
    func pair(_ i: Int) -> Double { Double(digits[i] * 16 + digits[i + 1]) / 255 }
    func single(_ i: Int) -> Double { Double(digits[i] * 17) / 255 }
    switch digits.count {
    case 3: return RGBA(single(0), single(1), single(2))
    case 4: return RGBA(single(0), single(1), single(2), single(3))
    case 6: return RGBA(pair(0), pair(2), pair(4))
    case 8: return RGBA(pair(0), pair(2), pair(4), pair(6))
    default: return nil
    }
  }

  static func hslToRGB(_ hue: Double, _ s: Double, _ l: Double) -> (Double, Double, Double) {
    var h = hue.truncatingRemainder(dividingBy: 360)
    if h < 0 { h += 360 }
    h /= 360
    let q = l < 0.5 ? l * (1 + s) : l + s - l * s
    let p = 2 * l - q
    func channel(_ tIn: Double) -> Double {
      var t = tIn
      if t < 0 { t += 1 }
      if t > 1 { t -= 1 }
      if t < 1.0 / 6 { return p + (q - p) * 6 * t }
      if t < 0.5 { return q }
      if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
      return p
    }
    return (channel(h + 1.0 / 3), channel(h), channel(h - 1.0 / 3))
  }

  /// A `fill` or `stroke` value.
  package static func paint(_ raw: String) -> Paint? {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    let lower = text.lowercased()
    if lower == "none" { return Paint.none }
    if lower == "currentcolor" { return .currentColor }
    if lower.hasPrefix("url(") {
      guard let close = text.firstIndex(of: ")") else { return nil }
      var reference = text[text.index(text.startIndex, offsetBy: 4)..<close].trimmingCharacters(in: .whitespaces)
      if reference.hasPrefix("'") || reference.hasPrefix("\"") { reference = String(reference.dropFirst().dropLast()) }
      guard reference.hasPrefix("#") else { return .reference(reference, fallback: nil) }
      let rest = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
      let fallback: RGBA?
      if rest.isEmpty || rest.lowercased() == "none" { fallback = nil } else { fallback = color(rest) }
      return .reference(String(reference.dropFirst()), fallback: fallback)
    }
    return color(text).map { .color($0) }
  }

  // MARK: lengths

  package enum Axis: Sendable { case horizontal, vertical, other }

  /// A length in user units: px, pt, pc, mm, cm, in, em, ex, or % of the viewport along `axis`.
  package static func length(_ raw: String, axis: Axis, viewport: (w: Double, h: Double), fontSize: Double = 16) -> Double? {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    var end = text.endIndex
    while end > text.startIndex {
      let c = text[text.index(before: end)]
      if c.isLetter || c == "%" { end = text.index(before: end) } else { break }
    }
    let unit = text[end...].lowercased()
    guard let value = Double(text[..<end]), value.isFinite else { return nil }
    switch unit {
    case "", "px": return value
    case "pt": return value * 4 / 3
    case "pc": return value * 16
    case "mm": return value * 96 / 25.4
    case "cm": return value * 96 / 2.54
    case "in": return value * 96
    case "em": return value * fontSize
    case "ex": return value * fontSize / 2
    case "%":
      switch axis {
      case .horizontal: return value / 100 * viewport.w
      case .vertical: return value / 100 * viewport.h
      case .other: return value / 100 * ((viewport.w * viewport.w + viewport.h * viewport.h) / 2).squareRoot()
      }
    default: return nil
    }
  }

  /// Numbers separated by whitespace and/or commas (`points`, `viewBox`, `stroke-dasharray`).
  package static func numberList(_ raw: String) -> [Double]? {
    var scanner = NumberScanner(Array(raw.utf8))
    var result: [Double] = []
    while true {
      scanner.skipSeparators(commas: false)
      if scanner.peek == nil { break }
      guard let n = scanner.number() else { return result.isEmpty ? nil : result }
      result.append(n)
    }
    return result
  }

  // MARK: transforms

  /// A transform list: `matrix`, `translate`, `scale`, `rotate` (with an optional centre), `skewX`,
  /// `skewY`, composed left to right. Nil when the list is malformed (SVG then ignores it).
  package static func transform(_ raw: String) -> Affine? {
    var result = Affine.identity
    let bytes = Array(raw.utf8)
    var i = 0
    func skipSpace() {
      while i < bytes.count, NumberScanner.isSpace(bytes[i]) || bytes[i] == UInt8(ascii: ",") { i += 1 }
    }
    while true {
      skipSpace()
      if i >= bytes.count { break }
      let nameStart = i
      while i < bytes.count,
        (bytes[i] >= UInt8(ascii: "a") && bytes[i] <= UInt8(ascii: "z")) || (bytes[i] >= UInt8(ascii: "A") && bytes[i] <= UInt8(ascii: "Z"))
      {
        i += 1
      }
      let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
      while i < bytes.count, NumberScanner.isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "(") else { return nil }
      i += 1
      guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ")")) else { return nil }
      guard let args = numberList(String(decoding: bytes[i..<close], as: UTF8.self)) ?? (bytes[i..<close].allSatisfy(NumberScanner.isSpace) ? [] : nil) else {
        return nil
      }
      i = close + 1
      let m: Affine
      switch (name, args.count) {
      case ("matrix", 6): m = Affine(args[0], args[1], args[2], args[3], args[4], args[5])
      case ("translate", 1): m = .translate(args[0], 0)
      case ("translate", 2): m = .translate(args[0], args[1])
      case ("scale", 1): m = .scale(args[0], args[0])
      case ("scale", 2): m = .scale(args[0], args[1])
      case ("rotate", 1): m = .rotate(args[0])
      case ("rotate", 3):
        m = Affine.translate(args[1], args[2]).concatenating(.rotate(args[0])).concatenating(.translate(-args[1], -args[2]))
      case ("skewX", 1): m = .skewX(args[0])
      case ("skewY", 1): m = .skewY(args[0])
      default: return nil
      }
      result = result.concatenating(m)
    }
    return result.isFinite ? result : nil
  }

  /// `viewBox="minx miny width height"`; nil when malformed or not positive.
  package static func viewBox(_ raw: String) -> (x: Double, y: Double, w: Double, h: Double)? {
    guard let n = numberList(raw), n.count == 4, n[2] > 0, n[3] > 0 else { return nil }
    return (n[0], n[1], n[2], n[3])
  }

  /// The transform from a viewBox to a viewport of `width` × `height` under `preserveAspectRatio`
  /// (default `xMidYMid meet`).
  package static func viewBoxTransform(
    _ box: (x: Double, y: Double, w: Double, h: Double), width: Double, height: Double,
    preserveAspectRatio raw: String?
  ) -> Affine {
    var sx = width / box.w
    var sy = height / box.h
    let words = (raw ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init).filter { $0 != "defer" }
    let align = words.first ?? "xMidYMid"
    let slice = words.count > 1 && words[1] == "slice"
    if align == "none" {
      return Affine.scale(sx, sy).concatenating(.translate(-box.x, -box.y))
    }
    let s = slice ? max(sx, sy) : min(sx, sy)
    sx = s
    sy = s
    var tx = -box.x * s
    var ty = -box.y * s
    let extraX = width - box.w * s
    let extraY = height - box.h * s
    if align.contains("xMid") { tx += extraX / 2 } else if align.contains("xMax") { tx += extraX }
    if align.contains("YMid") { ty += extraY / 2 } else if align.contains("YMax") { ty += extraY }
    return Affine(s, 0, 0, s, tx, ty)
  }

  // MARK: named colours (CSS Color Module Level 4)

  static let namedColors: [String: UInt32] = [
    "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4, "azure": 0xF0FFFF,
    "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000, "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF,
    "blueviolet": 0x8A2BE2, "brown": 0xA52A2A, "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00,
    "chocolate": 0xD2691E, "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
    "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B, "darkgray": 0xA9A9A9,
    "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B, "darkmagenta": 0x8B008B,
    "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC, "darkred": 0x8B0000,
    "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B, "darkslategray": 0x2F4F4F,
    "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1, "darkviolet": 0x9400D3, "deeppink": 0xFF1493,
    "deepskyblue": 0x00BFFF, "dimgray": 0x696969, "dimgrey": 0x696969, "dodgerblue": 0x1E90FF, "firebrick": 0xB22222,
    "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22, "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC,
    "ghostwhite": 0xF8F8FF, "gold": 0xFFD700, "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000,
    "greenyellow": 0xADFF2F, "grey": 0x808080, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C,
    "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5,
    "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6, "lightcoral": 0xF08080,
    "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90,
    "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA,
    "lightskyblue": 0x87CEFA, "lightslategray": 0x778899, "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE,
    "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32, "linen": 0xFAF0E6, "magenta": 0xFF00FF,
    "maroon": 0x800000, "mediumaquamarine": 0x66CDAA, "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3,
    "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371, "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A,
    "mediumturquoise": 0x48D1CC, "mediumvioletred": 0xC71585, "midnightblue": 0x191970, "mintcream": 0xF5FFFA,
    "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080, "oldlace": 0xFDF5E6,
    "olive": 0x808000, "olivedrab": 0x6B8E23, "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6,
    "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093,
    "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB, "plum": 0xDDA0DD,
    "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xFF0000, "rosybrown": 0xBC8F8F,
    "royalblue": 0x4169E1, "saddlebrown": 0x8B4513, "salmon": 0xFA8072, "sandybrown": 0xF4A460, "seagreen": 0x2E8B57,
    "seashell": 0xFFF5EE, "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD,
    "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F, "steelblue": 0x4682B4,
    "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8, "tomato": 0xFF6347, "turquoise": 0x40E0D0,
    "violet": 0xEE82EE, "wheat": 0xF5DEB3, "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00,
    "yellowgreen": 0x9ACD32
  ]
}
