import Foundation
import LottieJSON
import LottieLint
import Testing
@testable import SVGImport

private func svg(_ body: String, _ attributes: String = #"width="20" height="20""#) -> String {
  #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \#(attributes)>\#(body)</svg>"#
}

private func convert(_ text: String, _ options: SVGOptions = SVGOptions()) throws -> (doc: JSONDocument, conversion: SVGConversion) {
  let c = try SVGConverter.convert(Array(text.utf8), options: options)
  return (try JSONDocument(parsing: c.animation.minified), c)
}

/// Every item of a given `ty` anywhere under the layer's shapes, in document order.
private func items(_ doc: JSONDocument, _ type: String) -> [JSONNode] {
  var out: [JSONNode] = []
  var stack: [JSONNode] = doc.root["layers"]?.element(at: 0)?["shapes"]?.elements.reversed() ?? []
  while let n = stack.popLast() {
    if n["ty"]?.string == type { out.append(n) }
    if let it = n["it"] { stack.append(contentsOf: it.elements.reversed()) }
  }
  return out
}

private func numbers(_ node: JSONNode?) -> [Double] { node?.elements.compactMap(\.double) ?? [] }
private func vertices(_ path: JSONNode) -> [[Double]] { path["ks"]?["k"]?["v"]?.elements.map(numbers) ?? [] }
private func close(_ a: Double, _ b: Double, _ t: Double = 1e-3) -> Bool { abs(a - b) <= t }

@Suite("SVG conversion")
struct ConverterTests {
  /// #19: a stroked outline's arc is the renderers' cubics cut to 45° (a semicircle: 2 x 90°, 4
  /// vertices after the start); a filled one is ThorVG's SVG loader's cubics (3 x 60°, 3 after it).
  @Test func strokedOutlinesGetTheRenderersArcsAndFillsThorVGs() throws {
    let d = #"d="M0 10a5 5 0 0 1 10 0""#
    let (stroked, _) = try convert(svg(#"<path \#(d) fill="none" stroke="black"/>"#))
    let (filled, _) = try convert(svg(#"<path \#(d)/>"#))
    let s = try #require(items(stroked, "sh").first), f = try #require(items(filled, "sh").first)
    #expect(vertices(s).count == 5 && vertices(f).count == 4)
    let out = { (p: JSONNode) in p["ks"]?["k"]?["o"]?.elements.map(numbers) ?? [] }
    // First handle: half the 90° cubic's (k = 4/3·tan(22.5°)·5 / 2 = 1.381) vs the 60° one's (1.786).
    #expect(abs((out(s).first?.last ?? 0) + 1.381) < 0.001, "\(out(s))")
    #expect(abs((out(f).first?.last ?? 0) + 1.786) < 0.001, "\(out(f))")
  }

  /// #19: resvg and ThorVG's SVG loader draw opacity × 255 rounded (a tie to even); ThorVG's and
  /// rlottie's Lottie loaders truncate the percentage × 2.55. Where those differ the percentage is
  /// written a quarter step above the SVG renderers' alpha; elsewhere it stays as it is.
  @Test func opacitiesAreDrawnWithTheSVGRenderersAlpha() throws {
    for (opacity, alpha) in [(0.5, 128.0), (0.25, 64), (0.3, 76), (0.7, 178), (0.4, 102), (0.999, 255), (0.001, 0)] {
      let (doc, _) = try convert(svg(#"<rect width="5" height="5" fill-opacity="\#(opacity)"/>"#))
      let percent = try #require(items(doc, "fl").first?["o"]?["k"]?.double)
      #expect((percent / 100 * 255).rounded(.down) == alpha, "\(opacity) written \(percent)")
      #expect(percent >= 0 && percent <= 100)
      // Unchanged where truncating already gives the SVG renderers' alpha.
      if (opacity * 255).rounded(.down) == alpha { #expect(percent == opacity * 100, "\(opacity) written \(percent)") }
    }
  }

  /// #19: players truncate coordinates to 1/64 of a pixel (ThorVG's `TO_SWCOORD`, rlottie's
  /// `TO_FT_COORD`), so a point on that grid is written exactly; any other to 3 decimals.
  @Test func pointsOnTheSixtyFourthGridStayExact() throws {
    let (doc, _) = try convert(svg(#"<path d="M4 4L9.46875 8.03125L9.46874 2.015625L1.0001 1z"/>"#))
    let v = vertices(try #require(items(doc, "sh").first))
    #expect(v == [[4, 4], [9.46875, 8.03125], [9.469, 2.015625], [1, 1]], "\(v)")
  }

  /// #19: rlottie strokes nothing of a group where a closed subpath is followed by one starting at
  /// its first point with a curve (Lucide's headset); the converter starts the closed one a vertex
  /// later, unless the stroke is dashed (its dashes begin at the start).
  @Test func aClosedSubpathFollowedByACurveFromItsStartIsStartedLater() throws {
    let d = #"d="M3 11h3v5H3Zm0 0a9 9 0 1 1 18 0""#
    let (solid, _) = try convert(svg(#"<path \#(d) fill="none" stroke="black"/>"#, #"width="24" height="24""#))
    let paths = items(solid, "sh").map(vertices)
    #expect(paths.count == 2)
    #expect(paths.first?.first != [3, 11] && paths.last?.first == [3, 11], "\(paths)")
    // The same four corners, from the next one on.
    #expect(Set(paths.first ?? []) == Set([[3, 11], [6, 11], [6, 16], [3, 16]]), "\(paths)")
    let (dashed, _) = try convert(svg(#"<path \#(d) fill="none" stroke="black" stroke-dasharray="2 1"/>"#, #"width="24" height="24""#))
    #expect(items(dashed, "sh").map(vertices).first?.first == [3, 11])
    // A line out of the shared point does not trip rlottie: nothing moves.
    let (line, _) = try convert(svg(#"<path d="M3 11h3v5H3Zm0 0l9 -9" fill="none" stroke="black"/>"#, #"width="24" height="24""#))
    #expect(items(line, "sh").map(vertices).first?.first == [3, 11])
  }

  @Test func strokeDefaultsAreSVGs() throws {
    let (doc, _) = try convert(svg(#"<path d="M1 1L10 10" stroke="red" fill="none"/>"#))
    let stroke = try #require(items(doc, "st").first)
    #expect(stroke["lc"]?.int == 1 && stroke["lj"]?.int == 1 && stroke["ml"]?.double == 4)
    #expect(items(doc, "fl").isEmpty)
  }

  @Test func groupOpacityAppliesOnceAtItsOwnLevel() throws {
    let (doc, _) = try convert(svg(#"<g opacity=".7"><rect width="5" height="5" opacity=".5" fill-opacity=".4"/></g>"#))
    let transforms = items(doc, "tr").map { $0["o"]?["k"]?.double ?? -1 }
    // The group's own transform is the last item of its list, so the inner one comes first.
    #expect(transforms.sorted() == [50.294, 70])  // .5 as 50.294: see opacitiesAreDrawnWithTheSVGRenderersAlpha
    #expect(items(doc, "fl").first?["o"]?["k"]?.double == 40)
  }

  @Test func viewBoxOffsetsAreScaledWithTheViewBox() throws {
    let (doc, c) = try convert(svg(#"<rect x="-10" y="-10" width="20" height="20"/>"#, #"width="40" height="40" viewBox="-10 -10 20 20""#))
    #expect(c.width == 40 && c.height == 40)
    let v = vertices(try #require(items(doc, "sh").first))
    #expect(v.contains([0, 0]) && v.contains([40, 40]), "\(v)")
  }

  @Test func documentOrderIsReversed() throws {
    let (doc, _) = try convert(svg(#"<rect id="below" width="5" height="5"/><rect id="above" width="5" height="5"/>"#))
    let names = doc.root["layers"]?.element(at: 0)?["shapes"]?.elements.compactMap { $0["nm"]?.string }
    #expect(names == ["above", "below"])
  }

  @Test func fillRuleAndCurrentColor() throws {
    var options = SVGOptions()
    options.currentColor = RGBA(0, 0, 1)
    let (doc, _) = try convert(
      svg(#"<path d="M0 0h9v9z" fill="currentColor" fill-rule="evenodd"/><g color="lime"><path d="M0 0h9v9z" fill="currentColor"/></g>"#), options)
    let fills = items(doc, "fl")
    #expect(fills.count == 2)
    // Reversed order: the lime one is first.
    #expect(numbers(fills[0]["c"]?["k"]) == [0, 1, 0, 1])
    #expect(numbers(fills[1]["c"]?["k"]) == [0, 0, 1, 1])
    #expect(fills[1]["r"]?.int == 2)
  }

  @Test func cssCascadeAndInheritance() throws {
    let (doc, _) = try convert(
      svg(
        """
        <style>.icon { fill: #00ff00 } g.outline path { stroke: blue; stroke-width: 2 }</style>
        <g class="outline" stroke-linecap="round"><path class="icon" d="M0 0h9v9z" style="fill-opacity: .5"/></g>
        """))
    let fill = try #require(items(doc, "fl").first)
    #expect(numbers(fill["c"]?["k"]) == [0, 1, 0, 1])
    #expect(fill["o"]?["k"]?.double == 50.294)
    let stroke = try #require(items(doc, "st").first)
    #expect(numbers(stroke["c"]?["k"]) == [0, 0, 1, 1])
    #expect(stroke["w"]?["k"]?.double == 2 && stroke["lc"]?.int == 2)
  }

  @Test func transformsAreBakedIntoVertices() throws {
    let (doc, _) = try convert(svg(#"<g transform="translate(5 0)"><rect width="2" height="2" transform="skewX(45) scale(2 1)"/></g>"#))
    let v = vertices(try #require(items(doc, "sh").first))
    // (2,2) → scale → (4,2) → skewX 45° → (6,2) → translate → (11,2)
    #expect(v.contains([11, 2]), "\(v)")
    #expect(items(doc, "tr").allSatisfy { numbers($0["s"]?["k"]) == [100, 100] && $0["r"]?["k"]?.double == 0 })
  }

  @Test func useWithBothHrefsAndSymbolsWithViewBoxes() throws {
    let (doc, c) = try convert(
      svg(
        """
        <defs><rect id="r" width="2" height="2"/><symbol id="s" viewBox="0 0 1 1"><rect width="1" height="1"/></symbol></defs>
        <use href="#r" x="3"/><use xlink:href="#r" y="3"/><use href="#s" x="10" width="4" height="4"/><use href="#missing"/>
        """))
    let all = items(doc, "sh").flatMap(vertices)
    #expect(all.contains([5, 2]) && all.contains([2, 5]) && all.contains([14, 4]), "\(all)")
    #expect(c.warnings.contains { $0.message.contains("#missing") })
  }

  @Test func useCyclesStop() throws {
    let (_, c) = try convert(svg(##"<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/><rect width="1" height="1"/></g>"##))
    #expect(c.warnings.contains { $0.message.contains("refers to itself") })
  }

  @Test func oddDashArraysRepeat() throws {
    let (doc, _) = try convert(svg(#"<path d="M0 0h10" stroke="red" stroke-dasharray="1 2 3" stroke-dashoffset="1"/>"#))
    let dashes = try #require(items(doc, "st").first?["d"])
    #expect(dashes.elements.map { $0["n"]?.string ?? "" } == ["d", "g", "d", "g", "d", "g", "o"])
    #expect(dashes.elements.compactMap { $0["v"]?["k"]?.double } == [1, 2, 3, 1, 2, 3, 1])
  }

  @Test func zeroLengthSubpathsWithRoundCapsBecomeDots() throws {
    let (doc, _) = try convert(svg(#"<path d="M5 5z M8 8h0" stroke="red" stroke-width="2" stroke-linecap="round" fill="none"/>"#))
    let dots = items(doc, "sh").filter { ($0["nm"]?.string ?? "").hasPrefix("Dot") }
    #expect(dots.count == 2)
    let v = vertices(dots[0])
    #expect(v.contains([6, 5]) && v.contains([4, 5]), "\(v)")
    // Butt caps draw nothing for them.
    let (butt, _) = try convert(svg(#"<path d="M5 5z" stroke="red" fill="none"/>"#))
    #expect(items(butt, "sh").isEmpty)
  }

  @Test func linearGradientInBoundingBoxUnitsWithInheritedStops() throws {
    let (doc, _) = try convert(
      svg(
        """
        <linearGradient id="base"><stop offset="0" stop-color="red"/><stop offset="100%" stop-color="blue" stop-opacity=".5"/></linearGradient>
        <linearGradient id="g" href="#base" x2="0" y2="1"/>
        <rect x="2" y="4" width="10" height="6" fill="url(#g)"/>
        """))
    let g = try #require(items(doc, "gf").first)
    #expect(g["t"]?.int == 1)
    #expect(numbers(g["s"]?["k"]) == [2, 4])
    #expect(numbers(g["e"]?["k"]) == [2, 10])
    #expect(g["g"]?["p"]?.int == 2)
    // Colours then opacities: [0,1,0,0, 1,0,0,1, 0,1, 1,0.5]
    #expect(numbers(g["g"]?["k"]?["k"]) == [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5])
  }

  @Test func linearGradientUnderSkewStaysExact() throws {
    // Gradient space: colour changes along x. After skewY(45), lines of equal colour stay
    // vertical, so the Lottie vector must stay horizontal even though the mapped end moved down.
    let (doc, _) = try convert(
      svg(
        """
        <linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="10" y2="0"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
        <rect width="10" height="10" fill="url(#g)" transform="skewY(45)"/>
        """))
    let g = try #require(items(doc, "gf").first)
    #expect(numbers(g["s"]?["k"]) == [0, 0])
    #expect(numbers(g["e"]?["k"]) == [10, 0])
  }

  @Test func radialGradientWithFocus() throws {
    let (doc, c) = try convert(
      svg(
        """
        <radialGradient id="g" cx="10" cy="10" r="5" fx="12" fy="10" gradientUnits="userSpaceOnUse"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient>
        <circle cx="10" cy="10" r="5" fill="url(#g)"/>
        """))
    let g = try #require(items(doc, "gf").first)
    #expect(g["t"]?.int == 2)
    #expect(numbers(g["s"]?["k"]) == [10, 10] && numbers(g["e"]?["k"]) == [15, 10])
    #expect(close(g["h"]?["k"]?.double ?? 0, 40))
    #expect(c.warnings.isEmpty)
    // Stretched by a non-square bounding box: reported.
    let (_, stretched) = try convert(
      svg(
        """
        <radialGradient id="g"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient>
        <rect width="10" height="2" fill="url(#g)"/>
        """))
    #expect(stretched.warnings.contains { $0.message.contains("radial gradient") })
  }

  @Test func spreadMethodAndPatternsAreReported() throws {
    let (_, c) = try convert(
      svg(
        """
        <linearGradient id="g" spreadMethod="reflect"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
        <pattern id="p" width="2" height="2"/>
        <rect width="5" height="5" fill="url(#g)"/>
        <rect width="5" height="5" fill="url(#p) red"/>
        """))
    #expect(c.warnings.contains { $0.message.contains("spreadMethod") && $0.line == 3 })
    #expect(c.warnings.contains { $0.message.contains("<pattern>") && $0.line == 4 })
  }

  @Test func unsupportedFeaturesAreReportedWithTheirLine() throws {
    let (_, c) = try convert(
      svg(
        """

        <text x="1" y="1">hi</text>
        <image href="a.png" width="1" height="1"/>
        <clipPath id="c"><rect width="1" height="1"/></clipPath>
        <rect width="4" height="4" clip-path="url(#c)"/>
        <rect width="4" height="4" filter="url(#f)" mask="url(#m)"/>
        <path d="M0 0L1 1" marker-end="url(#m)"/>
        <animate attributeName="x"/>
        """))
    let lines = Set(c.warnings.map(\.line))
    // Line 5's clip path is converted (#19); line 6's mask names nothing.
    #expect(lines == [2, 3, 6, 7, 8], "\(c.warnings)")
    #expect(c.warnings.contains { $0.line == 6 && $0.message.contains("does not name a <mask>") })
  }

  @Test func nestedSVGAndUnits() throws {
    let (doc, c) = try convert(
      svg(
        #"<svg x="10" y="10" width="10" height="10" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>"#,
        #"width="1in" height="0.5in""#))
    #expect(c.width == 96 && c.height == 48)
    let v = vertices(try #require(items(doc, "sh").first))
    #expect(v.contains([10, 10]) && v.contains([20, 20]), "\(v)")
  }

  @Test func sizeOptionFitsTheDrawing() throws {
    var options = SVGOptions()
    options.size = (100, 50)
    options.frameRate = 30
    options.duration = 2
    let (doc, c) = try convert(svg(#"<rect width="20" height="20"/>"#), options)
    #expect(c.width == 100 && c.height == 50)
    #expect(doc.root["op"]?.double == 60 && doc.root["fr"]?.double == 30)
    let v = vertices(try #require(items(doc, "sh").first))
    #expect(v.contains([25, 0]) && v.contains([75, 50]), "\(v)")
  }

  @Test func displayNoneAndVisibility() throws {
    let (doc, _) = try convert(
      svg(
        #"<rect width="1" height="1" display="none"/><g visibility="hidden"><rect width="1" height="1"/><rect width="2" height="2" visibility="visible"/></g>"#)
    )
    #expect(items(doc, "sh").count == 1)
  }

  @Test(
    "malformed and hostile documents give errors with a line, quickly",
    arguments: zip(
      ["unclosed", "not svg", "empty", "5000 nested groups"],
      [
        ("<svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"M0 0\"></svg>", "1:"),
        ("<html/>", "not <svg>"),
        ("", "empty"),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g>", count: 5000) + String(repeating: "</g>", count: 5000) + "</svg>", "depth")
      ]))
  func malformed(_ label: String, _ sample: (String, String)) {
    let (text, expected) = sample
    #expect(throws: SVGConversionError.self) { try SVGConverter.convert(Array(text.utf8)) }
    do { _ = try SVGConverter.convert(Array(text.utf8)) } catch {
      #expect(error.description.contains(expected), "\(error)")
      #expect(error.line >= 1)
    }
  }

  @Test func billionLaughsIsRefusedOrBounded() throws {
    var doc = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">"#
    var previous = "a"
    for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
      doc += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
      previous = name
    }
    doc += #"]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="&j;" height="5" class="&j;"/><style>&j;</style></svg>"#
    do {
      let c = try SVGConverter.convert(Array(doc.utf8))
      // Converted: the entity was not expanded ten levels deep.
      #expect(c.animation.minified.count < 100_000)
    } catch {
      #expect(error.line >= 1)
    }
  }

  @Test func externalEntitiesAreNeverRead() throws {
    let doc =
      #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="&x;"><rect width="1" height="1"/></g></svg>"#
    let hostname = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "no-hostname-here"
    do {
      let c = try SVGConverter.convert(Array(doc.utf8))
      #expect(!String(decoding: c.animation.minified, as: UTF8.self).contains(hostname))
    } catch {
      #expect(!error.description.contains(hostname))
    }
  }

  @Test func illustratorStyleEntitiesInNamespacesStillWork() throws {
    let doc =
      #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY ns_svg "http://www.w3.org/2000/svg">]><svg xmlns="&ns_svg;" width="10" height="10"><rect width="4" height="4" fill="red"/></svg>"#
    let (json, _) = try convert(doc)
    #expect(items(json, "sh").count == 1)
  }

  @Test func outputLintsClean() throws {
    let text = svg(
      """
      <style>.a { fill: #123456 }</style>
      <defs><linearGradient id="g"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs>
      <g id="group.one"><path class="a" d="M1 1h5v5z"/><path class="a" d="M2 2h5v5z"/><circle cx="10" cy="10" r="3" fill="url(#g)" stroke="black"/></g>
      <g id="group.one"><ellipse cx="4" cy="4" rx="2" ry="1"/><line x1="0" y1="0" x2="5" y2="5" stroke="red"/><polygon points="1,1 3,1 2,3"/></g>
      """)
    let c = try SVGConverter.convert(Array(text.utf8))
    let linter = Linter(options: LintOptions())
    let diagnostics = linter.lint(path: "icon.json", bytes: c.animation.minified, baseDirectory: nil)
    #expect(diagnostics.isEmpty, "\(diagnostics.map { "\($0.code) \($0.pointer) \($0.message)" })")
  }
}

@Suite("SVG conversion budgets")
struct ConverterBudgetTests {
  /// Ten levels of ten <use> each would be 10¹⁰ rectangles: the work budget stops it with an
  /// error (what bounds the time; how fast is `make bench`'s business, not a timed test's).
  @Test func useBombsStopAtTheWorkBudget() throws {
    var defs = #"<rect id="l0" width="1" height="1"/>"#
    for level in 1...10 {
      defs += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
    }
    let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs>"# + defs + ##"</defs><use href="#l10"/></svg>"##
    let error = #expect(throws: SVGConversionError.self) { try SVGConverter.convert(Array(text.utf8)) }
    #expect(error?.description.contains("more than \(SVGConverter.maximumPaths) paths") == true, "\(String(describing: error))")
  }

  // MARK: clip-path and mask (#19)

  /// Layers of a conversion: name, masks (mode and vertices), matte flags, opacity.
  private func layers(_ doc: JSONDocument) -> [JSONNode] { doc.root["layers"]?.elements.map { $0 } ?? [] }

  @Test func clipPathCutsTheElementOutAsALayerWithAMask() throws {
    let (doc, c) = try convert(
      svg(
        """
        <clipPath id="left"><rect width="12" height="24"/></clipPath>
        <rect x="2" y="2" width="20" height="20" fill="#08f"/>
        <circle cx="12" cy="12" r="8" fill="#f80" clip-path="url(#left)"/>
        <rect x="10" y="10" width="4" height="4" fill="#000"/>
        """, #"width="24" height="24""#))
    #expect(c.warnings.isEmpty, "\(c.warnings)")
    let l = layers(doc)
    // Top-most first: the small square, the clipped circle, the big square; stacking kept.
    #expect(l.count == 3)
    #expect(l.map { $0["ind"]?.int } == [1, 2, 3])
    #expect(l[0]["masksProperties"] == nil && l[2]["masksProperties"] == nil)
    let masks = l[1]["masksProperties"]?.elements.map { $0 } ?? []
    #expect(masks.count == 1)
    #expect(masks.first?["mode"]?.string == "a")
    let v = masks.first?["pt"]?["k"]?["v"]?.elements.map(numbers) ?? []
    #expect(Set(v.map { "\($0)" }) == ["[0.0, 0.0]", "[12.0, 0.0]", "[12.0, 24.0]", "[0.0, 24.0]"], "\(v)")
    #expect(l[1]["hasMask"]?.truthy == true)
    #expect(c.layers.count == 3)
  }

  @Test func aClipCoveringTheCanvasChangesNothing() throws {
    let (doc, _) = try convert(
      svg(
        """
        <g clip-path="url(#all)"><path d="M12 2L22 20H2Z" fill="#111"/></g>
        <defs><clipPath id="all"><rect width="24" height="24" fill="white"/></clipPath></defs>
        """, #"width="24" height="24" viewBox="0 0 24 24""#))
    #expect(layers(doc).count == 1)
    #expect(layers(doc).first?["masksProperties"] == nil)
  }

  @Test func clipTransformsAndTheElementsUserSpaceApply() throws {
    let (doc, _) = try convert(
      svg(
        """
        <clipPath id="c" transform="translate(1 0)"><rect x="1" y="1" width="2" height="2"/></clipPath>
        <g transform="scale(2)"><rect width="8" height="8" clip-path="url(#c)"/></g>
        """, #"width="16" height="16""#))
    let v = layers(doc).first?["masksProperties"]?.element(at: 0)?["pt"]?["k"]?["v"]?.elements.map(numbers) ?? []
    #expect(Set(v.map { "\($0)" }) == ["[4.0, 2.0]", "[8.0, 2.0]", "[8.0, 6.0]", "[4.0, 6.0]"], "\(v)")
  }

  @Test func evenOddClipMakesAHoleAndNonzeroFollowsTheWinding() throws {
    func modes(_ d: String, _ rule: String) throws -> [String] {
      let (doc, _) = try convert(
        svg(
          #"<clipPath id="r"><path clip-rule="\#(rule)" d="\#(d)"/></clipPath><rect width="24" height="24" clip-path="url(#r)"/>"#,
          #"width="24" height="24""#))
      return layers(doc).first?["masksProperties"]?.elements.compactMap { $0["mode"]?.string } ?? []
    }
    #expect(try modes("M2 2h20v20H2zM8 8h8v8H8z", "evenodd") == ["a", "s"])
    #expect(try modes("M2 2h20v20H2zM8 8h8v8H8z", "nonzero") == ["a", "a"])
    #expect(try modes("M2 2h20v20H2zM8 8v8h8V8z", "nonzero") == ["a", "s"])
    #expect(try modes("M2 2h4v4H2zM10 10h4v4h-4z", "evenodd") == ["a", "a"])
  }

  @Test func opacityAroundACutOutElementMovesToItsLayer() throws {
    let (doc, _) = try convert(
      svg(
        """
        <clipPath id="c"><rect width="4" height="8"/></clipPath>
        <g opacity="0.5"><rect width="8" height="8" fill="red"/><rect width="8" height="8" fill="blue" opacity="0.5" clip-path="url(#c)"/></g>
        """, #"width="8" height="8""#))
    let l = layers(doc)
    #expect(l.count == 2)
    #expect(l[0]["ks"]?["o"]?["k"]?.double == 25.196)  // the group's 50 % and the element's 50 %, on the layer (alpha 64)
    #expect(l[1]["ks"]?["o"]?["k"]?.double == 100)  // the red rect keeps its group (and its 50 %)
    let inner = l[0]["shapes"]?.element(at: 0)?["it"].flatMap { $0.element(at: $0.count - 1) }
    #expect(inner?["o"]?["k"]?.double == 100)
  }

  @Test func anEmptyClipPathShowsNothingAndAMissingOneIsSaid() throws {
    let (doc, _) = try convert(svg(#"<clipPath id="e"/><rect width="4" height="4" clip-path="url(#e)"/><rect width="2" height="2"/>"#))
    #expect(layers(doc).count == 1)
    #expect(items(doc, "sh").count == 1)
    let (_, c) = try convert(svg(#"<rect width="4" height="4" clip-path="url(#nowhere)"/>"#))
    #expect(c.warnings.contains { $0.message.contains("does not name a <clipPath>") })
  }

  @Test func maskBecomesALumaMatteAbove() throws {
    let (doc, c) = try convert(
      svg(
        """
        <mask id="m"><rect width="24" height="24" fill="white"/><circle cx="12" cy="12" r="5" fill="black"/></mask>
        <rect x="2" y="2" width="20" height="20" fill="#08f" mask="url(#m)"/>
        """, #"width="24" height="24""#))
    #expect(c.warnings.isEmpty, "\(c.warnings)")
    let l = layers(doc)
    #expect(l.count == 2)
    #expect(l[0]["td"]?.int == 1 && l[0]["tt"] == nil)
    #expect(l[1]["tt"]?.int == 3 && l[1]["td"] == nil)
    #expect(l[0]["shapes"]?.count == 2)  // the mask's two shapes
  }

  @Test func clipsInsideClippedContentAreSaidNotConverted() throws {
    let (doc, c) = try convert(
      svg(
        """
        <clipPath id="a"><rect width="4" height="8"/></clipPath><clipPath id="b"><rect width="8" height="4"/></clipPath>
        <g clip-path="url(#a)"><rect width="8" height="8" clip-path="url(#b)"/></g>
        """, #"width="8" height="8""#))
    #expect(layers(doc).count == 1)
    #expect(layers(doc).first?["masksProperties"]?.count == 1)
    #expect(c.warnings.contains { $0.message.contains("inside clipped or masked content is not converted") })
  }

  @Test func opacityOverOverlappingPartsIsALayersOpacity() throws {
    // Two children: the group is cut out, its 50 % on the layer.
    let (doc, _) = try convert(
      svg(
        #"<g opacity="0.5"><rect width="6" height="6" fill="red"/><rect x="3" y="3" width="6" height="6" fill="blue"/></g>"#,
        #"width="10" height="10""#))
    #expect(layers(doc).count == 1)
    #expect(layers(doc).first?["ks"]?["o"]?["k"]?.double == 50.294)
    // A fill under a stroke: the same.
    let (stroked, _) = try convert(svg(#"<circle cx="5" cy="5" r="3" fill="red" stroke="black" opacity="0.4"/>"#, #"width="10" height="10""#))
    #expect(layers(stroked).first?["ks"]?["o"]?["k"]?.double == 40)
    // One part only: the group's own opacity, one layer at 100 %.
    let (single, _) = try convert(svg(#"<g opacity="0.5"><rect width="6" height="6" fill="red"/></g>"#, #"width="10" height="10""#))
    #expect(layers(single).first?["ks"]?["o"]?["k"]?.double == 100)
    #expect(items(single, "tr").contains { $0["o"]?["k"]?.double == 50.294 })
  }

  /// `em` and `ex` were 16 and 8 user units whatever the font size: the element's computed
  /// `font-size` (attribute, inherited, or in `style`) is what they measure.
  @Test func emAndExFollowTheFontSize() throws {
    let (doc, c) = try convert(
      svg(
        #"<rect x="1em" y="1em" width="3em" height="3em"/><g font-size="4"><rect x="50" y="50" width="4ex" height="2ex" style="font-size:20px"/><rect x="80" y="80" width="2em" height="1em"/></g>"#,
        #"width="100" height="100" font-size="10""#))
    #expect(c.warnings.isEmpty)
    let boxes = items(doc, "rc").map { (numbers($0["p"]?["k"]), numbers($0["s"]?["k"])) }
    let paths = items(doc, "sh").map(vertices)
    // Rectangles come out as rect items or as paths: compare their extents either way.
    var extents: [[Double]] = boxes.map { p, s in [p[0] - s[0] / 2, p[1] - s[1] / 2, p[0] + s[0] / 2, p[1] + s[1] / 2] }
    extents += paths.map { v in [v.map { $0[0] }.min()!, v.map { $0[1] }.min()!, v.map { $0[0] }.max()!, v.map { $0[1] }.max()!] }
    let expected: [[Double]] = [[10, 10, 40, 40], [50, 50, 90, 70], [80, 80, 88, 84]]
    #expect(extents.count == 3)
    for e in expected {
      #expect(extents.contains { zip($0, e).allSatisfy { close($0, $1) } }, "no rectangle spans \(e): \(extents)")
    }
  }

  /// A CSS selector lottiekit does not support was reported at line 1 wherever it stood (with
  /// --strict, the error line CI shows): now at its own line.
  @Test func unsupportedCSSIsSaidAtItsLine() throws {
    let text =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n<rect width=\"5\" height=\"5\"/>\n<style>\nrect { fill: red }\nrect:hover { fill: blue }\n</style>\n</svg>\n"
    let (_, c) = try convert(text)
    let warning = try #require(c.warnings.first { $0.message.contains("rect:hover") })
    #expect(warning.line == 5, "line \(warning.line)")
  }

  /// A nested <svg> and a <symbol> drawn by <use> hide what their content draws outside their
  /// viewport (overflow: hidden); it was drawn whole. Only content that reaches outside is
  /// clipped (a rectangle mask), `overflow="visible"` is not, and inside clipped content the
  /// clip cannot nest: said.
  @Test func viewportsClipWhatReachesOutside() throws {
    let (symbol, c) = try convert(
      svg(
        ##"<symbol id="s" viewBox="0 0 10 10"><circle cx="10" cy="10" r="5"/></symbol><use href="#s" x="10" y="10" width="50" height="50"/>"##,
        #"width="100" height="100""#))
    #expect(c.warnings.isEmpty)
    let mask = try #require(layers(symbol).first?["masksProperties"]?.element(at: 0))
    #expect(mask["mode"]?.string == "a")
    let corners = mask["pt"]?["k"]?["v"]?.elements.map(numbers) ?? []
    #expect(Set(corners.map { $0[0] }) == [10, 60] && Set(corners.map { $0[1] }) == [10, 60], "\(corners)")
    let (nested, _) = try convert(
      svg(
        #"<svg x="20" y="20" width="40" height="40"><rect x="-5" width="10" height="10"/></svg><svg x="60" y="60" width="30" height="30" overflow="visible"><circle cx="30" cy="30" r="10"/></svg><svg y="60" width="30" height="30"><circle cx="15" cy="15" r="10" stroke="red" stroke-width="2"/></svg>"#,
        #"width="100" height="100""#))
    let masked = layers(nested).filter { $0["masksProperties"] != nil }
    #expect(masked.count == 1, "only the viewport whose content reaches outside is clipped")
    // With a clip path of its own, the viewport's rectangle intersects it.
    let (both, _) = try convert(
      svg(
        ##"<clipPath id="c"><rect width="30" height="30"/></clipPath><svg width="50" height="50" clip-path="url(#c)"><circle cx="50" cy="50" r="20"/></svg>"##,
        #"width="100" height="100""#))
    let modes = layers(both).first?["masksProperties"]?.elements.compactMap { $0["mode"]?.string } ?? []
    #expect(modes == ["a", "i"], "\(modes)")
    let (inside, d) = try convert(
      svg(
        ##"<clipPath id="c"><rect width="80" height="80"/></clipPath><g clip-path="url(#c)"><svg width="50" height="50"><circle cx="50" cy="50" r="20"/></svg></g>"##,
        #"width="100" height="100""#))
    #expect(layers(inside).count == 1)
    #expect(d.warnings.contains { $0.message.contains("beyond its viewport is drawn unclipped") })
  }
}
