import CLibWebP
import CPNGRecompress

/// PNG to WebP for `optimize --images webp` (#20), through libwebp (Debian libwebp-dev); the PNG is
/// decoded by libpng.
package enum WebP {
  /// 8-bit RGBA, straight alpha, rows top to bottom.
  package struct Pixels: Equatable, Sendable {
    package var width: Int
    package var height: Int
    package var rgba: [UInt8]
  }

  /// A WebP made from a PNG and how far it is from it.
  package struct Encoded: Sendable {
    package var bytes: [UInt8]
    package var lossless: Bool
    /// Share of pixels (0…1) drawn differently (`difference`).
    package var changed: Double
  }

  /// The PNG's pixels (libpng's simplified reader: sRGB, RGBA), or nil.
  package static func pixels(ofPNG png: [UInt8]) -> Pixels? {
    var out: UnsafeMutablePointer<UInt8>? = nil
    var width: UInt32 = 0, height: UInt32 = 0
    let status = png.withUnsafeBufferPointer { lk_png_decode_rgba($0.baseAddress, $0.count, PNGRecompress.maxPixelBytes, &out, &width, &height) }
    guard status == 0, let out else { return nil }
    defer { lk_png_free(out) }
    return Pixels(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: out, count: Int(width) * Int(height) * 4)))
  }

  /// A WebP's pixels, or nil.
  package static func pixels(ofWebP webp: [UInt8]) -> Pixels? {
    var width: Int32 = 0, height: Int32 = 0
    guard let out = webp.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) }) else { return nil }
    defer { WebPFree(out) }
    guard width > 0, height > 0 else { return nil }
    return Pixels(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: out, count: Int(width) * Int(height) * 4)))
  }

  /// `pixels` as a WebP: lossy at `quality` (0…100; alpha kept losslessly), or lossless.
  package static func encode(_ pixels: Pixels, quality: Float?) -> [UInt8]? {
    guard pixels.width > 0, pixels.height > 0, pixels.width <= 16383, pixels.height <= 16383 else { return nil }  // WebP's limit
    var out: UnsafeMutablePointer<UInt8>? = nil
    let w = Int32(pixels.width), h = Int32(pixels.height), stride = Int32(pixels.width * 4)
    let size = pixels.rgba.withUnsafeBufferPointer { p in
      quality.map { WebPEncodeRGBA(p.baseAddress, w, h, stride, $0, &out) } ?? WebPEncodeLosslessRGBA(p.baseAddress, w, h, stride, &out)
    }
    guard size > 0, let out else { return nil }
    defer { WebPFree(out) }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }

  /// The smallest WebP of `png` that draws within `maxChanged` of it (lossy at `quality`, unless
  /// `losslessOnly`; then lossless, which must draw every pixel the same), when one is smaller than
  /// the PNG; nil otherwise. Each candidate is decoded again and compared with the PNG's pixels.
  package static func smaller(thanPNG png: [UInt8], quality: Float, losslessOnly: Bool, maxChanged: Double) -> Encoded? {
    guard let source = pixels(ofPNG: png) else { return nil }
    for lossy in losslessOnly ? [false] : [true, false] {
      guard let bytes = encode(source, quality: lossy ? quality : nil), bytes.count < png.count,
        let back = pixels(ofWebP: bytes), let difference = difference(source, back),
        lossy ? difference.share <= maxChanged : difference.exact
      else { continue }
      return Encoded(bytes: bytes, lossless: !lossy, changed: difference.share)
    }
    return nil
  }

  /// How two pictures of one size differ: `share`, the pixels (0…1) whose premultiplied colour or
  /// alpha differs by more than 16/255 in any channel, as optimize's render check counts them;
  /// `exact`, every pixel has the same alpha and, where it is not transparent, the same colour.
  package struct Difference: Equatable, Sendable {
    package var share: Double
    package var exact: Bool
  }

  /// Nil for pictures of different sizes.
  package static func difference(_ a: Pixels, _ b: Pixels) -> Difference? {
    guard a.width == b.width, a.height == b.height, a.rgba.count == b.rgba.count, !a.rgba.isEmpty else { return nil }
    var changed = 0
    var exact = true
    let count = a.rgba.count / 4
    a.rgba.withUnsafeBufferPointer { x in
      b.rgba.withUnsafeBufferPointer { y in
        for i in 0..<count {
          let o = 4 * i
          let alphaA = Int(x[o + 3]), alphaB = Int(y[o + 3])
          var worst = abs(alphaA - alphaB)
          var same = alphaA == alphaB
          for c in 0..<3 {
            worst = max(worst, abs(Int(x[o + c]) * alphaA - Int(y[o + c]) * alphaB) / 255)
            if alphaA != 0 && x[o + c] != y[o + c] { same = false }
          }
          if !same { exact = false }
          if worst > 16 { changed += 1 }
        }
      }
    }
    return Difference(share: Double(changed) / Double(count), exact: exact)
  }
}
