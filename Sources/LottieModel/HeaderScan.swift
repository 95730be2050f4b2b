import LottieJSON

/// ThorVG's reading of an animation's header (#18). Before it parses a file, ThorVG's Lottie
/// loader (when it runs with task threads, as thorvg-python 1.1.3 does) takes the frame rate,
/// the frame range and the canvas size from the text itself, not from the JSON, and keeps them
/// (thorvg/thorvg src/loaders/lottie/tvgLottieLoader.cpp, `LottieLoader::header`; with no task
/// threads it parses the file in full instead):
/// - it counts `{` and `}` everywhere, inside strings too, and reads only at depth 1;
/// - there it matches `"fr":`, `"ip":`, `"op":`, `"w":` and `"h":` written exactly so, with no
///   space before the colon, reads the number after each (`toFloat`, 0 when there is none) and
///   jumps to the next comma (or `}`); a later match overwrites an earlier one.
/// A frame rate read as 0 refuses the file; a width or height read as 0 leaves the picture
/// without a size. Measured with ThorVG 1.1.3 (thorvg-python): top-level keys written
/// `"fr" : 30` (fixture header-space-before-colon.json) are refused; a `{` in the root's name
/// before `"w"` (fixture header-brace-in-text.json) gives a picture 0 px wide. A frame range
/// read as empty (0 frames reported) was not seen to change what is drawn at a frame, so it is
/// not claimed.
package enum HeaderScan {
  /// The header as ThorVG's scan reads it.
  package struct Values: Equatable, Sendable {
    package var frameRate = 0.0
    package var inPoint = 0.0
    package var outPoint = 0.0
    package var width = 0.0
    package var height = 0.0

    package init(frameRate: Double = 0, inPoint: Double = 0, outPoint: Double = 0, width: Double = 0, height: Double = 0) {
      (self.frameRate, self.inPoint, self.outPoint, self.width, self.height) = (frameRate, inPoint, outPoint, width, height)
    }
  }

  /// One header value ThorVG misreads so that the file fails in it: the detail ("frame rate",
  /// "size") and the JSON value it concerns.
  package struct Misreading: Sendable {
    package let detail: String
    package let node: JSONNode
  }

  /// ThorVG's header scan of `bytes` (linear: the comma and brace searches move forward only).
  package static func thorvg(_ bytes: [UInt8]) -> Values {
    var values = Values()
    let keys: [([UInt8], WritableKeyPath<Values, Double>?)] = [
      (Array("\"v\":".utf8), nil), (Array("\"fr\":".utf8), \.frameRate), (Array("\"ip\":".utf8), \.inPoint),
      (Array("\"op\":".utf8), \.outPoint), (Array("\"w\":".utf8), \.width), (Array("\"h\":".utf8), \.height)
    ]
    var depth: UInt32 = 0
    var i = 0
    var comma = Finder(byte: UInt8(ascii: ","), bytes: bytes)
    var brace = Finder(byte: UInt8(ascii: "}"), bytes: bytes)
    scan: while i < bytes.count, bytes[i] != 0 {
      let c = bytes[i]
      if c == UInt8(ascii: "{") || c == UInt8(ascii: "}") {
        depth = c == UInt8(ascii: "{") ? depth &+ 1 : depth &- 1
        i += 1
        continue
      }
      if depth == 1, c == UInt8(ascii: "\"") {
        for (key, slot) in keys where matches(key, bytes, at: i) {
          i += key.count
          guard let slot else { continue scan }
          values[keyPath: slot] = number(bytes, at: i)
          // No comma or brace after it: ThorVG would read past the text; stop here.
          guard let next = comma.first(from: i) ?? brace.first(from: i) else { break scan }
          i = next
          continue scan
        }
      }
      i += 1
    }
    return values
  }

  /// The header values ThorVG misreads in a way that fails: a frame rate read as 0 (the file is
  /// refused), a width or height read as 0 (no picture). Only where the JSON's own value is
  /// valid; other rules report invalid ones.
  package static func misreadings(_ animation: Animation) -> [Misreading] {
    let root = animation.root
    guard root.isObject else { return [] }
    func valid(_ key: String) -> JSONNode? {
      guard let node = root[key], let v = node.double, v.isFinite, v > 0 else { return nil }
      return node
    }
    let read = thorvg(animation.document.bytes)
    var out: [Misreading] = []
    if let fr = valid("fr"), Float(read.frameRate) < Float.ulpOfOne {
      out.append(Misreading(detail: "frame rate", node: fr))
    }
    if let w = valid("w"), let h = valid("h"), read.width <= 0 || read.height <= 0 {
      out.append(Misreading(detail: "size", node: read.width <= 0 ? w : h))
    }
    return out
  }

  static func matches(_ key: [UInt8], _ bytes: [UInt8], at i: Int) -> Bool {
    guard i + key.count <= bytes.count else { return false }
    for j in 0..<key.count where bytes[i + j] != key[j] { return false }
    return true
  }

  /// The number at `i` as ThorVG's `toFloat` reads it: leading white space, a sign, digits, a
  /// fraction and an exponent; 0 when no number starts there or it is not finite.
  static func number(_ bytes: [UInt8], at start: Int) -> Double {
    var i = start
    while i < bytes.count, [9, 10, 11, 12, 13, 32].contains(bytes[i]) { i += 1 }
    let from = i
    func digits() { while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 } }
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
    let integer = i
    digits()
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      digits()
    }
    guard i > integer, i - integer > 1 || bytes[integer] != UInt8(ascii: ".") else { return 0 }
    let mantissaEnd = i
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      var j = i + 1
      if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
      let exponent = j
      while j < bytes.count, bytes[j] >= 48, bytes[j] <= 57 { j += 1 }
      i = j > exponent ? j : mantissaEnd
    }
    let text = String(decoding: bytes[from..<i], as: UTF8.self)
    guard let value = Double(text), Float(value).isFinite else { return 0 }
    return value
  }

  /// The first `byte` at or after a position, for positions that only grow: the last answer
  /// stands while the position has not passed it, so the searches are linear together.
  struct Finder {
    let byte: UInt8
    let bytes: [UInt8]
    var found: Int? = nil
    var searched = -1

    mutating func first(from i: Int) -> Int? {
      // No `byte` lies between the last search's start and what it found (or the end).
      if let found, i <= found { return found }
      if found == nil, i <= searched { return nil }
      var j = i
      while j < bytes.count, bytes[j] != 0, bytes[j] != byte { j += 1 }
      searched = j
      found = j < bytes.count && bytes[j] == byte ? j : nil
      return found
    }
  }
}
