/// A small, strict zip reader and writer (stored and deflate entries), enough for dotLottie.
/// Written here rather than taken from a library so that every bound is ours: entry names are
/// checked for escapes (zip-slip), sizes are bounded before anything is inflated, CRCs are verified,
/// and a truncated or lying archive is an error with a reason, never a crash.
package struct ZipArchive: Sendable {
  package struct Entry: Sendable {
    package let name: String
    package let method: UInt16
    package let compressedSize: Int
    package let uncompressedSize: Int
    package let crc32: UInt32
    /// Last modification, as the central directory holds it (MS-DOS time and date).
    package let modified: ZipWriter.DOSTimestamp
    let localHeaderOffset: Int
    /// Where the entry's central directory record lies in the archive.
    let centralRecord: Range<Int>
    /// Whether sizes and CRC follow the data in a descriptor (general purpose flag bit 3).
    let hasDescriptor: Bool
    package var isDirectory: Bool { name.hasSuffix("/") }
  }

  package let bytes: [UInt8]
  package let entries: [Entry]
  /// Position in `entries` of the first entry of each name.
  let entryIndex: [String: Int]
  /// Total bytes the archive may expand to.
  package let limit: Int
  /// The archive's comment (the end of central directory's), as written.
  package let comment: [UInt8]

  package init(bytes: [UInt8], limit: Int = Gzip.defaultLimit) throws(ArchiveError) {
    self.bytes = bytes
    self.limit = limit
    // End of central directory: at least 22 bytes, within the last 64 KB + 22.
    guard bytes.count >= 22 else { throw ArchiveError("not a zip archive (too short)") }
    var eocd = -1
    var k = bytes.count - 22
    let lowest = max(0, bytes.count - 22 - 65_535)
    while k >= lowest {
      if bytes[k] == 0x50 && bytes[k + 1] == 0x4B && bytes[k + 2] == 0x05 && bytes[k + 3] == 0x06 { eocd = k; break }
      k -= 1
    }
    guard eocd >= 0 else { throw ArchiveError("not a zip archive or truncated (no end of central directory)") }
    let count = Int(Self.u16(bytes, eocd + 10))
    let cdSize = Int(Self.u32(bytes, eocd + 12))
    let cdOffset = Int(Self.u32(bytes, eocd + 16))
    guard cdOffset + cdSize <= eocd else { throw ArchiveError("truncated zip archive (central directory out of bounds)") }
    let commentLength = Int(Self.u16(bytes, eocd + 20))
    comment = Array(bytes[(eocd + 22)..<min(bytes.count, eocd + 22 + commentLength)])
    var entries: [Entry] = []
    var p = cdOffset
    var total = 0
    for _ in 0..<count {
      guard p + 46 <= eocd, Self.u32(bytes, p) == 0x0201_4B50 else {
        throw ArchiveError("corrupt zip archive (bad central directory entry)")
      }
      let flags = Self.u16(bytes, p + 8)
      let method = Self.u16(bytes, p + 10)
      let modified = ZipWriter.DOSTimestamp(time: Self.u16(bytes, p + 12), date: Self.u16(bytes, p + 14))
      let crc = Self.u32(bytes, p + 16)
      let csize = Int(Self.u32(bytes, p + 20))
      let usize = Int(Self.u32(bytes, p + 24))
      let nameLength = Int(Self.u16(bytes, p + 28))
      let extraLength = Int(Self.u16(bytes, p + 30))
      let commentLength = Int(Self.u16(bytes, p + 32))
      let localOffset = Int(Self.u32(bytes, p + 42))
      guard p + 46 + nameLength <= eocd else { throw ArchiveError("corrupt zip archive (entry name out of bounds)") }
      let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
      if flags & 1 != 0 { throw ArchiveError("encrypted zip entry '\(name)' is not supported") }
      if csize == 0xFFFF_FFFF || usize == 0xFFFF_FFFF { throw ArchiveError("zip64 entry '\(name)' is not supported") }
      total += usize
      if total > limit { throw ArchiveError("archive expands to more than \(limit) bytes (a zip bomb?)") }
      entries.append(
        Entry(
          name: name, method: method, compressedSize: csize, uncompressedSize: usize, crc32: crc,
          modified: modified, localHeaderOffset: localOffset,
          centralRecord: p..<min(eocd, p + 46 + nameLength + extraLength + commentLength), hasDescriptor: flags & 8 != 0))
      p += 46 + nameLength + extraLength + commentLength
    }
    self.entries = entries
    var index: [String: Int] = [:]
    for (k, e) in entries.enumerated() where index[e.name] == nil { index[e.name] = k }
    self.entryIndex = index
  }

  package static func isZip(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && bytes[2] == 0x03 && bytes[3] == 0x04
  }

  /// The first entry of that name (a dictionary built on first use would need mutation; the index
  /// is made with the entries).
  package func entry(named name: String) -> Entry? { entryIndex[name].map { entries[$0] } }

  /// The bytes of an entry, inflated, size- and CRC-checked.
  package func data(of entry: Entry) throws(ArchiveError) -> [UInt8] {
    let p = entry.localHeaderOffset
    guard p + 30 <= bytes.count, Self.u32(bytes, p) == 0x0403_4B50 else {
      throw ArchiveError("corrupt zip archive (bad local header for '\(entry.name)')")
    }
    let nameLength = Int(Self.u16(bytes, p + 26))
    let extraLength = Int(Self.u16(bytes, p + 28))
    let start = p + 30 + nameLength + extraLength
    guard start + entry.compressedSize <= bytes.count else {
      throw ArchiveError("truncated zip archive ('\(entry.name)' runs past the end)")
    }
    let raw = Array(bytes[start..<(start + entry.compressedSize)])
    let data: [UInt8]
    switch entry.method {
    case 0:
      data = raw
    case 8:
      data = try Gzip.decompress(raw, raw: true, limit: min(limit, entry.uncompressedSize + 1), expectedSize: entry.uncompressedSize)
    default:
      throw ArchiveError("zip entry '\(entry.name)' uses unsupported compression method \(entry.method)")
    }
    guard data.count == entry.uncompressedSize else {
      throw ArchiveError("zip entry '\(entry.name)' is \(data.count) bytes, its header says \(entry.uncompressedSize)")
    }
    guard Gzip.crc32(data) == entry.crc32 else { throw ArchiveError("zip entry '\(entry.name)' fails its CRC check") }
    return data
  }

  /// The entry's local header, data and data descriptor, as they lie in the archive.
  func localRecord(of entry: Entry) throws(ArchiveError) -> Range<Int> {
    let p = entry.localHeaderOffset
    guard p + 30 <= bytes.count, Self.u32(bytes, p) == 0x0403_4B50 else {
      throw ArchiveError("corrupt zip archive (bad local header for '\(entry.name)')")
    }
    var end = p + 30 + Int(Self.u16(bytes, p + 26)) + Int(Self.u16(bytes, p + 28)) + entry.compressedSize
    if entry.hasDescriptor {
      // CRC and both sizes, after an optional signature.
      end += Self.u32(bytes, end) == 0x0807_4B50 ? 16 : 12
    }
    guard end <= bytes.count else { throw ArchiveError("truncated zip archive ('\(entry.name)' runs past the end)") }
    return p..<end
  }

  /// Whether an entry name stays inside the folder it is extracted to (no absolute paths, no `..`,
  /// no backslashes or drive letters that another system would read as a path).
  package static func isSafeEntryName(_ name: String) -> Bool {
    if name.isEmpty || name.hasPrefix("/") || name.contains("\\") || name.contains("\0") { return false }
    if name.count >= 2 && name.dropFirst().first == ":" { return false }
    return !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
  }

  static func u16(_ b: [UInt8], _ i: Int) -> UInt16 {
    guard i + 2 <= b.count else { return 0 }
    return UInt16(b[i]) | UInt16(b[i + 1]) << 8
  }
  static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
    guard i + 4 <= b.count else { return 0 }
    return UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
  }
}

/// Writes a zip archive in memory, entries in the order given, with a fixed timestamp so that the
/// same input always gives the same bytes (or, for an archive rewritten, each entry's own).
package struct ZipWriter {
  /// An entry's last modification in MS-DOS form.
  package struct DOSTimestamp: Sendable, Equatable {
    package var time: UInt16
    package var date: UInt16
    package init(time: UInt16, date: UInt16) {
      self.time = time
      self.date = date
    }
    /// 1980-01-01 00:00, the earliest: reproducible output.
    package static let fixed = DOSTimestamp(time: 0, date: (0 << 9) | (1 << 5) | 1)
  }

  private var body: [UInt8] = []
  private var central: [UInt8] = []
  private var count = 0

  package init() {}

  package mutating func add(name: String, data: [UInt8], compress: Bool = true, modified: DOSTimestamp = .fixed) throws(ArchiveError) {
    let nameBytes = Array(name.utf8)
    let crc = Gzip.crc32(data)
    var stored = data
    var method: UInt16 = 0
    if compress && !data.isEmpty {
      let deflated = try Gzip.compress(data, raw: true)
      if deflated.count < data.count {
        stored = deflated
        method = 8
      }
    }
    // Without zip64, sizes and offsets are 32-bit and counts and name lengths 16-bit: refused
    // here rather than trapping on a conversion.
    guard nameBytes.count <= 0xFFFF else {
      throw ArchiveError("entry name of \(nameBytes.count) bytes is too long for a zip (65,535 at most)")
    }
    guard count < 0xFFFF else { throw ArchiveError("a zip without zip64 holds at most 65,535 entries") }
    guard stored.count < 0xFFFF_FFFF, data.count < 0xFFFF_FFFF,
      body.count + 30 + nameBytes.count + stored.count < 0xFFFF_FFFF,
      central.count + 46 + nameBytes.count < 0xFFFF_FFFF
    else {
      throw ArchiveError("entry '\(name)' is too large for a zip without zip64")
    }
    let offset = body.count
    let (dosTime, dosDate) = (modified.time, modified.date)
    func le16(_ v: UInt16, _ out: inout [UInt8]) { out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8)) }
    func le32(_ v: UInt32, _ out: inout [UInt8]) { for s in stride(from: 0, to: 32, by: 8) { out.append(UInt8((v >> UInt32(s)) & 0xFF)) } }
    le32(0x0403_4B50, &body); le16(20, &body); le16(0x0800, &body); le16(method, &body)
    le16(dosTime, &body); le16(dosDate, &body); le32(crc, &body)
    le32(UInt32(stored.count), &body); le32(UInt32(data.count), &body)
    le16(UInt16(nameBytes.count), &body); le16(0, &body)
    body += nameBytes
    body += stored
    le32(0x0201_4B50, &central); le16(0x031E, &central); le16(20, &central); le16(0x0800, &central); le16(method, &central)
    le16(dosTime, &central); le16(dosDate, &central); le32(crc, &central)
    le32(UInt32(stored.count), &central); le32(UInt32(data.count), &central)
    le16(UInt16(nameBytes.count), &central); le16(0, &central); le16(0, &central); le16(0, &central); le16(0, &central)
    le32(0o100644 << 16, &central); le32(UInt32(offset), &central)
    central += nameBytes
    count += 1
  }

  /// Adds an entry of `archive` byte for byte (its headers with their flags, extra fields and
  /// comment, and its data as compressed there), once its data is checked (`ZipArchive.data(of:)`).
  package mutating func copy(_ entry: ZipArchive.Entry, from archive: ZipArchive) throws(ArchiveError) {
    _ = try archive.data(of: entry)
    let local = try archive.localRecord(of: entry)
    guard count < 0xFFFF else { throw ArchiveError("a zip without zip64 holds at most 65,535 entries") }
    guard body.count + local.count < 0xFFFF_FFFF, central.count + entry.centralRecord.count < 0xFFFF_FFFF,
      entry.centralRecord.count >= 46
    else {
      throw ArchiveError("entry '\(entry.name)' is too large for a zip without zip64")
    }
    let offset = UInt32(body.count)
    body += archive.bytes[local]
    var record = Array(archive.bytes[entry.centralRecord])
    for s in 0..<4 { record[42 + s] = UInt8((offset >> UInt32(8 * s)) & 0xFF) }
    central += record
    count += 1
  }

  /// The archive's comment (at most 65,535 bytes; a longer one is cut).
  package var comment: [UInt8] = []

  package func finish() -> [UInt8] {
    var out = body
    let cdOffset = out.count
    out += central
    func le16(_ v: UInt16) { out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8)) }
    func le32(_ v: UInt32) { for s in stride(from: 0, to: 32, by: 8) { out.append(UInt8((v >> UInt32(s)) & 0xFF)) } }
    le32(0x0605_4B50); le16(0); le16(0); le16(UInt16(count)); le16(UInt16(count))
    let note = comment.prefix(0xFFFF)
    le32(UInt32(central.count)); le32(UInt32(cdOffset)); le16(UInt16(note.count))
    out += note
    return out
  }
}
