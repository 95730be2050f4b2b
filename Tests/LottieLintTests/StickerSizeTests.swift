import Testing
import LottieJSON
import LottieKitIO
@testable import LottieLint

/// The sticker-size rule decides most files with cheaper zlib levels; these files sit where a
/// cheap level alone would answer wrongly, so they pin the answer to best compression.
@Suite("sticker size: cheap zlib levels never decide wrongly")
struct StickerSizeTests {
  /// A sticker of `count` shape layers, each one of `pool` point lists of 100 numbers: zlib's
  /// fastest level finds few of the long repeats, best compression finds most of them.
  static func repetitive(pool: Int, count: Int) -> [UInt8] {
    var x: UInt64 = 88172645463325252
    func next() -> UInt64 {
      x ^= x << 13; x ^= x >> 7; x ^= x << 17
      return x
    }
    let lists = (0..<pool).map { _ in (0..<100).map { _ in String(next() % 100_000) }.joined(separator: ",") }
    var layers: [String] = []
    for i in 0..<count {
      let points = lists[Int(next() % UInt64(pool))]
      layers.append(#"{"ty":4,"ind":\#(i),"ip":0,"op":180,"ks":{},"shapes":[{"ty":"sh","ks":{"a":0,"k":[\#(points)]}}]}"#)
    }
    return Array(#"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[\#(layers.joined(separator: ","))]}"#.utf8)
  }

  static let limit = 65536

  static func sizeFindings(_ bytes: [UInt8]) throws -> [Finding] {
    let document = try JSONDocument(parsing: bytes)
    return StickerSizeRule().check(LintContext(path: "sticker.json", document: document, baseDirectory: nil))
  }

  @Test func fitsAtBestCompressionThoughTheFastestLevelIsOverTwiceTheLimit() throws {
    let json = Self.repetitive(pool: 12, count: 3000)
    #expect(Gzip.compressedSize(json, atMost: 2 * Self.limit, level: 1) == nil)
    let best = try #require(Gzip.compressedSize(json, atMost: Self.limit))
    #expect(try Self.sizeFindings(json).isEmpty, "fits at best compression: \(best) bytes")
  }

  @Test func fitsOnlyAtBestCompression() throws {
    let json = Self.repetitive(pool: 17, count: 2500)
    #expect(Gzip.compressedSize(json, atMost: Self.limit, level: 6) == nil)
    let best = try #require(Gzip.compressedSize(json, atMost: Self.limit))
    #expect(try Self.sizeFindings(json).isEmpty, "fits at best compression: \(best) bytes")
  }

  @Test func overAtBestCompressionThoughCloseAtLevelSix() throws {
    let json = Self.repetitive(pool: 18, count: 2500)
    #expect(Gzip.compressedSize(json, atMost: Self.limit * 4 / 3, level: 6) != nil)
    #expect(Gzip.compressedSize(json, atMost: Self.limit) == nil)
    let findings = try Self.sizeFindings(json)
    #expect(findings.count == 1 && findings.first?.message.contains("more than 65536 bytes gzipped") == true, "\(findings.map(\.message))")
  }
}
