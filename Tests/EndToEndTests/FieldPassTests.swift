import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// Defects two new-user passes found (2026-11-27), each reproduced before its fix.
@Suite("a new user's findings: render, diff, unpack, lint and compat")
struct FieldPassTests {
  let hero = packageRoot + "/Examples/delivery/onboarding/hero.json"

  /// Frame numbers and sizes beyond Int's range trapped (exit 132) converting to Int, and a sheet
  /// label wider than its tile trapped drawing: each is an answer now, never a crash.
  @Test(arguments: [
    (#""ip":0,"op":1e19,"w":100,"h":100"#, ["render", "a.json", "-o", "x.png"], Int32(2)),
    (#""ip":0,"op":10,"w":1e19,"h":100"#, ["render", "a.json", "-o", "x.png"], Int32(2)),
    (#""ip":0,"op":1e19,"w":100,"h":100"#, ["diff", "a.json", "a.json", "--render", "-o", "d.png"], Int32(2)),
    (#""ip":-1e300,"op":10,"w":100,"h":100"#, ["render", "a.json", "--sheet", "2x2", "-o", "s.png"], Int32(0))
  ])
  func hugeNumbersAreNoCrash(_ fields: String, _ command: [String], _ status: Int32) throws {
    let dir = try makeTemporaryDirectory()
    try write(Array(#"{"v":"5.7.4","fr":30,\#(fields),"layers":[]}"#.utf8), to: dir + "/a.json")
    let r = try run(lottiekitBinary, command, cwd: dir)
    #expect(r.status == status, "\(command) \(fields): \(r.status) \(r.stderr)")
    #expect(!r.stderr.contains("Fatal error"), "\(r.stderr)")
  }

  /// A dotLottie saved under a .json name, unpacked into its own folder, was overwritten by the
  /// animation it holds (exit 0). Inputs are never overwritten: exit 64, nothing written.
  @Test func unpackNeverWritesOverItsInput() throws {
    let dir = try makeTemporaryDirectory()
    let packed = try run(lottiekitBinary, ["pack", hero, "--format", "lottie", "-o", dir + "/hero.lottie"], cwd: dir)
    #expect(packed.status == 0, "\(packed.stderr)")
    let archive = try readBytes(dir + "/hero.lottie")
    try write(archive, to: dir + "/hero.json")
    let r = try run(lottiekitBinary, ["unpack", "hero.json", "-o", "."], cwd: dir)
    #expect(r.status == 64 && r.stderr.contains("over the input"), "\(r.status) \(r.stderr)")
    #expect(try readBytes(dir + "/hero.json") == archive)
    #expect(!FileManager.default.fileExists(atPath: dir + "/images") && !FileManager.default.fileExists(atPath: dir + "/.dotlottie"))
  }

  /// A write refused at the last step (an entry whose name is another entry's folder) said
  /// "nothing was written" and left the folders it had made: the crash journal still lay in them
  /// when they were removed.
  @Test func aRefusedUnpackLeavesNoFolders() throws {
    let dir = try makeTemporaryDirectory()
    var writer = ZipWriter()
    try writer.add(name: "manifest.json", data: Array(#"{"version":"2","animations":[{"id":"w"}]}"#.utf8))
    try writer.add(name: "a/w.json", data: try readBytes(packageRoot + "/Examples/delivery/stickers/wave.json"))
    try writer.add(name: "i/x", data: Array("d".utf8))
    try writer.add(name: "i/x/y.png", data: Array("d".utf8))
    try write(writer.finish(), to: dir + "/conf.lottie")
    let r = try run(lottiekitBinary, ["unpack", "conf.lottie", "-o", "out"], cwd: dir)
    #expect(r.status == 2 && r.stderr.contains("nothing was written"), "\(r.status) \(r.stderr)")
    let left = (try? FileManager.default.subpathsOfDirectory(atPath: dir + "/out")) ?? []
    #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "left behind: out/ with \(left)")
  }

  /// An image file deleted in the new version was "no structural change" (exit 0): a CI gate
  /// passed a release that draws nothing where the image was.
  @Test func diffReportsAnImageFileThatIsGone() throws {
    let dir = try makeTemporaryDirectory()
    let onboarding = packageRoot + "/Examples/delivery/onboarding"
    try FileManager.default.copyItem(atPath: onboarding, toPath: dir + "/old")
    try FileManager.default.copyItem(atPath: onboarding, toPath: dir + "/new")
    try FileManager.default.removeItem(atPath: dir + "/new/images/img_0.png")
    let r = try run(lottiekitBinary, ["diff", "old/hero.json", "new/hero.json", "--format", "json"], cwd: dir)
    #expect(r.status == 1, "\(r.status) \(r.stderr)")
    #expect(r.stdoutText.contains(#""kind": "image-missing""#), "\(r.stdoutText)")
    #expect(r.stdoutText.contains("images/img_0.png is missing"), "\(r.stdoutText)")
    let same = try run(lottiekitBinary, ["diff", "old/hero.json", "old/hero.json"], cwd: dir)
    #expect(same.status == 0, "\(same.stdoutText)")
  }

  /// diff's text said the canvas twice ("canvas: canvas: size …").
  @Test func diffSaysTheCanvasOnce() throws {
    let dir = try makeTemporaryDirectory()
    try write(Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#.utf8), to: dir + "/old.json")
    try write(Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[]}"#.utf8), to: dir + "/new.json")
    let r = try run(lottiekitBinary, ["diff", "old.json", "new.json"], cwd: dir)
    #expect(r.stdoutText.contains("  canvas: size 100×100 → 200×100") && !r.stdoutText.contains("canvas: canvas"), "\(r.stdoutText)")
  }

  /// `lint --write-baseline` wrote over an animation it linted (exit 0): a baseline is an output,
  /// and inputs are never overwritten. A last run's baseline in the linted folder is other JSON.
  @Test func writeBaselineNeverOverwritesAnInput() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/w", withIntermediateDirectories: true)
    let animation = try readBytes(hero)
    try write(animation, to: dir + "/w/hero.json")
    for (arguments, shown) in [(["w/hero.json"], "w/hero.json"), (["w"], "w/hero.json")] {
      let r = try run(lottiekitBinary, ["lint"] + arguments + ["--write-baseline", "w/hero.json"], cwd: dir)
      #expect(r.status == 64 && r.stderr.contains("is the input \(shown)"), "\(arguments): \(r.status) \(r.stderr)")
      #expect(try readBytes(dir + "/w/hero.json") == animation)
    }
    for _ in 0..<2 {
      let r = try run(lottiekitBinary, ["lint", "w", "--write-baseline", "w/baseline.json"], cwd: dir)
      #expect(r.status == 0 && r.stderr.contains("wrote"), "\(r.status) \(r.stderr)")
    }
  }

  /// A path starting with `-` is a bundle of short flags to swift-argument-parser: one holding an
  /// `h` printed the help and exited 0, checking nothing. It is a usage error that says what to do.
  @Test(arguments: ["lint", "compat", "info", "strip"])
  func aPathStartingWithADashIsAUsageError(_ command: String) throws {
    let dir = try makeTemporaryDirectory()
    try write(Array(#"{"v":"5.7.4","layers":["#.utf8), to: dir + "/-hero.json")
    let r = try run(lottiekitBinary, [command, "-hero.json"], cwd: dir)
    #expect(r.status == 64 && r.stderr.contains("write ./-hero.json, or put paths after --"), "\(r.status) \(r.stderr)")
    if command == "lint" {
      let after = try run(lottiekitBinary, ["lint", "--", "-hero.json"], cwd: dir)
      #expect(after.status == 1 && after.stdoutText.contains("LK001"), "\(after.status) \(after.stdoutText)")
    }
  }

  /// `--target ""` (a CI variable left unset) checked no target at all, and `ios@` was plain ios.
  @Test(arguments: [
    (["lint", "--target", ""], "an empty target"), (["lint", "--target", " , "], "an empty target"),
    (["compat", "--target", "ios@"], "target version '' must be")
  ])
  func anEmptyTargetIsAUsageError(_ command: [String], _ said: String) throws {
    let r = try run(lottiekitBinary, command + [hero])
    #expect(r.status == 64 && r.stderr.contains(said), "\(command): \(r.status) \(r.stderr)")
  }

  /// `compat --format json` named both columns of `--target ios@4.0,ios@4.5.2` "ios", while each
  /// feature's `support` is keyed "ios@4.0" and "ios@4.5.2": a target's id is its key now.
  @Test func compatJSONTargetIDsAreTheSupportKeys() throws {
    let r = try run(lottiekitBinary, ["compat", hero, "--target", "ios@4.0,ios@4.5.2", "--format", "json"])
    let root = try JSONDocument(parsing: [UInt8](r.stdout)).root
    let ids = root["targets"].list.compactMap { $0["id"]?.string }
    #expect(ids == ["ios@4.0", "ios@4.5.2"], "\(ids)")
    let features = root["files"].list.flatMap { $0["features"].list }
    #expect(!features.isEmpty)
    for feature in features {
      #expect(feature["support"]?.members.map(\.key) == ids, "\(feature["feature"]?.string ?? "")")
    }
  }

  /// `--strict --fail-on info` passed a file with an info finding that `--fail-on info` fails:
  /// the two together mean the stricter.
  @Test func strictKeepsFailOnInfo() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      Array(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"nm":"C","ind":1,"ip":0,"op":60,"ks":{}},{"ty":3,"nm":"C","ind":2,"ip":0,"op":60,"ks":{}}]}"#
          .utf8),
      to: dir + "/twins.json")
    for (flags, status) in [
      (["--fail-on", "info"], Int32(1)), (["--strict", "--fail-on", "info"], 1), (["--strict"], 0), (["--strict", "--fail-on", "error"], 0)
    ] {
      let r = try run(lottiekitBinary, ["lint", "twins.json"] + flags, cwd: dir)
      #expect(r.status == status && r.stdoutText.contains("LK403"), "\(flags): \(r.status) \(r.stdoutText)")
    }
    // The configuration's fail-on: info is not loosened by --strict either.
    try write(Array("fail-on: info\n".utf8), to: dir + "/.lottiekit.yml")
    let configured = try run(lottiekitBinary, ["lint", "twins.json", "--strict"], cwd: dir)
    #expect(configured.status == 1, "\(configured.status) \(configured.stderr)")
  }

  /// A name with a line break printed a line that looked like another finding, and an escape
  /// character drove the terminal: names are the file's, shown with their control characters
  /// escaped (JSON's spelling), in text and in Markdown table cells.
  @Test func controlCharactersInNamesAreShownNotObeyed() throws {
    let dir = try makeTemporaryDirectory()
    let name = #"Bad\nname\u001b[31m|x"#
    let layer = #"{"ty":3,"nm":"\#(name)","ind":1,"ip":0,"op":60,"ks":{}},{"ty":3,"nm":"\#(name)","ind":2,"ip":0,"op":60,"ks":{}}"#
    try write(Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[\#(layer)]}"#.utf8), to: dir + "/ctl.json")
    let r = try run(lottiekitBinary, ["lint", "ctl.json", "--fail-on", "error"], cwd: dir)
    #expect(r.status == 0 && !r.stdoutText.contains("\u{1B}"), "\(r.stdoutText)")
    let finding = r.stdoutText.split(separator: "\n").filter { $0.contains("[LK403]") }
    #expect(finding.count == 1 && finding[0].contains(#"Bad\nname\u001b[31m|x"#), "\(r.stdoutText)")
    let diff = try run(lottiekitBinary, ["diff", hero, "ctl.json", "--format", "markdown"], cwd: dir)
    let rows = diff.stdoutText.split(separator: "\n").filter { $0.hasPrefix("| layer-") }
    #expect(!rows.isEmpty && rows.allSatisfy { $0.hasSuffix("|") && !$0.contains("\u{1B}") }, "\(diff.stdoutText)")
    // diff quotes names as JSON does; the cell escapes that backslash so Markdown shows it.
    #expect(rows.contains { $0.contains(#"Bad\\nname\\u001b[31m\|x"#) }, "\(diff.stdoutText)")
  }

  /// `diff - -` read standard input twice and failed on the second, empty read.
  @Test func diffReadsStandardInputOnce() throws {
    let r = try run(lottiekitBinary, ["diff", "-", "-"], stdin: Data("{}".utf8))
    #expect(r.status == 64 && r.stderr.contains("standard input is read once"), "\(r.status) \(r.stderr)")
  }

  /// diff compared rlottie's copy of a .lottie (its images embedded): an animation against its own
  /// .lottie said "file images/img_0.png → embedded" and "feature-gained: embedded images" (exit 1).
  /// It compares the animation as the archive holds it, images by name and bytes; a .tgs finds its
  /// images beside it (the copy's temporary folder had none).
  @Test func diffComparesAnArchiveAsItIs() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.copyItem(atPath: packageRoot + "/Examples/delivery/onboarding", toPath: dir + "/h")
    #expect(try run(lottiekitBinary, ["pack", "h/hero.json", "--format", "lottie", "-o", "hero.lottie"], cwd: dir).status == 0)
    let same = try run(lottiekitBinary, ["diff", "h/hero.json", "hero.lottie"], cwd: dir)
    #expect(same.status == 0 && same.stdoutText.contains("no structural change"), "\(same.stdoutText)")
    // (A guard: the .tgs's images are found beside it, so no false image-missing.)
    try write(Gzip.compress(try readBytes(dir + "/h/hero.json")), to: dir + "/h/hero.tgs")
    let tgs = try run(lottiekitBinary, ["diff", "h/hero.json", "h/hero.tgs"], cwd: dir)
    #expect(tgs.status == 0, "\(tgs.stdoutText)")
    // Another image under the same name: the bytes differ, inside the archive too.
    try write(try readBytes(packageRoot + "/Examples/delivery/checkout/images/img_0.png"), to: dir + "/h/images/img_0.png")
    #expect(try run(lottiekitBinary, ["pack", "h/hero.json", "--format", "lottie", "-o", "other.lottie"], cwd: dir).status == 0)
    let changed = try run(lottiekitBinary, ["diff", "hero.lottie", "other.lottie"], cwd: dir)
    #expect(changed.status == 1 && changed.stdoutText.contains("asset-bytes-changed: image image_0"), "\(changed.stdoutText)")
    #expect(!changed.stdoutText.contains("embedded"), "\(changed.stdoutText)")
    // An image taken out of the archive is gone, as a deleted file is.
    let full = try ZipArchive(bytes: try readBytes(dir + "/hero.lottie"))
    var writer = ZipWriter()
    for entry in full.entries where !entry.name.hasSuffix("img_0.png") { try writer.add(name: entry.name, data: try full.data(of: entry)) }
    try write(writer.finish(), to: dir + "/cut.lottie")
    let cut = try run(lottiekitBinary, ["diff", "hero.lottie", "cut.lottie"], cwd: dir)
    #expect(cut.status == 1 && cut.stdoutText.contains("image-missing: image image_0: img_0.png in the archive is missing"), "\(cut.stdoutText)")
  }

  /// gzip is read by its bytes under any name: a gzipped animation named .json gets no GitHub
  /// `line=` (its positions are in the decompressed JSON, said in the text).
  @Test func gzipUnderAnyNameHasNoRegion() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      Gzip.compress(Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"nm":"C","ind":1,"parent":9,"ip":0,"op":60,"ks":{}}]}"#.utf8)),
      to: dir + "/g.json")
    let r = try run(lottiekitBinary, ["lint", "g.json", "--format", "github"], cwd: dir)
    #expect(
      r.status == 1 && r.stdoutText.hasPrefix("::error file=g.json,title=LK") && r.stdoutText.contains("in the decompressed JSON (line 1"), "\(r.stdoutText)")
  }
}
