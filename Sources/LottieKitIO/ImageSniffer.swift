/// The image formats players and lottiekit recognise, by their bytes.
package enum ImageType: String, Sendable, CaseIterable {
  case png, jpeg, webp, gif, svg

  /// The registered media type (`image/jpeg`, never `image/jpg`).
  package var mimeType: String {
    switch self {
    case .png: return "image/png"
    case .jpeg: return "image/jpeg"
    case .webp: return "image/webp"
    case .gif: return "image/gif"
    case .svg: return "image/svg+xml"
    }
  }

  /// The usual file extension (the first) and the others in use, lowercase, without the dot.
  package var fileExtensions: [String] {
    switch self {
    case .png: return ["png"]
    case .jpeg: return ["jpg", "jpeg", "jpe", "jfif"]
    case .webp: return ["webp"]
    case .gif: return ["gif"]
    case .svg: return ["svg"]
    }
  }

  /// A name for messages ("PNG", "JPEG"…).
  package var displayName: String {
    switch self {
    case .png: return "PNG"
    case .jpeg: return "JPEG"
    case .webp: return "WebP"
    case .gif: return "GIF"
    case .svg: return "SVG"
    }
  }

  /// The type a registered media type names (case-insensitive; parameters not allowed).
  package init?(mimeType: String) {
    guard let type = ImageType.allCases.first(where: { $0.mimeType == mimeType.lowercased() }) else { return nil }
    self = type
  }

  /// The type a file extension stands for (case-insensitive, without the dot).
  package init?(fileExtension: String) {
    let ext = fileExtension.lowercased()
    guard let type = ImageType.allCases.first(where: { $0.fileExtensions.contains(ext) }) else { return nil }
    self = type
  }
}

/// What the bytes of an image say about it. `width`/`height` are nil when the header is cut short,
/// malformed, or holds zero (which no format uses for a real picture), and always for SVG (an SVG has
/// no pixel size: it is drawn at whatever size it is given).
package struct ImageInfo: Sendable, Equatable {
  package var type: ImageType
  package var width: Int?
  package var height: Int?
  package var mimeType: String { type.mimeType }

  package init(type: ImageType, width: Int? = nil, height: Int? = nil) {
    self.type = type
    self.width = width
    self.height = height
  }

  /// Both sides, when both are known.
  package var size: (width: Int, height: Int)? {
    guard let width, let height else { return nil }
    return (width, height)
  }
}

/// Reads image headers. Works on untrusted bytes: every read is bounds-checked and every offset
/// computed from the file uses checked arithmetic, so truncated or hostile input yields nil (not an
/// image) or a type without a size, never a trap.
package enum ImageSniffer {
  package static func sniff(_ bytes: [UInt8]) -> ImageInfo? {
    bytes.withUnsafeBytes { sniff($0) }
  }

  package static func sniff(_ bytes: ArraySlice<UInt8>) -> ImageInfo? {
    bytes.withUnsafeBytes { sniff($0) }
  }

  package static func sniff(_ buffer: UnsafeRawBufferPointer) -> ImageInfo? {
    let reader = ByteReader(buffer)
    if reader.matches(0, PNG.signature) { return png(reader) }
    if reader.matches(0, [0xFF, 0xD8, 0xFF]) { return jpeg(reader) }
    if reader.matches(0, Array("RIFF".utf8)) && reader.matches(8, Array("WEBP".utf8)) { return webp(reader) }
    if reader.matches(0, Array("GIF87a".utf8)) || reader.matches(0, Array("GIF89a".utf8)) { return gif(reader) }
    if isSVG(reader) { return ImageInfo(type: .svg) }
    return nil
  }

  /// A side as the image gives it: positive, and small enough for an `Int` on every platform.
  static func side<T: BinaryInteger>(_ value: T?) -> Int? {
    guard let value, value > 0, let side = Int32(exactly: value) else { return nil }
    return Int(side)
  }

  // MARK: PNG

  /// IHDR must be the first chunk: width and height are its first two big-endian 32-bit fields.
  /// Apple's "CgBI" PNGs (Xcode's crushed PNGs) put a CgBI chunk before it, which is skipped.
  static func png(_ r: ByteReader) -> ImageInfo {
    var chunk = 8
    if r.matches(chunk + 4, Array("CgBI".utf8)) {
      guard let length = r.be32(chunk).flatMap({ Int(exactly: $0) }), let next = add(chunk, 12, length), next < r.count else {
        return ImageInfo(type: .png)
      }
      chunk = next
    }
    guard r.matches(chunk + 4, Array("IHDR".utf8)), let w = r.be32(chunk + 8), let h = r.be32(chunk + 12) else {
      return ImageInfo(type: .png)
    }
    return ImageInfo(type: .png, width: side(w), height: side(h))
  }

  // MARK: JPEG

  /// Walks the marker segments after SOI up to the first start-of-frame (SOF0–SOF15 except DHT C4,
  /// JPG C8 and DAC CC): precision (1 byte), height, width (big-endian 16-bit). Stops at the start of
  /// scan (entropy-coded data follows, and a frame header must come before it) or at anything that
  /// is not a marker.
  static func jpeg(_ r: ByteReader) -> ImageInfo {
    let unknown = ImageInfo(type: .jpeg)
    var offset = 2
    while true {
      guard r.u8(offset) == 0xFF else { return unknown }
      // Any number of 0xFF fill bytes may precede a marker.
      var markerAt = offset + 1
      while r.u8(markerAt) == 0xFF { markerAt += 1 }
      guard let marker = r.u8(markerAt) else { return unknown }
      let segment = markerAt + 1
      switch marker {
      case 0x01, 0xD0...0xD8:
        // TEM, RSTn and a stray SOI stand alone, without a length.
        offset = segment
        continue
      case 0xD9, 0xDA, 0x00:
        // EOI, start of scan, or a stuffed zero where a marker should be: no frame header here.
        return unknown
      default:
        break
      }
      guard let length = r.be16(segment), length >= 2 else { return unknown }
      if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
        guard length >= 7, let h = r.be16(segment + 3), let w = r.be16(segment + 5) else { return unknown }
        // A height of 0 means "given later by a DNL marker": the size is not known from the header.
        return ImageInfo(type: .jpeg, width: side(w), height: side(h))
      }
      guard let next = add(segment, Int(length)) else { return unknown }
      offset = next
    }
  }

  // MARK: WebP

  /// RIFF container: the first chunk after "WEBP" says which kind of bitstream follows.
  static func webp(_ r: ByteReader) -> ImageInfo {
    let unknown = ImageInfo(type: .webp)
    let data = 20
    if r.matches(12, Array("VP8 ".utf8)) {
      // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height (the top
      // two bits of each are a scaling hint).
      guard r.matches(data + 3, [0x9D, 0x01, 0x2A]), let w = r.le16(data + 6), let h = r.le16(data + 8) else { return unknown }
      return ImageInfo(type: .webp, width: side(w & 0x3FFF), height: side(h & 0x3FFF))
    }
    if r.matches(12, Array("VP8L".utf8)) {
      // Lossless: signature 0x2F, then width − 1 and height − 1 in 14 bits each, little-endian.
      guard r.u8(data) == 0x2F, let bits = r.le32(data + 1) else { return unknown }
      return ImageInfo(type: .webp, width: side((bits & 0x3FFF) + 1), height: side(((bits >> 14) & 0x3FFF) + 1))
    }
    if r.matches(12, Array("VP8X".utf8)) {
      // Extended: flags (1 byte), reserved (3), canvas width − 1 and height − 1 in 24 bits each.
      guard let w = r.le24(data + 4), let h = r.le24(data + 7) else { return unknown }
      return ImageInfo(type: .webp, width: side(w + 1), height: side(h + 1))
    }
    return unknown
  }

  // MARK: GIF

  /// The logical screen descriptor follows the 6-byte signature: width and height, little-endian.
  static func gif(_ r: ByteReader) -> ImageInfo {
    guard let w = r.le16(6), let h = r.le16(8) else { return ImageInfo(type: .gif) }
    return ImageInfo(type: .gif, width: side(w), height: side(h))
  }

  // MARK: SVG

  /// How far into a file the root element may start (long licence comments happen; megabytes of
  /// preamble do not).
  static let svgSearchLimit = 64 * 1024

  /// An SVG file, by its content: an optional UTF-8 byte order mark, then any mix of whitespace, XML
  /// declaration / processing instructions, comments and a doctype (with or without an internal
  /// subset, which Illustrator writes), then the root element `<svg`.
  static func isSVG(_ r: ByteReader) -> Bool {
    var i = r.matches(0, [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let limit = min(r.count, svgSearchLimit)
    func skipWhitespace() {
      while i < limit, let c = r.u8(i), c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 }
    }
    /// Moves past the first occurrence of `terminator` at or after `i`; false when there is none.
    func skip(past terminator: [UInt8]) -> Bool {
      while i < limit {
        if r.matches(i, terminator) {
          i += terminator.count
          return true
        }
        i += 1
      }
      return false
    }
    while i < limit {
      skipWhitespace()
      if r.matches(i, Array("<?".utf8)) {
        guard skip(past: Array("?>".utf8)) else { return false }
      } else if r.matches(i, Array("<!--".utf8)) {
        i += 4
        guard skip(past: Array("-->".utf8)) else { return false }
      } else if r.matches(i, Array("<!DOCTYPE".utf8)) {
        // Ends at the first ">" outside quotes and outside the [internal subset].
        i += 9
        var quote: UInt8? = nil
        var depth = 0
        var closed = false
        while i < limit, let c = r.u8(i) {
          i += 1
          if let q = quote {
            if c == q { quote = nil }
          } else if c == 0x22 || c == 0x27 {
            quote = c
          } else if c == UInt8(ascii: "[") {
            depth += 1
          } else if c == UInt8(ascii: "]") {
            depth = max(0, depth - 1)
          } else if c == UInt8(ascii: ">") && depth == 0 {
            closed = true
            break
          }
        }
        guard closed else { return false }
      } else if r.matches(i, Array("<svg".utf8)) {
        // `<svg` must be the whole element name: `<svgfoo>` is something else.
        guard let next = r.u8(i + 4) else { return false }
        return next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == UInt8(ascii: ">")
          || next == UInt8(ascii: "/")
      } else {
        return false
      }
    }
    return false
  }

  // MARK: arithmetic on offsets that come from the file

  static func add(_ values: Int...) -> Int? {
    var total = 0
    for v in values {
      let (sum, overflow) = total.addingReportingOverflow(v)
      if overflow { return nil }
      total = sum
    }
    return total
  }
}

/// Bounds-checked reads over a buffer: every accessor returns nil past the end (or before the start).
struct ByteReader {
  let buffer: UnsafeRawBufferPointer
  init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

  var count: Int { buffer.count }

  func has(_ offset: Int, _ length: Int) -> Bool {
    guard offset >= 0, length >= 0 else { return false }
    let (end, overflow) = offset.addingReportingOverflow(length)
    return !overflow && end <= buffer.count
  }

  func u8(_ offset: Int) -> UInt8? {
    guard has(offset, 1) else { return nil }
    return buffer[offset]
  }

  func matches(_ offset: Int, _ expected: [UInt8]) -> Bool {
    guard has(offset, expected.count) else { return false }
    for (k, byte) in expected.enumerated() where buffer[offset + k] != byte { return false }
    return true
  }

  func be16(_ offset: Int) -> UInt16? {
    guard has(offset, 2) else { return nil }
    return UInt16(buffer[offset]) << 8 | UInt16(buffer[offset + 1])
  }

  func le16(_ offset: Int) -> UInt16? {
    guard has(offset, 2) else { return nil }
    return UInt16(buffer[offset]) | UInt16(buffer[offset + 1]) << 8
  }

  func le24(_ offset: Int) -> UInt32? {
    guard has(offset, 3) else { return nil }
    return UInt32(buffer[offset]) | UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset + 2]) << 16
  }

  func be32(_ offset: Int) -> UInt32? {
    guard has(offset, 4) else { return nil }
    return UInt32(buffer[offset]) << 24 | UInt32(buffer[offset + 1]) << 16 | UInt32(buffer[offset + 2]) << 8
      | UInt32(buffer[offset + 3])
  }

  func le32(_ offset: Int) -> UInt32? {
    guard has(offset, 4) else { return nil }
    return UInt32(buffer[offset]) | UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset + 2]) << 16
      | UInt32(buffer[offset + 3]) << 24
  }
}
