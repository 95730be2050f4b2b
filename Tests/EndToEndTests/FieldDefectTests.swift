import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// Field defects of issue #21: each test failed on 5ba2703.
@Suite("field defects (#21)")
struct FieldDefectTests {
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"

  /// #21.4: `-o` naming an input (by the same path, another spelling, or a symlink) is a usage
  /// error, and the input is left as it was.
  @Test(arguments: [
    ["format", "--minify"], ["strip", "--layer", "Nothing"], ["inline"], ["extract", "--images-dir", "x"]
  ])
  func outputOntoTheInputIsRefused(_ command: [String]) throws {
    let dir = try makeTemporaryDirectory()
    let original = try readBytes(wave)
    try write(original, to: dir + "/a.json")
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: dir + "/a.json")
    for output in ["a.json", "./a.json", dir + "/a.json", "link.json"] {
      let r = try run(lottiekitBinary, command + ["a.json", "-o", output], cwd: dir)
      #expect(r.status == 64, "\(command) -o \(output): \(r.status) \(r.stderr)")
      #expect(r.stderr.contains("use --in-place"), "\(r.stderr)")
      #expect(try readBytes(dir + "/a.json") == original, "\(command) -o \(output) changed the input")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(names == ["a.json", "link.json"], "\(names)")
  }

  /// #21.5: `format -o` writes the container the extension names, or refuses clearly.
  @Test func formatWritesTheContainerItsDestinationNames() throws {
    let dir = try makeTemporaryDirectory()
    let json = try JSONDocument(parsing: readBytes(wave))
    for name in ["s.tgs", "s.json.gz"] {
      let r = try lottiekit("format", "--minify", wave, "-o", dir + "/" + name)
      #expect(r.status == 0, "\(r.stderr)")
      let bytes = try readBytes(dir + "/" + name)
      #expect(Array(bytes.prefix(2)) == [0x1F, 0x8B], "\(name) is not gzip")
      // It reads back as the same animation.
      let back = try lottiekit("format", "--minify", dir + "/" + name)
      #expect(back.stdout.dropLast() == Data(json.written(.minified)))
    }
    // A .tgs written back as JSON is plain JSON.
    #expect(try lottiekit("format", dir + "/s.tgs", "-o", dir + "/back.json").status == 0)
    #expect(try readBytes(dir + "/back.json").first == UInt8(ascii: "{"))
    // JSON cannot become a .lottie by renaming: refused, nothing written.
    let lottie = try lottiekit("format", wave, "-o", dir + "/s.lottie")
    #expect(lottie.status == 2 && lottie.stderr.contains("pack --format lottie"), "\(lottie.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/s.lottie"))
    // A .lottie of one animation to .tgs: gzip, not a zip.
    #expect(try lottiekit("pack", wave, "--format", "lottie", "-o", dir + "/p.lottie").status == 0)
    #expect(try lottiekit("format", dir + "/p.lottie", "-o", dir + "/p.tgs").status == 0)
    #expect(Array(try readBytes(dir + "/p.tgs").prefix(2)) == [0x1F, 0x8B])
  }

  /// #21.5: `lint` flags a `.tgs` that is not gzip (Telegram refuses it).
  @Test func lintFlagsAPlainJSONTgs() throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(wave), to: dir + "/plain.tgs")
    let r = try lottiekit("lint", dir + "/plain.tgs")
    #expect(r.status == 1)
    #expect(r.stdoutText.contains("plain.tgs:1:1: error: [LK001] this .tgs file is plain JSON, not gzip-compressed"), "\(r.stdoutText)")
    #expect(try lottiekit("format", wave, "-o", dir + "/good.tgs").status == 0)
    #expect(try !lottiekit("lint", dir + "/good.tgs").stdoutText.contains("LK001"))
    // #22: the container finding goes through the configuration like any finding.
    try write("rules:\n  LK001: warning\n", to: dir + "/.lottiekit.yml")
    let warned = try lottiekit("lint", "plain.tgs", cwd: dir)
    #expect(warned.status == 0 && warned.stdoutText.contains("plain.tgs:1:1: warning: [LK001]"), "\(warned.stdoutText)")
    try write("ignore:\n  - {rule: LK001, path: \"*.tgs\"}\n", to: dir + "/.lottiekit.yml")
    let ignored = try lottiekit("lint", "plain.tgs", cwd: dir)
    #expect(ignored.status == 0 && !ignored.stdoutText.contains("LK001"), "\(ignored.stdoutText)")
  }

  /// #21.6: nothing to check is an error (exit 2) unless --allow-empty says it is expected; no
  /// path means the current folder for lint, compat and info, and a usage error elsewhere (stdin is
  /// read only for `-`).
  @Test func nothingToCheckIsAnError() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
    try write("not an animation", to: dir + "/sub/readme.txt")
    let packed = dir + "/packed"
    for command in [
      ["lint"], ["compat"], ["info"], ["format"], ["strip", "--hidden"], ["inline"], ["extract"], ["rename-assets"], ["pack", "-o", packed]
    ] {
      let r = try lottiekit(arguments: command + [dir])
      #expect(r.status == 2, "\(command): \(r.status)")
      #expect(r.stderr.contains("no animations found under \(dir)"), "\(command): \(r.stderr)")
      let allowed = try lottiekit(arguments: command + ["--allow-empty", dir])
      #expect(allowed.status == 0, "\(command) --allow-empty: \(allowed.status) \(allowed.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: packed), "pack --allow-empty wrote \(packed)")
    // No path: lint, compat and info check the current folder (and do not wait on stdin).
    for command in ["lint", "compat", "info"] {
      let empty = try lottiekit(command, cwd: dir)
      #expect(empty.status == 2 && empty.stderr.contains("no animations found under the current folder"), "\(command): \(empty.stderr)")
    }
    try write(try readBytes(wave), to: dir + "/sub/wave.json")
    let found = try lottiekit("lint", "--format", "json", cwd: dir)
    #expect(found.status == 0 || found.status == 1, "\(found.stderr)")
    #expect(found.stdoutText.contains("sub/wave.json"), "\(found.stdoutText)")
    // Other commands say what they expect.
    for command in [["format"], ["strip", "--hidden"], ["inline"], ["extract"]] {
      let r = try run(lottiekitBinary, command, cwd: dir)
      #expect(r.status == 64 && r.stderr.contains("give animation files or folders, or - to read standard input"), "\(command): \(r.stderr)")
    }
  }

  /// #21.16: `--quiet` prints findings only (no summary), and folder walks include `.lot` files.
  @Test func quietHasNoSummaryAndLotFilesAreFound() throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(wave), to: dir + "/wave.lot")
    let loud = try lottiekit("lint", dir)
    #expect(loud.stdoutText.contains("1 file linted"), "\(loud.stdoutText) \(loud.stderr)")
    let quiet = try lottiekit("lint", "--quiet", dir)
    #expect(quiet.status == loud.status)
    #expect(!quiet.stdoutText.contains("linted"), "\(quiet.stdoutText)")
  }
}

/// #21.10: temporaries left by a killed run are removed by the next run that touches their folder;
/// a live run's, other programs' files and folders with a pending crash journal are left alone.
@Suite("stale temporaries (#21)")
struct StaleTemporaryTests {
  @Test func theNextRunRemovesLeftoversOfKilledRuns() throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(packageRoot + "/Examples/delivery/stickers/wave.json"), to: dir + "/anim.json")
    // A pid that surely no longer exists: a child that has exited and been reaped.
    let child = try run("/bin/sh", ["-c", "echo $$"])
    let dead = child.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    let live = String(ProcessInfo.processInfo.processIdentifier)
    let leftovers = [".anim.json.lottiekit-\(dead)-Ab12Cd", ".anim.json.lottiekit-\(dead)-Zz99yy.orig"]
    let kept = [
      ".anim.json.lottiekit-\(live)-Ab12Cd", ".anim.json.lottiekit-Qw12Er",  // live writer; old form, new file
      ".anim.json.lottiekit-\(dead)-toolong1", ".notes.txt", "anim.json.lottiekit-\(dead)-Ab12Cd"
    ]
    for name in leftovers + kept { try write("partial", to: dir + "/" + name) }
    // The old form (no pid) is removed once it is over an hour old.
    let old = ".other.json.lottiekit-Xy34Zw"
    try write("partial", to: dir + "/" + old)
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: dir + "/" + old)
    let r = try lottiekit("format", "--minify", "--in-place", dir + "/anim.json")
    #expect(r.status == 0, "\(r.stderr)")
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
    for name in leftovers + [old] { #expect(!names.contains(name), "\(name) was left behind") }
    for name in kept { #expect(names.contains(name), "\(name) was removed") }
    #expect(names.filter { $0.contains(".lottiekit-") }.count == kept.count - 1)

    // A folder with a crash journal still there (here: one whose commit is running, it holds the
    // lock) keeps everything: its temporaries may be needed.
    let journaled = try makeTemporaryDirectory()
    try write(try readBytes(packageRoot + "/Examples/delivery/stickers/wave.json"), to: journaled + "/anim.json")
    try write("", to: journaled + "/.lottiekit-journal-\(live)-Ab12Cd")
    let fd = open(journaled + "/.lottiekit-journal-\(live)-Ab12Cd", O_RDWR)
    #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
    defer { close(fd) }
    try write("partial", to: journaled + "/" + leftovers[0])
    #expect(try lottiekit("info", journaled + "/anim.json").status == 0)
    #expect(FileManager.default.fileExists(atPath: journaled + "/" + leftovers[0]))
  }
}

@Suite("outputs and folders (#21)")
struct OutputFolderTests {
  let hero = packageRoot + "/Examples/delivery/onboarding/hero.json"

  /// #21.9: a refused extract writes nothing, not even the images' folder.
  @Test func aRefusedExtractLeavesNothingBehind() throws {
    let dir = try makeTemporaryDirectory()
    #expect(try lottiekit("inline", hero, "-o", dir + "/inline.json").status == 0)
    // The destination is a folder: the animation cannot replace it.
    try FileManager.default.createDirectory(atPath: dir + "/out/hero.json", withIntermediateDirectories: true)
    let r = try lottiekit("extract", dir + "/inline.json", "-o", dir + "/out/hero.json")
    #expect(r.status == 2, "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out") == ["hero.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out/hero.json").isEmpty)
  }

  /// #21.16: every transform creates -o's folder (as pack does), and extract takes an absolute
  /// --images-dir inside the output's folder.
  @Test(arguments: [["format"], ["strip", "--layer", "Nothing"], ["inline"], ["extract"]])
  func transformsCreateTheOutputFolder(_ command: [String]) throws {
    let dir = try makeTemporaryDirectory()
    let r = try lottiekit(arguments: command + [hero, "-o", dir + "/new/deeper/x.json"])
    #expect(r.status == 0, "\(command): \(r.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir + "/new/deeper/x.json"))
  }

  @Test func extractTakesAnAbsoluteImagesFolderInsideTheOutputFolder() throws {
    let dir = try makeTemporaryDirectory()
    #expect(try lottiekit("inline", hero, "-o", dir + "/inline.json").status == 0)
    let r = try lottiekit("extract", dir + "/inline.json", "-o", dir + "/out/hero.json", "--images-dir", dir + "/out/assets/")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out/assets").count == 2)
    #expect(String(decoding: try readBytes(dir + "/out/hero.json"), as: UTF8.self).contains(#""u":"assets/""#))
    let outside = try lottiekit("extract", dir + "/inline.json", "-o", dir + "/out/h2.json", "--images-dir", dir + "/elsewhere/")
    #expect(outside.status == 64 && outside.stderr.contains("is not inside the output's folder"), "\(outside.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out/h2.json"))
  }
}

@Suite("options and messages (#21)")
struct OptionMessageTests {
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"

  /// #21.13: --profile takes a comma-separated list like --target; a target version outside the
  /// data is accepted but said.
  @Test func profilesCommaSeparatedAndUncoveredVersionsSaid() throws {
    let both = try lottiekit("lint", "--format", "json", "--profile", "spec-strict,telegram-sticker", wave)
    let apart = try lottiekit("lint", "--format", "json", "--profile", "spec-strict", "--profile", "telegram-sticker", wave)
    #expect(both.status == apart.status && both.stdout == apart.stdout, "\(both.stderr)")
    #expect(try lottiekit("lint", "--profile", "spec-strict,nonsense", wave).status == 64)
    let future = try lottiekit("lint", "--target", "ios@9.9", wave)
    #expect(future.stderr.contains("warning: no data for ios@9.9: lottiekit knows lottie-ios"), "\(future.stderr)")
    let known = try lottiekit("lint", "--target", "ios@4.4", wave)
    #expect(!known.stderr.contains("no data for"), "\(known.stderr)")
    let compat = try lottiekit("compat", "--target", "rlottie@99", wave)
    #expect(compat.stderr.contains("no data for rlottie@99"), "\(compat.stderr)")
  }

  /// #21.14: a layer whose in- and out-point are equal is said so (not "ends before it starts"),
  /// and the rule's documentation says which findings are warnings.
  @Test func emptyLayerRangeMessages() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      #"{"v":"5","fr":30,"ip":0,"op":300,"w":10,"h":10,"layers":[{"ty":3,"nm":"a","ind":1,"ip":291,"op":291,"ks":{}},{"ty":3,"nm":"b","ind":2,"ip":30,"op":10,"ks":{}}]}"#,
      to: dir + "/a.json")
    let r = try lottiekit("lint", dir + "/a.json")
    #expect(
      r.stdoutText.contains(#"warning: [LK103] layer "a" (ind 1) starts and ends at the same frame (ip 291, op 291): it is never visible"#), "\(r.stdoutText)")
    #expect(r.stdoutText.contains(#"warning: [LK103] layer "b" (ind 2) ends (op 10) before it starts (ip 30)"#), "\(r.stdoutText)")
    #expect(try lottiekit("explain", "LK103").stdoutText.contains("a layer's: warning"))
  }

  /// #21.19: a sound asset whose file is missing is reported, as a missing image is.
  @Test func missingAudioIsReported() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/audio", withIntermediateDirectories: true)
    try write([0x49, 0x44, 0x33], to: dir + "/audio/aud_0.mp3")
    try write(
      #"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"assets":[{"id":"audio_0","u":"audio/","p":"aud_0.mp3","e":0},{"id":"audio_1","u":"audio/","p":"aud_1.mp3","e":0}],"layers":[{"ty":6,"ind":1,"refId":"audio_0","ip":0,"op":60,"ks":{}},{"ty":6,"ind":2,"refId":"audio_1","ip":0,"op":60,"ks":{}}]}"#,
      to: dir + "/a.json")
    let r = try lottiekit("lint", dir + "/a.json")
    #expect(r.stdoutText.contains(#"[LK310] sound asset "audio_1" points to audio/aud_1.mp3, which does not exist"#), "\(r.stdoutText)")
    #expect(!r.stdoutText.contains(#"sound asset "audio_0""#))
  }
}

@Suite("dotLottie archives in lint and info (#21)")
struct DotLottieLintTests {
  let hero = packageRoot + "/Examples/delivery/onboarding/hero.json"

  /// #21.1: `u: "/i/"` (v2) and `"/images/"` (v1) are the archive's own folders: pack's output
  /// lints clean of asset findings, and info counts its images as in the archive.
  @Test(arguments: ["2", "1"])
  func packedArchivesResolveTheirOwnImages(_ version: String) throws {
    let dir = try makeTemporaryDirectory()
    #expect(try lottiekit("pack", hero, "--format", "lottie", "--dotlottie-version", version, "-o", dir + "/h.lottie").status == 0)
    let r = try lottiekit("lint", "--format", "json", dir + "/h.lottie")
    #expect(!r.stdoutText.contains("LK30"), "\(r.stdoutText)")
    let info = try lottiekit("info", dir + "/h.lottie")
    #expect(info.stdoutText.contains("2 images (2 in the archive"), "\(info.stdoutText)")
  }

  /// #21.1: assets the archive does not hold are missing (LK301 images, LK310 sounds), as the same
  /// JSON outside an archive would be.
  @Test func missingArchiveEntriesAreReported() throws {
    let dir = try makeTemporaryDirectory()
    let animation =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"assets":[{"id":"image_0","w":1,"h":1,"u":"images/","p":"img_0.png","e":0},{"id":"image_1","w":40,"h":40,"u":"/i/","p":"there.png","e":0},{"id":"audio_0","u":"audio/","p":"aud_0.mp3","e":0}],"layers":[{"ty":2,"ind":1,"refId":"image_0","ip":0,"op":60,"st":0,"ks":{}},{"ty":2,"ind":2,"refId":"image_1","ip":0,"op":60,"st":0,"ks":{}},{"ty":6,"ind":3,"refId":"audio_0","ip":0,"op":60,"st":0,"ks":{}}]}"#
    var zip = ZipWriter()
    try zip.add(name: "manifest.json", data: Array(#"{"version":"2","animations":[{"id":"a"}]}"#.utf8), compress: false)
    try zip.add(name: "a/a.json", data: Array(animation.utf8))
    try zip.add(name: "i/there.png", data: try readBytes(packageRoot + "/Examples/delivery/checkout/images/img_0.png"))
    try write(zip.finish(), to: dir + "/x.lottie")
    let r = try lottiekit("lint", dir + "/x.lottie")
    #expect(r.stdoutText.contains("[LK301]") && r.stdoutText.contains("images/img_0.png"), "\(r.stdoutText)")
    #expect(r.stdoutText.contains("[LK310]") && r.stdoutText.contains("audio/aud_0.mp3"), "\(r.stdoutText)")
    #expect(!r.stdoutText.contains("there.png"), "the image the archive holds is found: \(r.stdoutText)")
    #expect(!r.stdoutText.contains("LK302"), "\(r.stdoutText)")
  }

  /// #21.15: a file named .lottie that is not a zip says so, in lint as in unpack.
  @Test func aRenamedPNGIsNotALottie() throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(packageRoot + "/Examples/delivery/checkout/images/img_0.png"), to: dir + "/fake.lottie")
    let r = try lottiekit("lint", dir + "/fake.lottie")
    #expect(r.status == 1)
    #expect(r.stdoutText.contains("fake.lottie:1:1: error: [LK001] not a .lottie (zip) archive (its bytes are image/png)"), "\(r.stdoutText)")
  }

  /// Plain JSON named `.lottie` (Telegram Desktop's icons do this) is read as the JSON it is.
  @Test func plainJSONNamedLottieIsReadAsJSON() throws {
    let dir = try makeTemporaryDirectory()
    let json = #"{"v":"5.7.4","fr":60,"ip":0,"op":60,"w":512,"h":512,"layers":[]}"#
    try write(Array(json.utf8), to: dir + "/icon.lottie")
    try write(Array(json.utf8), to: dir + "/icon.json")
    let asLottie = try lottiekit("lint", "--format", "json", dir + "/icon.lottie")
    let asJSON = try lottiekit("lint", "--format", "json", dir + "/icon.json")
    #expect(asLottie.status == asJSON.status)
    #expect(!asLottie.stdoutText.contains("LK001"), "\(asLottie.stdoutText)")
    #expect(asLottie.stdoutText.replacingOccurrences(of: "icon.lottie", with: "icon.json") == asJSON.stdoutText)
  }
}

/// #21.12: `lint --fix` fixes animations inside .lottie and .tgs files too, writing them back in
/// their container with every other archive entry byte-identical.
@Suite("lint --fix in archives (#21)")
struct ArchiveFixTests {
  static let fixable =
    #"{"v":"5.7.4","fr":60,"ip":0,"op":60,"w":512,"h":512,"layers":[{"ty":3,"nm":"Dot","ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":1,"k":100}}}]}"#

  @Test func fixesInsideADotLottie() throws {
    let dir = try makeTemporaryDirectory()
    // hero.json with one property marked animated that holds a static value; its images go into i/.
    let folder = packageRoot + "/Examples/delivery/onboarding"
    let hero = String(decoding: try readBytes(folder + "/hero.json"), as: UTF8.self)
    try FileManager.default.createDirectory(atPath: dir + "/src/images", withIntermediateDirectories: true)
    for name in ["img_0.png", "img_1.png"] { try write(try readBytes(folder + "/images/" + name), to: dir + "/src/images/" + name) }
    try write(
      hero.replacingOccurrences(of: #""ks":{"o":{"a":0,"k":100,"ix":11}"#, with: #""ks":{"o":{"a":1,"k":100,"ix":11}"#),
      to: dir + "/src/hero.json")
    #expect(try lottiekit("pack", dir + "/src/hero.json", "--format", "lottie", "-o", dir + "/both.lottie").status == 0)
    let before = try ZipArchive(bytes: readBytes(dir + "/both.lottie"))
    let first = try lottiekit("lint", "--profile", "spec-strict", dir + "/both.lottie")
    #expect(first.stdoutText.contains("[LK603]"), "\(first.stdoutText)")
    let fixed = try lottiekit("lint", "--fix", "--profile", "spec-strict", dir + "/both.lottie")
    #expect(fixed.stderr.contains("fixed "), "\(fixed.stderr)")
    #expect(!fixed.stdoutText.contains("[LK603]"), "\(fixed.stdoutText)")
    let after = try ZipArchive(bytes: readBytes(dir + "/both.lottie"))
    #expect(after.entries.map(\.name) == before.entries.map(\.name))
    var changed: [String] = []
    for entry in before.entries {
      let old = try before.data(of: entry)
      let new = try after.data(of: try #require(after.entry(named: entry.name)))
      if old != new { changed.append(entry.name) }
    }
    #expect(changed.count == 1 && changed.first?.hasSuffix(".json") == true && changed.first != "manifest.json", "\(changed)")
  }

  @Test func fixesInsideATgs() throws {
    let dir = try makeTemporaryDirectory()
    try write(Self.fixable, to: dir + "/dot.json")
    #expect(try lottiekit("format", dir + "/dot.json", "-o", dir + "/dot.tgs").status == 0)
    #expect(try lottiekit("lint", "--fix", "--profile", "spec-strict", dir + "/dot.tgs").stderr.contains("fixed 1 problem"))
    let bytes = try readBytes(dir + "/dot.tgs")
    #expect(Array(bytes.prefix(2)) == [0x1F, 0x8B], "written back as gzip")
    let json = try lottiekit("format", "--minify", dir + "/dot.tgs")
    #expect(json.stdoutText.contains(#""o":{"a":0,"k":100}"#), "\(json.stdoutText)")
  }
}

/// #21.7: unpack → pack keeps every entry of a dotLottie, payloads byte-identical.
@Suite("dotLottie round trip (#21)")
struct DotLottieRoundTripTests {
  @Test func unpackThenPackKeepsEveryEntry() throws {
    let dir = try makeTemporaryDirectory()
    let png = try readBytes(packageRoot + "/Examples/delivery/checkout/images/img_0.png")
    let animation =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":40,"h":40,"assets":[{"id":"image_0","w":40,"h":40,"u":"/i/","p":"img_0.png","e":0},{"id":"audio_0","u":"/u/","p":"aud_0.mp3","e":0}],"layers":[{"ty":2,"ind":1,"refId":"image_0","ip":0,"op":60,"st":0,"ks":{}},{"ty":6,"ind":2,"refId":"audio_0","ip":0,"op":60,"st":0,"ks":{}}]}"#
    let second = #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":40,"h":40,"layers":[]}"#
    let original: [(String, [UInt8])] = [
      (
        "manifest.json",
        Array(#"{"version":"2","generator":"someone","animations":[{"id":"one"},{"id":"two"}],"themes":[{"id":"dark"}],"stateMachines":[{"id":"sm"}]}"#.utf8)
      ),
      ("a/one.json", Array(animation.utf8)),
      ("a/two.json", Array(second.utf8)),
      ("i/img_0.png", png),
      ("u/aud_0.mp3", [0x49, 0x44, 0x33, 0x04, 0x00]),
      ("t/dark.json", Array(#"{"rules":[]}"#.utf8)),
      ("s/sm.json", Array(#"{"initial":"a","states":[]}"#.utf8)),
      ("i/.DS_Store", [0, 1, 2])
    ]
    var zip = ZipWriter()
    for (name, data) in original { try zip.add(name: name, data: data, compress: name != "manifest.json") }
    try write(zip.finish(), to: dir + "/in.lottie")

    let unpacked = try lottiekit("unpack", dir + "/in.lottie", "-o", dir + "/out")
    #expect(unpacked.status == 0, "\(unpacked.stderr)")
    #expect(unpacked.stderr.contains("skipped 'i/.DS_Store'"), "junk is said, not written: \(unpacked.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out/images/.DS_Store"))
    #expect(FileManager.default.fileExists(atPath: dir + "/out/audio/aud_0.mp3"))
    let one = String(decoding: try readBytes(dir + "/out/one.json"), as: UTF8.self)
    #expect(one.contains(#""u":"images/""#) && one.contains(#""u":"audio/""#), "\(one)")
    // The unpacked animation lints clean of asset findings (its image and sound are beside it).
    #expect(!(try lottiekit("lint", dir + "/out/one.json").stdoutText.contains("LK3")))

    let packed = try lottiekit("pack", dir + "/out", "-o", dir + "/back.lottie")
    #expect(packed.status == 0, "\(packed.stderr)")
    let back = try ZipArchive(bytes: readBytes(dir + "/back.lottie"))
    for (name, data) in original where name != "i/.DS_Store" {
      let entry = try #require(back.entry(named: name), "\(name) is missing after the round trip")
      #expect(try back.data(of: entry) == data, "\(name) changed")
    }
    #expect(back.entries.count == original.count - 1)
    #expect(back.entries.first?.name == "manifest.json")
  }
}
