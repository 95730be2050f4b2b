import Foundation
import Testing
import LottieJSON
import LottieKitIO
@testable import LottieLint

/// The sticker-size rule decided most files with cheaper zlib levels; these files sit where a
/// cheap level alone would answer wrongly, so they pin the answer to best compression (what pack
/// writes).
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

  /// Data that hardly compresses (an embedded image's base64): level 6 can come out a few bytes
  /// smaller than level 9, and a sticker that pack wrote as 65,538 bytes passed the rule. Around
  /// the limit, the rule says exactly what pack's gzip gives.
  @Test func agreesWithTheBytesPackWritesAtTheLimit() throws {
    // A sticker (one shape layer, as a new-user pass built it) with an unknown key holding the
    // base64 of pseudo-random bytes.
    let head =
      #"{"v":"5.7.4","fr":60,"ip":0,"op":60,"w":512,"h":512,"nm":"big","ddd":0,"assets":[],"layers":[{"ddd":0,"ind":1,"ty":4,"nm":"x","sr":1,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[32,32,0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},"ao":0,"shapes":[{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"r":1},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}],"nm":"g"}],"ip":0,"op":60,"st":0,"bm":0}],"zz":""#
    var x: UInt64 = 0x9E37_79B9_7F4A_7C15
    var random: [UInt8] = []
    for _ in 0..<70_000 {
      x ^= x << 13; x ^= x >> 7; x ^= x << 17
      random.append(UInt8(truncatingIfNeeded: x))
    }
    let noise = Array(Data(random).base64EncodedString().utf8)
    func sticker(_ n: Int) -> [UInt8] { Array(head.utf8) + noise.prefix(n) + Array(#""}"#.utf8) }
    // Find where pack's gzip crosses the limit, then check the rule on both sides of it.
    var low = 80_000, high = 90_000
    while high - low > 1 {
      let mid = (low + high) / 2
      if try Gzip.compress(sticker(mid)).count > Self.limit { high = mid } else { low = mid }
    }
    var disagreements: [String] = []
    for n in (low - 8)...(low + 8) {
      let written = try Gzip.compress(sticker(n)).count
      let flagged = try !Self.sizeFindings(sticker(n)).isEmpty
      if flagged != (written > Self.limit) { disagreements.append("\(n) characters: \(written) bytes, flagged \(flagged)") }
    }
    #expect(disagreements.isEmpty, "\(disagreements)")
  }
}
