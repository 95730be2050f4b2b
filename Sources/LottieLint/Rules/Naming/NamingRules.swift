import LottieJSON
import LottieModel

let namingRules: [any LintRule.Type] = [
  KeypathSeparatorInNameRule.self, NameWhitespaceRule.self, DuplicateSiblingNameRule.self,
]

/// The lists of siblings that keypaths tell apart by name: the layers of each composition, the
/// `shapes` of each layer and the `it` of each group.
enum NameScopes {
  /// A named layer or shape.
  struct Entry {
    /// The layer or shape object.
    let object: JSONNode
    /// Its `nm` value (a string).
    let nameNode: JSONNode
    let name: String
    /// `layer "Bubble" (ind 4)`, `fill "Fill 1"`.
    let label: String
    /// `in composition "Main"`, `of layer "Bubble" (ind 4) in composition "Main"`,
    /// `in group "Dot" of layer "Bubble" (ind 4) in composition "Main"`.
    let place: String

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
    let body: (Scope) -> Void = { scopes.append($0) }
    for composition in context.animation.compositions {
      let compositionText = "composition \"\(composition.displayName)\""
      var layerEntries: [Entry] = []
      for layer in composition.layers where layer.node.isObject {
        let layerLabel = "layer \(layer.label)"
        if let nameNode = layer.node["nm"], let name = nameNode.string {
          layerEntries.append(Entry(object: layer.node, nameNode: nameNode, name: name, label: layerLabel,
                                    place: "in \(compositionText)"))
        }
        guard let shapes = layer.node["shapes"], shapes.isArray else { continue }
        var pending: [(list: JSONNode, place: String)] = [(shapes, "of \(layerLabel) in \(compositionText)")]
        while let (list, place) = pending.popLast() {
          var entries: [Entry] = []
          var position = 0
          for element in list.elements {
            defer { position += 1 }
            guard element.isObject else { continue }
            let shape = Shape(node: element)
            if let nameNode = element["nm"], let name = nameNode.string {
              entries.append(Entry(object: element, nameNode: nameNode, name: name,
                                   label: "\(shape.type?.displayName ?? "shape") \"\(name)\"", place: place))
            }
            if shape.typeCode == "gr", let items = element["it"], items.isArray {
              let groupName = shape.name.map { "\"\($0)\"" } ?? "#\(position)"
              pending.append((items, "in group \(groupName) of \(layerLabel) in \(compositionText)"))
            }
          }
          body(Scope(entries: entries))
        }
      }
      body(Scope(entries: layerEntries))
    }
    return scopes
  }

  /// The name without leading and trailing whitespace (Unicode White_Space, so no-break spaces
  /// and tabs too).
  static func trimmed(_ name: String) -> String {
    let scalars = name.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
          let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    return String(scalars[first...last])
  }
}
