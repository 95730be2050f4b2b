import Foundation
import Testing
@testable import SVGImport

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool { close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) }

/// Evaluates a subpath's end points, for comparing what a path drew.
private func ends(_ s: Subpath) -> [Point] { [s.start] + s.segments.map(\.to) }

@Suite("SVG path data")
struct PathDataTests {
  @Test(
    "numbers: packed, exponents, signs and dots as separators",
    arguments: [
      ("M1.5.5L2-3", [Point(1.5, 0.5), Point(2, -3)]),
      ("M1e2,1E-1l.5.5", [Point(100, 0.1), Point(100.5, 0.6)]),
      ("M 1 , 2 L 3,4", [Point(1, 2), Point(3, 4)]),
      ("M0 0l1-1-1-1", [Point(0, 0), Point(1, -1), Point(0, -2)]),
      ("M-.5-.5h+1v1", [Point(-0.5, -0.5), Point(0.5, -0.5), Point(0.5, 0.5)]),
      ("M0,0L1e+1,0", [Point(0, 0), Point(10, 0)])
    ])
  func numbers(_ d: String, _ expected: [Point]) {
    let parsed = PathData.parse(d)
    #expect(parsed.error == nil)
    #expect(parsed.subpaths.count == 1)
    let points = parsed.subpaths.first.map(ends) ?? []
    #expect(points.count == expected.count && zip(points, expected).allSatisfy { close($0, $1) }, "\(points)")
  }

  @Test func packedArcFlags() {
    // svgo writes flags with no separator: large=0, sweep=1, then x=10, y=0.
    let packed = PathData.parse("M0 0a5 5 0 0110 0")
    let spaced = PathData.parse("M0 0a5 5 0 0 1 10 0")
    #expect(packed.error == nil && spaced.error == nil)
    #expect(packed.subpaths == spaced.subpaths)
    #expect(close(packed.subpaths[0].segments.last!.to, Point(10, 0)))
    // Flags then a number glued to them: "a1 1 0 1,1 .5.5" style.
    let glued = PathData.parse("M0 0a1 1 0 11.5.5")
    #expect(glued.error == nil)
    #expect(close(glued.subpaths[0].segments.last!.to, Point(0.5, 0.5)))
    // A flag that is not 0 or 1 is an error, and what came before is kept.
    let bad = PathData.parse("M0 0L1 1a1 1 0 2 1 3 3")
    #expect(bad.error != nil)
    #expect(bad.subpaths.count == 1 && bad.subpaths[0].segments.count == 1)
  }

  @Test func implicitRepeatsAfterMoveAreLines() {
    let p = PathData.parse("m1 1 2 0 0 2z")
    #expect(p.error == nil)
    #expect(ends(p.subpaths[0]).elementsEqual([Point(1, 1), Point(3, 1), Point(3, 3)], by: { close($0, $1) }))
    #expect(p.subpaths[0].closed)
    #expect(p.subpaths[0].segments.allSatisfy { $0.isLine })
  }

  @Test func smoothCubicReflectsOnlyAfterACubic() {
    let afterCubic = PathData.parse("M0 0C0 10 10 10 10 0S20 -10 20 0")
    let s = afterCubic.subpaths[0].segments[1]
    #expect(close(s.control1, Point(10, -10)))
    // After a line, S's first control point is the current point.
    let afterLine = PathData.parse("M0 0L10 0S20 -10 20 0")
    #expect(close(afterLine.subpaths[0].segments[1].control1, Point(10, 0)))
  }

  @Test func quadraticBecomesCubicAtTwoThirds() {
    let p = PathData.parse("M0 0Q3 6 6 0")
    let seg = p.subpaths[0].segments[0]
    #expect(close(seg.control1, Point(2, 4)))
    #expect(close(seg.control2, Point(4, 4)))
    // T reflects the previous control point; after a non-quadratic it is the current point.
    let t = PathData.parse("M0 0Q3 6 6 0T12 0")
    #expect(close(t.subpaths[0].segments[1].control1, Point(6, 0) + (Point(9, -6) - Point(6, 0)) * (2.0 / 3.0)))
    let tAfterLine = PathData.parse("M0 0L6 0T12 0")
    let straight = tAfterLine.subpaths[0].segments[1]
    #expect(close(straight.control1, Point(6, 0)) && close(straight.control2, Point(8, 0)))
  }

  @Test func closeThenDrawStartsAtTheSubpathStart() {
    let p = PathData.parse("M5 5L10 5L10 10ZL0 10")
    #expect(p.subpaths.count == 2)
    #expect(p.subpaths[1].start == Point(5, 5))
    #expect(!p.subpaths[1].closed)
  }

  @Test("errors keep what was drawn before them", arguments: ["M0 0L1 1L", "M0 0L1 1 x", "M0 0 L1 1 Z 5", "L1 1"])
  func errors(_ d: String) {
    let p = PathData.parse(d)
    #expect(p.error != nil)
    if d.hasPrefix("M") { #expect(p.subpaths.first?.segments.first?.to == Point(1, 1)) }
  }

  @Test func hugeNumbersAreErrorsNotInfinities() {
    let p = PathData.parse("M0 0L1e999 1")
    #expect(p.error != nil)
  }
}

@Suite("SVG arcs")
struct ArcTests {
  @Test func arcsAreSplitAt45DegreesWithTheExactHandleLength() {
    // A semicircle of radius 10 from (0,0) to (20,0): four 45° segments.
    let segments = Geometry.arc(from: Point(0, 0), rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: Point(20, 0))
    #expect(segments.count == 4)
    let k = 4.0 / 3.0 * tan(Double.pi / 16) * 10
    #expect(close((segments[0].control1 - Point(0, 0)).length, k, 1e-9))
    #expect(close(segments[3].to, Point(20, 0)))
    // The top of the semicircle (sweep=1: clockwise on screen, through y = -10).
    #expect(close(segments[1].to, Point(10, -10), 1e-9))
  }

  @Test func everyPointOfEverySegmentLiesOnTheEllipseWithinATinyError() {
    for (large, sweep) in [(false, false), (false, true), (true, false), (true, true)] {
      let segments = Geometry.arc(from: Point(3, 2), rx: 7, ry: 4, rotation: 30, largeArc: large, sweep: sweep, to: Point(9, 6))
      #expect(segments.count >= 1 && segments.count <= 8)
      #expect(close(segments.last!.to, Point(9, 6)))
    }
    // Radius error of the cubic approximation of 45° arcs: under 0.0005%.
    let arc = Geometry.arc(from: Point(10, 0), rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: Point(0, 10))
    #expect(arc.count == 2)
    var worst = 0.0
    var start = Point(10, 0)
    for seg in arc {
      for i in 0...100 {
        let p = Geometry.cubicPoint(start, seg.control1, seg.control2, seg.to, Double(i) / 100)
        worst = max(worst, abs(p.length - 10) / 10)
      }
      start = seg.to
    }
    #expect(worst < 0.000005, "radius error \(worst)")
  }

  @Test func radiiTooSmallAreScaledUpAndZeroRadiiDrawALine() {
    let scaled = Geometry.arc(from: Point(0, 0), rx: 1, ry: 1, rotation: 0, largeArc: false, sweep: true, to: Point(10, 0))
    #expect(close(scaled.last!.to, Point(10, 0)))
    #expect(close(scaled[1].to, Point(5, -5), 1e-9))
    let line = Geometry.arc(from: Point(0, 0), rx: 0, ry: 5, rotation: 0, largeArc: false, sweep: true, to: Point(10, 0))
    #expect(line.count == 1 && line[0].isLine)
    #expect(Geometry.arc(from: Point(1, 1), rx: 5, ry: 5, rotation: 0, largeArc: true, sweep: true, to: Point(1, 1)).isEmpty)
  }

  /// #19: a path's arc is the curve SVG renderers draw (resvg, Chromium: ⌈|Δθ|/90°⌉ cubics with
  /// k = 4/3·tan(θ/4)), each cut in two at its parameter midpoint when it spans more than 45°.
  @Test func pathArcsAreTheRenderersCubicsCutAt45Degrees() {
    // Lucide's loader-circle: a 288° arc of radius 9, which renderers draw as four 72° cubics.
    let from = Point(21, 12), to = Point(21 - 6.219, 12 - 8.56)
    let pieces = Geometry.arc(from: from, rx: 9, ry: 9, rotation: 0, largeArc: true, sweep: true, to: to, cubics: .renderers)
    #expect(pieces.count == 8)
    #expect(pieces.last!.to == to)
    var start = from
    for pair in stride(from: 0, to: pieces.count, by: 2) {
      let (a, b) = (pieces[pair], pieces[pair + 1])
      // The two halves put back together (de Casteljau at t = 1/2, inverted).
      let c1 = start + (a.control1 - start) * 2
      let c2 = b.to + (b.control2 - b.to) * 2
      #expect(close(Geometry.cubicPoint(start, c1, c2, b.to, 0.5), a.to, 1e-12))
      #expect(close(a.control2, (a.control1 + (c1 + (c2 - c1) * 0.5)) * 0.5, 1e-12))
      // The whole cubic is the renderers' 72° piece: handles of 4/3·tan(18°)·r, ends on the circle.
      let k = 4.0 / 3.0 * tan(72.0 / 4 * .pi / 180) * 9
      #expect(close((c1 - start).length, k, 1e-3))
      #expect(close((b.to - c2).length, k, 1e-3))
      #expect(close((b.to - Point(12, 12)).length, 9, 1e-3))
      start = b.to
    }
    // Within the renderers' accuracy of the ellipse: 2.7·10⁻⁴ of the radius for a 90° cubic.
    let circle = Geometry.arc(from: Point(10, 0), rx: 10, ry: 10, rotation: 0, largeArc: true, sweep: true, to: Point(0, -10), cubics: .renderers)
    #expect(circle.count == 6)
    var worst = 0.0
    start = Point(10, 0)
    for seg in circle {
      for i in 0...100 {
        worst = max(worst, abs(Geometry.cubicPoint(start, seg.control1, seg.control2, seg.to, Double(i) / 100).length - 10) / 10)
      }
      start = seg.to
    }
    #expect(worst < 0.0003, "radius error \(worst)")
  }

  /// #19: a filled path's arc is cut as ThorVG's SVG loader cuts it (⌊|Δθ|/90°⌋ + 1 equal cubics,
  /// k = 4/3·tan(θ/4), uncut), so that ThorVG flattens the Lottie into the chords it draws the
  /// SVG with.
  @Test func filledPathArcsAreThorVGsCubics() {
    // A semicircle of radius 5: three 60° cubics (the renderers' count would be two).
    let half = PathData.parse("M0 0a5 5 0 0 1 10 0").subpaths[0].segments
    #expect(half.count == 3)
    let k = 4.0 / 3.0 * tan(60.0 / 4 * .pi / 180) * 5
    var start = Point(0, 0)
    for seg in half {
      #expect(close((seg.control1 - start).length, k, 1e-9))
      #expect(close((seg.to - seg.control2).length, k, 1e-9))
      #expect(close((seg.to - Point(5, 0)).length, 5, 1e-9))
      start = seg.to
    }
    #expect(close(half[0].to, Point(5 - 5 * cos(.pi / 3), -5 * sin(.pi / 3))))
    #expect(half.last!.to == Point(10, 0))
    // An exact quarter is two 45° cubics, as ThorVG's ⌊1⌋ + 1; under a quarter, one; 270°, four.
    let quarter = Geometry.arc(from: Point(10, 0), rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: Point(0, 10), cubics: .thorvg)
    #expect(quarter.count == 2)
    let small = Point(10 * cos(1.5), 10 * sin(1.5))
    #expect(Geometry.arc(from: Point(10, 0), rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: small, cubics: .thorvg).count == 1)
    #expect(Geometry.arc(from: Point(10, 0), rx: 10, ry: 10, rotation: 0, largeArc: true, sweep: true, to: Point(0, -10), cubics: .thorvg).count == 4)
    // A path that is only stroked keeps the renderers' cubics, cut at 45°.
    #expect(PathData.parse("M0 0a5 5 0 0 1 10 0", arcs: .renderers).subpaths[0].segments.count == 4)
  }

  @Test func pathArcsUpTo45DegreesAreOneCubicAndQuartersAreHalvedCubics() {
    // Up to 45°: one cubic, as `arc`.
    let small = Point(10 * cos(0.5), 10 * sin(0.5))
    #expect(
      Geometry.arc(from: Point(10, 0), rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: small, cubics: .renderers)
        == Geometry.arc(from: Point(10, 0), rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: small))
    // A quarter: the renderers' single 90° cubic (k = 0.5523), cut at its midpoint.
    let quarter = Geometry.arc(from: Point(10, 0), rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: Point(0, 10), cubics: .renderers)
    #expect(quarter.count == 2)
    let k = 4.0 / 3.0 * tan(Double.pi / 8) * 10
    #expect(close(quarter[0].control1, Point(10, k / 2)))
    #expect(close(quarter[1].control2, Point(k / 2, 10)))
    #expect(close(quarter[0].to, Geometry.cubicPoint(Point(10, 0), Point(10, k), Point(k, 10), Point(0, 10), 0.5)))
    // A semicircle: two 90° cubics, four pieces; PathData draws `a` this way for stroked outlines.
    let half = PathData.parse("M0 0a5 5 0 0 1 10 0", arcs: .renderers).subpaths[0].segments
    #expect(half.count == 4)
    #expect(half == Geometry.arc(from: Point(0, 0), rx: 5, ry: 5, rotation: 0, largeArc: false, sweep: true, to: Point(10, 0), cubics: .renderers))
    #expect(close(half[1].to, Point(5, -5)))
    // Degenerate arcs behave as `arc`: nothing for equal ends, a line for a zero radius.
    #expect(Geometry.arc(from: Point(1, 1), rx: 5, ry: 5, rotation: 0, largeArc: true, sweep: true, to: Point(1, 1), cubics: .renderers).isEmpty)
    let line = Geometry.arc(from: Point(0, 0), rx: 0, ry: 5, rotation: 0, largeArc: false, sweep: true, to: Point(10, 0), cubics: .renderers)
    #expect(line.count == 1 && line[0].isLine)
  }
}

@Suite("SVG values")
struct ValueTests {
  @Test(
    "colours",
    arguments: [
      ("red", RGBA(1, 0, 0)), ("#0f0", RGBA(0, 1, 0)), ("#00F", RGBA(0, 0, 1)), ("#ff000080", RGBA(1, 0, 0, 128.0 / 255)),
      ("#f008", RGBA(1, 0, 0, 136.0 / 255)), ("rgb(255, 0, 0)", RGBA(1, 0, 0)), ("rgb(100%,50%,0%)", RGBA(1, 0.5, 0)),
      ("rgba(0,0,255,.5)", RGBA(0, 0, 1, 0.5)), ("rgb(0 0 255 / 50%)", RGBA(0, 0, 1, 0.5)), ("hsl(120, 100%, 50%)", RGBA(0, 1, 0)),
      ("hsla(240,100%,50%,0.25)", RGBA(0, 0, 1, 0.25)), ("HSL(0deg 100% 25%)", RGBA(0.5, 0, 0)), ("RebeccaPurple", RGBA(0x66 / 255.0, 0.2, 0.6)),
      ("transparent", RGBA(0, 0, 0, 0))
    ])
  func colours(_ text: String, _ expected: RGBA) {
    let c = SVGValues.color(text)
    #expect(c != nil)
    if let c { #expect(close(c.r, expected.r, 1e-6) && close(c.g, expected.g, 1e-6) && close(c.b, expected.b, 1e-6) && close(c.a, expected.a, 1e-6), "\(c)") }
  }

  @Test("unreadable colours are nil", arguments: ["#12", "#ggg", "rgb(1,2)", "blurple", "hsl(1,2,3)"])
  func badColours(_ text: String) { #expect(SVGValues.color(text) == nil) }

  @Test func paints() {
    #expect(SVGValues.paint("none") == Paint.none)
    #expect(SVGValues.paint("currentColor") == .currentColor)
    #expect(SVGValues.paint("url(#g) red") == .reference("g", fallback: RGBA(1, 0, 0)))
    #expect(SVGValues.paint("url('#g')") == .reference("g", fallback: nil))
  }

  @Test(
    "units",
    arguments: [
      ("10", 10.0), ("10px", 10), ("3pt", 4), ("1pc", 16), ("25.4mm", 96), ("2.54cm", 96), ("1in", 96), ("2em", 32), ("50%", 50)
    ])
  func units(_ text: String, _ expected: Double) {
    #expect(close(SVGValues.length(text, axis: .horizontal, viewport: (100, 40)) ?? -1, expected, 1e-9))
  }

  @Test func percentagesFollowTheirAxis() {
    #expect(SVGValues.length("50%", axis: .vertical, viewport: (100, 40)) == 20)
    // Neither axis: the normalised diagonal, √((w² + h²) / 2).
    let d = SVGValues.length("100%", axis: .other, viewport: (30, 40)) ?? 0
    #expect(close(d, (2500.0 / 2).squareRoot()))
  }

  @Test func transformListsComposeLeftToRight() throws {
    let m = try #require(SVGValues.transform("translate(10 20) scale(2)"))
    #expect(close(m.apply(Point(1, 1)), Point(12, 22)))
    let rotated = try #require(SVGValues.transform("rotate(90 5 5)"))
    #expect(close(rotated.apply(Point(10, 5)), Point(5, 10), 1e-12))
    let skew = try #require(SVGValues.transform("skewX(45)"))
    #expect(close(skew.apply(Point(0, 10)), Point(10, 10), 1e-12))
    let matrix = try #require(SVGValues.transform("matrix(1,0,0,1,5,6),translate(1)"))
    #expect(close(matrix.apply(.zero), Point(6, 6)))
    #expect(SVGValues.transform("rotate(1 2)") == nil)
    #expect(SVGValues.transform("translate(1") == nil)
  }

  @Test func viewBoxAndPreserveAspectRatio() throws {
    let box = try #require(SVGValues.viewBox("-10 -10 20 20"))
    let meet = SVGValues.viewBoxTransform(box, width: 100, height: 50, preserveAspectRatio: nil)
    // Scale 2.5 (the smaller), centred horizontally.
    #expect(close(meet.apply(Point(-10, -10)), Point(25, 0)))
    #expect(close(meet.apply(Point(10, 10)), Point(75, 50)))
    let none = SVGValues.viewBoxTransform(box, width: 100, height: 50, preserveAspectRatio: "none")
    #expect(close(none.apply(Point(10, 10)), Point(100, 50)))
    let slice = SVGValues.viewBoxTransform(box, width: 100, height: 50, preserveAspectRatio: "xMinYMin slice")
    #expect(close(slice.apply(Point(-10, -10)), Point(0, 0)))
    #expect(close(slice.apply(Point(10, 10)), Point(100, 100)))
    #expect(SVGValues.viewBox("0 0 -1 5") == nil)
  }
}

@Suite("CSS")
struct CSSTests {
  func tree(_ svg: String) throws -> XMLTree { try XMLTree(parsing: Array(svg.utf8)) }

  @Test func specificityOrderAndImportance() throws {
    let t = try tree(#"<svg xmlns="http://www.w3.org/2000/svg"><g class="a"><path id="p" class="b c" d="M0 0"/></g></svg>"#)
    var sheet = Stylesheet()
    sheet.add(
      """
      /* comment */ path { fill: red } .b { fill: green; stroke: black !important } #p { fill: blue }
      g path.c { stroke: white } @media print { path { fill: pink } } .a > .b { opacity: .5 } path:hover { fill: teal }
      """)
    let p = try #require(t.elements.firstIndex { $0.name == "path" })
    var result: [String: String] = [:]
    for d in sheet.matchingDeclarations(for: p, in: t) { result[d.property] = d.value }
    #expect(result["fill"] == "blue")
    #expect(result["stroke"] == "black")
    #expect(result["opacity"] == ".5")
    #expect(sheet.unsupportedSelectors == ["path:hover"])
  }

  @Test func declarationsKeepSemicolonsInsideParentheses() {
    let d = Stylesheet.declarations("fill: url(data:x;y) ; stroke:red;;opacity: .5 !IMPORTANT")
    #expect(d.map(\.property) == ["fill", "stroke", "opacity"])
    #expect(d[0].value == "url(data:x;y)")
    #expect(d[2].important && d[2].value == ".5")
  }
}
