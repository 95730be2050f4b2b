import Foundation
import Testing
@testable import LottieKitIO

/// Small real images (each decodes in a real image library) and hand-built headers.
enum SampleImages {
  static let png1x1 = bytes("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR42mNgAAAAAgAB5Sfe/AAAAABJRU5ErkJggg==")
  static let png2x2 = bytes("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAC0lEQVR42mNgQAcAABIAAeRVjecAAAAASUVORK5CYII=")
  static let jpeg1x1 = bytes(
    "/9j/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z"
  )
  static let gif1x1 = bytes("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==")
  /// Modernizr's WebP feature-detection images (1×1 each).
  static let webpLossy1x1 = bytes("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA")
  static let webpLossless1x1 = bytes("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
  static let webpExtended1x1 = bytes("UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==")

  static func bytes(_ base64: String) -> [UInt8] {
    guard let data = Data(base64Encoded: base64) else { preconditionFailure("bad sample") }
    return Array(data)
  }

  static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
  static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
  static func le24(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)] }
  static func le32(_ v: UInt32) -> [UInt8] { le24(v) + [UInt8(v >> 24 & 0xFF)] }

  static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
      + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
  }

  /// SOI, an APP1 segment, fill bytes, a DHT (C4, not a frame), then the given SOF marker.
  static func jpegHeader(width: UInt16, height: UInt16, sof: UInt8 = 0xC2) -> [UInt8] {
    [0xFF, 0xD8]
      + [0xFF, 0xE1] + be16(10) + Array("Exif\0\0".utf8) + [0, 0]
      + [0xFF, 0xFF, 0xFF]  // fill bytes before the next marker
      + [0xFF, 0xC4] + be16(4) + [0x00, 0x00]
      + [0xFF, sof] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
      + [0xFF, 0xDA] + be16(8) + [1, 1, 0, 0, 0x3F, 0]
  }

  static func webpLossyHeader(width: UInt16, height: UInt16) -> [UInt8] {
    Array("RIFF".utf8) + le32(30) + Array("WEBPVP8 ".utf8) + le32(18) + [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A]
      + le16(width) + le16(height) + [0, 0, 0, 0, 0, 0]
  }

  static func webpLosslessHeader(width: UInt32, height: UInt32) -> [UInt8] {
    Array("RIFF".utf8) + le32(26) + Array("WEBPVP8L".utf8) + le32(13) + [0x2F]
      + le32((width - 1) | (height - 1) << 14) + [0, 0, 0, 0, 0, 0, 0, 0]
  }

  static func webpExtendedHeader(width: UInt32, height: UInt32) -> [UInt8] {
    Array("RIFF".utf8) + le32(30) + Array("WEBPVP8X".utf8) + le32(10) + [0x10, 0, 0, 0] + le24(width - 1) + le24(height - 1)
  }

  static func gifHeader(width: UInt16, height: UInt16, version: String = "GIF87a") -> [UInt8] {
    Array(version.utf8) + le16(width) + le16(height) + [0, 0, 0]
  }
}

/// A small fast deterministic generator for test data.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func bytes(_ count: Int) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(count + 8)
    while out.count < count {
      var word = next()
      for _ in 0..<8 {
        out.append(UInt8(truncatingIfNeeded: word))
        word >>= 8
      }
    }
    out.removeLast(out.count - count)
    return out
  }
}

struct SniffCase: CustomTestStringConvertible, Sendable {
  let name: String
  let bytes: [UInt8]
  let expected: ImageInfo
  var testDescription: String { name }
}

@Suite("Image sniffing")
struct ImageSnifferTests {
  static let cases: [SniffCase] = [
    SniffCase(name: "PNG 1×1", bytes: SampleImages.png1x1, expected: ImageInfo(type: .png, width: 1, height: 1)),
    SniffCase(name: "PNG 2×2", bytes: SampleImages.png2x2, expected: ImageInfo(type: .png, width: 2, height: 2)),
    SniffCase(name: "PNG header 640×480", bytes: SampleImages.pngHeader(width: 640, height: 480), expected: ImageInfo(type: .png, width: 640, height: 480)),
    SniffCase(
      name: "PNG header 2^31−1 wide", bytes: SampleImages.pngHeader(width: 0x7FFF_FFFF, height: 3),
      expected: ImageInfo(type: .png, width: 0x7FFF_FFFF, height: 3)),
    SniffCase(name: "JPEG 1×1 baseline", bytes: SampleImages.jpeg1x1, expected: ImageInfo(type: .jpeg, width: 1, height: 1)),
    SniffCase(
      name: "JPEG progressive after APP1, fill bytes and DHT", bytes: SampleImages.jpegHeader(width: 300, height: 200),
      expected: ImageInfo(type: .jpeg, width: 300, height: 200)),
    SniffCase(
      name: "JPEG SOF15 65535×65535", bytes: SampleImages.jpegHeader(width: 65535, height: 65535, sof: 0xCF),
      expected: ImageInfo(type: .jpeg, width: 65535, height: 65535)),
    SniffCase(name: "WebP lossy 1×1", bytes: SampleImages.webpLossy1x1, expected: ImageInfo(type: .webp, width: 1, height: 1)),
    SniffCase(name: "WebP lossless 1×1", bytes: SampleImages.webpLossless1x1, expected: ImageInfo(type: .webp, width: 1, height: 1)),
    SniffCase(name: "WebP extended 1×1", bytes: SampleImages.webpExtended1x1, expected: ImageInfo(type: .webp, width: 1, height: 1)),
    SniffCase(
      name: "WebP lossy 16383×1000 with scale bits", bytes: SampleImages.webpLossyHeader(width: 0xFFFF, height: 0x4000 | 1000),
      expected: ImageInfo(type: .webp, width: 16383, height: 1000)),
    SniffCase(
      name: "WebP lossless 16384×3", bytes: SampleImages.webpLosslessHeader(width: 16384, height: 3), expected: ImageInfo(type: .webp, width: 16384, height: 3)),
    SniffCase(
      name: "WebP extended 16777216×5000", bytes: SampleImages.webpExtendedHeader(width: 16_777_216, height: 5000),
      expected: ImageInfo(type: .webp, width: 16_777_216, height: 5000)),
    SniffCase(name: "GIF89a 1×1", bytes: SampleImages.gif1x1, expected: ImageInfo(type: .gif, width: 1, height: 1)),
    SniffCase(name: "GIF87a 320×240", bytes: SampleImages.gifHeader(width: 320, height: 240), expected: ImageInfo(type: .gif, width: 320, height: 240))
  ]

  @Test(arguments: cases)
  func readsTypeAndSize(_ c: SniffCase) {
    #expect(ImageSniffer.sniff(c.bytes) == c.expected)
    #expect(ImageSniffer.sniff(c.bytes[...]) == c.expected)
    #expect(ImageSniffer.sniff(c.bytes)?.mimeType == c.expected.type.mimeType)
    // Trailing garbage changes nothing; a slice that does not start at 0 works too.
    #expect(ImageSniffer.sniff(c.bytes + [0xFF, 0x00, 0xD8]) == c.expected)
    #expect(ImageSniffer.sniff(([0x00] + c.bytes).dropFirst()) == c.expected)
  }

  @Test(arguments: cases)
  func truncatedHeadersNeverTrap(_ c: SniffCase) {
    var sawFullSize = false
    for length in 0...c.bytes.count {
      let info = ImageSniffer.sniff(Array(c.bytes.prefix(length)))
      if let info {
        #expect(info.type == c.expected.type, "length \(length)")
        if info.width != nil || info.height != nil {
          // Once a size shows up it is the right one, and it stays.
          #expect(info == c.expected, "length \(length): \(info)")
          sawFullSize = true
        } else {
          #expect(!sawFullSize, "length \(length) lost the size")
        }
      }
    }
    #expect(sawFullSize)
  }

  @Test func magicMustBeExact() {
    for c in Self.cases {
      // Changing any byte of the signature breaks it (no format here accepts another's).
      let signature: [Int] =
        switch c.expected.type {
        case .png: Array(0..<8)
        case .jpeg: Array(0..<3)
        case .webp: Array(0..<4) + Array(8..<12)
        case .gif: Array(0..<6)
        case .svg: []
        }
      for k in signature {
        var bytes = c.bytes
        bytes[k] ^= 0x40
        let info = ImageSniffer.sniff(bytes)
        #expect(info == nil || info?.type != c.expected.type, "\(c.name) with byte \(k) changed: \(String(describing: info))")
      }
    }
    #expect(ImageSniffer.sniff(Array("GIF88a".utf8) + [1, 0, 1, 0]) == nil)
    #expect(ImageSniffer.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
    #expect(ImageSniffer.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0B] + Array(repeating: 0, count: 20)) == nil)
    #expect(ImageSniffer.sniff([0xFF, 0xD8, 0xFE]) == nil)
    #expect(ImageSniffer.sniff([]) == nil)
    #expect(ImageSniffer.sniff(Array("{\"v\":\"5.7.4\"}".utf8)) == nil)
  }

  @Test func malformedHeadersGiveATypeWithoutSize() {
    // PNG whose first chunk is not IHDR.
    var png = SampleImages.pngHeader(width: 10, height: 10)
    png.replaceSubrange(12..<16, with: Array("IDAT".utf8))
    #expect(ImageSniffer.sniff(png) == ImageInfo(type: .png))
    // Zero sizes are no sizes.
    #expect(ImageSniffer.sniff(SampleImages.pngHeader(width: 0, height: 5)) == ImageInfo(type: .png, width: nil, height: 5))
    #expect(ImageSniffer.sniff(SampleImages.pngHeader(width: 0x8000_0000, height: 5)) == ImageInfo(type: .png, width: nil, height: 5))
    // JPEG with DNL height (0), a scan before any frame, a segment length under 2, a non-marker.
    #expect(ImageSniffer.sniff(SampleImages.jpegHeader(width: 10, height: 0)) == ImageInfo(type: .jpeg, width: 10, height: nil))
    #expect(ImageSniffer.sniff([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0, 0xFF, 0xC0, 0, 11, 8, 0, 1, 0, 1]) == ImageInfo(type: .jpeg))
    #expect(ImageSniffer.sniff([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xC0]) == ImageInfo(type: .jpeg))
    #expect(ImageSniffer.sniff([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0, 0, 0x12, 0x34]) == ImageInfo(type: .jpeg))
    // DHT (C4), JPG (C8) and DAC (CC) are not frame headers.
    for marker: UInt8 in [0xC4, 0xC8, 0xCC] {
      let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, marker, 0x00, 0x0B, 8, 0, 7, 0, 9, 1, 1, 0x11, 0]
      #expect(ImageSniffer.sniff(bytes) == ImageInfo(type: .jpeg), "marker \(marker)")
    }
    // Standalone markers (RSTn, TEM) are stepped over.
    #expect(
      ImageSniffer.sniff([0xFF, 0xD8, 0xFF, 0xD0, 0xFF, 0x01, 0xFF, 0xC1, 0x00, 0x0B, 8, 0, 7, 0, 9, 1, 1, 0x11, 0])
        == ImageInfo(type: .jpeg, width: 9, height: 7))
    // WebP: lossy without the start code, lossless without its signature, an unknown chunk.
    var lossy = SampleImages.webpLossyHeader(width: 5, height: 5)
    lossy[23] = 0x9C
    #expect(ImageSniffer.sniff(lossy) == ImageInfo(type: .webp))
    var lossless = SampleImages.webpLosslessHeader(width: 5, height: 5)
    lossless[20] = 0x2E
    #expect(ImageSniffer.sniff(lossless) == ImageInfo(type: .webp))
    #expect(ImageSniffer.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP9 ".utf8) + Array(repeating: 0, count: 20)) == ImageInfo(type: .webp))
    // Apple's CgBI PNG: a CgBI chunk before IHDR; and one whose CgBI length points past the end.
    let cgbi =
      Array(SampleImages.pngHeader(width: 1, height: 1).prefix(8)) + SampleImages.be32(4) + Array("CgBI".utf8)
      + [0x50, 0x00, 0x20, 0x06] + [0, 0, 0, 0] + Array(SampleImages.pngHeader(width: 57, height: 58).dropFirst(8))
    #expect(ImageSniffer.sniff(cgbi) == ImageInfo(type: .png, width: 57, height: 58))
    let hostileCgbi = Array(cgbi.prefix(8)) + SampleImages.be32(0xFFFF_FFFF) + Array("CgBI".utf8) + Array(repeating: 0, count: 20)
    #expect(ImageSniffer.sniff(hostileCgbi) == ImageInfo(type: .png))
  }

  @Test func hostileJPEGSegmentsTerminate() {
    // Only fill bytes; maximal segment lengths chained past the end; a long walk over many segments.
    #expect(ImageSniffer.sniff([0xFF, 0xD8] + Array(repeating: 0xFF, count: 100_000)) == ImageInfo(type: .jpeg))
    #expect(ImageSniffer.sniff([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array(repeating: 0, count: 100)) == ImageInfo(type: .jpeg))
    var many: [UInt8] = [0xFF, 0xD8]
    for _ in 0..<10_000 { many += [0xFF, 0xE2, 0x00, 0x02] }
    many += [0xFF, 0xC0, 0x00, 0x0B, 8, 0x01, 0x00, 0x02, 0x00, 1, 1, 0x11, 0]
    #expect(ImageSniffer.sniff(many) == ImageInfo(type: .jpeg, width: 512, height: 256))
  }

  @Test func randomBytesAfterEveryMagicNeverTrap() {
    var rng = SplitMix64(state: 42)
    let magics: [[UInt8]] = [
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], Array("GIF89a".utf8), Array("<svg".utf8),
      Array("<?xml".utf8), Array("<!DOCTYPE".utf8), Array("<!--".utf8)
    ]
    for round in 0..<20_000 {
      let magic = magics[round % magics.count]
      var bytes = magic + rng.bytes(Int(rng.next() % 64))
      if round % 3 == 0 {
        // RIFF….WEBP with a random chunk type among the real ones.
        let kinds = ["VP8 ", "VP8L", "VP8X"]
        bytes = Array("RIFF".utf8) + rng.bytes(4) + Array("WEBP".utf8) + Array(kinds[Int(rng.next() % 3)].utf8) + rng.bytes(Int(rng.next() % 40))
      }
      let info = ImageSniffer.sniff(bytes)
      if let w = info?.width { #expect(w > 0) }
      if let h = info?.height { #expect(h > 0) }
    }
  }

  @Test func svgByContent() {
    let yes = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"></svg>",
      "\u{FEFF}<svg>",
      "  \n\t<svg\nviewBox=\"0 0 1 1\"/>",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
      "<?xml version=\"1.0\"?><!-- Generator: Adobe Illustrator 24.0.0 -->\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg version=\"1.1\">",
      "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.0//EN\" \"x.dtd\" [\n<!ENTITY ns_svg \"http://www.w3.org/2000/svg\">\n<!ENTITY ns_a \"a>b\">\n]>\n<svg xmlns=\"&ns_svg;\">",
      "<!-- a -- b --><!-- c --> <svg/>",
      "<?xml-stylesheet href=\"a.css\"?><svg>"
    ]
    for text in yes {
      #expect(ImageSniffer.sniff(Array(text.utf8)) == ImageInfo(type: .svg), "\(text)")
    }
    #expect(ImageSniffer.sniff(Array("<svg>".utf8))?.mimeType == "image/svg+xml")
    let no = [
      "", "<", "<sv", "<svg", "<svgfoo>", "<SVG>", "<html><svg></svg></html>", "hello <svg>", "<!-- never closed <svg>",
      "<?xml version=\"1.0\"", "<!DOCTYPE svg [ <svg>", "{\"svg\": 1}", "<?xml version=\"1.0\"?><html/>"
    ]
    for text in no {
      #expect(ImageSniffer.sniff(Array(text.utf8)) == nil, "\(text)")
    }
    // Cut anywhere, an SVG file is an SVG or nothing.
    let full = Array("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c --><!DOCTYPE svg [<!ENTITY a \"]>\">]>\n<svg width=\"1\"/>".utf8)
    for length in 0...full.count {
      let info = ImageSniffer.sniff(Array(full.prefix(length)))
      #expect(info == nil || info == ImageInfo(type: .svg), "length \(length)")
    }
    #expect(ImageSniffer.sniff(full) == ImageInfo(type: .svg))
    // The root element must start within the search window.
    let long = "<!--" + String(repeating: "x", count: ImageSniffer.svgSearchLimit) + "--><svg>"
    #expect(ImageSniffer.sniff(Array(long.utf8)) == nil)
  }

  @Test func typesByMimeTypeAndExtension() {
    #expect(ImageType(mimeType: "image/PNG") == .png)
    #expect(ImageType(mimeType: "image/jpg") == nil)
    #expect(ImageType(mimeType: "image/svg+xml") == .svg)
    #expect(ImageType(fileExtension: "JPG") == .jpeg)
    #expect(ImageType(fileExtension: "jpeg") == .jpeg)
    #expect(ImageType(fileExtension: "webp") == .webp)
    #expect(ImageType(fileExtension: "bmp") == nil)
    #expect(ImageType.allCases.map(\.mimeType) == ["image/png", "image/jpeg", "image/webp", "image/gif", "image/svg+xml"])
  }
}

@Suite("Data URIs and base64")
struct DataURITests {
  @Test func parsesWellFormedURIs() throws {
    let uri = try DataURI(parsing: "data:image/png;base64,iVBORw0KGgo=")
    #expect(uri.mediaType == "image/png")
    #expect(uri.isBase64 && uri.hasPlayerBase64Marker)
    #expect(uri.parameters.isEmpty)
    #expect(uri.payload == "iVBORw0KGgo=")
    #expect(try uri.decodedPayload() == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    let withParameters = try DataURI(parsing: "data:image/svg+xml;charset=utf-8;name=a%20b.svg;base64,PHN2Zy8+")
    #expect(withParameters.mediaType == "image/svg+xml")
    #expect(withParameters.parameters == [.init(attribute: "charset", value: "utf-8"), .init(attribute: "name", value: "a%20b.svg")])
    #expect(try withParameters.decodedPayload() == Array("<svg/>".utf8))

    let noType = try DataURI(parsing: "data:;base64,QQ==")
    #expect(noType.mediaType == nil && noType.isBase64)
    let bare = try DataURI(parsing: "data:,hello%20world")
    #expect(bare.mediaType == nil && !bare.isBase64)
    #expect(try bare.decodedPayload() == Array("hello world".utf8))
    let empty = try DataURI(parsing: "data:image/gif;base64,")
    #expect(try empty.decodedPayload() == [])

    // The scheme and the base64 marker are case-insensitive (RFC 2397); players want lowercase.
    let shouting = try DataURI(parsing: "DATA:image/png;BASE64,QQ==")
    #expect(shouting.isBase64 && !shouting.hasPlayerBase64Marker)
    // A comma in the data belongs to the data (percent-encoded form).
    #expect(try DataURI(parsing: "data:text/plain,a,b").payload == "a,b")
  }

  @Test func reportsWhatIsMalformed() {
    func error(_ text: String) -> DataURIError? {
      do {
        _ = try DataURI(parsing: text)
        return nil
      } catch {
        return error
      }
    }
    #expect(error("image/png;base64,QQ==") == .notDataURI)
    #expect(error("dat") == .notDataURI)
    #expect(error("data:image/png;base64QQ==") == .missingComma)
    #expect(error("data:image;base64,QQ==") == .invalidMediaType("image", reason: "has no subtype (write type/subtype, as in image/png)"))
    #expect(error("data:image png;base64,QQ==") == .invalidMediaType("image png", reason: "contains a space"))
    #expect(error("data:image/png/x;base64,QQ==") == .invalidMediaType("image/png/x", reason: "has more than one \"/\""))
    #expect(error("data:image/;base64,QQ==") == .invalidMediaType("image/", reason: "is empty"))
    #expect(error("data:image/p\u{E9}ng;base64,QQ==") == .invalidMediaType("image/p\u{E9}ng", reason: "contains a non-ASCII character"))
    #expect(error("data:base64,QQ==").map { if case .invalidMediaType("base64", _) = $0 { true } else { false } } == true)
    #expect(error("data:image/png;;base64,QQ==") == .invalidParameter("", reason: "is empty (two \";\" in a row?)"))
    #expect(error("data:image/png;charset;base64,QQ==") == .invalidParameter("charset", reason: "has no \"=\" (write attribute=value)"))
    #expect(error("data:image/png;a=b c;base64,QQ==") == .invalidParameter("a=b c", reason: "has a value that contains a space"))
    #expect(error("data:image/png;base64;charset=utf-8,QQ==") == .base64NotLast)
    #expect(DataURIError.missingComma.description == "it has no comma between the header and the data")

    #expect(throws: DataURIError.invalidBase64(.invalidLength(3))) { try DataURI(parsing: "data:image/png;base64,QQ=").decodedPayload() }
    #expect(throws: DataURIError.invalidPercentEncoding(offset: 1)) { try DataURI(parsing: "data:,a%2").decodedPayload() }
    #expect(throws: DataURIError.invalidPercentEncoding(offset: 0)) { try DataURI(parsing: "data:,%zz").decodedPayload() }
  }

  @Test func base64MatchesFoundationAtEveryLength() throws {
    var rng = SplitMix64(state: 7)
    for length in 0...300 {
      let bytes = rng.bytes(length)
      let encoded = Base64.encode(bytes)
      #expect(encoded == Data(bytes).base64EncodedString(), "length \(length)")
      #expect(try Base64.decode(encoded) == bytes, "length \(length)")
      #expect(try Base64.decode(Array(encoded.utf8)) == bytes)
      #expect(try Base64.decode(Substring(encoded)) == bytes)
      #expect(Base64.encode(bytes[...]) == encoded)
    }
    #expect(try Base64.decode("QR==") == [0x41], "non-zero bits before the padding are accepted, as players do")
    let uri = DataURI.encode(SampleImages.png1x1, mediaType: "image/png")
    #expect(uri.hasPrefix("data:image/png;base64,iVBORw0KGgo"))
    let parsed = try DataURI(parsing: uri)
    #expect(try parsed.decodedPayload() == SampleImages.png1x1)
    #expect(ImageSniffer.sniff(try parsed.decodedPayload()) == ImageInfo(type: .png, width: 1, height: 1))
  }

  @Test func rejectsInvalidBase64Precisely() throws {
    let cases: [(String, Base64Error)] = [
      ("Q", .invalidLength(1)),
      ("QQ", .invalidLength(2)),
      ("QQ=", .invalidLength(3)),
      ("QUJDRA", .invalidLength(6)),
      ("QUJD=", .invalidLength(5)),
      ("QQ=A", .misplacedPadding(offset: 2)),
      ("QQ===", .misplacedPadding(offset: 2)),
      ("A===", .misplacedPadding(offset: 1)),
      ("====", .misplacedPadding(offset: 0)),
      ("QU=DQUJD", .misplacedPadding(offset: 2)),
      ("QUJD\nQUJD", .whitespace(0x0A, offset: 4)),
      ("QUJDQUJD\r\n", .whitespace(0x0D, offset: 8)),
      (" QUJD", .whitespace(0x20, offset: 0)),
      ("QUJD\tQUJ", .whitespace(0x09, offset: 4)),
      ("QU-D", .invalidCharacter(UInt8(ascii: "-"), offset: 2)),
      ("QUJDQUJD_w==", .invalidCharacter(UInt8(ascii: "_"), offset: 8)),
      ("QUJ%", .invalidCharacter(UInt8(ascii: "%"), offset: 3)),
      ("QUJ\u{E9}", .invalidCharacter(0xC3, offset: 3)),
      ("QUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJD.UJD", .invalidCharacter(UInt8(ascii: "."), offset: 32)),
      ("QUJDQ\u{0}==", .invalidCharacter(0, offset: 5))
    ]
    for (text, expected) in cases {
      #expect(throws: expected, "\(text.debugDescription)") { try Base64.decode(text) }
    }
    #expect(try Base64.decode("") == [])
    #expect(Base64Error.invalidCharacter(UInt8(ascii: "-"), offset: 2).description.contains("URL-safe"))
    #expect(Base64Error.whitespace(0x0A, offset: 76).description == "a line break at offset 76 (whitespace is not allowed inside base64 data)")
    #expect(Base64Error.invalidCharacter(0x00, offset: 1).description == "unexpected character byte 0x00 at offset 1")
  }

  @Test func twentyMegabytesRoundTrip() throws {
    var rng = SplitMix64(state: 2024)
    let bytes = SampleImages.png1x1 + rng.bytes(20 * 1024 * 1024)
    let clock = ContinuousClock()
    var encoded = ""
    let encodeTime = clock.measure { encoded = Base64.encode(bytes) }
    #expect(encoded.utf8.count == (bytes.count + 2) / 3 * 4)
    let uri = "data:image/png;base64," + encoded
    var decoded: [UInt8] = []
    let decodeTime = try clock.measure { decoded = try DataURI(parsing: uri).decodedPayload() }
    #expect(decoded == bytes)
    #expect(ImageSniffer.sniff(decoded)?.type == .png)
    // Generous bounds (debug builds check every buffer access): this catches accidental quadratic work.
    #expect(encodeTime < .seconds(10) && decodeTime < .seconds(10), "encode \(encodeTime), decode \(decodeTime)")
    // An error near the end of 20 MB is located exactly.
    var broken = Array(encoded.utf8)
    broken[broken.count - 10] = UInt8(ascii: "*")
    #expect(throws: Base64Error.invalidCharacter(UInt8(ascii: "*"), offset: broken.count - 10)) { try Base64.decode(broken) }
  }
}
