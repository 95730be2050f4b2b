/// A cheap view of one value in a `JSONDocument`: a document reference and a tape index.
public struct JSONNode: Sendable, Hashable {
  public let document: JSONDocument
  @usableFromInline let index: Int

  /// A stable identity for a node inside its document.
  public struct ID: Hashable, Comparable, Sendable {
    public let raw: UInt32
    public init(raw: UInt32) { self.raw = raw }
    public static func < (a: ID, b: ID) -> Bool { a.raw < b.raw }
  }

  @inlinable init(document: JSONDocument, index: Int) {
    self.document = document
    self.index = index
  }

  public static func == (a: JSONNode, b: JSONNode) -> Bool { a.document === b.document && a.index == b.index }
  public func hash(into hasher: inout Hasher) { hasher.combine(index) }

  @usableFromInline var tape: TapeNode { document.nodes[index] }

  public var id: ID { ID(raw: UInt32(index)) }
  public var kind: JSONKind { tape.kind }
  public var isObject: Bool { tape.kind == .object }
  public var isArray: Bool { tape.kind == .array }
  public var isString: Bool { tape.kind == .string }
  public var isNumber: Bool { tape.kind == .number }
  public var isNull: Bool { tape.kind == .null }
  /// Whether this string node is an object key.
  public var isKey: Bool { tape.flags & TapeNode.isKey != 0 }

  /// Byte range of the value in the source (strings include their quotes).
  public var span: Range<Int> { Int(tape.start)..<Int(tape.end) }
  /// Where the value starts.
  public var location: SourceLocation { document.location(ofOffset: Int(tape.start)) }
  /// Where the value ends (the position just past its last byte).
  public var endLocation: SourceLocation { document.location(ofOffset: Int(tape.end)) }

  /// The source text of the value, exactly as written.
  public var sourceBytes: ArraySlice<UInt8> { document.bytes[span] }
  public var sourceText: String { String(decoding: sourceBytes, as: UTF8.self) }

  /// Members (objects) or elements (arrays); 0 for scalars.
  public var count: Int { Int(tape.count) }

  public var parent: JSONNode? {
    let p = tape.parent
    if p == TapeNode.noParent { return nil }
    // A value's parent on the tape is its container (keys are not parents).
    return JSONNode(document: document, index: Int(p))
  }

  /// For a value inside an object: its key node.
  public var keyNode: JSONNode? {
    guard let p = parent, p.isObject, !isKey else { return nil }
    return JSONNode(document: document, index: index - 1)
  }

  /// For a value inside an object: its key.
  public var key: String? { keyNode?.string }

  /// For a value inside an array: its position.
  public var arrayIndex: Int? {
    guard let p = parent, p.isArray else { return nil }
    return document.nodes.withUnsafeBufferPointer { document.position(of: index, inArray: p.index, nodes: $0) }
  }

  // MARK: containers

  /// Elements of an array, in order.
  public var elements: Elements { Elements(document: document, container: self) }

  public struct Elements: Sequence, Sendable {
    let document: JSONDocument
    let container: JSONNode
    public func makeIterator() -> Iterator {
      let t = container.tape
      let isArray = t.kind == .array
      return Iterator(document: document, position: isArray ? container.index + 1 : Int(t.next), end: Int(t.next))
    }
    public struct Iterator: IteratorProtocol {
      let document: JSONDocument
      var position: Int
      let end: Int
      public mutating func next() -> JSONNode? {
        guard position < end else { return nil }
        let node = JSONNode(document: document, index: position)
        position = Int(document.nodes[position].next)
        return node
      }
    }
  }

  /// The n-th element of an array.
  public func element(at n: Int) -> JSONNode? {
    guard isArray, n >= 0, n < count else { return nil }
    var k = 0
    for e in elements {
      if k == n { return e }
      k += 1
    }
    return nil
  }

  /// Members of an object, in source order (duplicates included).
  public var members: Members { Members(document: document, container: self) }

  public struct Member: Sendable {
    public let keyNode: JSONNode
    public let value: JSONNode
    public var key: String { keyNode.string ?? "" }
  }

  public struct Members: Sequence, Sendable {
    let document: JSONDocument
    let container: JSONNode
    public func makeIterator() -> Iterator {
      let t = container.tape
      let isObject = t.kind == .object
      return Iterator(document: document, position: isObject ? container.index + 1 : Int(t.next), end: Int(t.next))
    }
    public struct Iterator: IteratorProtocol {
      let document: JSONDocument
      var position: Int
      let end: Int
      public mutating func next() -> Member? {
        guard position < end else { return nil }
        let keyIndex = position
        let valueIndex = position + 1
        position = Int(document.nodes[valueIndex].next)
        return Member(
          keyNode: JSONNode(document: document, index: keyIndex),
          value: JSONNode(document: document, index: valueIndex))
      }
    }
  }

  /// The value for `key` in an object. With duplicate keys, the last one wins (as in every player's
  /// JSON library).
  public subscript(key: String) -> JSONNode? { lastValue(forKey: key) }

  public func lastValue(forKey key: String) -> JSONNode? {
    var key = key
    let doc = document
    let start = index
    let found: Int = key.withUTF8 { k -> Int in
      doc.nodes.withUnsafeBufferPointer { nodes -> Int in
        doc.bytes.withUnsafeBufferPointer { bytes -> Int in
          guard start < nodes.count, nodes[start].kind == .object, let base = bytes.baseAddress else { return -1 }
          var found = -1
          var i = start + 1
          let end = Int(nodes[start].next)
          let length = k.count
          while i + 1 < end {
            let t = nodes[i]
            if t.flags & TapeNode.hasEscapes != 0 {
              if doc.keyEquals(nodeIndex: i, k) { found = i + 1 }
            } else if Int(t.end &- t.start) &- 2 == length {
              // Compare the bytes between the quotes.
              if length == 0 {
                found = i + 1
              } else if let kb = k.baseAddress, memcmpBytes(base + Int(t.start) + 1, kb, length) {
                found = i + 1
              }
            }
            i = Int(nodes[i + 1].next)
          }
          return found
        }
      }
    }
    return found >= 0 ? JSONNode(document: document, index: found) : nil
  }

  public func has(_ key: String) -> Bool { lastValue(forKey: key) != nil }

  // MARK: scalars

  /// The decoded string (keys too). Lone surrogate escapes decode to U+FFFD.
  public var string: String? {
    guard tape.kind == .string else { return nil }
    return document.decodeString(nodeIndex: index)
  }

  /// The number exactly as written.
  public var numberText: String? {
    guard tape.kind == .number else { return nil }
    return sourceText
  }

  /// The number as a Double (parsed on demand).
  public var double: Double? {
    guard tape.kind == .number else { return nil }
    return document.parseDouble(nodeIndex: index)
  }

  /// The number as an Int when it is integral and in range (`3`, `3.0`, `3e0`).
  public var int: Int? {
    guard let d = double, d.rounded() == d, abs(d) < 9.0e15 else { return nil }
    return Int(d)
  }

  public var bool: Bool? {
    guard tape.kind == .bool else { return nil }
    return tape.flags & TapeNode.isTrue != 0
  }

  /// Lottie uses both `true` and `1` for flags: this reads either.
  public var truthy: Bool? {
    if let b = bool { return b }
    if let d = double { return d != 0 }
    return nil
  }

  // MARK: pointer

  /// The RFC 6901 pointer of this value (`/layers/3/ks/o`). For a key node, the pointer of its value.
  public var pointer: String { document.pointer(ofValueAt: isKey ? index + 1 : index) }

  /// Number of containers above this value.
  public var depth: Int {
    var d = 0
    var current = self
    while let p = current.parent {
      d += 1
      current = p
    }
    return d
  }

  /// Every node of this subtree in document order (this node first, keys included).
  public var subtree: [JSONNode] {
    (index..<Int(tape.next)).map { JSONNode(document: document, index: $0) }
  }

  /// Index range of this subtree on the tape.
  public var subtreeRange: Range<Int> { index..<Int(tape.next) }
}

extension Optional where Wrapped == JSONNode {
  /// The elements of an optional array node; empty when absent or not an array.
  public var list: [JSONNode] {
    guard case .some(let node) = self, node.isArray else { return [] }
    return Array(node.elements)
  }
}

extension JSONDocument {
  /// Tape indices of the key nodes equal to `name` (escaped spellings included) inside a range of
  /// the tape, duplicates included: a byte scan, much cheaper than looking the key up in every object.
  public func keyIndices(named name: String, in range: Range<Int>) -> [Int] {
    var name = name
    return name.withUTF8 { key -> [Int] in
      nodes.withUnsafeBufferPointer { nodes -> [Int] in
        bytes.withUnsafeBufferPointer { bytes -> [Int] in
          guard let base = bytes.baseAddress, let k = key.baseAddress else { return [] }
          var result: [Int] = []
          let length = key.count
          let lower = max(0, range.lowerBound), upper = min(nodes.count, range.upperBound)
          var i = lower
          while i < upper {
            let t = nodes[i]
            if t.flags & TapeNode.isKey != 0 {
              if t.flags & TapeNode.hasEscapes != 0 {
                if keyEquals(nodeIndex: i, key) { result.append(i) }
              } else if Int(t.end &- t.start) &- 2 == length, memcmpBytes(base + Int(t.start) + 1, k, length) {
                result.append(i)
              }
            }
            i += 1
          }
          return result
        }
      }
    }
  }
}
