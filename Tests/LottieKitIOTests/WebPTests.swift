import Testing
@testable import LottieKitIO

/// #20: `optimize --images webp`. A WebP replaces a PNG only when it is smaller and, decoded again,
/// within the limit of changed pixels (lossy) or the same picture (lossless).
@Suite("WebP images")
struct WebPTests {
  /// A photo-like 96×96 picture with soft alpha: noise over a gradient (lossy WebP wins).
  func photo() -> WebP.Pixels {
    var rgba: [UInt8] = []
    var seed: UInt32 = 12345
    for y in 0..<96 {
      for x in 0..<96 {
        seed = seed &* 1_103_515_245 &+ 12345
        let noise = Int(seed >> 24) % 24
        rgba += [UInt8(min(255, x * 2 + noise)), UInt8(min(255, y * 2 + noise)), UInt8((x * y) % 200 + noise), UInt8(min(255, 40 + 2 * x))]
      }
    }
    return WebP.Pixels(width: 96, height: 96, rgba: rgba)
  }

  func png(_ p: WebP.Pixels) throws -> [UInt8] { try PNG.encode(width: p.width, height: p.height, rgba: p.rgba, level: 9) }

  @Test func aLossyWebPIsUsedWithinTheLimitAndALosslessOneBeyondIt() throws {
    let source = try png(photo())
    #expect(WebP.pixels(ofPNG: source) == photo())
    // Room for the lossy encoding's changes: it is used, and says how much it changed.
    let lossy = try #require(WebP.smaller(thanPNG: source, quality: 80, losslessOnly: false, maxChanged: 1))
    #expect(!lossy.lossless)
    #expect(lossy.bytes.count < source.count)
    #expect(lossy.bytes.starts(with: Array("RIFF".utf8)))
    let lossyBack = try #require(WebP.pixels(ofWebP: lossy.bytes))
    let seen = try #require(WebP.difference(photo(), lossyBack))
    #expect(seen.share == lossy.changed && !seen.exact)
    // A limit under what it changed: the lossless encoding, the same picture, when it is smaller.
    let strict = WebP.smaller(thanPNG: source, quality: 80, losslessOnly: false, maxChanged: seen.share / 2)
    let losslessOnly = WebP.smaller(thanPNG: source, quality: 80, losslessOnly: true, maxChanged: 1)
    #expect(strict?.bytes == losslessOnly?.bytes)
    if let losslessOnly {
      #expect(losslessOnly.lossless)
      let back = try #require(WebP.pixels(ofWebP: losslessOnly.bytes))
      #expect(WebP.difference(photo(), back) == WebP.Difference(share: 0, exact: true))
    }
    #expect(WebP.smaller(thanPNG: Array("not a png".utf8), quality: 80, losslessOnly: false, maxChanged: 1) == nil)
  }

  @Test func differencesAreCountedOnPremultipliedPixels() throws {
    let a = WebP.Pixels(width: 2, height: 1, rgba: [10, 20, 30, 255, 200, 0, 0, 0])
    // The transparent pixel's colour is no colour: the same picture.
    let hiddenColour = WebP.Pixels(width: 2, height: 1, rgba: [10, 20, 30, 255, 0, 90, 0, 0])
    #expect(WebP.difference(a, hiddenColour) == WebP.Difference(share: 0, exact: true))
    // Off by 10/255: not exact, but under the 16/255 that counts a pixel as changed.
    let slight = WebP.Pixels(width: 2, height: 1, rgba: [20, 20, 30, 255, 200, 0, 0, 0])
    #expect(WebP.difference(a, slight) == WebP.Difference(share: 0, exact: false))
    let changed = WebP.Pixels(width: 2, height: 1, rgba: [10, 20, 30, 255, 200, 0, 0, 128])
    #expect(WebP.difference(a, changed)?.share == 0.5)
    #expect(WebP.difference(a, WebP.Pixels(width: 1, height: 2, rgba: a.rgba)) == nil)
  }
}
