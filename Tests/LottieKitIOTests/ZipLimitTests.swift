import Testing
import LottieKitIO

/// #22: the zip writer refuses what a zip without zip64 cannot hold, instead of trapping.
@Suite("zip writer limits")
struct ZipLimitTests {
  @Test func tooManyEntriesAreRefused() throws {
    var writer = ZipWriter()
    for k in 0..<65_535 { try writer.add(name: "e\(k)", data: [], compress: false) }
    #expect(throws: ArchiveError.self) { try writer.add(name: "one-too-many", data: [], compress: false) }
    // What was added is still a valid archive.
    let archive = try ZipArchive(bytes: writer.finish())
    #expect(archive.entries.count == 65_535)
  }

  @Test func tooLongNamesAreRefused() throws {
    var writer = ZipWriter()
    #expect(throws: ArchiveError.self) { try writer.add(name: String(repeating: "n", count: 70_000), data: [1]) }
    try writer.add(name: String(repeating: "n", count: 65_535), data: [1])
    #expect(try ZipArchive(bytes: writer.finish()).entries.first?.name.utf8.count == 65_535)
  }
}
