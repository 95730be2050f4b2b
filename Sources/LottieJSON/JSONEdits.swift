/// A set of edits to one document, applied in a single pass so that every byte outside the edited
/// spans stays exactly as it was (layout, escapes, number spelling, key order).
///
/// Removals inside one container are merged into runs so that commas stay right; insertions copy the
/// container's own whitespace style (the text between its bracket and its first child).
public struct JSONEdits: Sendable {
  public let document: JSONDocument
  private var replacements: [(node: Int, bytes: [UInt8])] = []
  private var removals: Set<Int> = []
  private var insertions: [(container: Int, before: Int?, key: String?, value: [UInt8], order: Int)] = []

  public init(_ document: JSONDocument) { self.document = document }

  public var isEmpty: Bool { replacements.isEmpty && removals.isEmpty && insertions.isEmpty }

  /// Replaces a value (or a key, given a key node) with new content.
  public mutating func replace(_ node: JSONNode, with value: JSONValue) {
    replacements.append((node.index, value.minified))
  }

  /// Replaces a value with raw JSON text (which the caller guarantees is valid).
  public mutating func replace(_ node: JSONNode, withRaw bytes: [UInt8]) {
    replacements.append((node.index, bytes))
  }

  /// Removes a value from its array, or a member (key and value) from its object.
  public mutating func remove(_ node: JSONNode) throws(JSONEditError) {
    guard node.parent != nil, !node.isKey else {
      throw JSONEditError(message: "cannot remove the root value or a key node (remove its value instead)")
    }
    removals.insert(node.index)
  }

  /// Sets `key` in an object: replaces the existing value (the last, with duplicates) or appends a member.
  public mutating func set(_ key: String, to value: JSONValue, in object: JSONNode) throws(JSONEditError) {
    guard object.isObject else { throw JSONEditError(message: "\(object.pointer) is not an object") }
    if let existing = object[key] {
      replace(existing, with: value)
    } else {
      insertions.append((object.index, nil, key, value.minified, insertions.count))
    }
  }

  /// Inserts a member into an object, before the member whose value is `before` (or at the end).
  public mutating func insertMember(_ key: String, _ value: JSONValue, into object: JSONNode, before: JSONNode? = nil) throws(JSONEditError) {
    guard object.isObject else { throw JSONEditError(message: "\(object.pointer) is not an object") }
    if let b = before, b.parent != object { throw JSONEditError(message: "insertion point is not a member of \(object.pointer)") }
    insertions.append((object.index, before?.index, key, value.minified, insertions.count))
  }

  /// Inserts an element into an array at a position (`count` or more appends).
  public mutating func insertElement(_ value: JSONValue, into array: JSONNode, at position: Int) throws(JSONEditError) {
    guard array.isArray else { throw JSONEditError(message: "\(array.pointer) is not an array") }
    let before = position < array.count ? array.element(at: max(0, position)) : nil
    insertions.append((array.index, before?.index, nil, value.minified, insertions.count))
  }

  private struct Splice {
    var start: Int
    var end: Int
    var bytes: [UInt8]
    var order: Int
  }

  /// Applies every edit and returns the new bytes. Throws when two edits overlap.
  public func apply() throws(JSONEditError) -> [UInt8] {
    let src = document.bytes
    let splices = try sortedSplices()
    var out: [UInt8] = []
    out.reserveCapacity(src.count + splices.reduce(0) { $0 + $1.bytes.count })
    var position = 0
    for s in splices {
      out.append(contentsOf: src[position..<s.start])
      out.append(contentsOf: s.bytes)
      position = s.end
    }
    out.append(contentsOf: src[position...])
    return out
  }

  /// Throws when two edits overlap, as `apply` would, without building the new bytes: the cost is
  /// that of the edits and of the containers they touch, not of the document.
  public func validate() throws(JSONEditError) {
    _ = try sortedSplices()
  }

  /// The splices in byte order, checked not to overlap.
  private func sortedSplices() throws(JSONEditError) -> [Splice] {
    let doc = document
    let nodes = doc.nodes
    let src = doc.bytes
    var splices: [Splice] = []
    var order = 0

    for (index, bytes) in replacements {
      let t = nodes[index]
      splices.append(Splice(start: Int(t.start), end: Int(t.end), bytes: bytes, order: order))
      order += 1
    }

    // Children of the containers that have structural edits.
    var containers = Set<Int>()
    for r in removals { containers.insert(Int(nodes[r].parent)) }
    var insertionsByContainer: [Int: [(container: Int, before: Int?, key: String?, value: [UInt8], order: Int)]] = [:]
    for ins in insertions {
      containers.insert(ins.container)
      insertionsByContainer[ins.container, default: []].append(ins)
    }

    for container in containers.sorted() {
      let c = nodes[container]
      let isObject = c.kind == .object
      // (first tape index of the child: key for members, value for elements; value index; span)
      var childValue: [Int] = []
      var childStart: [Int] = []
      var childEnd: [Int] = []
      var k = container + 1
      while k < Int(c.next) {
        let valueIndex = isObject ? k + 1 : k
        childValue.append(valueIndex)
        childStart.append(Int(nodes[k].start))
        childEnd.append(Int(nodes[valueIndex].end))
        k = Int(nodes[valueIndex].next)
      }
      let count = childValue.count
      let removed = childValue.map { removals.contains($0) }
      let open = Int(c.start)
      let close = Int(c.end) - 1

      // Removal runs.
      var a = 0
      while a < count {
        guard removed[a] else { a += 1; continue }
        var b = a
        while b + 1 < count && removed[b + 1] { b += 1 }
        if b + 1 < count {
          splices.append(Splice(start: childStart[a], end: childStart[b + 1], bytes: [], order: order))
        } else if a > 0 {
          splices.append(Splice(start: childEnd[a - 1], end: childEnd[b], bytes: [], order: order))
        } else {
          splices.append(Splice(start: open + 1, end: close, bytes: [], order: order))
        }
        order += 1
        a = b + 1
      }

      // Style: whitespace after the opening bracket, and after a key's colon.
      var leading: [UInt8] = []
      var colon: [UInt8] = [UInt8(ascii: ":")]
      if count > 0 {
        // The whitespace that follows an existing comma, else the one after the bracket.
        if count >= 2, let comma = src[childEnd[0]..<childStart[1]].firstIndex(of: UInt8(ascii: ",")) {
          leading = Array(src[(comma + 1)..<childStart[1]])
        } else {
          leading = Array(src[(open + 1)..<childStart[0]])
        }
        if isObject {
          let keyEnd = Int(nodes[childValue[0] - 1].end)
          let valueStart = Int(nodes[childValue[0]].start)
          let between = src[keyEnd..<valueStart]
          if between.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: ":") }) {
            colon = Array(between)
          }
        }
      }
      let lastKept = (0..<count).last { !removed[$0] }

      let positionOfChild = insertionsByContainer[container] == nil ? [:]
        : Dictionary(childValue.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      for ins in insertionsByContainer[container] ?? [] {
        var item: [UInt8] = []
        if let key = ins.key {
          JSONStringCodec.appendQuoted(key, to: &item)
          item.append(contentsOf: colon)
        }
        item.append(contentsOf: ins.value)
        // Position: before a kept child, or at the end.
        var target: Int? = nil
        if let before = ins.before, let position = positionOfChild[before] {
          var p = position
          while p < count && removed[p] { p += 1 }
          target = p < count ? p : nil
        }
        if let t = target {
          splices.append(Splice(start: childStart[t], end: childStart[t], bytes: item + [UInt8(ascii: ",")] + leading, order: order))
        } else if let last = lastKept {
          splices.append(Splice(start: childEnd[last], end: childEnd[last], bytes: [UInt8(ascii: ",")] + leading + item, order: order))
        } else {
          splices.append(Splice(start: open + 1, end: open + 1, bytes: item, order: order))
        }
        order += 1
      }
    }

    splices.sort { ($0.start, $0.end, $0.order) < ($1.start, $1.end, $1.order) }
    var position = 0
    for s in splices {
      // Sorted by start: a splice that begins before the previous one ended overlaps it.
      if s.start < position { throw JSONEditError(message: "overlapping edits at byte \(s.start)") }
      position = s.end
    }
    return splices
  }
}

public struct JSONEditError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
