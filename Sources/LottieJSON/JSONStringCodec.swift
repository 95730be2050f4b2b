/// Escaping and unescaping of JSON string contents.
public enum JSONStringCodec {
  /// Decodes the inside of a validated JSON string literal (without its quotes). Lone surrogate
  /// escapes become U+FFFD.
  public static func unescape<C: Collection>(_ inner: C) -> String where C.Element == UInt8, C.Index == Int {
    var out: [UInt8] = []
    out.reserveCapacity(inner.count)
    var i = inner.startIndex
    let end = inner.endIndex
    func hex4(at k: Int) -> UInt32? {
      guard k + 4 <= end else { return nil }
      var v: UInt32 = 0
      for j in k..<k + 4 {
        guard let h = hexValue(inner[j]) else { return nil }
        v = v << 4 | UInt32(h)
      }
      return v
    }
    while i < end {
      let c = inner[i]
      guard c == UInt8(ascii: "\\"), i + 1 < end else {
        out.append(c)
        i += 1
        continue
      }
      let e = inner[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        guard var scalar = hex4(at: i) else {
          out.append(contentsOf: [0xEF, 0xBF, 0xBD])
          continue
        }
        i += 4
        if scalar >= 0xD800 && scalar < 0xDC00 {
          // High surrogate: needs a following \uDC00–\uDFFF.
          if i + 6 <= end, inner[i] == UInt8(ascii: "\\"), inner[i + 1] == UInt8(ascii: "u"),
            let low = hex4(at: i + 2), low >= 0xDC00, low < 0xE000
          {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          } else {
            scalar = 0xFFFD
          }
        } else if scalar >= 0xDC00 && scalar < 0xE000 {
          scalar = 0xFFFD
        }
        appendUTF8(scalar, to: &out)
      default:
        out.append(e)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
    switch v {
    case 0..<0x80:
      out.append(UInt8(v))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | (v >> 6)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | (v >> 12)))
      out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    default:
      out.append(UInt8(0xF0 | (v >> 18)))
      out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
      out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    }
  }

  /// Writes `s` as a JSON string literal (with quotes). Only what JSON requires is escaped; `/` and
  /// non-ASCII characters are written as they are.
  public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Fast path: most strings (codes, messages, pointers, names) need no escape at all.
    var s = s
    let plain = s.withUTF8 { buf -> Bool in
      for c in buf where c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") { return false }
      out.append(contentsOf: buf)
      return true
    }
    if plain {
      out.append(UInt8(ascii: "\""))
      return
    }
    for c in s.utf8 {
      switch c {
      case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
      case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
      case 0..<0x20:
        out.append(contentsOf: Array("\\u00".utf8))
        out.append(contentsOf: Array(hex2(c).lowercased().utf8))
      default: out.append(c)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  public static func quoted(_ s: String) -> String {
    var out: [UInt8] = []
    appendQuoted(s, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `s` with its control characters (C0, DEL, C1) and line separators (U+2028, U+2029) written
  /// as JSON escapes (`\n`, `\u001b`) and everything else as it is: for a line of terminal text
  /// or a Markdown table cell, where a name's line break would start a line that looks like
  /// another finding, and an escape character would drive the terminal.
  public static func controlCharactersEscaped(_ s: String) -> String {
    func escaped(_ v: UInt32) -> Bool { v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 }
    guard s.unicodeScalars.contains(where: { escaped($0.value) }) else { return s }
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar.value {
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case let v where escaped(v): out += "\\u" + hex2(UInt8(v >> 8)).lowercased() + hex2(UInt8(v & 0xFF)).lowercased()
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

/// RFC 6901 JSON pointers.
public enum JSONPointer {
  // Escaping and splitting work on UTF-8 bytes, not on Characters: a key may start with a
  // combining mark, which Swift's String operations would fuse with the "/" before it.
  public static func escape(_ token: String) -> String {
    let bytes = Array(token.utf8)
    guard bytes.contains(UInt8(ascii: "~")) || bytes.contains(UInt8(ascii: "/")) else { return token }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 4)
    for b in bytes {
      switch b {
      case UInt8(ascii: "~"): out += [UInt8(ascii: "~"), UInt8(ascii: "0")]
      case UInt8(ascii: "/"): out += [UInt8(ascii: "~"), UInt8(ascii: "1")]
      default: out.append(b)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  public static func unescape(_ token: Substring) -> String {
    unescapeBytes(Array(token.utf8))
  }

  static func unescapeBytes(_ bytes: [UInt8]) -> String {
    guard bytes.contains(UInt8(ascii: "~")) else { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "~"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "1") || bytes[i + 1] == UInt8(ascii: "0") {
        out.append(bytes[i + 1] == UInt8(ascii: "1") ? UInt8(ascii: "/") : UInt8(ascii: "~"))
        i += 2
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The reference tokens of a pointer, or nil when it is not a valid pointer.
  public static func tokens(of pointer: String) -> [String]? {
    if pointer.isEmpty { return [] }
    let bytes = Array(pointer.utf8)
    guard bytes.first == UInt8(ascii: "/") else { return nil }
    return bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { unescapeBytes(Array($0)) }
  }

  /// An array index token: digits only, no leading zero (RFC 6901).
  public static func arrayIndex(_ token: String) -> Int? {
    guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    if token.count > 1 && token.hasPrefix("0") { return nil }
    return Int(token)
  }

  /// Joins tokens into a pointer.
  public static func make(_ tokens: [String]) -> String {
    tokens.map { "/" + escape($0) }.joined()
  }
}

extension String {
  /// Replaces every occurrence (no Foundation needed in the JSON core).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = self[...]
    while let r = rest.range(of: target) {
      result += rest[..<r.lowerBound]
      result += replacement
      rest = rest[r.upperBound...]
    }
    result += rest
    return result
  }
}

extension Substring {
  func range(of target: String) -> Range<Substring.Index>? {
    let t = Array(target.utf8)
    let u = self.utf8
    var i = u.startIndex
    while i != u.endIndex {
      var j = i
      var k = 0
      while k < t.count, j != u.endIndex, u[j] == t[k] {
        j = u.index(after: j)
        k += 1
      }
      if k == t.count { return i..<j }
      i = u.index(after: i)
    }
    return nil
  }
}
