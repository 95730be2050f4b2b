import Foundation
import Testing
import LottieJSON

/// Field defects of issue #21: each test failed on 5ba2703.
@Suite("field defects (#21)")
struct FieldDefectTests {
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"

  /// #21.4: `-o` naming an input (by the same path, another spelling, or a symlink) is a usage
  /// error, and the input is left as it was.
  @Test(arguments: [
    ["format", "--minify"], ["strip", "--layer", "Nothing"], ["inline"], ["extract", "--images-dir", "x"],
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
  }

  /// #21.6: nothing to check is an error (exit 2) unless --allow-empty says it is expected; no
  /// path means the current folder for lint, compat and info, and a usage error elsewhere (stdin is
  /// read only for `-`).
  @Test func nothingToCheckIsAnError() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
    try write("not an animation", to: dir + "/sub/readme.txt")
    for command in [["lint"], ["compat"], ["info"], ["format"], ["strip", "--hidden"], ["inline"], ["extract"], ["rename-assets"]] {
      let r = try lottiekit(arguments: command + [dir])
      #expect(r.status == 2, "\(command): \(r.status)")
      #expect(r.stderr.contains("no animations found under \(dir)"), "\(command): \(r.stderr)")
      let allowed = try lottiekit(arguments: command + ["--allow-empty", dir])
      #expect(allowed.status == 0, "\(command) --allow-empty: \(allowed.status) \(allowed.stderr)")
    }
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
    let kept = [".anim.json.lottiekit-\(live)-Ab12Cd", ".anim.json.lottiekit-Qw12Er",  // live writer; old form, new file
                ".anim.json.lottiekit-\(dead)-toolong1", ".notes.txt", "anim.json.lottiekit-\(dead)-Ab12Cd"]
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
