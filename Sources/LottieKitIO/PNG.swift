import CLottieZlib

/// PNG files: written (RGBA, 8 bits, one image-data chunk, through the system zlib) and read as
/// a list of chunks. Decoding and re-encoding pixels goes through libpng (`PNGRecompress`).
package enum PNG {
  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// `rgba` (rows top to bottom, 4 bytes a pixel, straight alpha) as a PNG: signature, IHDR, one
  /// IDAT of unfiltered rows deflated at `level`, IEND.
  package static func encode(width: Int, height: Int, rgba: [UInt8], level: Int32 = 6) throws(ArchiveError) -> [UInt8] {
    guard width >= 0, height >= 0, rgba.count == width * height * 4 else {
      throw ArchiveError("PNG: \(rgba.count) bytes are not \(width)×\(height) RGBA pixels")
    }
    var raw: [UInt8] = []
    raw.reserveCapacity((width * 4 + 1) * height)
    for row in 0..<height {
      raw.append(0)  // filter: none
      let start = row * width * 4
      raw += rgba[start..<start + width * 4]
    }
    let deflated = try Gzip.compress(raw, raw: true, level: level)
    var zlibStream: [UInt8] = [0x78, 0x9C]
    zlibStream += deflated
    let adler = raw.withUnsafeBufferPointer { buf -> UInt32 in
      UInt32(truncatingIfNeeded: adler32(adler32(0, nil, 0), buf.baseAddress, UInt32(buf.count)))
    }
    zlibStream += bigEndian(adler)

    var out = signature
    var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    header += [8, 6, 0, 0, 0]  // 8-bit, RGBA, deflate, no filter method extras, no interlace
    out += chunk("IHDR", header)
    out += chunk("IDAT", zlibStream)
    out += chunk("IEND", [])
    return out
  }

  /// One chunk's bytes: length, type, data, CRC.
  package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(Gzip.crc32(typeBytes + data))
  }

  static func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
  }

  /// A chunk: its type and its bytes (length, type, data and CRC).
  package struct Chunk: Equatable, Sendable {
    package var type: String
    package var bytes: ArraySlice<UInt8>
  }

  /// The chunks after the signature, up to IEND, or nil when the file is not a whole PNG.
  package static func chunks(_ png: [UInt8]) -> [Chunk]? {
    guard png.count >= 8, Array(png[0..<8]) == signature else { return nil }
    var out: [Chunk] = []
    var at = 8
    while at < png.count {
      guard png.count - at >= 12 else { return nil }
      let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
      guard length <= png.count - at - 12 else { return nil }
      let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
      out.append(Chunk(type: type, bytes: png[at..<at + 12 + length]))
      at += 12 + length
      if type == "IEND" { break }
    }
    return out.last?.type == "IEND" ? out : nil
  }
}
