import Testing
@testable import LottieKitIO

/// A rewritten dotLottie (lint --fix, format, pack on a kept archive) changes only the entries it
/// replaces: the others keep every byte, extra fields, comments and data descriptors included,
/// and the archive keeps its comment.
@Suite("zip: rewriting keeps what it does not replace")
struct ZipRewriteTests {
  static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
  static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> UInt32(8 * $0)) & 0xFF) } }

  /// One stored entry as other zip tools write it: an extended-timestamp extra field (0x5455), a
  /// flag, an entry comment, and with `descriptor` its CRC and sizes after the data.
  struct Written {
    var local: [UInt8] = []
    var central: [UInt8] = []
  }

  static func entry(_ name: String, _ data: [UInt8], offset: Int, descriptor: Bool) -> Written {
    let nameBytes = Array(name.utf8)
    let extra: [UInt8] = [0x55, 0x54, 0x05, 0x00, 0x01] + le32(1_700_000_000)
    let comment = Array("kept".utf8)
    let crc = Gzip.crc32(data)
    let flags = descriptor ? 0x0808 : 0x0800
    var w = Written()
    w.local = le32(0x0403_4B50) + le16(20) + le16(flags) + le16(0) + le16(0x6E2F) + le16(0x5A91)
    w.local += descriptor ? le32(0) + le32(0) + le32(0) : le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
    w.local += le16(nameBytes.count) + le16(extra.count) + nameBytes + extra + data
    if descriptor { w.local += le32(0x0807_4B50) + le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count)) }
    w.central = le32(0x0201_4B50) + le16(0x031E) + le16(20) + le16(flags) + le16(0) + le16(0x6E2F) + le16(0x5A91)
    w.central += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
    w.central += le16(nameBytes.count) + le16(extra.count) + le16(comment.count) + le16(0) + le16(1)
    w.central += le32(0o100600 << 16) + le32(UInt32(offset)) + nameBytes + extra + comment
    return w
  }

  static func archive(_ entries: [(String, [UInt8], Bool)], comment: String) -> (bytes: [UInt8], written: [Written]) {
    var body: [UInt8] = [], central: [UInt8] = [], written: [Written] = []
    for (name, data, descriptor) in entries {
      let w = entry(name, data, offset: body.count, descriptor: descriptor)
      body += w.local
      central += w.central
      written.append(w)
    }
    let note = Array(comment.utf8)
    let end =
      le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
      + le32(UInt32(central.count)) + le32(UInt32(body.count)) + le16(note.count) + note
    return (body + central + end, written)
  }

  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
  }

  @Test func unreplacedEntriesAndTheCommentKeepTheirBytes() throws {
    let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
    let (bytes, written) = Self.archive(
      [
        ("manifest.json", Array(#"{"version":"2"}"#.utf8), false),
        ("a/anim.json", Array(#"{"v":"5.7.4"}"#.utf8), false),
        ("i/img.png", image, true)
      ], comment: "made by a designer's tool")
    let original = try ZipArchive(bytes: bytes)
    #expect(original.comment == Array("made by a designer's tool".utf8))
    let out = try DotLottie.rewrite(original, replacing: ["a/anim.json": Array(#"{"v":"5.7.4","nm":"x"}"#.utf8)])
    let rewritten = try ZipArchive(bytes: out)
    #expect(rewritten.entries.map(\.name) == ["manifest.json", "a/anim.json", "i/img.png"])
    #expect(try rewritten.data(of: rewritten.entries[1]) == Array(#"{"v":"5.7.4","nm":"x"}"#.utf8))
    #expect(try rewritten.data(of: rewritten.entries[2]) == image)
    #expect(rewritten.comment == original.comment)
    // The kept entries' local records, data descriptor included, are where they were written
    // (the first) or byte for byte elsewhere; their central records differ only in the offset.
    #expect(out.starts(with: written[0].local))
    #expect(Self.contains(out, written[2].local))
    #expect(Self.contains(out, written[0].central))
    var moved = written[2].central
    moved.replaceSubrange(42..<46, with: Self.le32(UInt32(rewritten.entries[2].localHeaderOffset)))
    #expect(Self.contains(out, moved))
    #expect(rewritten.entries[2].modified == original.entries[2].modified)
  }

  @Test func aCorruptEntryIsAnErrorNotCopied() throws {
    var (bytes, written) = Self.archive([("a.json", Array("{}".utf8), false), ("b.png", [1, 2, 3, 4], false)], comment: "")
    // The second entry's last data byte: its CRC no longer holds.
    bytes[written[0].local.count + written[1].local.count - 1] ^= 0xFF
    let archive = try ZipArchive(bytes: bytes)
    #expect(throws: ArchiveError.self) { try DotLottie.rewrite(archive, replacing: ["a.json": Array("[]".utf8)]) }
  }
}
