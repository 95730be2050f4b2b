import CSVGXML

/// An SVG document as a flat tree of elements read through libxml2: element names without the SVG
/// namespace prefix, attributes (`xlink:href` keeps its prefix), text of `<style>`, and the line of
/// each element. Elements of other namespaces (Inkscape, Sodipodi metadata) are dropped.
package struct XMLTree: Sendable {
  package struct Element: Sendable {
    package var name: String
    package var attributes: [String: String]
    package var children: [Int]
    package var parent: Int?
    package var line: Int
    /// Character data directly inside the element (for `<style>`).
    package var text: String
  }

  package var elements: [Element] = []
  package var root: Int { 0 }

  package struct ParseError: Error, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String
    package var description: String { "\(line):\(column): \(message)" }
  }

  /// Largest SVG accepted: icons and illustrations are far smaller; anything bigger is refused
  /// before libxml2 sees it.
  package static let maximumBytes = 64 * 1024 * 1024
  /// Characters any one attribute or text may expand to through entity references.
  static let maximumExpansion = 4 * 1024 * 1024
  static let svgNamespace = "http://www.w3.org/2000/svg"
  static let xlinkNamespace = "http://www.w3.org/1999/xlink"

  package init(parsing bytes: [UInt8]) throws(ParseError) {
    guard bytes.count <= XMLTree.maximumBytes else {
      throw ParseError(line: 1, column: 1, message: "the file is larger than \(XMLTree.maximumBytes / 1024 / 1024) MB")
    }
    guard !bytes.isEmpty else { throw ParseError(line: 1, column: 1, message: "the file is empty") }
    var line: Int32 = 0
    var column: Int32 = 0
    var message = [CChar](repeating: 0, count: 512)
    let parsed: UnsafeMutableRawPointer? = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
          lk_xml_parse(chars, Int32(buffer.count), &line, &column, &message, Int32(message.count))
        }
      }
    }
    guard let doc = parsed else {
      let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw ParseError(line: Int(max(line, 1)), column: Int(max(column, 1)), message: text.isEmpty ? "not well-formed XML" : text)
    }
    defer { lk_xml_free(doc) }
    guard let rootNode = lk_xml_root(doc) else {
      throw ParseError(line: 1, column: 1, message: "the document has no root element")
    }
    let rootName = XMLTree.string(lk_xml_name(rootNode))
    guard rootName == "svg", XMLTree.isSVGNamespace(rootNode) else {
      throw ParseError(line: Int(lk_xml_line(rootNode)), column: 1, message: "the root element is <\(rootName)>, not <svg>")
    }
    var budget = XMLTree.maximumExpansion * 4
    // Iterative walk: libxml2 bounds the depth (256 without XML_PARSE_HUGE), and no recursion here
    // depends on the input either.
    var stack: [(node: UnsafeMutableRawPointer, parent: Int?)] = [(rootNode, nil)]
    while let (node, parent) = stack.popLast() {
      let index = elements.count
      var attributes: [String: String] = [:]
      var attribute = lk_xml_first_attribute(node)
      while let attr = attribute {
        let name = XMLTree.string(lk_xml_name(attr))
        var key: String? = name
        if let href = lk_xml_namespace(attr) {
          let uri = String(cString: href)
          if uri == XMLTree.xlinkNamespace { key = "xlink:" + name } else if uri != XMLTree.svgNamespace { key = nil }
        }
        if let key {
          attributes[key] = XMLTree.content(of: lk_xml_first_child(attr), budget: &budget)
        }
        attribute = lk_xml_next(attr)
      }
      var text = ""
      var childElements: [UnsafeMutableRawPointer] = []
      var child = lk_xml_first_child(node)
      while let c = child {
        switch lk_xml_type(c) {
        case Int32(LK_XML_ELEMENT):
          if XMLTree.isSVGNamespace(c) { childElements.append(c) }
        case Int32(LK_XML_TEXT), Int32(LK_XML_CDATA), Int32(LK_XML_ENTITY_REF):
          text += XMLTree.content(of: c, siblings: false, budget: &budget)
        default:
          break
        }
        child = lk_xml_next(c)
      }
      elements.append(
        Element(
          name: XMLTree.string(lk_xml_name(node)), attributes: attributes, children: [], parent: parent,
          line: Int(lk_xml_line(node)), text: text))
      if let parent { elements[parent].children.append(index) }
      for c in childElements.reversed() { stack.append((c, index)) }
    }
  }

  static func string(_ p: UnsafePointer<CChar>?) -> String {
    p.map { String(cString: $0) } ?? ""
  }

  static func isSVGNamespace(_ node: UnsafeMutableRawPointer) -> Bool {
    guard let href = lk_xml_namespace(node) else { return true }
    let uri = String(cString: href)
    // Illustrator declares the namespace through an entity (`xmlns="&ns_svg;"`), which stays
    // unexpanded because entities are never substituted here.
    return uri == svgNamespace || (uri.hasPrefix("&") && uri.hasSuffix(";"))
  }

  /// The text of a node list. Entity references are replaced by their declared text one level
  /// deep only (no recursive expansion: "billion laughs" cannot multiply), within a character
  /// budget for the whole document.
  static func content(of first: UnsafeMutableRawPointer?, siblings: Bool = true, budget: inout Int) -> String {
    var out = ""
    var node = first
    while let n = node {
      var piece: UnsafePointer<CChar>? = nil
      switch lk_xml_type(n) {
      case Int32(LK_XML_TEXT), Int32(LK_XML_CDATA): piece = lk_xml_content(n)
      case Int32(LK_XML_ENTITY_REF): piece = lk_xml_entity_text(n)
      default: break
      }
      if let piece {
        let s = String(cString: piece)
        budget -= s.utf8.count
        if budget >= 0 { out += s }
      }
      if !siblings { break }
      node = lk_xml_next(n)
    }
    return out
  }

  /// Elements with an `id`, first one wins (as browsers do).
  package func elementsByID() -> [String: Int] {
    var map: [String: Int] = [:]
    for (i, e) in elements.enumerated() {
      if let id = e.attributes["id"], map[id] == nil { map[id] = i }
    }
    return map
  }
}
