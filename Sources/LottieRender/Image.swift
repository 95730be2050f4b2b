import LottieKitIO

/// An RGBA image, 8 bits per channel, straight (not premultiplied) alpha, rows top to bottom.
package struct RGBAImage: Sendable, Equatable {
  package let width: Int
  package let height: Int
  package var pixels: [UInt8]

  package init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
    self.width = max(0, width)
    self.height = max(0, height)
    var row: [UInt8] = []
    row.reserveCapacity(self.width * 4)
    for _ in 0..<self.width { row += [fill.0, fill.1, fill.2, fill.3] }
    pixels = []
    pixels.reserveCapacity(self.width * self.height * 4)
    for _ in 0..<self.height { pixels += row }
  }

  package init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// From rlottie's buffer: 32-bit ARGB words, premultiplied (BGRA bytes on little-endian).
  package init(premultipliedARGB words: [UInt32], width: Int, height: Int) {
    self.width = width
    self.height = height
    var out = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<min(words.count, width * height) {
      let w = words[i]
      let a = UInt8(truncatingIfNeeded: w >> 24)
      guard a != 0 else { continue }
      var r = Int(w >> 16 & 0xff), g = Int(w >> 8 & 0xff), b = Int(w & 0xff)
      if a != 255 {
        let alpha = Int(a)
        r = min(255, (r * 255 + alpha / 2) / alpha)
        g = min(255, (g * 255 + alpha / 2) / alpha)
        b = min(255, (b * 255 + alpha / 2) / alpha)
      }
      out[i * 4] = UInt8(r)
      out[i * 4 + 1] = UInt8(g)
      out[i * 4 + 2] = UInt8(b)
      out[i * 4 + 3] = a
    }
    pixels = out
  }

  /// The image composited over an opaque colour.
  package func flattened(over background: (UInt8, UInt8, UInt8)) -> RGBAImage {
    var out = pixels
    var i = 0
    while i + 3 < out.count {
      let a = Int(out[i + 3])
      if a != 255 {
        out[i] = UInt8((Int(out[i]) * a + Int(background.0) * (255 - a) + 127) / 255)
        out[i + 1] = UInt8((Int(out[i + 1]) * a + Int(background.1) * (255 - a) + 127) / 255)
        out[i + 2] = UInt8((Int(out[i + 2]) * a + Int(background.2) * (255 - a) + 127) / 255)
        out[i + 3] = 255
      }
      i += 4
    }
    return RGBAImage(width: width, height: height, pixels: out)
  }

  /// Copies `image` with its top-left corner at (x, y), clipped.
  package mutating func draw(_ image: RGBAImage, x: Int, y: Int) {
    for row in 0..<image.height {
      let ty = y + row
      guard ty >= 0 && ty < height else { continue }
      for col in 0..<image.width {
        let tx = x + col
        guard tx >= 0 && tx < width else { continue }
        let s = (row * image.width + col) * 4
        let d = (ty * width + tx) * 4
        pixels[d] = image.pixels[s]
        pixels[d + 1] = image.pixels[s + 1]
        pixels[d + 2] = image.pixels[s + 2]
        pixels[d + 3] = image.pixels[s + 3]
      }
    }
  }

  /// Fills a rectangle, clipped to the image (one wholly outside it draws nothing).
  package mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) {
    let rows = max(0, y)..<max(max(0, y), min(height, y + h))
    let cols = max(0, x)..<max(max(0, x), min(width, x + w))
    for ty in rows {
      for tx in cols {
        let d = (ty * width + tx) * 4
        pixels[d] = c.0
        pixels[d + 1] = c.1
        pixels[d + 2] = c.2
        pixels[d + 3] = c.3
      }
    }
  }

  /// Digits, letters of "OLDNEWDIF", `:` `.` `%` `/` and space in a 3×5 pixel font, each pixel
  /// drawn as a `scale`×`scale` square. Returns the width drawn.
  @discardableResult
  package mutating func text(_ s: String, x: Int, y: Int, scale: Int = 2, color: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)) -> Int {
    var cx = x
    for ch in s.uppercased() {
      let glyph = TinyFont.glyphs[ch] ?? TinyFont.glyphs[" "] ?? []
      for (row, bits) in glyph.enumerated() {
        for col in 0..<3 where bits & (4 >> col) != 0 {
          fill(x: cx + col * scale, y: y + row * scale, width: scale, height: scale, color)
        }
      }
      cx += 4 * scale
    }
    return cx - x
  }
}

enum TinyFont {
  /// Rows of 3 bits, top to bottom.
  static let glyphs: [Character: [UInt8]] = [
    "0": [7, 5, 5, 5, 7], "1": [2, 6, 2, 2, 7], "2": [7, 1, 7, 4, 7], "3": [7, 1, 7, 1, 7], "4": [5, 5, 7, 1, 1],
    "5": [7, 4, 7, 1, 7], "6": [7, 4, 7, 5, 7], "7": [7, 1, 1, 1, 1], "8": [7, 5, 7, 5, 7], "9": [7, 5, 7, 1, 7],
    "O": [7, 5, 5, 5, 7], "L": [4, 4, 4, 4, 7], "D": [6, 5, 5, 5, 6], "N": [5, 7, 7, 7, 5], "E": [7, 4, 6, 4, 7],
    "W": [5, 5, 7, 7, 5], "I": [7, 2, 2, 2, 7], "F": [7, 4, 6, 4, 4], "X": [5, 5, 2, 5, 5], "A": [2, 5, 7, 5, 5],
    "M": [5, 7, 7, 5, 5], "R": [6, 5, 6, 5, 5], "S": [7, 4, 7, 1, 7], "T": [7, 2, 2, 2, 2],
    ":": [0, 2, 0, 2, 0], ".": [0, 0, 0, 0, 2], "%": [5, 1, 2, 4, 5], "/": [1, 1, 2, 4, 4], " ": [0, 0, 0, 0, 0],
    "-": [0, 0, 7, 0, 0]
  ]
}

extension PNG {
  /// The image as a PNG (`PNG.encode(width:height:rgba:)`).
  package static func encode(_ image: RGBAImage) throws(ArchiveError) -> [UInt8] {
    try encode(width: image.width, height: image.height, rgba: image.pixels)
  }
}
