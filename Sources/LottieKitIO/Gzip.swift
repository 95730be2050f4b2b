import CLottieZlib

/// Errors of the compression and archive readers, with what was wrong.
package struct ArchiveError: Error, Sendable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}

/// gzip and raw deflate through the system zlib, with a bound on the decompressed size so that a
/// bomb is refused instead of filling memory.
package enum Gzip {
  /// Default cap on decompressed bytes (a real animation is at most tens of MB).
  package static let defaultLimit = 512 * 1024 * 1024

  package static func isGzip(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
  }

  /// Decompresses a gzip stream (`windowBits` 31) or raw deflate (`-15`).
  package static func decompress(
    _ input: [UInt8], raw: Bool = false, limit: Int = defaultLimit,
    expectedSize: Int? = nil
  ) throws(ArchiveError) -> [UInt8] {
    var stream = z_stream()
    let windowBits: Int32 = raw ? -15 : 31
    guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw ArchiveError("zlib could not start decompressing")
    }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    output.reserveCapacity(min(limit, expectedSize ?? input.count * 4))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var status: Int32 = Z_OK
    try input.withUnsafeBufferPointer { (inBuf: UnsafeBufferPointer<UInt8>) throws(ArchiveError) in
      stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
      stream.avail_in = UInt32(inBuf.count)
      repeat {
        let produced: Int = chunk.withUnsafeMutableBufferPointer { outBuf in
          stream.next_out = outBuf.baseAddress
          stream.avail_out = UInt32(outBuf.count)
          status = inflate(&stream, Z_NO_FLUSH)
          return outBuf.count - Int(stream.avail_out)
        }
        if status == Z_NEED_DICT || status == Z_DATA_ERROR || status == Z_MEM_ERROR || status == Z_STREAM_ERROR {
          let reason = stream.msg.map { String(cString: $0) } ?? "corrupt data"
          throw ArchiveError("corrupt \(raw ? "deflate" : "gzip") data: \(reason)")
        }
        if output.count + produced > limit {
          throw ArchiveError("decompressed size exceeds the limit of \(limit) bytes (a compression bomb?)")
        }
        output.append(contentsOf: chunk[0..<produced])
        if status == Z_BUF_ERROR && stream.avail_in == 0 && produced == 0 { break }
      } while status != Z_STREAM_END
    }
    guard status == Z_STREAM_END else {
      throw ArchiveError("truncated \(raw ? "deflate" : "gzip") data (the stream ends before its end marker)")
    }
    return output
  }

  /// Compresses with the best compression; gzip framing unless `raw` (zip entries use raw deflate).
  package static func compress(_ input: [UInt8], raw: Bool = false, level: Int32 = 9) throws(ArchiveError) -> [UInt8] {
    guard
      let (output, written, status) = deflateOnce(
        input, level: level, windowBits: raw ? -15 : 31,
        capacity: { stream in
          Int(deflateBound(&stream, UInt(input.count))) + 64
        })
    else { throw ArchiveError("zlib could not start compressing") }
    guard status == Z_STREAM_END else { throw ArchiveError("zlib failed to compress (status \(status))") }
    return Array(output.prefix(written))
  }

  /// The gzip size of `input` at best compression when it is at most `limit`; nil as soon as the
  /// compressed output passes `limit` (the rest is not compressed: a size check on a large file
  /// costs only the first `limit` bytes of output).
  package static func compressedSize(_ input: [UInt8], atMost limit: Int, level: Int32 = 9) -> Int? {
    guard let (_, written, status) = deflateOnce(input, level: level, windowBits: 31, capacity: { _ in max(0, limit) + 1 }),
      status == Z_STREAM_END, written <= limit
    else { return nil }
    return written
  }

  /// One deflate call over the whole input into a buffer of `capacity` bytes (asked once the
  /// stream exists): the output, how much of it was written, and zlib's status; nil when zlib
  /// cannot start.
  private static func deflateOnce(
    _ input: [UInt8], level: Int32, windowBits: Int32,
    capacity: (inout z_stream) -> Int
  ) -> ([UInt8], Int, Int32)? {
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, level, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: capacity(&stream))
    var status: Int32 = Z_OK
    let written: Int = input.withUnsafeBufferPointer { inBuf in
      output.withUnsafeMutableBufferPointer { outBuf in
        stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
        stream.avail_in = UInt32(inBuf.count)
        stream.next_out = outBuf.baseAddress
        stream.avail_out = UInt32(outBuf.count)
        status = deflate(&stream, Z_FINISH)
        return outBuf.count - Int(stream.avail_out)
      }
    }
    return (output, written, status)
  }

  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buf in
      UInt32(CLottieZlib.crc32(0, buf.baseAddress, UInt32(buf.count)))
    }
  }
}
