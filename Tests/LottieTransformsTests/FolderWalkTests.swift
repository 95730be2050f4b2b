import Foundation
import Testing
@testable import LottieKitIO
@testable import LottieTransforms

/// One tree with everything the folder walks treat differently: hidden files and folders, a
/// symlink loop, symlinks to a file, a folder, a parent and nowhere, nested folders, a FIFO,
/// mixed extensions, names that sort differently by bytes than by walk order.
private struct Tree {
  let root: String

  init() throws {
    root = NSTemporaryDirectory() + "lottiekit-walk-" + UUID().uuidString
    let files = [
      "a.json", "b.JSON", "c.txt", "d.lot", "e.tgs", "f.json.", "noext", ".hidden.json", ".hid/x.json",
      "sub/z.json", "sub/deeper/y.json", "a-b/q.json", "a/in.json", "a0.json", "images/img.png",
      ".dotlottie/manifest.json", ".dotlottie/.cache/c", "__MACOSX/junk.json", "._"
    ]
    for name in files {
      let path = root + "/" + name
      try FileManager.default.createDirectory(atPath: Paths.directory(of: path), withIntermediateDirectories: true)
      try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
    }
    for (link, target) in [
      ("loop", "."), ("up", ".."), ("linkfile.json", "a.json"), ("dangling.json", "nowhere.json"),
      ("sublink", "sub"), ("sub/deeper/cycle", "../../sub"), ("images/pic.png", "../a.json")
    ] {
      try FileManager.default.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
    }
    #expect(mkfifo(root + "/pipe.json", 0o644) == 0)
    // A name that is not UTF-8: read with U+FFFD, it names nothing; walks yield it anyway, so
    // that reading it says why (a broken animation so named used to leave CI green).
    let bad = Array((root + "/").utf8) + [0xFF, 0x2E, 0x6A, 0x73, 0x6F, 0x6E]
    let fd = open(bad.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
    if fd >= 0 { close(fd) }
  }

  func under(_ relatives: [String]) -> [String] { relatives.map { root + "/" + $0 } }
}

@Suite("folder walk: one walker, each caller's options")
struct FolderWalkTests {
  @Test func folderInputsAreAnimationFilesNotHiddenSortedByBytes() throws {
    let tree = try Tree()
    // Any non-folder with an animation extension (the FIFO too: reading it fails, said), symlinks
    // to files included, symlinked folders (the loop, the cycle, the parent) not walked.
    let expected = [
      "__MACOSX/junk.json", "a-b/q.json", "a.json", "a/in.json", "a0.json", "b.JSON", "d.lot", "e.tgs",
      "f.json.", "linkfile.json", "pipe.json", "sub/deeper/y.json", "sub/z.json", "\u{FFFD}.json"
    ]
    #expect(try Inputs.expand([tree.root]) == tree.under(expected))
    // The root as given is kept in the paths, with or without its slash.
    #expect(try Inputs.expand([tree.root + "/"]) == expected.map { tree.root + "/" + $0 })
    #expect(try Inputs.expand([tree.root + "/sub", tree.root + "/a.json"]) == tree.under(["sub/deeper/y.json", "sub/z.json", "a.json"]))
  }

  @Test func aBundleIsEveryRegularFileNotHidden() throws {
    let tree = try Tree()
    // Regular files, directly or through a symlink; not the FIFO, not dangling links.
    let walked = [
      "__MACOSX/junk.json", "a-b/q.json", "a.json", "a/in.json", "a0.json", "b.JSON", "c.txt", "d.lot",
      "e.tgs", "f.json.", "images/img.png", "images/pic.png", "linkfile.json", "noext", "sub/deeper/y.json",
      "sub/z.json", "\u{FFFD}.json"
    ]
    #expect(FolderWalk.relativePaths(under: tree.root, RenameAssets.bundleFiles) == walked)
    // The scan then keeps one path per real file: the two links to a.json go.
    let files = RenameAssets.scan([tree.root]).files.map(\.path)
    #expect(files == tree.under(walked.filter { $0 != "images/pic.png" && $0 != "linkfile.json" && $0 != "\u{FFFD}.json" }))
  }

  @Test func anUnpackedFolderKeepsDotLottieAndDropsJunk() throws {
    let tree = try Tree()
    // Hidden entries are walked (for .dotlottie/), then junk is dropped; every non-folder counts.
    #expect(
      Repack.files(under: tree.root + "/") == [
        ".dotlottie/manifest.json", "a-b/q.json", "a.json", "a/in.json", "a0.json", "b.JSON", "c.txt", "d.lot", "e.tgs",
        "f.json.", "images/img.png", "images/pic.png", "linkfile.json", "noext", "pipe.json", "sub/deeper/y.json",
        "sub/z.json", "\u{FFFD}.json"
      ])
    #expect(
      FolderWalk.relativePaths(under: tree.root, Repack.unpackedFiles).filter { $0.hasPrefix(".") } == [
        ".dotlottie/.cache/c", ".dotlottie/manifest.json", ".hid/x.json", ".hidden.json"
      ])
    // As Foundation's enumerator (fts without FTS_COMFOLLOW) did: a symlinked folder yields nothing.
    let link = tree.root + "-link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: tree.root)
    #expect(Repack.files(under: link + "/").isEmpty)
    #expect(FolderWalk.relativePaths(under: link, Inputs.folderInputs).count == 14)
  }

  /// Folders whose names are not UTF-8 cannot be walked into: each is yielded, whatever the
  /// extension filter, so that reading it says why; two such names that read alike stay two.
  @Test func foldersWhoseNamesAreNotUTF8AreYieldedNotSkipped() throws {
    let root = NSTemporaryDirectory() + "lottiekit-walk-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    for byte: UInt8 in [0xFF, 0xFE] {
      let folder = Array((root + "/n").utf8) + [byte] + [0x75]
      #expect(mkdir(folder.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
      let file = folder + Array("/a.json".utf8)
      let fd = open(file.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
      #expect(fd >= 0)
      if fd >= 0 { close(fd) }
    }
    try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/ok.json"))
    let bad = root + "/n\u{FFFD}u"
    #expect(try Inputs.expand([root]) == [bad, bad, root + "/ok.json"])
    #expect(FolderWalk.relativePaths(under: root, RenameAssets.bundleFiles) == ["n\u{FFFD}u", "n\u{FFFD}u", "ok.json"])
    #expect(throws: IOFailure.self) { try FileIO.read(bad) }
    // A walk for folders does not return what it cannot walk into.
    #expect(CrashJournal.folders(for: [root]) == [root])
  }

  @Test func journalFoldersAreEveryRealFolderInWalkOrder() throws {
    let tree = try Tree()
    let folders = CrashJournal.folders(for: [tree.root])
    // The root first; no hidden or symlinked folder; depth first (sub/deeper right after sub).
    #expect(folders.first == tree.root)
    #expect(Set(folders) == Set([tree.root] + tree.under(["__MACOSX", "a-b", "a", "images", "sub", "sub/deeper"])))
    #expect(folders.count == 7)
    let sub = try #require(folders.firstIndex(of: tree.root + "/sub"))
    #expect(folders[sub + 1] == tree.root + "/sub/deeper")
    // Files give their folder, a missing output its existing folder, options nothing.
    #expect(
      CrashJournal.folders(for: [
        "lint", tree.root + "/a.json", "-o", tree.root + "/new/out.json", "--quiet",
        tree.root + "/images/", tree.root + "/sub/deeper/out.json"
      ])
        == [".", tree.root, tree.root + "/images/", tree.root + "/sub/deeper"])
  }

  @Test func theBudgetStopsBeforeTheNextFolderAndStaysUsedUp() throws {
    // A chain, so that the walk order is known: root (a/, f1, f2), a (b/, g), b (c/), c.
    let root = NSTemporaryDirectory() + "lottiekit-walk-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root + "/a/b/c", withIntermediateDirectories: true)
    for file in ["f1", "f2", "a/g"] { try Data().write(to: URL(fileURLWithPath: root + "/" + file)) }
    var unbounded = Int.max
    #expect(
      FolderWalk.paths(under: root, CrashJournal.journalFolders, budget: &unbounded)
        == [root, root + "/a", root + "/a/b", root + "/a/b/c"])
    // 8: root costs 1 + 3, a 1 + 2, b 1 + 1; c is not reached.
    var budget = 8
    #expect(FolderWalk.paths(under: root, CrashJournal.journalFolders, budget: &budget) == [root, root + "/a", root + "/a/b"])
    #expect(budget == -1)
    #expect(FolderWalk.paths(under: root + "/a", CrashJournal.journalFolders, budget: &budget).isEmpty)
    var one = 1
    #expect(FolderWalk.paths(under: root, CrashJournal.journalFolders, budget: &one) == [root])
  }

  @Test func namesAndOptions() throws {
    let tree = try Tree()
    let names = try #require(FolderWalk.names(in: tree.root))
    #expect(!names.contains(".") && !names.contains("..") && !names.contains("._"))
    #expect(names.contains(".hid") && names.contains("loop") && names.contains("pipe.json"))
    #expect(FolderWalk.names(in: tree.root + "/nope") == nil)
    #expect(FolderWalk.names(in: tree.root + "/a.json") == nil)
    // A root that is not a folder yields nothing, whatever the options.
    #expect(FolderWalk.relativePaths(under: tree.root + "/a.json", Inputs.folderInputs).isEmpty)
    #expect(FolderWalk.paths(under: tree.root + "/nope", CrashJournal.journalFolders).isEmpty)
    // Extensions: the last non-empty part between dots, lowercased.
    #expect(FolderWalk.hasExtension("x.JSON", in: ["json"]) && FolderWalk.hasExtension("x.json.", in: ["json"]))
    #expect(!FolderWalk.hasExtension("json", in: ["json"]) && !FolderWalk.hasExtension("x.json.bak", in: ["json"]))
    // Walk order differs from byte order only in how siblings are listed; the set is the same.
    let walkOrder = FolderWalk.Options(yield: .regularFiles, includesHidden: false, order: .walk)
    #expect(FolderWalk.relativePaths(under: tree.root, walkOrder).sorted() == FolderWalk.relativePaths(under: tree.root, RenameAssets.bundleFiles).sorted())
  }
}
