import Foundation
import Testing
@testable import LottieKitIO

@Suite("Paths: the one home for path algebra")
struct PathsTests {
  @Test func lexicalNormalForm() {
    #expect(Paths.lexicallyNormal("/a/./b/../c/") == "/a/c")
    #expect(Paths.lexicallyNormal("/../a") == "/a")
    #expect(Paths.lexicallyNormal("a//b") == "a/b")
    // A relative path keeps the `..` that climbs out, and is `.` when nothing is left.
    #expect(Paths.lexicallyNormal("a/../../b") == "../b")
    #expect(Paths.lexicallyNormal("a/..") == ".")
    #expect(Paths.lexicallyNormal("/") == "/")
    // Relative paths that climb more than once (FilePath's own normaliser traps on these in debug builds).
    #expect(Paths.lexicallyNormal("./../..") == "../..")
    #expect(Paths.lexicallyNormal("a/../../../..") == "../../..")
    #expect(Paths.lexicallyNormal("./../../x") == "../../x")
  }

  @Test func namesAreComparedByBytesAndNULIsNeverInside() {
    // "café" spelled with a composed é, and with e + U+0301: two folders on Linux.
    #expect(!Paths.isInside("/p/cafe\u{301}/a.png", "/p/caf\u{E9}"))
    #expect(Paths.relative("/p/cafe\u{301}/a.png", to: "/p/caf\u{E9}") == nil)
    #expect(Paths.relative("/p/caf\u{E9}/a.png", to: "/p/caf\u{E9}") == "a.png")
    #expect(!Paths.isInside("/p/base/img.png\u{0}/../../x", "/p/base"))
  }

  @Test func absoluteIsTakenFromTheCurrentDirectory() {
    let cwd = Paths.currentDirectory
    #expect(Paths.absolute("/x/y") == "/x/y")
    #expect(Paths.absolute("./a.json") == cwd + "/a.json")
    #expect(Paths.normalizedAbsolute("sub/../a.json") == Paths.lexicallyNormal(cwd + "/a.json"))
  }

  @Test func containmentIsByWholeComponents() {
    #expect(Paths.isInside("/a/b/c.png", "/a/b"))
    #expect(Paths.isInside("/a/b", "/a/b"))
    #expect(!Paths.isInside("/a/bc/d.png", "/a/b"))
    #expect(Paths.isInside("/anything", "/"))
    #expect(Paths.relative("/a/b/c/d.png", to: "/a/b") == "c/d.png")
    #expect(Paths.relative("/a/b", to: "/a/b") == nil)
    #expect(Paths.relative("/a/bc/d", to: "/a/b") == nil)
  }

  @Test func commonAncestorStopsAtTheFirstDifference() {
    #expect(Paths.commonAncestor("/a/b/c", "/a/b/d") == "/a/b")
    #expect(Paths.commonAncestor("/a/x/c", "/a/y/c") == "/a")
    #expect(Paths.commonAncestor("/p", "/q") == "/")
  }

  @Test func folderAndName() {
    #expect(Paths.directory(of: "a/b.json") == "a")
    #expect(Paths.directory(of: "b.json") == ".")
    #expect(Paths.directory(of: "/b.json") == "/")
    #expect(Paths.fileName(of: "a/b.json") == "b.json")
    #expect(Paths.join("a/", "b") == "a/b")
    #expect(Paths.join("a", "b/c") == "a/b/c")
  }

  @Test func realPathsResolveSymlinksAndToleratesMissingFiles() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let real = FileIO.realPath(dir)!
    try FileManager.default.createDirectory(atPath: dir + "/target", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/target")
    #expect(Paths.real(dir + "/link") == real + "/target")
    // A file that does not exist yet: its folder's real path and its name.
    #expect(Paths.real(dir + "/link/new.json") == real + "/target/new.json")
    // Neither exists: the normalized absolute path.
    #expect(Paths.real(dir + "/nope/./x/../new.json") == Paths.lexicallyNormal(dir + "/nope/new.json"))
    // The folder is resolved, the file's own link is not.
    try FileManager.default.createSymbolicLink(atPath: dir + "/target/alias.json", withDestinationPath: dir + "/elsewhere.json")
    #expect(Paths.withRealFolder(dir + "/link/alias.json") == real + "/target/alias.json")
    #expect(Paths.realFolder(of: dir + "/link/alias.json") == real + "/target")
  }
}
