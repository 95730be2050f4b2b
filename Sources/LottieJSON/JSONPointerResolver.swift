/// Resolves many JSON pointers into one document in time proportional to the pointers and to the
/// containers they pass through: each array's elements and each object's keys are listed once, on
/// first use. (`JSONDocument.node(atPointer:)` walks an array up to the index, which is fine for
/// one pointer and quadratic for one pointer per element.)
public struct JSONPointerResolver {
  public let document: JSONDocument
  private var elements: [Int: [JSONNode]] = [:]
  private var members: [Int: [String: JSONNode]] = [:]

  public init(_ document: JSONDocument) { self.document = document }

  public mutating func node(atPointer pointer: String) -> JSONNode? {
    guard let tokens = JSONPointer.tokens(of: pointer) else { return nil }
    var current = document.root
    for token in tokens {
      switch current.kind {
      case .object:
        if members[current.index] == nil {
          // The last value wins for duplicate keys, as in `lastValue(forKey:)`.
          var byKey: [String: JSONNode] = [:]
          for member in current.members { byKey[member.key] = member.value }
          members[current.index] = byKey
        }
        guard let next = members[current.index]?[token] else { return nil }
        current = next
      case .array:
        if elements[current.index] == nil { elements[current.index] = Array(current.elements) }
        guard let index = JSONPointer.arrayIndex(token), let list = elements[current.index], index < list.count else { return nil }
        current = list[index]
      default:
        return nil
      }
    }
    return current
  }
}
