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
}
