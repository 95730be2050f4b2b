/// Layouts a document can be written in. Strings and numbers are always copied from the source as
/// written (escapes and number spelling kept); only insignificant whitespace changes.
public enum JSONLayout: Sendable {
  /// No whitespace at all.
  case minified
  /// Two spaces per level, `"key": value`, one member or element per line, `[]`/`{}` when empty.
  case pretty
}

extension JSONDocument {
  /// Writes the document in a layout. A leading BOM is dropped (it is not part of JSON).
  public func written(_ layout: JSONLayout) -> [UInt8] {
    if layout == .minified { return minifiedText(of: root) }
    var out: [UInt8] = []
    out.reserveCapacity(layout == .minified ? bytes.count : bytes.count + bytes.count / 2)
    write(root, layout: layout, into: &out)
    if layout == .pretty { out.append(0x0A) }
    return out
  }

  /// Writes one subtree in a layout, starting at `indent` levels (pretty only).
  public func write(_ node: JSONNode, layout: JSONLayout, indent: Int = 0, into out: inout [UInt8]) {
    let pretty = layout == .pretty
    bytes.withUnsafeBufferPointer { src in
      nodes.withUnsafeBufferPointer { tape in
        guard let base = src.baseAddress else { return }
        var stack: [Int] = []
        stack.reserveCapacity(32)
        let first = node.index
        let end = Int(tape[first].next)

        @inline(__always) func newline(_ depth: Int) {
          out.append(0x0A)
          for _ in 0..<(depth * 2) { out.append(0x20) }
        }
        @inline(__always) func closeTop() {
          let top = stack.removeLast()
          if pretty { newline(stack.count + indent) }
          out.append(tape[top].kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }

        var i = first
        while i < end {
          while let top = stack.last, Int(tape[top].next) <= i { closeTop() }
          let t = tape[i]
          if i != first {
            let parentIndex = Int(t.parent)
            let isFirstChild = parentIndex == i - 1
            let parentIsObject = tape[parentIndex].kind == .object
            if t.flags & TapeNode.isKey != 0 || !parentIsObject {
              if !isFirstChild { out.append(UInt8(ascii: ",")) }
              if pretty { newline(stack.count + indent) }
            }
          }
          switch t.kind {
          case .object, .array:
            let isObject = t.kind == .object
            out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
            if t.count == 0 {
              out.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            } else {
              stack.append(i)
            }
          default:
            out.append(contentsOf: UnsafeBufferPointer(start: base + Int(t.start), count: Int(t.end - t.start)))
            if t.flags & TapeNode.isKey != 0 {
              out.append(UInt8(ascii: ":"))
              if pretty { out.append(0x20) }
            }
          }
          i += 1
        }
        while !stack.isEmpty { closeTop() }
      }
    }
  }

  /// The subtree's minified text. The text was validated by the parser, so minifying is dropping
  /// whitespace outside strings: a byte scan that copies runs, several times faster than a tape walk.
  public func minifiedText(of node: JSONNode) -> [UInt8] {
    let span = node.span
    var out = [UInt8](repeating: 0, count: span.count)
    let written = bytes.withUnsafeBufferPointer { src -> Int in
      out.withUnsafeMutableBufferPointer { dst -> Int in
        guard let s = src.baseAddress, let d = dst.baseAddress else { return 0 }
        var i = span.lowerBound
        let end = span.upperBound
        var o = 0
        var runStart = i
        @inline(__always) func flush(_ upTo: Int) {
          let length = upTo - runStart
          if length > 0 {
            (d + o).update(from: s + runStart, count: length)
            o += length
          }
        }
        while i < end {
          let c = s[i]
          if c == UInt8(ascii: "\"") {
            i += 1
            while i < end {
              let k = s[i]
              if k == UInt8(ascii: "\\") { i += 2 } else if k == UInt8(ascii: "\"") { break } else { i += 1 }
            }
            i += 1
          } else if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
            flush(i)
            i += 1
            while i < end, s[i] == 0x20 || s[i] == 0x0A || s[i] == 0x0D || s[i] == 0x09 { i += 1 }
            runStart = i
          } else {
            i += 1
          }
        }
        flush(min(i, end))
        return o
      }
    }
    out.removeLast(out.count - written)
    return out
  }
}

/// A JSON value built in code, for edits that insert or replace content.
public indirect enum JSONValue: Sendable, Equatable {
  case object([(String, JSONValue)])
  case array([JSONValue])
  case string(String)
  /// A number written exactly as given (it must be valid JSON number syntax).
  case number(String)
  case bool(Bool)
  case null
  /// Verbatim JSON text (for example an untouched subtree copied from a document).
  case raw([UInt8])

  public static func int(_ v: Int) -> JSONValue { .number(String(v)) }

  public static func == (a: JSONValue, b: JSONValue) -> Bool { a.minified == b.minified }

  /// Minified text.
  public var minified: [UInt8] {
    var out: [UInt8] = []
    append(to: &out)
    return out
  }

  public func append(to out: inout [UInt8]) {
    switch self {
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (k, (key, value)) in members.enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        JSONStringCodec.appendQuoted(key, to: &out)
        out.append(UInt8(ascii: ":"))
        value.append(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (k, value) in elements.enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        value.append(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .string(let s): JSONStringCodec.appendQuoted(s, to: &out)
    case .number(let text): out.append(contentsOf: Array(text.utf8))
    case .bool(let b): out.append(contentsOf: Array((b ? "true" : "false").utf8))
    case .null: out.append(contentsOf: Array("null".utf8))
    case .raw(let bytes): out.append(contentsOf: bytes)
    }
  }
}

extension JSONValue {
  /// Two-space indented text (for reports; values built in code are shallow, so recursion is safe).
  public var pretty: [UInt8] {
    var out: [UInt8] = []
    appendPretty(to: &out, depth: 0)
    return out
  }

  public var prettyString: String { String(decoding: pretty, as: UTF8.self) }
  public var minifiedString: String { String(decoding: minified, as: UTF8.self) }

  /// Appends two-space indented text as if this value started at `depth` levels of nesting.
  public func appendPretty(to out: inout [UInt8], depth: Int) {
    func newline(_ d: Int) {
      out.append(0x0A)
      for _ in 0..<(d * 2) { out.append(0x20) }
    }
    switch self {
    case .object(let members) where !members.isEmpty:
      out.append(UInt8(ascii: "{"))
      for (k, (key, value)) in members.enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1)
        JSONStringCodec.appendQuoted(key, to: &out)
        out.append(contentsOf: [UInt8(ascii: ":"), 0x20])
        value.appendPretty(to: &out, depth: depth + 1)
      }
      newline(depth)
      out.append(UInt8(ascii: "}"))
    case .array(let elements) where !elements.isEmpty:
      out.append(UInt8(ascii: "["))
      for (k, value) in elements.enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1)
        value.appendPretty(to: &out, depth: depth + 1)
      }
      newline(depth)
      out.append(UInt8(ascii: "]"))
    default:
      append(to: &out)
    }
  }

  /// A number from a Double, written the shortest way that reads back exactly (integers without `.0`).
  public static func double(_ d: Double) -> JSONValue {
    guard d.isFinite else { return .null }
    if d == d.rounded(), abs(d) < 1e15 { return .number(String(Int(d))) }
    return .number(String(d))
  }

  public static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
  public static func optional(_ d: Double?) -> JSONValue { d.map { .double($0) } ?? .null }
}
