extension JSONNode {
  /// Whether two values are the same JSON value however they are written: white space, key
  /// order, number spelling (`1`, `1.0`, `1e0`; numbers compare as the doubles players read) and
  /// string escapes do not count; strings and keys compare code unit by code unit (`é` and `e` +
  /// U+0301 differ, as they do to expressions and keypaths; lone surrogate escapes all decode to
  /// U+FFFD). In an object
  /// whose key repeats, the last value counts, as lookups read it. Walks with its own stack, so
  /// nesting costs no call depth; each object's keys are hashed once.
  public func sameValue(as other: JSONNode) -> Bool {
    var pending: [(JSONNode, JSONNode)] = [(self, other)]
    while let (a, b) = pending.popLast() {
      guard a.kind == b.kind else { return false }
      switch a.kind {
      case .object:
        // Keys by their UTF-8 code units (a String key would make "é" and "e" + U+0301 one key).
        var left: [[UInt8]: JSONNode] = [:]
        for member in a.members { left[Array(member.key.utf8)] = member.value }
        var right: [[UInt8]: JSONNode] = [:]
        for member in b.members { right[Array(member.key.utf8)] = member.value }
        guard left.count == right.count else { return false }
        for (key, value) in left {
          guard let match = right[key] else { return false }
          pending.append((value, match))
        }
      case .array:
        guard a.count == b.count else { return false }
        pending.append(contentsOf: zip(a.elements, b.elements))
      case .number:
        if let x = a.double, let y = b.double {
          guard x == y else { return false }
        } else if a.sourceBytes != b.sourceBytes {
          return false
        }
      case .string:
        guard a.sourceBytes == b.sourceBytes || (a.string ?? "").utf8.elementsEqual((b.string ?? "").utf8) else { return false }
      case .bool, .null:
        guard a.sourceBytes == b.sourceBytes else { return false }
      }
    }
    return true
  }
}
