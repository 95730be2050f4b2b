import LottieJSON
import LottieModel

let namingRules: [any LintRule.Type] = [
  KeypathSeparatorInNameRule.self, NameWhitespaceRule.self, DuplicateSiblingNameRule.self
]

/// The lists of siblings that keypaths tell apart by name: the layers of each composition, the
/// `shapes` of each layer and the `it` of each group.
enum NameScopes {
  /// Where a name lives, kept as parts: the words are built only for the few entries reported.
  struct Place {
    let composition: String
    /// The layer the shape list belongs to (nil for the composition's layer list).
    let layer: Layer?
    /// The group holding the shape list: its name, or its position (built into text only for the
    /// few entries reported).
    let groupName: String?
    let groupPosition: Int
    var group: String? {
      guard layer != nil, groupPosition >= 0 else { return nil }
      return groupName.map { "\"\($0)\"" } ?? "#\(groupPosition)"
    }

    var text: String {
      let comp = "composition \"\(composition)\""
      guard let layer else { return "in \(comp)" }
      if let group { return "in group \(group) of layer \(layer.label) in \(comp)" }
      return "of layer \(layer.label) in \(comp)"
    }
  }

  /// A named layer or shape.
  struct Entry {
    /// The layer or shape object.
    let object: JSONNode
    /// Its `nm` value (a string).
    let nameNode: JSONNode
    let name: String
    /// The layer itself, for layer entries.
    let layer: Layer?
    /// Whether the entry is a shape (else a layer).
    let isShape: Bool
    /// "fill", "group"… for shape entries.
    var shapeKind: String? { isShape ? Shape(node: object).type?.displayName ?? "shape" : nil }
    let placeParts: Place

    /// `layer "Bubble" (ind 4)`, `fill "Fill 1"`.
    var label: String {
      if let layer { return "layer \(layer.label)" }
      return "\(shapeKind ?? "shape") \"\(name)\""
    }
    /// `in composition "Main"`, `of layer "Bubble" (ind 4) in composition "Main"`,
    /// `in group "Dot" of layer "Bubble" (ind 4) in composition "Main"`.
    var place: String { placeParts.text }
    var description: String { "\(label) \(place)" }
  }

  /// One list of siblings (only the entries that have a string name).
  struct Scope {
    let entries: [Entry]
  }

  /// Calls `body` once per sibling list of every composition (root and precomps, each once).
  /// Groups are opened with an explicit stack, so hostile nesting cannot overflow the call stack.
  static func forEach(in context: LintContext, _ body: (Scope) -> Void) {
    // Three rules walk the same scopes: collect them once per file.
    for scope in context.shared(NameScopes.self, { collect(in: context) }) { body(scope) }
  }

  static func collect(in context: LintContext) -> [Scope] {
    var scopes: [Scope] = []
    for composition in context.animation.compositions {
      let compName = composition.displayName
      var layerEntries: [Entry] = []
      for layer in composition.layers where layer.node.isObject {
        if let nameNode = layer.node["nm"], let name = nameNode.string {
          layerEntries.append(
            Entry(
              object: layer.node, nameNode: nameNode, name: name, layer: layer, isShape: false,
              placeParts: Place(composition: compName, layer: nil, groupName: nil, groupPosition: -1)))
        }
        guard let shapes = layer.node["shapes"], shapes.isArray else { continue }
        var pending: [(list: JSONNode, place: Place)] = [(shapes, Place(composition: compName, layer: layer, groupName: nil, groupPosition: -1))]
        while let (list, place) = pending.popLast() {
          var entries: [Entry] = []
          var position = 0
          for element in list.elements {
            defer { position += 1 }
            guard element.isObject else { continue }
            let nameNode = element["nm"]
            let name = nameNode?.string
            if let name, let nameNode {
              entries.append(Entry(object: element, nameNode: nameNode, name: name, layer: nil, isShape: true, placeParts: place))
            }
            if let items = element["it"], items.isArray, Shape(node: element).typeCode == "gr" {
              pending.append((items, Place(composition: compName, layer: layer, groupName: name, groupPosition: position)))
            }
          }
          scopes.append(Scope(entries: entries))
        }
      }
      scopes.append(Scope(entries: layerEntries))
    }
    return scopes
  }

  /// Whether the name starts or ends with whitespace (checked without allocating).
  static func hasEdgeWhitespace(_ name: String) -> Bool {
    let utf8 = name.utf8
    guard let a = utf8.first, let z = utf8.last else { return false }
    // ASCII edges (nearly every name) need no Unicode property lookup.
    @inline(__always) func asciiSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
    if a < 0x80 && z < 0x80 { return asciiSpace(a) || asciiSpace(z) }
    guard let first = name.unicodeScalars.first, let last = name.unicodeScalars.last else { return false }
    return first.properties.isWhitespace || last.properties.isWhitespace
  }

  /// The name without leading and trailing whitespace (Unicode White_Space, so no-break spaces
  /// and tabs too).
  static func trimmed(_ name: String) -> String {
    guard hasEdgeWhitespace(name) else { return name }
    let scalars = name.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
