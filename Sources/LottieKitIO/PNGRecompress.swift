import CPNGRecompress

/// A PNG re-encoded with the same pixels and a smaller size (#20, `optimize`'s lossless image step).
///
/// libpng reads the rows untransformed and writes them back with its per-row filter choice and with
/// no filter, each with zlib's default and filtered strategies, at level 9, without interlacing;
/// the smallest wins. The result is kept only when it is smaller, when libpng reads it
/// back to the same size, bit depth, colour type, palette, transparency and rows, and when every
/// other chunk is still there byte for byte (gamma, colour profile, unknown chunks; text chunks by
/// number, as libpng compresses them again): the header's interlace flag is the only change
/// outside the image data. Animated PNGs (`acTL`) are
/// left alone: libpng does not know their frames.
package enum PNGRecompress {
  /// Images whose decoded rows take more than this are left alone (time and memory).
  package static let maxPixelBytes = 64 * 1024 * 1024

  /// The smaller PNG, or nil when it cannot be made smaller with the same pixels and chunks.
  package static func smaller(_ png: [UInt8]) -> [UInt8]? {
    guard let chunks = PNG.chunks(png), !chunks.contains(where: { $0.type == "acTL" }) else { return nil }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var outputSize = 0
    let status = png.withUnsafeBufferPointer { lk_png_recompress($0.baseAddress, $0.count, maxPixelBytes, &output, &outputSize) }
    guard status == 0, let output else { return nil }
    defer { lk_png_free(output) }
    guard outputSize < png.count else { return nil }
    let result = Array(UnsafeBufferPointer(start: output, count: outputSize))
    guard let after = PNG.chunks(result), sameChunks(chunks, after), samePixels(png, result) else { return nil }
    return result
  }

  /// Whether libpng decodes both to the same image (size, depth, colour type, palette,
  /// transparency, rows); false when either does not decode.
  package static func samePixels(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBufferPointer { x in
      b.withUnsafeBufferPointer { y in lk_png_same_pixels(x.baseAddress, x.count, y.baseAddress, y.count, maxPixelBytes) == 1 }
    }
  }

  /// Chunks that say nothing about how the image is drawn, which libpng may write back with
  /// other bytes (it compresses text again): only their number is compared.
  static let textChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "tIME"]

  /// Every chunk but the image data and text is kept byte for byte, in any order; the header may
  /// differ only in its interlace flag (its last data byte, with the CRC after it).
  static func sameChunks(_ before: [PNG.Chunk], _ after: [PNG.Chunk]) -> Bool {
    func others(_ list: [PNG.Chunk]) -> [[UInt8]] {
      list.filter { $0.type != "IDAT" && $0.type != "IHDR" }
        .map { textChunks.contains($0.type) ? Array($0.type.utf8) : Array($0.bytes) }
        .sorted { $0.lexicographicallyPrecedes($1) }
    }
    func header(_ list: [PNG.Chunk]) -> [UInt8]? {
      guard let h = list.first, h.type == "IHDR", h.bytes.count == 25 else { return nil }
      return Array(h.bytes.prefix(20))  // length, type, and the data up to the interlace flag
    }
    guard let a = header(before), let b = header(after), a == b else { return false }
    return others(before) == others(after)
  }
}
