/// What is wrong with a `data:` URI, said so that a message can quote it.
package enum DataURIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text does not start with `data:`.
  case notDataURI
  /// No comma separates the header from the data.
  case missingComma
  /// The media type is not `type/subtype` made of token characters.
  case invalidMediaType(String, reason: String)
  /// A parameter is not `attribute=value` made of token characters.
  case invalidParameter(String, reason: String)
  /// `;base64` is followed by more parameters: it must come last, just before the comma.
  case base64NotLast
  /// The base64 data does not decode.
  case invalidBase64(Base64Error)
  /// A `%` in percent-encoded (non-base64) data is not followed by two hex digits.
  case invalidPercentEncoding(offset: Int)

  package var description: String {
    switch self {
    case .notDataURI: return "it does not start with \"data:\""
    case .missingComma: return "it has no comma between the header and the data"
    case .invalidMediaType(let text, let reason): return "media type \"\(text)\" \(reason)"
    case .invalidParameter(let text, let reason): return "parameter \"\(text)\" \(reason)"
    case .base64NotLast: return "\";base64\" must come last in the header, just before the comma"
    case .invalidBase64(let error): return error.description
    case .invalidPercentEncoding(let offset): return "\"%\" at offset \(offset) of the data is not followed by two hex digits"
    }
  }
}

/// A `data:[<mediatype>][;base64],<data>` URI (RFC 2397), parsed strictly. The payload is a slice of
/// the text it was parsed from: nothing is copied until it is decoded.
package struct DataURI: Sendable {
  package struct Parameter: Sendable, Equatable {
    package var attribute: String
    package var value: String
  }

  /// `type/subtype` as written, or nil when the header names none (RFC 2397 then means `text/plain`).
  package var mediaType: String?
  package var parameters: [Parameter]
  /// Whether the header ends with `;base64` (in any case, as RFC 2397 allows; players want lowercase:
  /// see `hasPlayerBase64Marker`).
  package var isBase64: Bool
  /// Everything between `data:` and the first comma.
  package var header: Substring
  /// Everything after the first comma.
  package var payload: Substring

  /// Whether the text holds `;base64,` exactly as lottie-ios (`range(of: ";base64,")`) and
  /// lottie-android (`indexOf("base64,")`) look for it: lowercase, right before the comma.
  package var hasPlayerBase64Marker: Bool { isBase64 && header.hasSuffix(";base64") }

  package init(parsing text: String) throws(DataURIError) {
    try self.init(parsing: Substring(text))
  }

  package init(parsing text: Substring) throws(DataURIError) {
    let utf8 = text.utf8
    let scheme = Array("data:".utf8)
    guard utf8.count >= scheme.count,
      zip(utf8.prefix(scheme.count), scheme).allSatisfy({ DataURI.asciiLowercase($0) == $1 })
    else { throw .notDataURI }
    let headerStart = utf8.index(utf8.startIndex, offsetBy: scheme.count)
    guard let comma = utf8[headerStart...].firstIndex(of: UInt8(ascii: ",")) else { throw .missingComma }
    header = text[headerStart..<comma]
    payload = text[utf8.index(after: comma)...]

    var parts = header.split(separator: ";", omittingEmptySubsequences: false)
    isBase64 = false
    if parts.count >= 2, let last = parts.last, last.lowercased() == "base64" {
      isBase64 = true
      parts.removeLast()
    }
    // The first part is the media type (possibly empty); the rest are parameters.
    let typeText = parts.first ?? ""
    if typeText.isEmpty {
      mediaType = nil
    } else {
      if typeText.lowercased() == "base64" {
        throw .invalidMediaType(String(typeText), reason: "is not a media type: \"base64\" must follow a media type and \";\" (data:image/png;base64,…)")
      }
      let pieces = typeText.split(separator: "/", omittingEmptySubsequences: false)
      // A space or a stray character says more than a wrong number of slashes ("image png").
      for piece in pieces where !piece.isEmpty {
        if let problem = DataURI.tokenProblem(piece) { throw .invalidMediaType(String(typeText), reason: problem) }
      }
      guard pieces.count == 2 else {
        throw .invalidMediaType(String(typeText), reason: pieces.count < 2 ? "has no subtype (write type/subtype, as in image/png)" : "has more than one \"/\"")
      }
      for piece in pieces {
        if let problem = DataURI.tokenProblem(piece) { throw .invalidMediaType(String(typeText), reason: problem) }
      }
      mediaType = String(typeText)
    }
    parameters = []
    for part in parts.dropFirst() {
      if part.lowercased() == "base64" { throw .base64NotLast }
      guard let equals = part.firstIndex(of: "=") else {
        throw .invalidParameter(String(part), reason: part.isEmpty ? "is empty (two \";\" in a row?)" : "has no \"=\" (write attribute=value)")
      }
      let attribute = part[..<equals], value = part[part.index(after: equals)...]
      if let problem = DataURI.tokenProblem(attribute) { throw .invalidParameter(String(part), reason: "has an attribute that " + problem) }
      if let problem = DataURI.tokenProblem(value) { throw .invalidParameter(String(part), reason: "has a value that " + problem) }
      parameters.append(Parameter(attribute: String(attribute), value: String(value)))
    }
  }

  /// The decoded data: strict base64 when the URI says `;base64`, else percent-decoding.
  package func decodedPayload() throws(DataURIError) -> [UInt8] {
    if isBase64 {
      do {
        return try Base64.decode(payload)
      } catch {
        throw .invalidBase64(error)
      }
    }
    return try DataURI.percentDecode(payload)
  }

  /// `data:<mediaType>;base64,<data>`.
  package static func encode(_ bytes: [UInt8], mediaType: String) -> String {
    "data:" + mediaType + ";base64," + Base64.encode(bytes)
  }

  static let tokenSpecials: [UInt8] = Array(#"()<>@,;:\"/[]?="#.utf8)

  /// Why a header piece is not an RFC 2045 token (nil when it is one): tokens are printable ASCII
  /// without spaces and without `()<>@,;:\"/[]?=`.
  static func tokenProblem(_ text: Substring) -> String? {
    if text.isEmpty { return "is empty" }
    for byte in text.utf8 {
      if byte == 0x20 { return "contains a space" }
      if byte < 0x20 || byte == 0x7F { return "contains a control character" }
      if byte >= 0x80 { return "contains a non-ASCII character" }
      if tokenSpecials.contains(byte) { return "contains \"\(Character(Unicode.Scalar(byte)))\"" }
    }
    return nil
  }

  static func percentDecode(_ text: Substring) throws(DataURIError) -> [UInt8] {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "%") {
        guard i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) else {
          throw .invalidPercentEncoding(offset: i)
        }
        out.append(high << 4 | low)
        i += 3
      } else {
        out.append(byte)
        i += 1
      }
    }
    return out
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  static func asciiLowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }
}

/// Why base64 text does not decode. Offsets count bytes from the start of the base64 text.
package enum Base64Error: Error, Sendable, Equatable, CustomStringConvertible {
  case invalidCharacter(UInt8, offset: Int)
  /// A space, tab or line break: lottie-ios (`Data(base64Encoded:)` without options) rejects them.
  case whitespace(UInt8, offset: Int)
  /// The length is not a multiple of 4: padding is missing or the text was cut short.
  case invalidLength(Int)
  /// `=` before the end, or more than two of them.
  case misplacedPadding(offset: Int)

  package var description: String {
    switch self {
    case .invalidCharacter(let byte, let offset):
      let shown =
        (0x21...0x7E).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      let urlSafe = byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      return "unexpected character \(shown) at offset \(offset)"
        + (urlSafe ? " (that is URL-safe base64; players expect the standard alphabet with \"+\" and \"/\")" : "")
    case .whitespace(let byte, let offset):
      let name = byte == 0x0A || byte == 0x0D ? "a line break" : byte == 0x09 ? "a tab" : "a space"
      return "\(name) at offset \(offset) (whitespace is not allowed inside base64 data)"
    case .invalidLength(let length):
      return "its length, \(length), is not a multiple of 4 (missing \"=\" padding, or the data was cut short)"
    case .misplacedPadding(let offset):
      return "padding \"=\" at offset \(offset) before the end of the data"
    }
  }
}

/// Standard base64 (RFC 4648 §4), strict: the standard alphabet only, padding required (the length
/// is a multiple of 4, with at most two `=` and only at the end), and no whitespace or line breaks
/// inside — what lottie-ios accepts (`Data(base64Encoded:)` without options), so that a file lottiekit
/// passes loads everywhere. Non-zero bits in the last character before padding ("QR==") are accepted,
/// as every decoder players use does.
///
/// Table-driven over bytes: each group of four characters is four lookups OR-ed into one 24-bit word,
/// with one bit in every table that marks an invalid character, so the hot loop has a single branch per
/// group. Errors are located precisely only once that bit shows up.
package enum Base64 {
  static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  static let invalidBit: UInt32 = 0x0100_0000

  /// Four 256-entry tables, one per position in a group, holding each character's 6 bits already
  /// shifted into place (or `invalidBit`).
  static let decodeTable: [UInt32] = {
    var table = [UInt32](repeating: invalidBit, count: 4 * 256)
    for (value, character) in alphabet.enumerated() {
      for position in 0..<4 {
        table[position * 256 + Int(character)] = UInt32(value) << UInt32(18 - 6 * position)
      }
    }
    return table
  }()

  package static func decode(_ text: String) throws(Base64Error) -> [UInt8] {
    try decode(Substring(text))
  }

  package static func decode(_ text: Substring) throws(Base64Error) -> [UInt8] {
    if let result = text.utf8.withContiguousStorageIfAvailable({ decode(buffer: $0) }) { return try result.get() }
    return try decode(Array(text.utf8))
  }

  package static func decode(_ bytes: [UInt8]) throws(Base64Error) -> [UInt8] {
    try bytes.withUnsafeBufferPointer { decode(buffer: $0) }.get()
  }

  package static func decode(_ bytes: ArraySlice<UInt8>) throws(Base64Error) -> [UInt8] {
    try bytes.withUnsafeBufferPointer { decode(buffer: $0) }.get()
  }

  /// How many bytes valid base64 of this text length and padding decodes to.
  package static func decodedCount(ofEncodedLength length: Int, padding: Int) -> Int {
    max(0, length / 4 * 3 - padding)
  }

  static func decode(buffer input: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], Base64Error> {
    let n = input.count
    if n == 0 { return .success([]) }
    var padding = 0
    while padding < 2 && padding < n && input[n - 1 - padding] == UInt8(ascii: "=") { padding += 1 }
    let body = n - padding
    let fullGroups = body / 4
    let rest = body % 4
    // Characters are checked before the length so that the message names the real problem (a line
    // break makes the length wrong too).
    var failure: Base64Error?
    let outputCount = fullGroups * 3 + (rest == 3 ? 2 : rest == 2 ? 1 : 0)
    let output = decodeTable.withUnsafeBufferPointer { table in
      [UInt8](unsafeUninitializedCapacity: max(outputCount, 1)) { out, initialized in
        // Indices stay below `fullGroups * 4 <= n` and `outputCount <= out.count`; table indices are
        // a byte plus a multiple of 256, below 1024: no index here depends on the data's values.
        var i = 0, o = 0
        for _ in 0..<fullGroups {
          let word =
            table[Int(input[i])] | table[256 + Int(input[i + 1])] | table[512 + Int(input[i + 2])]
            | table[768 + Int(input[i + 3])]
          if word & invalidBit != 0 {
            failure = locate(input, from: i, count: 4)
            initialized = 0
            return
          }
          out[o] = UInt8(truncatingIfNeeded: word >> 16)
          out[o + 1] = UInt8(truncatingIfNeeded: word >> 8)
          out[o + 2] = UInt8(truncatingIfNeeded: word)
          i += 4
          o += 3
        }
        if rest > 0 {
          if let error = locate(input, from: i, count: rest) {
            failure = error
            initialized = 0
            return
          }
          if n % 4 != 0 || rest == 1 {
            initialized = 0
            return
          }
          var word: UInt32 = 0
          for k in 0..<rest { word |= table[k * 256 + Int(input[i + k])] }
          out[o] = UInt8(truncatingIfNeeded: word >> 16)
          if rest == 3 { out[o + 1] = UInt8(truncatingIfNeeded: word >> 8) }
        }
        initialized = outputCount
      }
    }
    if let failure { return .failure(failure) }
    if n % 4 != 0 { return .failure(.invalidLength(n)) }
    return .success(output)
  }

  /// The first bad character among `count` characters from `start`.
  static func locate(_ input: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Base64Error? {
    for offset in start..<min(start + count, input.count) {
      let byte = input[offset]
      if decodeTable[Int(byte)] & invalidBit == 0 { continue }
      switch byte {
      case UInt8(ascii: "="): return .misplacedPadding(offset: offset)
      case 0x20, 0x09, 0x0A, 0x0D, 0x0C: return .whitespace(byte, offset: offset)
      default: return .invalidCharacter(byte, offset: offset)
      }
    }
    return nil
  }

  /// Standard base64 with padding, no line breaks.
  package static func encode(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { encode(buffer: $0) }
  }

  package static func encode(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.withUnsafeBufferPointer { encode(buffer: $0) }
  }

  static func encode(buffer input: UnsafeBufferPointer<UInt8>) -> String {
    let n = input.count
    let (groups, overflow) = ((n + 2) / 3).multipliedReportingOverflow(by: 4)
    precondition(!overflow, "input too large to encode")
    if groups == 0 { return "" }
    return alphabet.withUnsafeBufferPointer { letters in
      String(unsafeUninitializedCapacity: groups) { out in
        var i = 0, o = 0
        while i + 3 <= n {
          let word = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
          out[o] = letters[Int(word >> 18 & 0x3F)]
          out[o + 1] = letters[Int(word >> 12 & 0x3F)]
          out[o + 2] = letters[Int(word >> 6 & 0x3F)]
          out[o + 3] = letters[Int(word & 0x3F)]
          i += 3
          o += 4
        }
        let rest = n - i
        if rest > 0 {
          let word = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
          out[o] = letters[Int(word >> 18 & 0x3F)]
          out[o + 1] = letters[Int(word >> 12 & 0x3F)]
          out[o + 2] = rest == 2 ? letters[Int(word >> 6 & 0x3F)] : UInt8(ascii: "=")
          out[o + 3] = UInt8(ascii: "=")
          o += 4
        }
        return o
      }
    }
  }
}
