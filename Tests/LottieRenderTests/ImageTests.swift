import Testing
import LottieKitIO
@testable import LottieRender

@Suite("render: images, PNG, sheets")
struct ImageTests {
  @Test func pngIsWellFormed() throws {
    var image = RGBAImage(width: 3, height: 2, fill: (10, 20, 30, 255))
    image.fill(x: 1, y: 1, width: 1, height: 1, (255, 0, 0, 128))
    let png = try PNG.encode(image)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR: width 3, height 2, 8-bit RGBA.
    #expect(Array(png[12..<16]) == Array("IHDR".utf8))
    #expect(Array(png[16..<24]) == [0, 0, 0, 3, 0, 0, 0, 2])
    #expect(png[24] == 8 && png[25] == 6)
    // IDAT inflates (zlib) back to the filtered rows.
    let idatLength = Int(png[33]) << 24 | Int(png[34]) << 16 | Int(png[35]) << 8 | Int(png[36])
    let zlib = Array(png[41..<(41 + idatLength)])
    #expect(zlib.prefix(2) == [0x78, 0x9C])
    let raw = try Gzip.decompress(Array(zlib.dropFirst(2).dropLast(4)), raw: true)
    #expect(raw.count == 2 * (1 + 3 * 4))
    #expect(Array(raw[(13 + 1 + 4)..<(13 + 1 + 8)]) == [255, 0, 0, 128])
    #expect(Array(png.suffix(12).prefix(8)) == [0, 0, 0, 0] + Array("IEND".utf8))
  }

  @Test func premultipliedPixelsAreUnpremultiplied() {
    // Half-transparent red premultiplied: ARGB 0x80800000 → RGBA 255, 0, 0, 128.
    let image = RGBAImage(premultipliedARGB: [0x8080_0000, 0x0000_0000, 0xFF00_FF00], width: 3, height: 1)
    #expect(image.pixels == [255, 0, 0, 128, 0, 0, 0, 0, 0, 255, 0, 255])
    #expect(image.flattened(over: (255, 255, 255)).pixels.prefix(4) == [255, 127, 127, 255])
  }

  @Test func differenceCountsChangedPixels() {
    let a = RGBAImage(width: 4, height: 1, fill: (0, 0, 0, 255))
    var b = a
    b.fill(x: 0, y: 0, width: 1, height: 1, (255, 255, 255, 255))
    #expect(Sheets.difference(a, b, background: (255, 255, 255)).share == 0.25)
    #expect(Sheets.difference(a, a, background: (255, 255, 255)).share == 0)
  }

  @Test func framesAndColours() {
    #expect(Sheets.evenlySpaced(4, first: 0, end: 90) == [0, 30, 59, 89])
    #expect(Sheets.evenlySpaced(5, first: 10, end: 12) == [10, 11])
    #expect(Sheets.evenlySpaced(3, first: 0, end: 1) == [0])
    func rgb(_ s: String) -> [UInt8]? { Sheets.parseColor(s).flatMap { $0 }.map { [$0.0, $0.1, $0.2] } }
    #expect(rgb("#fff") == [255, 255, 255])
    #expect(rgb("#102030") == [16, 32, 48])
    #expect(rgb("white") == [255, 255, 255])
    #expect(Sheets.parseColor("transparent") != nil && rgb("transparent") == nil)
    #expect(Sheets.parseColor("#12") == nil && Sheets.parseColor("chartreuse") == nil)
  }
}
