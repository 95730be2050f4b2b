import Foundation
import Testing
import LottieJSON
import LottieKitIO
@testable import LottieTransforms

/// A bundle on disk, built for one test.
private struct Fixture {
  let root: String

  init() throws {
    root = NSTemporaryDirectory() + "lottiekit-rename-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  /// Writes a file (folders created), relative to the root.
  func file(_ relative: String, _ bytes: [UInt8]) throws {
    let path = root + "/" + relative
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  func file(_ relative: String, _ text: String) throws { try file(relative, Array(text.utf8)) }

  /// An animation whose image assets are `(u, p)` pairs (ids image_0, image_1 …), pretty-printed so
  /// that the "nothing else changes" checks see layout too.
  func animation(_ relative: String, _ images: [(u: String, p: String)]) throws {
    let assets = images.enumerated().map { k, a in
      "    {\"id\": \"image_\(k)\", \"w\": 1, \"h\": 1, \"u\": \(JSONStringCodec.quoted(a.u)), \"p\": \(JSONStringCodec.quoted(a.p)), \"e\": 0}"
    }
    try file(
      relative,
      """
      {
        "v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "nm": "Comp 1",
        "assets": [
      \(assets.joined(separator: ",\n"))
        ],
        "layers": [{"ty": 2, "refId": "image_0", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}}]
      }
      """)
  }

  func plan(_ options: RenameAssets.Options = .init(), roots: [String]? = nil) -> RenameAssets.Plan {
    RenameAssets.plan(RenameAssets.scan(roots ?? [root]), options: options)
  }

  func read(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative))) }

  /// Every file under the root (hidden ones too: leftovers would show), relative path → bytes.
  func snapshot() throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    guard let e = FileManager.default.enumerator(atPath: root) else { return result }
    while let rel = e.nextObject() as? String {
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + rel, isDirectory: &isDir), !isDir.boolValue {
        result[rel] = try read(rel)
      }
    }
    return result
  }

  /// `p` of every image asset of an animation.
  func ps(_ relative: String) throws -> [String] {
    try JSONDocument(parsing: read(relative)).root["assets"].list.compactMap { $0["p"]?.string }
  }
}

private func changes(_ plan: RenameAssets.Plan, _ suffix: String) -> [String] {
  plan.animations.first { $0.path.hasSuffix(suffix) }?.changes.map { "\($0.from) → \($0.to)" } ?? []
}

@Suite("rename-assets: plan and apply")
struct RenameAssetsTests {
  @Test func sha256KnownAnswers() {
    #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    // Two blocks (56 bytes of message: the padding spills over).
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1000))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  @Test(arguments: [
    ("img_0", "img_0"), ("ünïcødé 图", "unic_de"), ("hero image@2x", "hero_image_2x"), ("--x--", "x"),
    ("图图", "image"), ("a.b.c", "a_b_c"), ("Crème Brûlée", "Creme_Brulee"), ("_leading", "leading")
  ])
  func safeNames(_ input: String, _ expected: String) {
    #expect(RenameAssets.safeComponent(input, fallback: "image") == expected)
  }

  @Test func extensionsAndFolding() {
    #expect(RenameAssets.safeExtension("PNG") == ".png")
    #expect(RenameAssets.safeExtension("") == "")
    #expect(RenameAssets.splitExtension(".hidden") == (".hidden", ""))
    #expect(RenameAssets.splitExtension("a.b.JPG") == ("a.b", "JPG"))
    #expect(RenameAssets.fold("IMG_0.PNG") == RenameAssets.fold("img_0.png"))
    // NFC and NFD spellings are one name on APFS, and one key here.
    #expect(RenameAssets.fold("caf\u{e9}.png") == RenameAssets.fold("cafe\u{301}.png"))
    #expect(Set([RenameAssets.fold("CAF\u{c9}.png"), RenameAssets.fold("cafe\u{301}.png")]).count == 1)
    #expect(RenameAssets.safeComponent(String(repeating: "x", count: 300), fallback: "image").count == 80)
  }

  @Test func threeAnimationsSharingImg0() throws {
    let f = try Fixture()
    try f.animation("hero/hero.json", [("images/", "img_0.png"), ("images/", "img_1.png")])
    try f.animation("intro/intro.json", [("images/", "img_0.png")])
    try f.animation("deep/er/outro.json", [("images/", "img_0.png")])
    try f.file("hero/images/img_0.png", "hero 0")
    try f.file("hero/images/img_1.png", "hero 1")
    try f.file("intro/images/img_0.png", "intro 0")
    try f.file("deep/er/images/img_0.png", "outro 0")
    let plan = f.plan()
    #expect(!plan.stopped && plan.warnings == 0)
    #expect(plan.collisions.map(\.name) == ["img_0.png"])
    #expect(plan.collisions.first?.distinctContents == 3)
    #expect(changes(plan, "hero.json") == ["images/img_0.png → images/hero_img_0.png"])
    #expect(changes(plan, "intro.json") == ["images/img_0.png → images/intro_img_0.png"])
    #expect(changes(plan, "outro.json") == ["images/img_0.png → images/outro_img_0.png"])
    #expect(plan.files.map(\.kind) == [.rename, .rename, .rename])
    // The same bundle always gives the same plan.
    let again = f.plan()
    #expect(again.files.map(\.to) == plan.files.map(\.to))
    #expect(again.rewrites.map(\.bytes) == plan.rewrites.map(\.bytes))

    let before = try f.snapshot()
    try RenameAssets.apply(plan)
    let after = try f.snapshot()
    #expect(try f.ps("hero/hero.json") == ["hero_img_0.png", "img_1.png"])
    #expect(after["hero/images/hero_img_0.png"] == before["hero/images/img_0.png"])
    #expect(after["hero/images/img_0.png"] == nil)
    #expect(after["deep/er/images/outro_img_0.png"] == Array("outro 0".utf8))
    #expect(after.keys.filter { $0.contains(".lottiekit") }.isEmpty)
    // Only the p strings changed: the bytes around them are the same.
    for (path, original) in before where path.hasSuffix(".json") {
      let new = try #require(after[path])
      let text = String(decoding: original, as: UTF8.self), newText = String(decoding: new, as: UTF8.self)
      let stripped = { (s: String) in s.replacingOccurrences(of: #""p": "[^"]*""#, with: "P", options: .regularExpression) }
      #expect(stripped(text) == stripped(newText), "\(path)")
    }
    // Idempotent: a second run finds nothing to do.
    let second = f.plan()
    #expect(second.isEmpty && second.collisions.isEmpty)
  }

  @Test func sameFileNameAnimationsArePrefixedByTheirPath() throws {
    let f = try Fixture()
    try f.animation("camp/data.json", [("images/", "img_0.png")])
    try f.animation("map/data.json", [("images/", "img_0.png")])
    try f.animation("solo.json", [("img/", "img_0.png")])
    try f.file("camp/images/img_0.png", "a")
    try f.file("map/images/img_0.png", "b")
    try f.file("img/img_0.png", "c")
    let plan = f.plan()
    #expect(plan.animations.map(\.name) == ["camp_data", "map_data", "solo"])
    // Files are planned in path order (camp/, img/, map/).
    #expect(plan.files.map { Paths.fileName(of: $0.to) } == ["camp_data_img_0.png", "solo_img_0.png", "map_data_img_0.png"])
  }

  @Test func caseOnlyDifferencesCollide() throws {
    let f = try Fixture()
    try f.animation("a/a.json", [("images/", "IMG_0.PNG")])
    try f.animation("b/b.json", [("images/", "img_0.png")])
    try f.file("a/images/IMG_0.PNG", "upper")
    try f.file("b/images/img_0.png", "lower")
    let plan = f.plan()
    #expect(plan.collisions.count == 1)
    #expect(changes(plan, "a.json") == ["images/IMG_0.PNG → images/a_IMG_0.png"])
    #expect(changes(plan, "b.json") == ["images/img_0.png → images/b_img_0.png"])
  }

  @Test func caseOnlyDifferencesInOneFolder() throws {
    // Possible on Linux, impossible on macOS: both files stay distinct, under names that differ
    // by more than case.
    let f = try Fixture()
    try f.animation("a.json", [("images/", "img_0.png"), ("images/", "IMG_0.png")])
    try f.file("images/img_0.png", "one")
    try f.file("images/IMG_0.png", "two")
    let plan = f.plan()
    let names = plan.files.map { Paths.fileName(of: $0.to) }
    #expect(names == ["a_IMG_0.png", "a_img_0_2.png"])
    try RenameAssets.apply(plan)
    #expect(try f.read("images/a_IMG_0.png") == Array("two".utf8))
    #expect(try f.read("images/a_img_0_2.png") == Array("one".utf8))
    #expect(f.plan().isEmpty)
  }

  @Test func unicodeNamesCollideAcrossNormalisations() throws {
    let f = try Fixture()
    let nfc = "caf\u{e9} \u{56fe}.png", nfd = "CAFE\u{301} \u{56fe}.png"
    try f.animation("ünï/动画.json", [("images/", nfc)])
    try f.animation("other/other.json", [("images/", nfd)])
    try f.file("ünï/images/" + nfc, "one")
    try f.file("other/images/" + nfd, "two")
    let plan = f.plan()
    #expect(plan.collisions.count == 1)
    let names = plan.files.map { Paths.fileName(of: $0.to) }
    #expect(names == ["other_CAFE.png", "animation_cafe.png"])
    #expect(names.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) && !$0.contains(" ") })
    try RenameAssets.apply(plan)
    #expect(try f.ps("ünï/动画.json") == ["animation_cafe.png"])
    #expect(f.plan().isEmpty)
  }

  @Test func imageSharedByTwoAnimationsIsRenamedOnce() throws {
    let f = try Fixture()
    try f.animation("shared/a.json", [("images/", "img_0.png")])
    try f.animation("shared/b.json", [("images/", "img_0.png")])
    try f.animation("other/c.json", [("images/", "img_0.png")])
    try f.file("shared/images/img_0.png", "shared")
    try f.file("other/images/img_0.png", "other")
    let plan = f.plan()
    #expect(plan.files.map { "\($0.kind) \(Paths.fileName(of: $0.to))" } == ["rename c_img_0.png", "rename a_img_0.png"])
    #expect(changes(plan, "a.json") == ["images/img_0.png → images/a_img_0.png"])
    #expect(changes(plan, "b.json") == ["images/img_0.png → images/a_img_0.png"])
    try RenameAssets.apply(plan)
    #expect(try f.ps("shared/b.json") == ["a_img_0.png"])
    #expect(try f.read("shared/images/a_img_0.png") == Array("shared".utf8))
  }

  @Test func alreadyUniqueAndIdenticalBytesAreNotCollisions() throws {
    let f = try Fixture()
    try f.animation("a/a.json", [("images/", "a_0.png")])
    try f.animation("b/b.json", [("images/", "logo.png")])
    try f.animation("c/c.json", [("images/", "logo.png")])
    try f.file("a/images/a_0.png", "a")
    try f.file("b/images/logo.png", "same")
    try f.file("c/images/logo.png", "same")
    let plan = f.plan()
    #expect(plan.isEmpty && plan.collisions.isEmpty && plan.problems.isEmpty)
    #expect(plan.imageFiles == 3)
  }

  @Test func unusedFilesTakePartButAreNeverTouched() throws {
    let f = try Fixture()
    try f.animation("a/hero.json", [("images/", "img_0.png")])
    try f.file("a/images/img_0.png", "used")
    try f.file("loose/IMG_0.png", "an unused file with the same name")
    try f.file("loose/hero_img_0.png", "an unused file with the name prefix would choose")
    let plan = f.plan()
    #expect(plan.collisions.first?.members.map(\.used) == [true, false])
    #expect(plan.files.map { Paths.fileName(of: $0.to) } == ["hero_img_0_2.png"])
    try RenameAssets.apply(plan)
    #expect(try f.read("loose/IMG_0.png") == Array("an unused file with the same name".utf8))
    #expect(f.plan().isEmpty)
  }

  @Test func hashScheme() throws {
    let f = try Fixture()
    try f.animation("a/a.json", [("images/", "img_0.png")])
    try f.animation("b/b.json", [("images/", "img_0.png")])
    try f.animation("c/c.json", [("images/", "img_0.png")])
    try f.file("a/images/img_0.png", "x")
    try f.file("b/images/img_0.png", "y")
    try f.file("c/images/img_0.png", "x")
    let plan = f.plan(.init(scheme: .hash))
    let x = String(SHA256.hex(Array("x".utf8)).prefix(12)), y = String(SHA256.hex(Array("y".utf8)).prefix(12))
    // Identical bytes in two folders may share a name (flattening keeps one identical file).
    #expect(plan.files.map { Paths.fileName(of: $0.to) } == ["img_0-\(x).png", "img_0-\(y).png", "img_0-\(x).png"])
    try RenameAssets.apply(plan)
    #expect(f.plan(.init(scheme: .hash)).isEmpty)
    #expect(f.plan(.init(scheme: .prefix)).isEmpty)
  }

  @Test func dedupeSharesNamesAndFiles() throws {
    let f = try Fixture()
    // In one folder: a.json and b.json use two different files with identical bytes whose names
    // differ only by case; another folder has a different img_0.png and a third identical copy.
    try f.animation("x/a.json", [("images/", "img_0.png")])
    try f.animation("x/b.json", [("images/", "IMG_0.png")])
    try f.animation("y/c.json", [("images/", "img_0.png")])
    try f.animation("z/d.json", [("images/", "img_0.png")])
    try f.file("x/images/img_0.png", "same")
    try f.file("x/images/IMG_0.png", "same")
    try f.file("y/images/img_0.png", "different")
    try f.file("z/images/img_0.png", "same")

    let plain = f.plan()
    #expect(plain.files.map(\.kind) == [.rename, .rename, .rename, .rename])
    #expect(plain.removed == 0)

    let plan = f.plan(.init(dedupe: true))
    #expect(
      plan.files.map { "\($0.kind) \($0.from.dropFirst(f.root.count + 1)) \(Paths.fileName(of: $0.to))" } == [
        "rename x/images/IMG_0.png b_IMG_0.png",
        "remove x/images/img_0.png b_IMG_0.png",
        "rename y/images/img_0.png c_img_0.png",
        "rename z/images/img_0.png b_IMG_0.png"
      ])
    #expect(changes(plan, "a.json") == ["images/img_0.png → images/b_IMG_0.png"])
    #expect(plan.animations.first { $0.path.hasSuffix("a.json") }?.changes.first?.kind == .deduplicated)
    try RenameAssets.apply(plan)
    let after = try f.snapshot()
    #expect(
      after.keys.sorted().filter { $0.contains("images/") } == [
        "x/images/b_IMG_0.png", "y/images/c_img_0.png", "z/images/b_IMG_0.png"
      ])
    #expect(try f.ps("x/a.json") == ["b_IMG_0.png"])
    #expect(f.plan(.init(dedupe: true)).isEmpty)
  }

  @Test func pFolderIsKeptAndUIsNeverTouched() throws {
    let f = try Fixture()
    try f.animation("a/a.json", [("", "images/img_0.png")])
    try f.animation("b/b.json", [("./img/", "../img/./img_0.png")])
    try f.file("a/images/img_0.png", "a")
    try f.file("b/img/img_0.png", "b")
    let plan = f.plan()
    #expect(changes(plan, "a.json") == ["images/img_0.png → images/a_img_0.png"])
    #expect(changes(plan, "b.json") == ["./img/../img/./img_0.png → ./img/../img/./b_img_0.png"])
    try RenameAssets.apply(plan)
    #expect(try f.read("b/img/b_img_0.png") == Array("b".utf8))
  }

  @Test func pathLeavingTheFolderIsAWarningAndForcesACopy() throws {
    let f = try Fixture()
    try f.animation("a/a.json", [("images/", "img_0.png")])
    try f.animation("b/b.json", [("images/", "img_0.png")])
    try f.animation("c/c.json", [("../a/images/", "img_0.png")])
    try f.file("a/images/img_0.png", "a")
    try f.file("b/images/img_0.png", "b")
    let plan = f.plan()
    #expect(plan.warnings == 1 && !plan.stopped)
    #expect(plan.problems.first?.message.contains("leads outside the animation's folder") == true)
    #expect(plan.files.map(\.kind) == [.copy, .rename])
    try RenameAssets.apply(plan)
    #expect(try f.read("a/images/img_0.png") == Array("a".utf8))
    #expect(try f.read("a/images/a_img_0.png") == Array("a".utf8))
    #expect(try f.ps("c/c.json") == ["img_0.png"])
    let second = f.plan()
    #expect(second.isEmpty && second.warnings == 1)
  }

  @Test func missingFileStopsEverything() throws {
    let f = try Fixture()
    try f.animation("a/a.json", [("images/", "img_0.png"), ("images/", "img_1.png")])
    try f.animation("b/b.json", [("images/", "img_0.png")])
    try f.file("a/images/img_0.png", "a")
    try f.file("b/images/img_0.png", "b")
    let plan = f.plan()
    #expect(plan.stopped && plan.isEmpty)
    #expect(
      plan.problems.map(\.description).contains { $0.hasSuffix("a/a.json:5:60: error: image \"image_1\": images/img_1.png does not exist") },
      "\(plan.problems.map(\.description))")
    #expect(throws: IOFailure.self) { try RenameAssets.apply(plan) }
  }

  @Test func embeddedAndURLImagesAreLeftAlone() throws {
    let f = try Fixture()
    try f.animation("a.json", [("", "data:image/png;base64,iVBORw0KGgo="), ("https://cdn.example.com/", "img_0.png")])
    let plan = f.plan()
    #expect(plan.isEmpty && plan.problems.isEmpty)
    #expect(plan.animations.first?.leftAlone.map(\.kind) == [.embedded, .url])
  }

  @Test func brokenJSONStopsAndNonAnimationsAreSkipped() throws {
    let f = try Fixture()
    try f.file("package.json", "{\"name\": \"x\"}")
    try f.file("bundle.lottie", [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
    var plan = f.plan()
    #expect(plan.skipped.map(\.reason) == ["dotLottie archive (it carries its own images)", "JSON that is not an animation"])
    // JSON with comments (a tsconfig.json) is other JSON too; it stopped the plan as broken JSON.
    try f.file("tsconfig.json", "{\n  // strict\n  \"compilerOptions\": {}\n}")
    plan = f.plan()
    #expect(!plan.stopped && plan.problems.isEmpty, "\(plan.problems.map(\.description))")
    #expect(plan.skipped.map(\.reason) == ["dotLottie archive (it carries its own images)", "JSON that is not an animation", "JSON that is not an animation"])
    try f.file("broken.json", "{\"layers\": [")
    plan = f.plan()
    #expect(plan.stopped)
    #expect(plan.problems.first?.message.hasPrefix("not valid JSON") == true)
  }

  @Test func readOnlyFileChangesNothing() throws {
    let f = try Fixture()
    try f.animation("a/a.json", [("images/", "img_0.png")])
    try f.animation("b/b.json", [("images/", "img_0.png")])
    try f.file("a/images/img_0.png", "a")
    try f.file("b/images/img_0.png", "b")
    chmod(f.root + "/b/b.json", 0o444)
    let before = try f.snapshot()
    let plan = f.plan()
    #expect(throws: IOFailure.self) { try RenameAssets.apply(plan) }
    do { try RenameAssets.apply(plan) } catch {
      #expect(error.path.hasSuffix("b/b.json") && error.message.hasPrefix("is read-only (mode r--r--r--)"))
    }
    #expect(try f.snapshot() == before)
  }

  @Test func overlappingRootsAreOneBundle() throws {
    let f = try Fixture()
    try f.animation("a/a.json", [("images/", "img_0.png")])
    try f.animation("b/b.json", [("images/", "img_0.png")])
    try f.file("a/images/img_0.png", "a")
    try f.file("b/images/img_0.png", "b")
    let plan = f.plan(roots: [f.root, f.root + "/a", f.root + "/"])
    #expect(plan.animations.count == 2 && plan.files.count == 2)
  }
}

@Suite("bundle transaction")
struct BundleTransactionTests {
  @Test func everythingOrNothing() throws {
    let f = try Fixture()
    try f.file("a.json", "old json")
    try f.file("img/one.png", "one")
    try f.file("img/two.png", "two")
    try f.file("img/gone.png", "gone")
    let before = try f.snapshot()

    // A destination that appears between staging and commit fails the commit (never overwritten),
    // after the other steps have run: all of them are undone.
    let t = BundleTransaction()
    try t.replace(f.root + "/a.json", with: Array("new json".utf8))
    try t.move(f.root + "/img/one.png", to: f.root + "/img/uno.png")
    try t.copy(f.root + "/img/two.png", to: f.root + "/img/dos.png")
    try t.remove(f.root + "/img/gone.png")
    try t.move(f.root + "/img/two.png", to: f.root + "/img/late.png")
    try f.file("img/late.png", "someone else's")
    #expect(throws: IOFailure.self) { try t.commit() }
    var expected = before
    expected["img/late.png"] = Array("someone else's".utf8)
    #expect(try f.snapshot() == expected)

    let ok = BundleTransaction()
    try ok.replace(f.root + "/a.json", with: Array("new json".utf8))
    try ok.move(f.root + "/img/one.png", to: f.root + "/img/uno.png")
    try ok.copy(f.root + "/img/two.png", to: f.root + "/img/dos.png")
    try ok.remove(f.root + "/img/gone.png")
    try ok.commit()
    #expect(
      try f.snapshot() == [
        "a.json": Array("new json".utf8), "img/uno.png": Array("one".utf8), "img/two.png": Array("two".utf8),
        "img/dos.png": Array("two".utf8), "img/late.png": Array("someone else's".utf8)
      ])
  }

  @Test func refusesBeforeChangingAnything() throws {
    let f = try Fixture()
    try f.file("img/one.png", "one")
    try f.file("img/two.png", "two")
    let t = BundleTransaction()
    #expect(throws: IOFailure.self) { try t.move(f.root + "/img/one.png", to: f.root + "/img/two.png") }
    #expect(throws: IOFailure.self) { try t.create(f.root + "/img/one.png", bytes: []) }
    #expect(throws: IOFailure.self) { try t.remove(f.root + "/img/none.png") }
    chmod(f.root + "/img", 0o555)
    defer { chmod(f.root + "/img", 0o755) }
    do {
      try t.move(f.root + "/img/one.png", to: f.root + "/img/uno.png")
      Issue.record("a read-only folder was accepted")
    } catch {
      #expect(error.message.contains("folder is read-only (mode r-xr-xr-x)"))
    }
    #expect(t.isEmpty)
  }

  @Test func dropsStagedFilesWhenAbandoned() throws {
    let f = try Fixture()
    try f.file("a.json", "old")
    do {
      let t = BundleTransaction()
      try t.replace(f.root + "/a.json", with: Array("new".utf8))
      try t.create(f.root + "/b.json", bytes: Array("b".utf8))
    }
    #expect(try f.snapshot() == ["a.json": Array("old".utf8)])
  }
}
