/// A set of edits to one document, applied in a single pass so that every byte outside the edited
/// spans stays exactly as it was (layout, escapes, number spelling, key order).
///
/// Removals inside one container are merged into runs so that commas stay right; insertions copy the
/// container's own whitespace style (the text between its bracket and its first child).
public struct JSONEdits: Sendable {
  public let document: JSONDocument
  private var replacements: [(node: Int, bytes: [UInt8])] = []
  private var removals: Set<Int> = []
  private var insertions: [Insertion] = []

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
    let nodes = document.nodes
    var splices: [Splice] = []
    for (index, bytes) in replacements {
      let t = nodes[index]
      splices.append(Splice(start: Int(t.start), end: Int(t.end), bytes: bytes, order: splices.count))
    }
    // Children of the containers that have structural edits.
    var containers = Set<Int>()
    for r in removals { containers.insert(Int(nodes[r].parent)) }
    var insertionsByContainer: [Int: [Insertion]] = [:]
    for ins in insertions {
      containers.insert(ins.container)
      insertionsByContainer[ins.container, default: []].append(ins)
    }
    for container in containers.sorted() {
      let children = Children(document, container: container, removals: removals)
      children.appendRemovalSplices(to: &splices)
      if let inserted = insertionsByContainer[container] {
        children.appendInsertionSplices(inserted, to: &splices)
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

  private typealias Insertion = (container: Int, before: Int?, key: String?, value: [UInt8], order: Int)

  /// The children of one container with structural edits: their spans, which are removed, and the
  /// container's own whitespace style, which insertions copy.
  private struct Children {
    let document: JSONDocument
    let isObject: Bool
    /// Tape index of each child's value, and its span (from the key, for members).
    var value: [Int] = []
    var start: [Int] = []
    var end: [Int] = []
    let removed: [Bool]
    /// The byte after the opening bracket, and the closing bracket.
    let open: Int
    let close: Int

    init(_ document: JSONDocument, container: Int, removals: Set<Int>) {
      self.document = document
      let nodes = document.nodes
      let c = nodes[container]
      isObject = c.kind == .object
      var k = container + 1
      while k < Int(c.next) {
        let valueIndex = isObject ? k + 1 : k
        value.append(valueIndex)
        start.append(Int(nodes[k].start))
        end.append(Int(nodes[valueIndex].end))
        k = Int(nodes[valueIndex].next)
      }
      removed = value.map { removals.contains($0) }
      open = Int(c.start) + 1
      close = Int(c.end) - 1
    }

    var count: Int { value.count }

    /// One splice per run of removed children, taking the commas that separate the run.
    func appendRemovalSplices(to splices: inout [Splice]) {
      var a = 0
      while a < count {
        guard removed[a] else { a += 1; continue }
        var b = a
        while b + 1 < count && removed[b + 1] { b += 1 }
        if b + 1 < count {
          splices.append(Splice(start: start[a], end: start[b + 1], bytes: [], order: splices.count))
        } else if a > 0 {
          splices.append(Splice(start: end[a - 1], end: end[b], bytes: [], order: splices.count))
        } else {
          splices.append(Splice(start: open, end: close, bytes: [], order: splices.count))
        }
        a = b + 1
      }
    }

    /// The whitespace that starts a child (the one after an existing comma, else the one after the
    /// bracket), and what stands between a key and its value.
    func style() -> (leading: [UInt8], colon: [UInt8]) {
      guard count > 0 else { return ([], [UInt8(ascii: ":")]) }
      let src = document.bytes
      var leading = Array(src[open..<start[0]])
      if count >= 2, let comma = src[end[0]..<start[1]].firstIndex(of: UInt8(ascii: ",")) {
        leading = Array(src[(comma + 1)..<start[1]])
      }
      var colon: [UInt8] = [UInt8(ascii: ":")]
      if isObject {
        let nodes = document.nodes
        let between = src[Int(nodes[value[0] - 1].end)..<Int(nodes[value[0]].start)]
        if between.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: ":") }) {
          colon = Array(between)
        }
      }
      return (leading, colon)
    }

    /// One splice per insertion: before a kept child, after the last kept one, or into the emptied container.
    func appendInsertionSplices(_ inserted: [Insertion], to splices: inout [Splice]) {
      let (leading, colon) = style()
      let lastKept = (0..<count).last { !removed[$0] }
      let positionOfChild = Dictionary(value.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      // Into a container with no kept child, the second insertion on needs a comma before it.
      var intoEmpty = 0
      for ins in inserted {
        var item: [UInt8] = []
        if let key = ins.key {
          JSONStringCodec.appendQuoted(key, to: &item)
          item.append(contentsOf: colon)
        }
        item.append(contentsOf: ins.value)
        var target: Int? = nil
        if let before = ins.before, var p = positionOfChild[before] {
          while p < count && removed[p] { p += 1 }
          target = p < count ? p : nil
        }
        if let t = target {
          splices.append(Splice(start: start[t], end: start[t], bytes: item + [UInt8(ascii: ",")] + leading, order: splices.count))
        } else if let last = lastKept {
          splices.append(Splice(start: end[last], end: end[last], bytes: [UInt8(ascii: ",")] + leading + item, order: splices.count))
        } else {
          splices.append(Splice(start: open, end: open, bytes: (intoEmpty > 0 ? [UInt8(ascii: ",")] : []) + item, order: splices.count))
          intoEmpty += 1
        }
      }
    }
  }
}

public struct JSONEditError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
