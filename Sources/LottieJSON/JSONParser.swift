/// A syntax error: what was expected, and where (byte offset, 1-based line and column).
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible, Equatable {
  public var message: String
  public var location: SourceLocation
  public var description: String { "\(location.line):\(location.column): \(message)" }
}

struct ParseResult {
  var nodes: [TapeNode]
  var lineStarts: [UInt32]
  var hasBOM: Bool
  var duplicateKeys: [JSONNode.ID]
  var multibyte: MultibyteIndex
}

/// Where multi-byte UTF-8 sequences start, with the running count of their continuation bytes, so
/// that a column (in Unicode scalars) is computed with two binary searches instead of a scan of
/// the line (minified files are one line of megabytes).
struct MultibyteIndex: Sendable {
  var starts: [UInt32] = []
  /// continuation bytes of sequences 0...k
  var cumulative: [UInt32] = []

  mutating func record(_ offset: Int, extra: Int) {
    starts.append(UInt32(offset))
    cumulative.append((cumulative.last ?? 0) &+ UInt32(extra))
  }

  /// Continuation bytes before `offset` (which is never inside a sequence).
  func continuationBytes(before offset: Int) -> Int {
    var lo = 0
    var hi = starts.count
    let target = UInt32(clamping: offset)
    while lo < hi {
      let mid = (lo + hi) / 2
      if starts[mid] < target { lo = mid + 1 } else { hi = mid }
    }
    return lo == 0 ? 0 : Int(cumulative[lo - 1])
  }
}

/// Strict RFC 8259 parser over bytes. Iterative (an explicit stack), so hostile nesting cannot
/// overflow the call stack; the depth limit gives a clean error instead.
struct JSONParser {
  let options: JSONParseOptions
  var nodes: [TapeNode] = []
  var lineStarts: [UInt32] = []
  var duplicateKeys: [JSONNode.ID] = []
  var multibyte = MultibyteIndex()
  /// Reused between objects so that duplicate-key detection allocates once per document.
  private var keyScratch: [Int] = []

  init(options: JSONParseOptions) { self.options = options }

  /// Byte offset + message, resolved to a line and column at the end (cheap on the happy path).
  struct Failure: Error {
    var offset: Int
    var message: String
  }

  mutating func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> ParseResult {
    guard bytes.count < Int(UInt32.max) - 1 else {
      throw JSONSyntaxError(message: "input larger than 4 GB is not supported", location: SourceLocation(offset: 0, line: 1, column: 1))
    }
    let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    let start = hasBOM ? 3 : 0
    lineStarts = [UInt32(start)]
    // Real minified Lottie files average one node per ~4.6 bytes; reserving avoids regrowth copies.
    nodes.reserveCapacity(bytes.count / 4 + 16)
    do {
      try bytes.withUnsafeBufferPointer { (p: UnsafeBufferPointer<UInt8>) throws(Failure) in
        try run(p, start: start)
      }
    } catch {
      throw syntaxError(error, bytes: bytes, hasBOM: hasBOM)
    }
    // Objects close innermost first; report duplicates in document order.
    duplicateKeys.sort()
    return ParseResult(nodes: nodes, lineStarts: lineStarts, hasBOM: hasBOM, duplicateKeys: duplicateKeys, multibyte: multibyte)
  }

  private func syntaxError(_ failure: Failure, bytes: [UInt8], hasBOM: Bool) -> JSONSyntaxError {
    // Line starts are complete up to the failure: every newline before it was whitespace we skipped.
    let doc = JSONDocument(bytes: bytes, nodes: [], lineStarts: lineStarts, hasBOM: hasBOM, duplicateKeys: [], multibyte: multibyte)
    return JSONSyntaxError(message: failure.message, location: doc.location(ofOffset: failure.offset))
  }

  // MARK: - main loop

  private enum State { case value, key, afterValue }

  private mutating func run(_ p: UnsafeBufferPointer<UInt8>, start: Int) throws(Failure) {
    let n = p.count
    var i = start
    var stack: [UInt32] = []
    stack.reserveCapacity(64)
    var state = State.value
    let maxDepth = options.maxDepth

    skipWhitespace(p, &i)
    if i >= n { throw Failure(offset: i, message: n == start ? "empty input, expected a JSON value" : "unexpected end of input, expected a JSON value") }

    while true {
      switch state {
      case .value:
        guard i < n else { throw Failure(offset: i, message: "unexpected end of input, expected a value") }
        let parent = stack.last ?? TapeNode.noParent
        let c = p[i]
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let isObject = c == UInt8(ascii: "{")
          if stack.count >= maxDepth {
            throw Failure(offset: i, message: "nesting deeper than \(maxDepth) levels")
          }
          let index = UInt32(nodes.count)
          addChild(parent)
          nodes.append(
            TapeNode(
              start: UInt32(i), end: 0, next: 0, parent: parent, count: 0,
              kind: isObject ? .object : .array, flags: 0))
          stack.append(index)
          i += 1
          skipWhitespace(p, &i)
          guard i < n else {
            throw Failure(offset: i, message: "unexpected end of input, expected \(isObject ? "a key or '}'" : "a value or ']'")")
          }
          if p[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            close(&stack, at: i, p)
            i += 1
            state = .afterValue
          } else {
            state = isObject ? .key : .value
          }
          continue
        case UInt8(ascii: "\""):
          addChild(parent)
          try scanString(p, &i, parent: parent, isKey: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          addChild(parent)
          try scanNumber(p, &i, parent: parent)
        case UInt8(ascii: "t"):
          try scanLiteral(p, &i, "true", parent: parent, kind: .bool, flags: TapeNode.isTrue)
        case UInt8(ascii: "f"):
          try scanLiteral(p, &i, "false", parent: parent, kind: .bool, flags: 0)
        case UInt8(ascii: "n"):
          try scanLiteral(p, &i, "null", parent: parent, kind: .null, flags: 0)
        default:
          throw Failure(offset: i, message: "unexpected \(describe(p, i)), expected a value")
        }
        state = .afterValue

      case .key:
        guard i < n else { throw Failure(offset: i, message: "unexpected end of input, expected a string key") }
        guard p[i] == UInt8(ascii: "\"") else {
          throw Failure(offset: i, message: "unexpected \(describe(p, i)), expected a string key")
        }
        let parent = stack.last ?? TapeNode.noParent
        addChild(parent)
        try scanString(p, &i, parent: parent, isKey: true)
        skipWhitespace(p, &i)
        guard i < n else { throw Failure(offset: i, message: "unexpected end of input, expected ':' after the key") }
        guard p[i] == UInt8(ascii: ":") else {
          throw Failure(offset: i, message: "unexpected \(describe(p, i)), expected ':' after the key")
        }
        i += 1
        skipWhitespace(p, &i)
        state = .value

      case .afterValue:
        skipWhitespace(p, &i)
        guard let top = stack.last else {
          if i < n {
            throw Failure(offset: i, message: "unexpected \(describe(p, i)) after the end of the JSON value")
          }
          return
        }
        let isObject = nodes[Int(top)].kind == .object
        guard i < n else {
          throw Failure(offset: i, message: "unexpected end of input, expected ',' or '\(isObject ? "}" : "]")'")
        }
        let c = p[i]
        if c == UInt8(ascii: ",") {
          i += 1
          skipWhitespace(p, &i)
          state = isObject ? .key : .value
        } else if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          close(&stack, at: i, p)
          i += 1
        } else {
          throw Failure(offset: i, message: "unexpected \(describe(p, i)), expected ',' or '\(isObject ? "}" : "]")'")
        }
      }
    }
  }

  @inline(__always)
  private mutating func addChild(_ parent: UInt32) {
    if parent != TapeNode.noParent {
      // Objects count members at their key; arrays count elements.
      if nodes[Int(parent)].kind == .array { nodes[Int(parent)].count &+= 1 }
    }
  }

  @inline(__always)
  private mutating func close(_ stack: inout [UInt32], at i: Int, _ p: UnsafeBufferPointer<UInt8>) {
    let index = Int(stack.removeLast())
    nodes[index].end = UInt32(i + 1)
    nodes[index].next = UInt32(nodes.count)
    if nodes[index].kind == .object && nodes[index].count >= 2 {
      findDuplicateKeys(objectIndex: index, p)
    }
  }

  // MARK: - whitespace

  @inline(__always)
  private mutating func skipWhitespace(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
    let n = p.count
    while i < n {
      let c = p[i]
      if c == 0x20 || c == 0x09 || c == 0x0D {
        i += 1
      } else if c == 0x0A {
        i += 1
        lineStarts.append(UInt32(i))
      } else {
        return
      }
    }
  }

  // MARK: - strings

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  private mutating func scanString(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, parent: UInt32, isKey: Bool) throws(Failure) {
    let n = p.count
    let start = i
    var flags: UInt8 = isKey ? TapeNode.isKey : 0
    i += 1
    guard let base = p.baseAddress else { throw Failure(offset: i, message: "unexpected end of input in a string") }
    while true {
      // Fast path: 8 plain ASCII bytes at a time (no quote, backslash, control or non-ASCII byte).
      while i + 8 <= n {
        let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let quote = w ^ (Self.ones &* 0x22)
        let slash = w ^ (Self.ones &* 0x5C)
        let hasQuote = (quote &- Self.ones) & ~quote & Self.highs
        let hasSlash = (slash &- Self.ones) & ~slash & Self.highs
        let hasControl = (w &- (Self.ones &* 0x20)) & ~w & Self.highs
        let hasHigh = w & Self.highs
        if (hasQuote | hasSlash | hasControl | hasHigh) != 0 { break }
        i += 8
      }
      guard i < n else { throw Failure(offset: start, message: "unterminated string (end of input before its closing '\"')") }
      let c = p[i]
      if c == UInt8(ascii: "\"") {
        i += 1
        break
      } else if c == UInt8(ascii: "\\") {
        flags |= TapeNode.hasEscapes
        guard i + 1 < n else { throw Failure(offset: i, message: "unterminated string (end of input in an escape)") }
        let e = p[i + 1]
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          i += 2
        case UInt8(ascii: "u"):
          guard i + 6 <= n else { throw Failure(offset: i, message: "unterminated string (end of input in a \\u escape)") }
          for k in 2..<6 where hexValue(p[i + k]) == nil {
            throw Failure(offset: i + k, message: "invalid \\u escape: expected 4 hexadecimal digits")
          }
          i += 6
        default:
          throw Failure(offset: i, message: "invalid escape '\\\(printable(e))' in a string")
        }
      } else if c < 0x20 {
        throw Failure(offset: i, message: "control character U+\(hex4(c)) in a string must be escaped")
      } else if c < 0x80 {
        i += 1
      } else {
        try validateUTF8(p, &i)
      }
    }
    nodes.append(
      TapeNode(
        start: UInt32(start), end: UInt32(i), next: UInt32(nodes.count + 1), parent: parent,
        count: 0, kind: .string, flags: flags))
    if isKey { nodes[Int(parent)].count &+= 1 }
  }

  /// Validates one UTF-8 sequence starting at a byte >= 0x80 (no overlongs, no surrogates, <= U+10FFFF).
  @inline(__always)
  private mutating func validateUTF8(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) throws(Failure) {
    let n = p.count
    let b0 = p[i]
    @inline(__always) func cont(_ k: Int) -> Bool { i + k < n && p[i + k] & 0xC0 == 0x80 }
    switch b0 {
    case 0xC2...0xDF:
      guard cont(1) else { break }
      multibyte.record(i, extra: 1)
      i += 2
      return
    case 0xE0...0xEF:
      guard cont(1), cont(2) else { break }
      let b1 = p[i + 1]
      if b0 == 0xE0 && b1 < 0xA0 { break }  // overlong
      if b0 == 0xED && b1 >= 0xA0 { break }  // UTF-16 surrogate
      multibyte.record(i, extra: 2)
      i += 3
      return
    case 0xF0...0xF4:
      guard cont(1), cont(2), cont(3) else { break }
      let b1 = p[i + 1]
      if b0 == 0xF0 && b1 < 0x90 { break }  // overlong
      if b0 == 0xF4 && b1 >= 0x90 { break }  // above U+10FFFF
      multibyte.record(i, extra: 3)
      i += 4
      return
    default:
      break
    }
    throw Failure(offset: i, message: "invalid UTF-8 byte 0x\(hex2(b0)) in a string")
  }

  // MARK: - numbers

  private mutating func scanNumber(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, parent: UInt32) throws(Failure) {
    let n = p.count
    let start = i
    @inline(__always) func isDigit(_ k: Int) -> Bool { k < n && p[k] &- 0x30 < 10 }
    if p[i] == UInt8(ascii: "-") {
      i += 1
      guard isDigit(i) else { throw Failure(offset: i, message: "invalid number: expected a digit after '-'") }
    }
    let intStart = i
    if p[i] == UInt8(ascii: "0") {
      i += 1
      if isDigit(i) { throw Failure(offset: start, message: "invalid number: leading zeros are not allowed") }
    } else {
      while isDigit(i) { i += 1 }
    }
    var risky = i - intStart > 308
    if i < n && p[i] == UInt8(ascii: ".") {
      i += 1
      guard isDigit(i) else { throw Failure(offset: i, message: "invalid number: expected a digit after '.'") }
      while isDigit(i) { i += 1 }
    }
    if i < n && (p[i] | 0x20) == UInt8(ascii: "e") {
      i += 1
      if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
      guard isDigit(i) else { throw Failure(offset: i, message: "invalid number: expected a digit in the exponent") }
      let expStart = i
      while isDigit(i) { i += 1 }
      // Exponents of three or more digits may overflow a double; check those exactly.
      if i - expStart >= 3 { risky = true }
    }
    if risky && options.rejectOverflowingNumbers {
      let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
      if let d = Double(text), !d.isFinite {
        let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
        throw Failure(offset: start, message: "number \(shown) is out of range (larger than a 64-bit float can hold)")
      }
    }
    nodes.append(
      TapeNode(
        start: UInt32(start), end: UInt32(i), next: UInt32(nodes.count + 1), parent: parent,
        count: 0, kind: .number, flags: 0))
  }

  // MARK: - literals

  private mutating func scanLiteral(
    _ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ word: StaticString,
    parent: UInt32, kind: JSONKind, flags: UInt8
  ) throws(Failure) {
    let n = p.count
    let w = word.utf8Start
    let len = word.utf8CodeUnitCount
    for k in 0..<len where i + k >= n || p[i + k] != w[k] {
      if i + k >= n { throw Failure(offset: i, message: "unexpected end of input, expected '\(word)'") }
      throw Failure(offset: i, message: "unexpected \(describe(p, i)), expected a value")
    }
    addChild(parent)
    nodes.append(
      TapeNode(
        start: UInt32(i), end: UInt32(i + len), next: UInt32(nodes.count + 1), parent: parent,
        count: 0, kind: kind, flags: flags))
    i += len
  }

  // MARK: - duplicate keys

  private mutating func findDuplicateKeys(objectIndex: Int, _ p: UnsafeBufferPointer<UInt8>) {
    let end = Int(nodes[objectIndex].next)
    let count = Int(nodes[objectIndex].count)
    if count <= 24 {
      // Pairwise, on a fingerprint first: the key's length and its first 7 bytes in one word
      // (keys of Lottie objects are short: "a", "k", "ix", "nm"…). Equal fingerprints of keys
      // up to 7 bytes are equal keys; longer or escaped keys are compared in full. The scratch
      // lives on the stack: this runs for every object of the file.
      withUnsafeTemporaryAllocation(of: (Int, UInt64).self, capacity: 24) { keys in
        var n = 0
        var anyEscaped = false
        var k = objectIndex + 1
        while k < end && n < 24 {
          let t = nodes[k]
          if t.flags & TapeNode.hasEscapes != 0 { anyEscaped = true }
          let length = Int(t.end &- t.start) &- 2
          var fp = UInt64(min(max(length, 0), 255)) << 56
          var i = 0
          while i < 7 && i < length {
            fp |= UInt64(p[Int(t.start) &+ 1 &+ i]) << UInt64(i &* 8)
            i &+= 1
          }
          keys[n] = (k, fp)
          n &+= 1
          k = Int(nodes[k + 1].next)
        }
        guard n > 1 else { return }
        for a in 1..<n {
          let (ka, fa) = keys[a]
          for b in 0..<a {
            if !anyEscaped {
              guard keys[b].1 == fa else { continue }
              if fa >> 56 <= 7 {
                duplicateKeys.append(JSONNode.ID(raw: UInt32(ka)))
                break
              }
            }
            if sameKeyBytes(ka, keys[b].0, p) {
              duplicateKeys.append(JSONNode.ID(raw: UInt32(ka)))
              break
            }
          }
        }
      }
      return
    }
    var keys: [Int] = []
    swap(&keys, &keyScratch)  // take the buffer uniquely (no copy-on-write)
    keys.removeAll(keepingCapacity: true)
    defer { swap(&keys, &keyScratch) }
    var k = objectIndex + 1
    while k < end {
      keys.append(k)
      k = Int(nodes[k + 1].next)
    }
    var seen = Set<[UInt8]>()
    for key in keys {
      let t = nodes[key]
      // Compared as decoded text: "a" and "\u0061" are the same key.
      let name =
        t.flags & TapeNode.hasEscapes != 0
        ? Array(JSONStringCodec.unescape(p[Int(t.start) + 1..<Int(t.end) - 1]).utf8)
        : Array(p[Int(t.start) + 1..<Int(t.end) - 1])
      if !seen.insert(name).inserted {
        duplicateKeys.append(JSONNode.ID(raw: UInt32(key)))
      }
    }
  }

  private func sameKeyBytes(_ a: Int, _ b: Int, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
    let ta = nodes[a]
    let tb = nodes[b]
    if (ta.flags | tb.flags) & TapeNode.hasEscapes != 0 {
      return JSONStringCodec.unescape(p[Int(ta.start) + 1..<Int(ta.end) - 1])
        == JSONStringCodec.unescape(p[Int(tb.start) + 1..<Int(tb.end) - 1])
    }
    let la = Int(ta.end - ta.start)
    guard la == Int(tb.end - tb.start), let base = p.baseAddress else { return false }
    return memcmpBytes(base + Int(ta.start), base + Int(tb.start), la)
  }
}

// MARK: - helpers

@inline(__always) func hexValue(_ c: UInt8) -> UInt8? {
  switch c {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
  default: return nil
  }
}

func hex2(_ c: UInt8) -> String {
  let digits = Array("0123456789ABCDEF")
  return String([digits[Int(c >> 4)], digits[Int(c & 15)]])
}

func hex4(_ c: UInt8) -> String { "00" + hex2(c) }

func printable(_ c: UInt8) -> String {
  if c >= 0x20 && c < 0x7F { return String(UnicodeScalar(c)) }
  return "\\x" + hex2(c)
}

/// A short description of the byte at `i` for error messages.
func describe(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> String {
  guard i < p.count else { return "end of input" }
  let c = p[i]
  if c >= 0x21 && c < 0x7F { return "character '\(String(UnicodeScalar(c)))'" }
  if c == 0 { return "NUL byte" }
  if c >= 0x80 { return "byte 0x\(hex2(c))" }
  return "control character U+\(hex4(c))"
}
