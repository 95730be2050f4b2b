import Testing
@testable import LottieKitIO

/// #20: optimize's lossless image step. A PNG is re-encoded only when the result is smaller, reads
/// back to the same pixels, and keeps every other chunk.
@Suite("PNG re-encoding")
struct PNGRecompressTests {
  /// A 64×64 gradient with a soft alpha edge: smooth rows that per-row filters compress well.
  func gradient(width: Int = 64, height: Int = 64) -> [UInt8] {
    var rgba: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        rgba += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x + y) % 256), UInt8(min(255, 4 * x))]
      }
    }
    return rgba
  }

  /// `png` with `extra` chunks inserted right after the header.
  func inserting(_ extra: [UInt8], into png: [UInt8]) -> [UInt8] {
    let afterHeader = 8 + 25
    return Array(png[..<afterHeader]) + extra + Array(png[afterHeader...])
  }

  @Test func unfilteredRowsShrinkWithTheSamePixelsAndEveryOtherChunk() throws {
    let gamma = PNG.chunk("gAMA", [0, 0, 0xB1, 0x8F])
    let text = PNG.chunk("tEXt", Array("Software\u{0}a designer's exporter".utf8))
    let unknown = PNG.chunk("prVt", [1, 2, 3])
    let original = inserting(gamma + text + unknown, into: try PNG.encode(width: 64, height: 64, rgba: gradient(), level: 1))
    let smaller = try #require(PNGRecompress.smaller(original))
    #expect(smaller.count < original.count)
    #expect(PNGRecompress.samePixels(original, smaller))
    let types = try #require(PNG.chunks(smaller)).map(\.type)
    #expect(types.first == "IHDR" && types.last == "IEND")
    #expect(Set(types) == ["IHDR", "gAMA", "tEXt", "prVt", "IDAT", "IEND"])
    // The gamma and the unknown chunk are the same bytes.
    let chunks = try #require(PNG.chunks(smaller))
    #expect(chunks.contains { Array($0.bytes) == gamma })
    #expect(chunks.contains { Array($0.bytes) == unknown })
    // Re-encoding the result finds nothing smaller: the step is idempotent.
    #expect(PNGRecompress.smaller(smaller) == nil)
  }

  @Test func aDifferentPixelIsTold() throws {
    var rgba = gradient()
    let original = try PNG.encode(width: 64, height: 64, rgba: rgba, level: 9)
    rgba[4 * (10 * 64 + 10)] ^= 1
    let changed = try PNG.encode(width: 64, height: 64, rgba: rgba, level: 9)
    #expect(!PNGRecompress.samePixels(original, changed))
    #expect(PNGRecompress.samePixels(original, try PNG.encode(width: 64, height: 64, rgba: gradient(), level: 1)))
  }

  /// One bit a pixel, 3 pixels a row: the last 5 bits of each row's byte are no pixel's, and an
  /// encoder may leave anything there.
  @Test func bitsPastARowsLastPixelAreNotPixels() throws {
    func oneBitImage(rowByte: UInt8) throws -> [UInt8] {
      let raw: [UInt8] = [0, rowByte, 0, rowByte]  // two rows, filter none
      let deflated = try Gzip.compress(raw, raw: true, level: 9)
      var adlerA: UInt32 = 1, adlerB: UInt32 = 0
      for b in raw {
        adlerA = (adlerA + UInt32(b)) % 65521
        adlerB = (adlerB + adlerA) % 65521
      }
      let adler = adlerB << 16 | adlerA
      let stream = [0x78, 0xDA] + deflated + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
      return PNG.signature + PNG.chunk("IHDR", [0, 0, 0, 3, 0, 0, 0, 2, 1, 0, 0, 0, 0]) + PNG.chunk("IDAT", stream) + PNG.chunk("IEND", [])
    }
    let clean = try oneBitImage(rowByte: 0b1010_0000)
    let padded = try oneBitImage(rowByte: 0b1011_1111)
    let otherPixel = try oneBitImage(rowByte: 0b1110_0000)
    #expect(PNGRecompress.samePixels(clean, padded))
    #expect(!PNGRecompress.samePixels(clean, otherPixel))
  }

  @Test func animatedBrokenAndForeignFilesAreLeftAlone() throws {
    let original = try PNG.encode(width: 64, height: 64, rgba: gradient(), level: 1)
    #expect(PNGRecompress.smaller(original) != nil)
    // An animated PNG: libpng would keep its first frame only.
    let animated = inserting(PNG.chunk("acTL", [0, 0, 0, 2, 0, 0, 0, 0]), into: original)
    #expect(PNGRecompress.smaller(animated) == nil)
    // Cut short, a damaged image-data CRC, not a PNG at all, nothing.
    #expect(PNGRecompress.smaller(Array(original.dropLast(20))) == nil)
    var damaged = original
    damaged[damaged.count - 13] ^= 0xFF  // the IDAT's CRC
    #expect(PNGRecompress.smaller(damaged) == nil)
    #expect(PNGRecompress.smaller(Array("not a png".utf8)) == nil)
    #expect(PNGRecompress.smaller([]) == nil)
    #expect(!PNGRecompress.samePixels(original, Array("not a png".utf8)))
  }

  @Test func chunksAreReadUpToTheEnd() throws {
    let png = try PNG.encode(width: 2, height: 2, rgba: Array(repeating: 200, count: 16))
    #expect(try #require(PNG.chunks(png)).map(\.type) == ["IHDR", "IDAT", "IEND"])
    #expect(PNG.chunks(Array(png.dropLast())) == nil)
    // A length past the end of the file.
    var long = png
    long[8] = 0x7F
    #expect(PNG.chunks(long) == nil)
  }
}
