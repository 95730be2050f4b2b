import LottieJSON

/// A subschema's keywords, read once per file: a member lookup scans the object's keys, and the
/// validator visits the same subschemas for every value of a file.
final class SchemaKeywords {
  let bool: Bool?
  let isObject: Bool
  var ref: (String, JSONNode)?
  /// The type names `type` allows.
  var type: [String]?
  var const, minimum, maximum, items, pattern, oneOf, not, condition, then, otherwise: JSONNode?
  var enumeration, allOf, anyOf: [JSONNode]?
  var minItems, maxItems: Int?
  var required: [String]?
  var properties: [(key: String, value: JSONNode)]?

  init(_ node: JSONNode, resolve: (String) -> JSONNode?) {
    bool = node.bool
    isObject = node.isObject
    guard isObject else { return }
    if let r = node["$ref"]?.string, let target = resolve(r) { ref = (r, target) }
    if let t = node["type"] { type = t.string.map { [$0] } ?? t.elements.compactMap(\.string) }
    const = node["const"]
    enumeration = node["enum"].map { Array($0.elements) }
    minimum = node["minimum"]
    maximum = node["maximum"]
    minItems = node["minItems"]?.int
    maxItems = node["maxItems"]?.int
    items = node["items"]
    pattern = node["pattern"]
    required = node["required"].map { $0.elements.compactMap(\.string) }
    if let p = node["properties"], p.isObject { properties = p.members.map { (key: $0.key, value: $0.value) } }
    allOf = node["allOf"].map { Array($0.elements) }
    anyOf = node["anyOf"].map { Array($0.elements) }
    oneOf = node["oneOf"]
    not = node["not"]
    condition = node["if"]
    then = node["then"]
    otherwise = node["else"]
  }
}
