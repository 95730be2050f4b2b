// Pointers, positions in arrays and key comparison on the tape, for `JSONNode`.

extension JSONDocument {
  /// A value's position in the array at `container`. An array of scalars takes one tape slot per
  /// element, so the position is the offset; short arrays walk their siblings; long ones use one
  /// O(n) index for the whole document, built on first use, so that pointers into huge arrays of
  /// objects stay O(1) (no quadratic lint).
  func position(of index: Int, inArray container: Int, nodes: UnsafeBufferPointer<TapeNode>) -> Int {
    let c = nodes[container]
    if Int(c.next) - container - 1 == Int(c.count) { return index - container - 1 }
    if c.count > 64 { return Int(arrayPositions.position(of: index, in: self.nodes)) }
    var i = container + 1
    var n = 0
    while i < index {
      i = Int(nodes[i].next)
      n += 1
    }
    return n
  }

  /// The RFC 6901 pointer of the value at a tape index, written straight into the string's bytes
  /// (two walks up the parents: one to measure, one to fill from the end). Keys that need
  /// unescaping or `~`/`/` escapes take the general path.
  func pointer(ofValueAt start: Int) -> String {
    nodes.withUnsafeBufferPointer { nodes -> String in
      bytes.withUnsafeBufferPointer { bytes -> String in
        guard let base = bytes.baseAddress else { return "" }
        var length = 0
        var depth = 0
        var i = start
        while nodes[i].parent != TapeNode.noParent {
          let p = Int(nodes[i].parent)
          if nodes[p].kind == .object {
            let key = nodes[i - 1]
            if key.flags & TapeNode.hasEscapes != 0 { return slowPointer(ofValueAt: start) }
            let s = Int(key.start) + 1, e = Int(key.end) - 1
            var k = s
            while k < e {
              if base[k] == UInt8(ascii: "~") || base[k] == UInt8(ascii: "/") { return slowPointer(ofValueAt: start) }
              k += 1
            }
            length += 1 + (e - s)
          } else {
            length += 1 + decimalDigits(position(of: i, inArray: p, nodes: nodes))
          }
          depth += 1
          i = p
        }
        if depth == 0 { return "" }
        return String(unsafeUninitializedCapacity: length) { out in
          var at = length
          var i = start
          while nodes[i].parent != TapeNode.noParent {
            let p = Int(nodes[i].parent)
            if nodes[p].kind == .object {
              let key = nodes[i - 1]
              let s = Int(key.start) + 1, n = Int(key.end) - 1 - s
              at -= n
              if n > 0, let o = out.baseAddress { (o + at).update(from: base + s, count: n) }
            } else {
              var v = position(of: i, inArray: p, nodes: nodes)
              repeat {
                at -= 1
                out[at] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
              } while v > 0
            }
            at -= 1
            out[at] = UInt8(ascii: "/")
            i = p
          }
          return length
        }
      }
    }
  }

  /// The general form: decoded keys, escaped as RFC 6901 asks.
  func slowPointer(ofValueAt start: Int) -> String {
    var tokens: [String] = []
    var i = start
    while nodes[i].parent != TapeNode.noParent {
      let p = Int(nodes[i].parent)
      if nodes[p].kind == .object {
        tokens.append(JSONPointer.escape(decodeString(nodeIndex: i - 1)))
      } else {
        tokens.append(String(nodes.withUnsafeBufferPointer { position(of: i, inArray: p, nodes: $0) }))
      }
      i = p
    }
    var out = ""
    for token in tokens.reversed() {
      out += "/"
      out += token
    }
    return out
  }

  func keyEquals(nodeIndex: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let t = nodes[nodeIndex]
    if t.flags & TapeNode.hasEscapes != 0 {
      return Array(decodeString(nodeIndex: nodeIndex).utf8) == Array(key)
    }
    let length = Int(t.end - t.start) - 2
    guard length == key.count else { return false }
    if length == 0 { return true }
    return bytes.withUnsafeBufferPointer { p in
      guard let base = p.baseAddress, let k = key.baseAddress else { return false }
      return memcmpBytes(base + Int(t.start) + 1, k, length)
    }
  }

  func decodeString(nodeIndex: Int) -> String {
    let t = nodes[nodeIndex]
    let inner = Int(t.start) + 1..<Int(t.end) - 1
    if t.flags & TapeNode.hasEscapes == 0 {
      return String(decoding: bytes[inner], as: UTF8.self)
    }
    return JSONStringCodec.unescape(bytes[inner])
  }

  func parseDouble(nodeIndex: Int) -> Double? {
    let t = nodes[nodeIndex]
    let text = String(decoding: bytes[Int(t.start)..<Int(t.end)], as: UTF8.self)
    return Double(text)
  }
}

@inline(__always)
func decimalDigits(_ value: Int) -> Int {
  var v = value
  var n = 1
  while v >= 10 {
    v /= 10
    n += 1
  }
  return n
}

@inline(__always)
func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
  var i = 0
  while i < n {
    if a[i] != b[i] { return false }
    i += 1
  }
  return true
}
