import Foundation
import Testing
import LottieModel
import LottieJSON
@testable import LottieKitIO

func temporaryDirectory() throws -> String {
  let dir = NSTemporaryDirectory() + "lottiekit-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  return dir
}

@Suite("I/O: gzip, zip, atomic writes, paths")
struct IOTests {
  @Test func gzipRoundTripAndErrors() throws {
    let text = Array(String(repeating: "{\"a\":[1,2,3]}", count: 1000).utf8)
    let gz = try Gzip.compress(text)
    #expect(Gzip.isGzip(gz))
    #expect(gz.count < text.count / 10)
    #expect(try Gzip.decompress(gz) == text)
    #expect(throws: ArchiveError.self) { try Gzip.decompress(Array(gz.prefix(gz.count / 2))) }
    #expect(throws: ArchiveError.self) { try Gzip.decompress([0x1F, 0x8B, 0x08, 0, 0, 0]) }
    // A bomb: 50 MB of zeros is refused under a 1 MB limit.
    let bomb = try Gzip.compress([UInt8](repeating: 0, count: 50 * 1024 * 1024))
    do {
      _ = try Gzip.decompress(bomb, limit: 1024 * 1024)
      Issue.record("bomb accepted")
    } catch {
      #expect(error.message.contains("exceeds the limit"))
    }
  }

  @Test func zipWriterAndReaderAgree() throws {
    var w = ZipWriter()
    try w.add(name: "manifest.json", data: Array(#"{"version":"2"}"#.utf8))
    try w.add(name: "a/anim.json", data: Array(String(repeating: "[1,2,3]", count: 200).utf8))
    try w.add(name: "i/img.png", data: [0x89, 0x50, 0x4E, 0x47], compress: false)
    let bytes = w.finish()
    #expect(ZipArchive.isZip(bytes))
    let archive = try ZipArchive(bytes: bytes)
    #expect(archive.entries.map(\.name) == ["manifest.json", "a/anim.json", "i/img.png"])
    #expect(try archive.data(of: archive.entries[1]) == Array(String(repeating: "[1,2,3]", count: 200).utf8))
    #expect(try archive.data(of: archive.entries[2]) == [0x89, 0x50, 0x4E, 0x47])
    #expect(Inputs.dotLottieAnimationEntries(archive).map(\.name) == ["a/anim.json"])
    // Same input, same bytes.
    var again = ZipWriter()
    try again.add(name: "manifest.json", data: Array(#"{"version":"2"}"#.utf8))
    try again.add(name: "a/anim.json", data: Array(String(repeating: "[1,2,3]", count: 200).utf8))
    try again.add(name: "i/img.png", data: [0x89, 0x50, 0x4E, 0x47], compress: false)
    #expect(again.finish() == bytes)
    // Truncations are errors, never traps.
    for cut in [10, bytes.count / 2, bytes.count - 1] {
      #expect(throws: ArchiveError.self) {
        let a = try ZipArchive(bytes: Array(bytes.prefix(cut)))
        for e in a.entries { _ = try a.data(of: e) }
      }
    }
    // A corrupted byte inside compressed data fails the CRC or inflate.
    // Inside a/anim.json's deflate data: after manifest (30 + 13 + 15) and its own header (30 + 11).
    var corrupt = bytes
    corrupt[58 + 41 + 4] ^= 0xFF
    #expect(throws: ArchiveError.self) {
      let a = try ZipArchive(bytes: corrupt)
      for e in a.entries { _ = try a.data(of: e) }
    }
    #expect(throws: ArchiveError.self) { try ZipArchive(bytes: bytes, limit: 100) }
  }

  @Test func zipSlipNamesAreRecognised() {
    for bad in ["../x", "a/../../x", "/etc/passwd", "a\\..\\x", "C:/x", ""] { #expect(!ZipArchive.isSafeEntryName(bad)) }
    for good in ["a/anim.json", "i/img_0.png", "..hidden", "a/b..c"] { #expect(ZipArchive.isSafeEntryName(good)) }
  }

  @Test func atomicWriteKeepsModeAndLeavesNoTemporaries() throws {
    let dir = try temporaryDirectory()
    let path = dir + "/out.json"
    try FileIO.writeAtomically(Array("old".utf8), to: path)
    chmod(path, 0o640)
    try FileIO.writeAtomically(Array("new".utf8), to: path)
    #expect(try FileIO.read(path) == Array("new".utf8))
    var st = stat()
    stat(path, &st)
    #expect(st.st_mode & 0o777 == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.json"])
    #expect(throws: IOFailure.self) { try FileIO.writeAtomically([1], to: dir + "/missing/x.json") }
    #expect(throws: IOFailure.self) { try FileIO.read(dir) }
    #expect(throws: IOFailure.self) { try FileIO.read(dir + "/nope") }
  }

  @Test func transactionIsAllOrNothing() throws {
    let dir = try temporaryDirectory()
    try FileIO.writeAtomically(Array("a".utf8), to: dir + "/a")
    try FileIO.writeAtomically(Array("b".utf8), to: dir + "/b")
    let t = FileTransaction()
    try t.stage(Array("A".utf8), to: dir + "/a")
    // Missing folders are made for a destination (and recorded)...
    try t.stage(Array("N".utf8), to: dir + "/new/deeper/n")
    #expect(FileIO.isDirectory(dir + "/new/deeper"))
    // ...and a destination under a file cannot be staged.
    #expect(throws: IOFailure.self) { try t.stage(Array("X".utf8), to: dir + "/b/x") }
    // The failed stage rolled everything back: nothing changed, no temporaries and no new folders left.
    #expect(try FileIO.read(dir + "/a") == Array("a".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a", "b"])
    let ok = FileTransaction()
    try ok.stage(Array("A".utf8), to: dir + "/a")
    try ok.stage(Array("B".utf8), to: dir + "/b")
    try ok.commit()
    #expect(try FileIO.read(dir + "/a") == Array("A".utf8))
    #expect(try FileIO.read(dir + "/b") == Array("B".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a", "b"])
  }

  @Test func imagePathsAreConfined() throws {
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/anim/images", withIntermediateDirectories: true)
    try FileIO.writeAtomically([1], to: dir + "/anim/images/a.png")
    try FileIO.writeAtomically([1], to: dir + "/secret.png")
    symlink(dir + "/secret.png", dir + "/anim/images/link.png")
    func locate(_ u: String, _ p: String) throws -> ImageLocation {
      let doc = try JSONDocument(parsing: "{\"u\":\(JSONStringCodec.quoted(u)),\"p\":\(JSONStringCodec.quoted(p))}")
      return AssetPaths.locate(Asset(node: doc.root), baseDirectory: dir + "/anim")
    }
    guard case .file(let rel, _) = try locate("images/", "a.png") else { Issue.record("expected a file"); return }
    #expect(rel == "images/a.png")
    guard case .escapes = try locate("images/", "link.png") else { Issue.record("symlink escape not caught"); return }
    guard case .escapes = try locate("../", "secret.png") else { Issue.record("../ escape not caught"); return }
    guard case .escapes = try locate("images/../../", "secret.png") else { Issue.record("nested ../ not caught"); return }
    guard case .absolute = try locate("/etc/", "hostname") else { Issue.record("absolute not caught"); return }
    guard case .url = try locate("https://cdn.example/", "a.png") else { Issue.record("URL not caught"); return }
    guard case .embedded = try locate("", "data:image/png;base64,AAAA") else { Issue.record("data URI"); return }
    guard case .file = try locate("images/", "missing.png") else { Issue.record("missing file inside is still a file location"); return }
    // A NUL byte would end the path for every system call: the asset is reported, not resolved.
    guard case .invalid = try locate("images/", "a.png\u{0}/../../secret.png") else { Issue.record("NUL in a path not caught"); return }
  }

  @Test func folderWalkIsSortedAndSkipsHidden() throws {
    let dir = try temporaryDirectory()
    for name in ["b.json", "a.json", "c.txt", ".hidden/x.json", "sub/z.tgs", "sub/y.lottie", "A.JSON"] {
      let path = dir + "/" + name
      try FileManager.default.createDirectory(atPath: Paths.directory(of: path), withIntermediateDirectories: true)
      try FileIO.writeAtomically([1], to: path)
    }
    let found = try Inputs.expand([dir]).map { String($0.dropFirst(dir.count + 1)) }
    #expect(found == ["A.JSON", "a.json", "b.json", "sub/y.lottie", "sub/z.tgs"])
    #expect(throws: InputFailure.self) { try Inputs.expand([dir + "/nope"]) }
  }
}
