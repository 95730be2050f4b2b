/// SVG path data (`d`) → subpaths of lines and cubics, following SVG 2's grammar and its error
/// rule: drawing stops at the first error, everything before it is kept and the error is reported.
package enum PathData {
  package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 0-based offset in the path data where the error was found.
    package var offset: Int
    package var message: String
    package var description: String { "\(message) at character \(offset + 1)" }
  }

  /// The subpaths drawn, and the error that ended the data early, if any. `arcs`: how an arc
  /// command is cut into cubics (`Geometry.ArcCubics`): as ThorVG's SVG loader cuts it for a
  /// filled outline, as SVG renderers do for one that is only stroked.
  package static func parse(_ text: String, arcs: Geometry.ArcCubics = .thorvg) -> (subpaths: [Subpath], error: ParseError?) {
    var parser = Parser(text)
    parser.arcs = arcs
    let error = parser.run()
    return (parser.subpaths, error)
  }

  /// One parse: the subpaths drawn so far, the one being drawn, the pen and the current command.
  private struct Parser {
    var scanner: NumberScanner
    var subpaths: [Subpath] = []
    // The subpath being drawn, mutated in place (a copy per command would make long paths O(n²)).
    var active = Subpath(start: .zero)
    var hasActive = false
    var point = Point.zero
    var subpathStart = Point.zero
    // The last control point of the previous command, for S and T reflections.
    var lastCubicControl: Point? = nil
    var lastQuadControl: Point? = nil
    var command: UInt8 = 0
    var firstCommand = true
    var arcs = Geometry.ArcCubics.thorvg

    init(_ text: String) { scanner = NumberScanner(Array(text.utf8)) }

    /// Reads the data to its end or to its first error, which it returns.
    mutating func run() -> ParseError? {
      while true {
        scanner.skipSeparators(commas: false)
        guard let byte = scanner.peek else { break }
        if PathData.isCommandLetter(byte) {
          command = byte
          scanner.advance()
          if firstCommand && command != UInt8(ascii: "M") && command != UInt8(ascii: "m") {
            return ParseError(offset: scanner.offset - 1, message: "path data must start with M or m")
          }
          firstCommand = false
          if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
            closePath()
            continue
          }
        } else if command == 0 {
          return ParseError(offset: scanner.offset, message: "path data must start with M or m")
        } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
          flush()
          return ParseError(offset: scanner.offset, message: "a number cannot follow Z")
        }
        let start = scanner.offset
        if let error = parameters() { return error }
        // A number must have been consumed, or we would loop forever.
        if scanner.offset == start { return fail("unexpected character") }
      }
      flush()
      return nil
    }

    mutating func flush() {
      if hasActive { subpaths.append(active) }
      hasActive = false
    }

    /// Makes sure a subpath is open; a drawing command after `Z` starts a new one at the closed start.
    mutating func open() {
      if hasActive && !active.closed { return }
      flush()
      active = Subpath(start: point)
      hasActive = true
    }

    /// Ends the data early: what was drawn is kept, the error is at the current offset.
    mutating func fail(_ what: String) -> ParseError {
      flush()
      return ParseError(offset: scanner.offset, message: what)
    }

    /// Z or z.
    mutating func closePath() {
      if hasActive {
        // `Z Z` or `M x y Z Z`: closing twice changes nothing.
        active.closed = true
      } else {
        // `Z` with nothing open: a closed empty subpath at the current point.
        active = Subpath(start: point)
        active.closed = true
        hasActive = true
      }
      point = subpathStart
      lastCubicControl = nil
      lastQuadControl = nil
    }

    /// Draws `segment`, which ends at `to`, in the open subpath; `cubicControl` and `quadControl`
    /// are what a following S or T reflects (nil: nothing).
    mutating func draw(_ segment: Segment, to: Point, cubicControl: Point? = nil, quadControl: Point? = nil) {
      open()
      active.segments.append(segment)
      point = to
      lastCubicControl = cubicControl
      lastQuadControl = quadControl
    }

    /// Reads and draws one set of the current command's parameters. Implicit repeats reuse the
    /// command (after M/m they are L/l).
    mutating func parameters() -> ParseError? {
      let relative = command >= UInt8(ascii: "a")
      let upper = relative ? command - 32 : command
      let base = relative ? point : Point.zero
      switch upper {
      case UInt8(ascii: "M"): return moveTo(base: base, relative: relative)
      case UInt8(ascii: "L"), UInt8(ascii: "H"), UInt8(ascii: "V"): return line(upper, base: base, relative: relative)
      case UInt8(ascii: "C"): return cubic(base: base)
      case UInt8(ascii: "S"): return smoothCubic(base: base)
      case UInt8(ascii: "Q"): return quadratic(base: base)
      case UInt8(ascii: "T"): return smoothQuadratic(base: base)
      case UInt8(ascii: "A"): return arc(base: base)
      default: return fail("unknown path command \(Character(Unicode.Scalar(command)))")
      }
    }

    /// M: ends the open subpath and starts a new one.
    mutating func moveTo(base: Point, relative: Bool) -> ParseError? {
      guard let x = scanner.number(), let y = scanner.number() else {
        return fail("expected two numbers after \(Character(Unicode.Scalar(command)))")
      }
      flush()
      point = base + Point(x, y)
      subpathStart = point
      active = Subpath(start: point)
      hasActive = true
      command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
      lastCubicControl = nil
      lastQuadControl = nil
      return nil
    }

    /// L, H or V.
    mutating func line(_ upper: UInt8, base: Point, relative: Bool) -> ParseError? {
      let to: Point
      switch upper {
      case UInt8(ascii: "L"):
        guard let x = scanner.number(), let y = scanner.number() else { return fail("expected two numbers for a line") }
        to = base + Point(x, y)
      case UInt8(ascii: "H"):
        guard let x = scanner.number() else { return fail("expected a number for a horizontal line") }
        to = Point(relative ? point.x + x : x, point.y)
      default:
        guard let y = scanner.number() else { return fail("expected a number for a vertical line") }
        to = Point(point.x, relative ? point.y + y : y)
      }
      draw(.line(from: point, to: to), to: to)
      return nil
    }

    mutating func cubic(base: Point) -> ParseError? {
      guard let x1 = scanner.number(), let y1 = scanner.number(), let x2 = scanner.number(), let y2 = scanner.number(),
        let x = scanner.number(), let y = scanner.number()
      else { return fail("expected six numbers for a cubic curve") }
      let c2 = base + Point(x2, y2)
      let to = base + Point(x, y)
      draw(.cubic(base + Point(x1, y1), c2, to), to: to, cubicControl: c2)
      return nil
    }

    mutating func smoothCubic(base: Point) -> ParseError? {
      guard let x2 = scanner.number(), let y2 = scanner.number(), let x = scanner.number(), let y = scanner.number() else {
        return fail("expected four numbers for a smooth cubic curve")
      }
      // Reflect the previous cubic's second control point; after any other command, none.
      let c1 = lastCubicControl.map { point + (point - $0) } ?? point
      let c2 = base + Point(x2, y2)
      let to = base + Point(x, y)
      draw(.cubic(c1, c2, to), to: to, cubicControl: c2)
      return nil
    }

    mutating func quadratic(base: Point) -> ParseError? {
      guard let qx = scanner.number(), let qy = scanner.number(), let x = scanner.number(), let y = scanner.number() else {
        return fail("expected four numbers for a quadratic curve")
      }
      let q = base + Point(qx, qy)
      let to = base + Point(x, y)
      draw(PathData.quadratic(from: point, control: q, to: to), to: to, quadControl: q)
      return nil
    }

    mutating func smoothQuadratic(base: Point) -> ParseError? {
      guard let x = scanner.number(), let y = scanner.number() else { return fail("expected two numbers for a smooth quadratic curve") }
      let q = lastQuadControl.map { point + (point - $0) } ?? point
      let to = base + Point(x, y)
      draw(PathData.quadratic(from: point, control: q, to: to), to: to, quadControl: q)
      return nil
    }

    mutating func arc(base: Point) -> ParseError? {
      guard let rx = scanner.number(), let ry = scanner.number(), let rotation = scanner.number() else {
        return fail("expected radii and rotation for an arc")
      }
      guard let large = scanner.flag(), let sweep = scanner.flag() else { return fail("expected an arc flag (0 or 1)") }
      guard let x = scanner.number(), let y = scanner.number() else { return fail("expected the end point of an arc") }
      open()
      let to = base + Point(x, y)
      active.segments.append(
        contentsOf: Geometry.arc(
          from: point, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep, to: to,
          cubics: arcs))
      point = to
      lastCubicControl = nil
      lastQuadControl = nil
      return nil
    }
  }

  /// A quadratic Bézier as the cubic that draws the same curve: controls 2/3 of the way from each
  /// end to the quadratic control point.
  static func quadratic(from p0: Point, control q: Point, to p: Point) -> Segment {
    .cubic(p0 + (q - p0) * (2.0 / 3.0), p + (q - p) * (2.0 / 3.0), p)
  }

  static func isCommandLetter(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "M"), UInt8(ascii: "m"), UInt8(ascii: "L"), UInt8(ascii: "l"), UInt8(ascii: "H"), UInt8(ascii: "h"),
      UInt8(ascii: "V"), UInt8(ascii: "v"), UInt8(ascii: "C"), UInt8(ascii: "c"), UInt8(ascii: "S"), UInt8(ascii: "s"),
      UInt8(ascii: "Q"), UInt8(ascii: "q"), UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: "A"), UInt8(ascii: "a"),
      UInt8(ascii: "Z"), UInt8(ascii: "z"):
      return true
    default:
      return false
    }
  }
}

/// Reads SVG numbers: `-1.5e-3`, `.5`, `1.5.5` (two numbers), `1-2` (two numbers), with optional
/// whitespace and one comma between them.
struct NumberScanner {
  let bytes: [UInt8]
  var offset = 0
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }
  mutating func advance() { offset += 1 }

  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

  /// Skips whitespace and, when `commas`, at most one comma with whitespace around it.
  mutating func skipSeparators(commas: Bool) {
    while let b = peek, NumberScanner.isSpace(b) { offset += 1 }
    if commas, peek == UInt8(ascii: ",") {
      offset += 1
      while let b = peek, NumberScanner.isSpace(b) { offset += 1 }
    }
  }

  /// The next number, or nil (offset unchanged) when there is none.
  mutating func number() -> Double? {
    skipSeparators(commas: true)
    let begin = offset
    var i = offset
    if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
    var digits = 0
    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1; digits += 1 }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      var j = i + 1
      var fraction = 0
      while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 { j += 1; fraction += 1 }
      if fraction > 0 || digits > 0 {
        i = j
        digits += fraction
      }
    }
    guard digits > 0 else { return nil }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      var j = i + 1
      if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
      var exponentDigits = 0
      while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 { j += 1; exponentDigits += 1 }
      // `1e` followed by no digit: the `e` is not part of the number (it is not a command either,
      // so the parse fails there, as it should).
      if exponentDigits > 0 { i = j }
    }
    guard let value = Double(String(decoding: bytes[begin..<i], as: UTF8.self)), value.isFinite else {
      return nil
    }
    offset = i
    return value
  }

  /// An arc flag: exactly one `0` or `1`, which needs no separator after it (`a1 1 0 0110 0`).
  mutating func flag() -> Bool? {
    skipSeparators(commas: true)
    guard let b = peek, b == UInt8(ascii: "0") || b == UInt8(ascii: "1") else { return nil }
    offset += 1
    return b == UInt8(ascii: "1")
  }
}
