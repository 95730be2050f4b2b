import Foundation
import Testing

/// Defects a new-user pass found (2026-11-28), each reproduced before its fix: ignore globs in
/// .lottiekit.yml were matched against the path as typed, and a baseline used on some of the files
/// called the other files' entries fixed.
@Suite("paths in the configuration and the baseline")
struct ConfigPathTests {
  /// An animation with one LK401 warning (a "." in a layer name), in `anims/`.
  func bundle() throws -> String {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/anims", withIntermediateDirectories: true)
    for name in ["a", "b"] {
      try write(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":3,"nm":"logo.png","ind":1,"ip":0,"op":30,"ks":{}}]}"#,
        to: dir + "/anims/\(name).json")
    }
    return dir
  }

  /// The same file, spelled four ways, with the same configuration: before, only `lint anims`
  /// honoured the ignores (exit 0), the others reported LK401 and failed (exit 1).
  @Test func ignoresAreRelativeToTheConfiguration() throws {
    let dir = try bundle()
    try write(
      "fail-on: warning\nignore:\n  - \"anims/a.json\"\n  - {rule: LK401, path: \"anims/b.json\", pointer: /layers/0/nm}\n",
      to: dir + "/.lottiekit.yml")
    for (arguments, cwd) in [(["anims"], dir), (["./anims"], dir), ([dir + "/anims"], dir), (["."], dir + "/anims"), (["b.json", "a.json"], dir + "/anims")] {
      let r = try run(lottiekitBinary, ["lint"] + arguments, cwd: cwd)
      #expect(r.status == 0 && !r.stdoutText.contains("LK401"), "lint \(arguments) in \(cwd): \(r.status) \(r.stdoutText)")
    }
    // A glob that names another file ignores nothing.
    try write("fail-on: warning\nignore:\n  - \"other/a.json\"\n", to: dir + "/.lottiekit.yml")
    #expect(try run(lottiekitBinary, ["lint", "./anims/a.json"], cwd: dir).status == 1)
  }

  /// Linting one file against a baseline of two said the other file's entry was fixed and asked
  /// for a rewrite (which, run the same way, dropped the other file's entries).
  @Test func aBaselineSpeaksOnlyOfTheFilesLinted() throws {
    let dir = try bundle()
    #expect(try run(lottiekitBinary, ["lint", "--write-baseline", "base.json", "anims"], cwd: dir).status == 0)
    let one = try run(lottiekitBinary, ["lint", "--baseline", "base.json", "anims/a.json"], cwd: dir)
    #expect(one.status == 0 && one.stderr.contains("1 finding in the baseline not shown") && !one.stderr.contains("no longer found"), "\(one.stderr)")
    // A fixed file, and a file that is gone, are still told.
    try write(#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[]}"#, to: dir + "/anims/a.json")
    let fixed = try run(lottiekitBinary, ["lint", "--baseline", "base.json", "anims/a.json"], cwd: dir)
    #expect(fixed.stderr.contains("1 baseline entry no longer found"), "\(fixed.stderr)")
    try FileManager.default.removeItem(atPath: dir + "/anims/b.json")
    let gone = try run(lottiekitBinary, ["lint", "--baseline", "base.json", "anims/a.json"], cwd: dir)
    #expect(gone.stderr.contains("2 baseline entries no longer found"), "\(gone.stderr)")
  }

  /// Rewriting the baseline from some of the files (the pre-commit recipe) dropped every other
  /// file's entries; now they are kept while their files exist, and a file that is not a baseline
  /// is never written over.
  @Test func rewritingABaselineFromSomeFilesKeepsTheOthers() throws {
    let dir = try bundle()
    #expect(try run(lottiekitBinary, ["lint", "--write-baseline", "base.json", "anims"], cwd: dir).status == 0)
    let partial = try run(lottiekitBinary, ["lint", "--write-baseline", "base.json", "anims/a.json"], cwd: dir)
    #expect(partial.status == 0 && partial.stderr.contains("kept 1 of files not linted this time"), "\(partial.stderr)")
    let all = try run(lottiekitBinary, ["lint", "--baseline", "base.json", "--fail-on", "warning", "anims"], cwd: dir)
    #expect(all.status == 0 && all.stderr.contains("2 findings in the baseline not shown"), "\(all.stderr)")
    // A file that is gone loses its entries at the next rewrite.
    try FileManager.default.removeItem(atPath: dir + "/anims/b.json")
    let after = try run(lottiekitBinary, ["lint", "--write-baseline", "base.json", "anims/a.json"], cwd: dir)
    #expect(!after.stderr.contains("kept"), "\(after.stderr)")
    #expect(try String(contentsOfFile: dir + "/base.json", encoding: .utf8).components(separatedBy: "\"file\"").count == 2)
    // --write-baseline naming an animation (a slip of the keyboard): refused, the file unchanged.
    let animation = try String(contentsOfFile: dir + "/anims/a.json", encoding: .utf8)
    try write(animation, to: dir + "/other.json")
    let refused = try run(lottiekitBinary, ["lint", "--write-baseline", "other.json", "anims/a.json"], cwd: dir)
    #expect(refused.status == 2 && refused.stderr.contains("rewrites only a lottiekit baseline"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: dir + "/other.json", encoding: .utf8) == animation)
  }

  /// A baseline kept beside the animations (ci/ next to anims/) named them by absolute paths, so a
  /// checkout elsewhere reported every finding again (exit 1); and a `#` in a folder name was
  /// taken for a .lottie member, which called the file gone.
  @Test func baselinesNameFilesOutsideTheirFolderRelatively() throws {
    let dir = try bundle()
    try FileManager.default.createDirectory(atPath: dir + "/ci", withIntermediateDirectories: true)
    #expect(try run(lottiekitBinary, ["lint", "--write-baseline", "ci/base.json", "anims"], cwd: dir).status == 0)
    let text = try String(contentsOfFile: dir + "/ci/base.json", encoding: .utf8)
    #expect(text.contains(#""file" : "../anims/a.json""#) || text.contains(#""file": "../anims/a.json""#), "\(text)")
    let moved = try makeTemporaryDirectory() + "/checkout"
    try FileManager.default.copyItem(atPath: dir, toPath: moved)
    let r = try run(lottiekitBinary, ["lint", "--fail-on", "warning", "--baseline", "ci/base.json", "anims"], cwd: moved)
    #expect(r.status == 0 && r.stderr.contains("2 findings in the baseline not shown"), "\(r.stdoutText) \(r.stderr)")
    // A baseline written before, with absolute paths, still holds its findings back.
    try write(text.replacingOccurrences(of: "../anims/", with: moved + "/anims/"), to: moved + "/ci/old.json")
    let old = try run(lottiekitBinary, ["lint", "--fail-on", "warning", "--baseline", "ci/old.json", "anims"], cwd: moved)
    #expect(old.status == 0, "\(old.stdoutText) \(old.stderr)")
    // `#` in a folder name.
    try FileManager.default.moveItem(atPath: moved + "/anims", toPath: moved + "/v#2")
    #expect(try run(lottiekitBinary, ["lint", "--write-baseline", "base.json", "v#2"], cwd: moved).status == 0)
    let hash = try run(lottiekitBinary, ["lint", "--baseline", "base.json", "v#2/a.json"], cwd: moved)
    #expect(hash.status == 0 && !hash.stderr.contains("no longer found"), "\(hash.stderr)")
  }

  /// An ignored folder hid every finding but a syntax error's (LK001), so a broken legacy file
  /// failed CI whatever the configuration said.
  @Test func ignoresHideSyntaxErrorsToo() throws {
    let dir = try bundle()
    try FileManager.default.createDirectory(atPath: dir + "/anims/legacy", withIntermediateDirectories: true)
    try write(#"{"v":"5.7.4","fr":30,"#, to: dir + "/anims/legacy/old.json")
    for config in [
      "ignore:\n  - \"anims/legacy/**\"\n  - \"anims/?.json\"\n", "ignore:\n  - {rule: LK001, path: \"anims/legacy/old.json\"}\n  - {rule: LK401}\n"
    ] {
      try write(config, to: dir + "/.lottiekit.yml")
      let r = try run(lottiekitBinary, ["lint", "anims"], cwd: dir)
      #expect(r.status == 0 && !r.stdoutText.contains("LK001"), "\(config): \(r.stdoutText)")
    }
    try write("ignore:\n  - {rule: LK401}\n", to: dir + "/.lottiekit.yml")
    #expect(try run(lottiekitBinary, ["lint", "anims"], cwd: dir).status == 1)
  }
}
