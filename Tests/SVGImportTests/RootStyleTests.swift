import Foundation
import LottieJSON
import Testing
@testable import SVGImport

/// #19: presentation attributes and `style` on the outermost `<svg>` are inherited like any
/// element's (outline icon sets such as Lucide and Feather put their whole style there).
@Suite("SVG root style inheritance")
struct RootStyleTests {
  static func convert(_ text: String, _ options: SVGOptions = SVGOptions()) throws -> JSONDocument {
    try JSONDocument(parsing: try SVGConverter.convert(Array(text.utf8), options: options).animation.minified)
  }

  static func items(_ doc: JSONDocument, _ type: String) -> [JSONNode] {
    var out: [JSONNode] = []
    var stack: [JSONNode] = doc.root["layers"]?.element(at: 0)?["shapes"]?.elements.reversed() ?? []
    while let n = stack.popLast() {
      if n["ty"]?.string == type { out.append(n) }
      if let it = n["it"] { stack.append(contentsOf: it.elements.reversed()) }
    }
    return out
  }

  static func color(_ node: JSONNode?) -> [Double] { node?["c"]?["k"]?.elements.compactMap(\.double) ?? [] }

  /// The issue's example: a Feather/Lucide-style icon is a black round-capped stroke, not a fill.
  @Test func outlineIconFromTheIssue() throws {
    let doc = try Self.convert(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"
           stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
        <polyline points="22 12 18 12 15 21 9 3 6 12 2 12"/></svg>
      """)
    #expect(Self.items(doc, "fl").isEmpty, "fill=\"none\" on the root must be inherited")
    let stroke = try #require(Self.items(doc, "st").first)
    #expect(Self.color(stroke) == [0, 0, 0, 1], "currentColor without --current-color is black")
    #expect(stroke["w"]?["k"]?.double == 2)
    #expect(stroke["lc"]?.int == 2 && stroke["lj"]?.int == 2)
  }

  @Test func rootStyleAttributeAndOverrides() throws {
    let doc = try Self.convert(
      #"""
      <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" style="fill:none;stroke:#ff0000;stroke-width:3;stroke-linecap:square;stroke-linejoin:bevel">
        <path d="M1 1L10 10"/><path d="M2 2h5v5z" fill="#0000ff" stroke="none"/></svg>
      """#)
    let fills = Self.items(doc, "fl")
    let strokes = Self.items(doc, "st")
    #expect(fills.count == 1 && Self.color(fills.first) == [0, 0, 1, 1], "a child's own fill wins over the root's none")
    #expect(strokes.count == 1, "stroke=\"none\" on the child wins over the root's stroke")
    #expect(Self.color(strokes.first) == [1, 0, 0, 1] && strokes.first?["w"]?["k"]?.double == 3)
    #expect(strokes.first?["lc"]?.int == 3 && strokes.first?["lj"]?.int == 3)
  }

  @Test func rootColorAndCurrentColorOption() throws {
    let icon = ##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" fill="currentColor" color="#00ff00"><rect width="5" height="5"/></svg>"##
    #expect(Self.color(Self.items(try Self.convert(icon), "fl").first) == [0, 1, 0, 1], "the root's color is currentColor")
    var options = SVGOptions()
    options.currentColor = RGBA(0, 0, 1)
    let plain = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" fill="currentColor"><rect width="5" height="5"/></svg>"#
    #expect(Self.color(Self.items(try Self.convert(plain, options), "fl").first) == [0, 0, 1, 1])
    #expect(Self.color(Self.items(try Self.convert(plain), "fl").first) == [0, 0, 0, 1])
  }
}
