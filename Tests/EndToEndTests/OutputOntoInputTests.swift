import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// Inputs change only with --in-place: `-o` naming an input (by the same path, a symlink or a
/// hard link) is a usage error in every command that writes, also those without --in-place
/// (render, diff --render, svg, svg --into, pack each wrote over their input with exit 0 or 2).
@Suite("-o naming an input")
struct OutputOntoInputTests {
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"
  let badge = packageRoot + "/Examples/svg/badge.svg"

  @Test(arguments: [
    (["render", "a.json", "-o"], "a.json"),
    (["diff", "a.json", "b.json", "--render", "-o"], "b.json"),
    (["svg", "in.svg", "-o"], "in.svg"),
    (["svg", "in.svg", "--into", "a.json", "-o"], "a.json"),
    (["pack", "a.json", "-o"], "a.json")
  ])
  func refusedWithoutWriting(_ command: [String], _ target: String) throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(wave), to: dir + "/a.json")
    try write(try readBytes(wave), to: dir + "/b.json")
    try write(try readBytes(badge), to: dir + "/in.svg")
    try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/" + target)
    try FileManager.default.linkItem(atPath: dir + "/" + target, toPath: dir + "/hard")
    let before = try ["a.json", "b.json", "in.svg"].map { try readBytes(dir + "/" + $0) }
    for output in [target, "./" + target, "link", "hard"] {
      let r = try run(lottiekitBinary, command + [output], cwd: dir)
      #expect(r.status == 64, "\(command) \(output): \(r.status) \(r.stderr)")
      #expect(r.stderr.contains("inputs are never overwritten"), "\(r.stderr)")
      let after = try ["a.json", "b.json", "in.svg"].map { try readBytes(dir + "/" + $0) }
      #expect(after == before, "\(command) \(output) changed an input")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(names == ["a.json", "b.json", "hard", "in.svg", "link"], "\(names)")
  }
}

/// `pack FILE -o FOLDER/` whose file would land on the input: known only once the name is made, and
/// still a usage error (it was exit 2), said with pack's own usage as a parse-time error is (a
/// job's usage errors printed the top-level "lottiekit <subcommand>" usage).
@Suite("usage errors found while running")
struct RunTimeUsageErrorTests {
  @Test func packIntoTheInputsFolder() throws {
    let dir = try makeTemporaryDirectory()
    let wave = try readBytes(packageRoot + "/Examples/delivery/stickers/wave.json")
    try write(wave, to: dir + "/wave.json")
    for output in ["./", "."] {
      let r = try run(lottiekitBinary, ["pack", "wave.json", "--format", "json", "-o", output], cwd: dir)
      #expect(r.status == 64, "-o \(output): \(r.status) \(r.stderr)")
      #expect(r.stderr.contains("is the input wave.json; inputs are never overwritten"), "\(r.stderr)")
      #expect(r.stderr.contains("Usage: lottiekit pack "), "\(r.stderr)")
      #expect(try readBytes(dir + "/wave.json") == wave)
    }
  }

  @Test func formatSaysItsOwnUsage() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/d", withIntermediateDirectories: true)
    let wave = try readBytes(packageRoot + "/Examples/delivery/stickers/wave.json")
    try write(wave, to: dir + "/d/a.json")
    try write(wave, to: dir + "/d/b.json")
    let r = try run(lottiekitBinary, ["format", "d", "-o", "z.json"], cwd: dir)
    #expect(r.status == 64, "\(r.stderr)")
    #expect(r.stderr.contains("Usage: lottiekit format ") && r.stderr.contains("See 'lottiekit format --help'"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/z.json"))
  }
}

/// Every command that writes an animation writes the container `-o`'s extension names (`format`
/// always did; strip, optimize, inline, extract and svg wrote plain JSON under any name).
@Suite("-o names the container")
struct OutputContainerTests {
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"
  let badge = packageRoot + "/Examples/svg/badge.svg"

  @Test(arguments: [
    ["strip", "--layer", "Nothing", "a.json", "-o"], ["optimize", "--lossless", "a.json", "-o"], ["inline", "a.json", "-o"],
    ["svg", "in.svg", "-o"], ["svg", "in.svg", "--into", "a.json", "-o"]
  ])
  func gzipForTgsAndJsonGzRefusalForLottie(_ command: [String]) throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(wave), to: dir + "/a.json")
    try write(try readBytes(badge), to: dir + "/in.svg")
    for name in ["out.tgs", "out.json.gz"] {
      let r = try run(lottiekitBinary, command + [name], cwd: dir)
      #expect(r.status == 0, "\(command) \(name): \(r.stderr)")
      let bytes = try readBytes(dir + "/" + name)
      #expect(Array(bytes.prefix(2)) == [0x1F, 0x8B], "\(command) \(name) is not gzip")
      // It reads back as an animation.
      #expect(try lottiekit("info", dir + "/" + name).status == 0)
    }
    let r = try run(lottiekitBinary, command + ["out.lottie"], cwd: dir)
    #expect(r.status == 64, "\(command) out.lottie: \(r.status) \(r.stderr)")
    #expect(r.stderr.contains("pack --format lottie"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out.lottie"))
  }

  /// `svg --into` a .lottie says so (it printed a JSON syntax error at 1:1); a .tgs is edited as
  /// its JSON, as the transforms edit it.
  @Test func svgIntoAnArchiveSaysWhy() throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(badge), to: dir + "/in.svg")
    #expect(try lottiekit("pack", wave, "--format", "lottie", "-o", dir + "/a.lottie").status == 0)
    let r = try run(lottiekitBinary, ["svg", "in.svg", "--into", "a.lottie", "-o", "out.json"], cwd: dir)
    #expect(r.status == 2, "\(r.status) \(r.stderr)")
    #expect(r.stderr.contains("use unpack for .lottie"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out.json"))
    #expect(try lottiekit("format", wave, "-o", dir + "/a.tgs").status == 0)
    let tgs = try run(lottiekitBinary, ["svg", "in.svg", "--into", "a.tgs", "-o", "out.tgs"], cwd: dir)
    #expect(tgs.status == 0, "\(tgs.status) \(tgs.stderr)")
    let out = try Gzip.decompress(try readBytes(dir + "/out.tgs"))
    #expect(String(decoding: out, as: UTF8.self).contains(#""nm":"in""#), "the drawing's layer is not in out.tgs")
  }
}

/// A folder that cannot be made says which and why, in every command that makes one (unpack said
/// "NSCocoaErrorDomain error 512", pack and svg said no reason).
@Suite("output folders that cannot be made")
struct UnmakeableFolderTests {
  @Test(arguments: [
    ["pack", "wave.json", "-o", "afile/out/", "--manifest"], ["pack", "wave.json", "-o", "afile/w.lottie"],
    ["unpack", "wave.lottie", "-o", "afile/un"], ["render", "wave.json", "--frames", "0:2", "-o", "afile/frames"],
    ["svg", "badge.svg", "-o", "afile/svgs/"]
  ])
  func saysWhichAndWhy(_ command: [String]) throws {
    let dir = try makeTemporaryDirectory()
    try write(try readBytes(packageRoot + "/Examples/delivery/stickers/wave.json"), to: dir + "/wave.json")
    try write(try readBytes(packageRoot + "/Examples/svg/badge.svg"), to: dir + "/badge.svg")
    #expect(try run(lottiekitBinary, ["pack", "wave.json", "-o", "wave.lottie"], cwd: dir).status == 0)
    try write(Array("not a folder".utf8), to: dir + "/afile")
    let r = try run(lottiekitBinary, command, cwd: dir)
    #expect(r.status == 2, "\(command): \(r.status) \(r.stderr)")
    #expect(r.stderr.contains("afile: cannot create the folder: a file of that name is in the way"), "\(command): \(r.stderr)")
    #expect(try readBytes(dir + "/afile") == Array("not a folder".utf8))
  }
}
