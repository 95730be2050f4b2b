import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// Minimal image files: correct headers and sizes (what sniffing reads), not full pictures.
enum Images {
  static func png(_ w: Int, _ h: Int) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    let ihdr: [UInt8] = Array("IHDR".utf8) + be32(w) + be32(h) + [8, 6, 0, 0, 0]
    let crc = be32(Int(Gzip.crc32(ihdr)))
    let iend: [UInt8] = Array("IEND".utf8)
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + ihdr + crc + be32(0) + iend + be32(Int(Gzip.crc32(iend)))
  }
  static func gif(_ w: Int, _ h: Int) -> [UInt8] {
    Array("GIF89a".utf8) + [UInt8(w & 255), UInt8(w >> 8), UInt8(h & 255), UInt8(h >> 8), 0, 0, 0, 0x3B]
  }
  static func jpeg(_ w: Int, _ h: Int) -> [UInt8] {
    [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
      + [0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(h >> 8), UInt8(h & 255), UInt8(w >> 8), UInt8(w & 255), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
      + [0xFF, 0xD9]
  }
  static func webp(_ w: Int, _ h: Int) -> [UInt8] {
    let w1 = w - 1, h1 = h - 1
    let chunk: [UInt8] =
      Array("VP8X".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0]
      + [UInt8(w1 & 255), UInt8(w1 >> 8 & 255), UInt8(w1 >> 16 & 255), UInt8(h1 & 255), UInt8(h1 >> 8 & 255), UInt8(h1 >> 16 & 255)]
    let size = 4 + chunk.count
    return Array("RIFF".utf8) + [UInt8(size & 255), UInt8(size >> 8 & 255), 0, 0] + Array("WEBP".utf8) + chunk
  }
}

private func animationWith(_ assets: [(id: String, u: String, p: String, w: Int, h: Int)]) -> String {
  let list = assets.map {
    "{\"id\":\"\($0.id)\",\"w\":\($0.w),\"h\":\($0.h),\"u\":\(JSONStringCodec.quoted($0.u)),\"p\":\(JSONStringCodec.quoted($0.p)),\"e\":0}"
  }
  return "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"assets\":[\(list.joined(separator: ","))],\"layers\":[]}"
}

@Suite("inline and extract, end to end", .serialized)
struct InlineExtractTests {
  @Test func everyFormatRoundTripsByteIdentical() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
    let files: [(String, [UInt8], String)] = [
      ("a.png", Images.png(4, 3), "image/png"), ("b.JPG", Images.jpeg(5, 6), "image/jpeg"),
      ("c.webp", Images.webp(7, 8), "image/webp"), ("d.gif", Images.gif(2, 2), "image/gif"),
      ("wrong.png", Images.jpeg(1, 1), "image/jpeg"), ("ünïcødé 图.PNG", Images.png(1, 1), "image/png")
    ]
    var assets: [(String, String, String, Int, Int)] = []
    for (k, f) in files.enumerated() {
      try write(f.1, to: dir + "/images/" + f.0)
      assets.append(("image_\(k)", "images/", f.0, 1, 1))
    }
    let source = animationWith(assets)
    try write(source, to: dir + "/a.json")
    let r = try lottiekit("inline", dir + "/a.json", "-o", dir + "/inline.json")
    #expect(r.status == 0, "\(r.stderr)")
    let inlined = try JSONDocument(parsing: try readBytes(dir + "/inline.json"))
    for (k, f) in files.enumerated() {
      let asset = try #require(inlined.root["assets"]?.element(at: k))
      #expect(asset["p"]?.string?.hasPrefix("data:\(f.2);base64,") == true, "\(f.0)")
      #expect(asset["u"]?.string == "")
      #expect(asset["e"]?.int == 1)
    }
    #expect(r.stderr.contains("is 4×3 px but the asset says 1×1"))
    // Extract into another folder: same bytes back.
    let out = dir + "/out"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let x = try lottiekit("extract", dir + "/inline.json", "-o", out + "/back.json")
    #expect(x.status == 0, "\(x.stderr)")
    let back = try JSONDocument(parsing: try readBytes(out + "/back.json"))
    for (k, f) in files.enumerated() {
      let asset = try #require(back.root["assets"]?.element(at: k))
      let p = try #require(asset["p"]?.string)
      #expect(try readBytes(out + "/images/" + p) == f.1, "\(f.0) → \(p)")
      #expect(asset["e"]?.int == 0)
      #expect(asset["u"]?.string == "images/")
    }
    // Outside u/p/e the JSON is what it was.
    let a = try JSONDocument(parsing: Array(source.utf8))
    #expect(back.root["layers"]?.sourceText == a.root["layers"]?.sourceText)
    #expect(back.root["assets"]?.element(at: 0)?["w"]?.sourceText == "1")
  }

  @Test(arguments: [
    ("missing", "images/", "nope.png", "images/nope.png does not exist"),
    ("absolute", "/etc/", "hostname", "/etc/hostname is an absolute path"),
    ("dotdot", "../", "secret.png", "../secret.png leads outside the animation's folder"),
    ("symlink", "images/", "link.png", "images/link.png leads outside the animation's folder"),
    ("url", "https://cdn.example.com/", "a.png", "https://cdn.example.com/a.png is a URL"),
    ("not an image", "images/", "text.png", "is not a PNG, JPEG, WebP, GIF or SVG image"),
    ("folder", "images/", "dir.png", "images/dir.png is a folder, not a file"),
    ("fifo", "images/", "fifo.png", "images/fifo.png is not a regular file")
  ])
  func refusesAndWritesNothing(_ name: String, _ u: String, _ p: String, _ message: String) throws {
    let base = try makeTemporaryDirectory()
    let dir = base + "/anim"
    try FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
    try write(Images.png(1, 1), to: base + "/secret.png")
    try write(Images.png(1, 1), to: dir + "/images/ok.png")
    try write("hello", to: dir + "/images/text.png")
    symlink(base + "/secret.png", dir + "/images/link.png")
    try FileManager.default.createDirectory(atPath: dir + "/images/dir.png", withIntermediateDirectories: true)
    #expect(mkfifo(dir + "/images/fifo.png", 0o600) == 0)
    let source = animationWith([("image_0", "images/", "ok.png", 1, 1), ("image_1", u, p, 1, 1)])
    try write(source, to: dir + "/a.json")
    let r = try lottiekit("inline", "--in-place", dir + "/a.json")
    #expect(r.status == 2, "\(name): \(r.stderr)")
    #expect(r.stderr.contains("error: image \"image_1\": ") && r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stderr.contains("nothing was written"))
    #expect(try String(contentsOfFile: dir + "/a.json", encoding: .utf8) == source)
  }

  @Test func rootAllowsASharedFolder() throws {
    let base = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: base + "/anim", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: base + "/shared", withIntermediateDirectories: true)
    try write(Images.png(1, 1), to: base + "/shared/a.png")
    try write(animationWith([("image_0", "../shared/", "a.png", 1, 1)]), to: base + "/anim/a.json")
    #expect(try lottiekit("inline", base + "/anim/a.json").status == 2)
    let ok = try lottiekit("inline", "--root", base, base + "/anim/a.json")
    #expect(ok.status == 0, "\(ok.stderr)")
    #expect(ok.stdoutText.contains("data:image/png;base64,"))
  }

  @Test func alreadyEmbeddedAndMaxSize() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
    try write(Images.png(1, 1), to: dir + "/images/small.png")
    var big = Images.png(1, 1)
    big += [UInt8](repeating: 0, count: 5000)
    try write(big, to: dir + "/images/big.png")
    let embedded = "data:image/png;base64," + Base64.encode(Images.png(1, 1))
    let source = animationWith([("s", "images/", "small.png", 1, 1), ("b", "images/", "big.png", 1, 1), ("e", "", embedded, 1, 1)])
    try write(source, to: dir + "/a.json")
    let r = try lottiekit("inline", "--max-size", "1000", dir + "/a.json")
    #expect(r.status == 0)
    let doc = try JSONDocument(parsing: [UInt8](r.stdout))
    #expect(doc.root["assets"]?.element(at: 0)?["e"]?.int == 1)
    #expect(doc.root["assets"]?.element(at: 1)?["p"]?.string == "big.png")
    #expect(doc.root["assets"]?.element(at: 2)?["p"]?.string == embedded)
    #expect(r.stderr.contains("skipped: image \"b\": images/big.png is 5"))
    #expect(!r.stderr.contains("image \"e\""))
  }

  @Test func largeImageAndInvalidBase64() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
    var big = Images.png(4000, 3000)
    big += (0..<(20 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) }
    try write(big, to: dir + "/images/huge.png")
    try write(animationWith([("image_0", "images/", "huge.png", 4000, 3000)]), to: dir + "/a.json")
    let r = try lottiekit("inline", dir + "/a.json", "-o", dir + "/b.json")
    #expect(r.status == 0, "\(r.stderr)")
    try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
    let x = try lottiekit("extract", dir + "/b.json", "-o", dir + "/out/c.json")
    #expect(x.status == 0)
    #expect(try readBytes(dir + "/out/images/image_0.png") == big)

    try write(animationWith([("image_0", "", "data:image/png;base64,iVBOR*w0KGgo=", 1, 1)]), to: dir + "/bad.json")
    let bad = try lottiekit("extract", "--in-place", dir + "/bad.json")
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("its data URI cannot be decoded"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/images/image_0.png"))
    // With a good input before the bad one, nothing is said to be written either (it said
    // "written to images/image_0.png" for the first, then "nothing was written").
    let good = "data:image/png;base64," + Base64.encode(Images.png(1, 1))
    try write(animationWith([("image_0", "", good, 1, 1)]), to: dir + "/good.json")
    let both = try lottiekit("extract", "--in-place", dir + "/good.json", dir + "/bad.json")
    #expect(both.status == 2)
    #expect(!both.stderr.contains("written to") && both.stderr.contains("nothing was written"), "\(both.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/images/image_0.png"))
    let alone = try lottiekit("extract", "--in-place", dir + "/good.json")
    #expect(alone.status == 0 && alone.stderr.contains("written to images/image_0.png"), "\(alone.stderr)")
  }

  @Test func extractNeverOverwritesADifferentFile() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
    try write(Images.gif(9, 9), to: dir + "/images/image_0.png")
    let embedded = "data:image/png;base64," + Base64.encode(Images.png(2, 2))
    try write(animationWith([("image_0", "", embedded, 2, 2), ("image_0", "", embedded, 2, 2)]), to: dir + "/a.json")
    let r = try lottiekit("extract", "--in-place", dir + "/a.json")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try readBytes(dir + "/images/image_0.png") == Images.gif(9, 9))
    #expect(try readBytes(dir + "/images/image_0_2.png") == Images.png(2, 2))
    let doc = try JSONDocument(parsing: try readBytes(dir + "/a.json"))
    #expect(doc.root["assets"].list.compactMap { $0["p"]?.string } == ["image_0_2.png", "image_0_2.png"])
  }
}
