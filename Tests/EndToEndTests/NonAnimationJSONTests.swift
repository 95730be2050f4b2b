import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// A folder walk keeps only JSON meant as an animation: an app's folders hold other JSON (Xcode's
/// `Contents.json` in every asset catalog folder, `package.json`), which `format --in-place` and
/// `optimize --in-place` rewrote and `lint` reported as LK100 errors. A named file is still checked
/// (LK100 in lint, an error in a transform).
@Suite("JSON that is not an animation, found in a folder")
struct NonAnimationJSONTests {
  let wave = packageRoot + "/Examples/delivery/stickers/wave.json"
  let contents = #"{"images":[{"idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}}"#
  let package = #"{"name":"app","version":"1.0.0","dependencies":{}}"#

  /// A folder with one animation, an asset catalog's Contents.json and a package.json.
  func appFolder() throws -> String {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/Assets.xcassets/logo.imageset", withIntermediateDirectories: true)
    try write(Array(contents.utf8), to: dir + "/Assets.xcassets/logo.imageset/Contents.json")
    try write(Array(package.utf8), to: dir + "/package.json")
    try write(try readBytes(wave), to: dir + "/wave.json")
    return dir
  }

  func files(_ dir: String) throws -> [[UInt8]] {
    try ["Assets.xcassets/logo.imageset/Contents.json", "package.json"].map { try readBytes(dir + "/" + $0) }
  }

  @Test(arguments: [
    ["lint", "."], ["info", "."], ["compat", "."], ["format", "--in-place", "."], ["optimize", "--lossless", "--in-place", "."],
    ["strip", "--layer", "Nothing", "--in-place", "."], ["inline", "--in-place", "."], ["extract", "--in-place", "."],
    ["lint", "--fix", "."]
  ])
  func skippedWithOneNote(_ command: [String]) throws {
    let dir = try appFolder()
    let before = try files(dir)
    let r = try run(lottiekitBinary, command, cwd: dir)
    #expect(r.status == 0, "\(command): \(r.status) \(r.stderr)")
    #expect(r.stderr.contains("skipped 2 JSON files that are not Lottie animations"), "\(command): \(r.stderr)")
    #expect(!r.stdoutText.contains("LK100") && !r.stdoutText.contains("not-lottie"), "\(command): \(r.stdoutText)")
    #expect(!r.stdoutText.contains("package.json") && !r.stdoutText.contains("Contents.json"), "\(command) reported a skipped file: \(r.stdoutText)")
    #expect(try files(dir) == before, "\(command) changed a file that is not an animation")
  }

  @Test(arguments: [["lint"], ["info"], ["compat"], ["format", "--in-place"], ["strip", "--layer", "x", "--in-place"]])
  func onlyOtherJSONIsNothingToCheck(_ command: [String]) throws {
    let dir = try appFolder()
    try FileManager.default.removeItem(atPath: dir + "/wave.json")
    let before = try files(dir)
    let r = try run(lottiekitBinary, command + ["."], cwd: dir)
    #expect(r.status == 2, "\(command): \(r.status) \(r.stderr)")
    #expect(r.stderr.contains("no animations found under the current folder: only JSON that is not a Lottie animation (first: ./"), "\(r.stderr)")
    let allowed = try run(lottiekitBinary, command + ["--allow-empty", "."], cwd: dir)
    #expect(allowed.status == 0, "\(command) --allow-empty: \(allowed.status) \(allowed.stderr)")
    #expect(try files(dir) == before)
  }

  @Test func namedStaysAnError() throws {
    let dir = try appFolder()
    let lint = try run(lottiekitBinary, ["lint", "package.json"], cwd: dir)
    #expect(lint.status == 1 && lint.stdoutText.contains("LK100"), "\(lint.status) \(lint.stdoutText)")
    for command in [["strip", "--layer", "x"], ["optimize", "--lossless"], ["inline"], ["extract"]] {
      let r = try run(lottiekitBinary, command + ["package.json", "-o", "out.json"], cwd: dir)
      #expect(r.status == 2 && r.stderr.contains("package.json: error: not a Lottie animation"), "\(command): \(r.status) \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir + "/out.json"), "\(command) wrote -o")
    }
  }

  /// `lint --skip-other-json` (the pre-commit hooks) skips a named package.json too.
  @Test func skipOtherJSONSkipsNamedFiles() throws {
    let dir = try appFolder()
    let r = try run(lottiekitBinary, ["lint", "--skip-other-json", "package.json", "wave.json"], cwd: dir)
    #expect(r.status == 0 && !r.stdoutText.contains("LK100"), "\(r.status) \(r.stdoutText)")
    #expect(r.stderr.contains("skipped 1 JSON file") && r.stderr.contains("package.json"), "\(r.stderr)")
    let only = try run(lottiekitBinary, ["lint", "--skip-other-json", "package.json"], cwd: dir)
    #expect(only.status == 2 && only.stderr.contains("no animations found under package.json"), "\(only.status) \(only.stderr)")
  }

  /// Named JSON with two of an animation's top-level fields but no layers is meant as one: it gets
  /// LK101 (missing fields), and JSON with fewer gets LK100 — never a clean lint.
  @Test func namedHalfAnimationsAreReported() throws {
    let dir = try makeTemporaryDirectory()
    try write(Array(#"{"w":512,"h":512}"#.utf8), to: dir + "/wh.json")
    try write(Array(#"{"fr":30,"name":"x"}"#.utf8), to: dir + "/fr.json")
    let r = try run(lottiekitBinary, ["lint", "--format", "json", "wh.json", "fr.json"], cwd: dir)
    #expect(r.status == 1, "\(r.status) \(r.stderr)")
    let files = try JSONDocument(parsing: [UInt8](r.stdout)).root["files"].list
    let codes = files.map { $0["diagnostics"].list.compactMap { $0["code"]?.string } }
    #expect(codes.count == 2 && codes[0].contains("LK101") && codes[1].contains("LK100"), "\(codes)")
  }

  /// A broken animation in a folder is not "other JSON": it is still reported, and so is a .tgs
  /// or .lottie whose JSON is not an animation (its name says it is one).
  @Test func brokenAnimationInAFolderIsReported() throws {
    let dir = try makeTemporaryDirectory()
    try write(Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":"sixty"}"#.utf8), to: dir + "/broken.json")
    try write(Array(#"{"v":"5.7.4","fr":30,"#.utf8), to: dir + "/truncated.json")
    try write(Array(#"{"v":"5.7.4","w":512,"h":512,"nm":"half-written"}"#.utf8), to: dir + "/half.json")
    // Edited by hand with a comment: it holds "layers", so it is a broken animation, not a config file.
    try write(Array("{\"v\":\"5.7.4\",\"layers\":[ // TODO\n]}".utf8), to: dir + "/commented.json")
    try write(Array(#"{"tgs":1}"#.utf8), to: dir + "/sticker.tgs")
    try write(Array("{}".utf8), to: dir + "/empty.lottie")
    let r = try run(lottiekitBinary, ["lint", "--format", "json", "."], cwd: dir)
    #expect(r.status == 1, "\(r.status) \(r.stderr)")
    for name in ["broken.json", "truncated.json", "half.json", "commented.json", "sticker.tgs", "empty.lottie"] {
      #expect(r.stdoutText.contains(name), "\(name) is not reported: \(r.stdoutText)")
    }
    #expect(!r.stderr.contains("skipped"), "\(r.stderr)")
  }

  /// JSON with comments (a `tsconfig.json`, VS Code's `settings.json`) does not parse, and was
  /// reported as an LK001 syntax error in every web project's folder: a walk skips it as other JSON
  /// when the parse stops at `//` or `/*` and no "layers" key is written in it.
  @Test(arguments: [
    ["lint", "."], ["lint", "--fix", "."], ["info", "."], ["compat", "."], ["format", "--in-place", "."],
    ["strip", "--layer", "Nothing", "--in-place", "."], ["lint", "--skip-other-json", "tsconfig.json", "settings.json", "wave.json"]
  ])
  func jsonWithCommentsIsOtherJSON(_ command: [String]) throws {
    let dir = try makeTemporaryDirectory()
    let tsconfig = Array("{\n  // strict mode\n  \"compilerOptions\": {\"strict\": true}\n}\n".utf8)
    let settings = Array("{\n  /* editor */ \"editor.tabSize\": 2\n}\n".utf8)
    try write(tsconfig, to: dir + "/tsconfig.json")
    try write(settings, to: dir + "/settings.json")
    try write(try readBytes(wave), to: dir + "/wave.json")
    let r = try run(lottiekitBinary, command, cwd: dir)
    #expect(r.status == 0, "\(command): \(r.status) \(r.stderr)")
    #expect(r.stderr.contains("skipped 2 JSON files that are not Lottie animations"), "\(command): \(r.stderr)")
    #expect(!r.stdoutText.contains("LK001") && !r.stdoutText.contains("tsconfig"), "\(command): \(r.stdoutText)")
    #expect(try readBytes(dir + "/tsconfig.json") == tsconfig && readBytes(dir + "/settings.json") == settings)
    // Named without --skip-other-json, it is checked: a syntax error.
    let named = try run(lottiekitBinary, ["lint", "tsconfig.json"], cwd: dir)
    #expect(named.status == 1 && named.stdoutText.contains("LK001"), "\(named.status) \(named.stdoutText)")
  }

  /// pack and rename-assets walk folders of their own: there a tsconfig.json stopped the whole
  /// bundle as broken JSON (exit 2, nothing written); now it is skipped like a package.json.
  @Test func packAndRenameAssetsSkipJSONWithComments() throws {
    let dir = try makeTemporaryDirectory()
    try write(Array("{\n  // strict mode\n  \"compilerOptions\": {}\n}\n".utf8), to: dir + "/tsconfig.json")
    try write(try readBytes(wave), to: dir + "/wave.json")
    let pack = try run(lottiekitBinary, ["pack", ".", "-o", "out/"], cwd: dir)
    #expect(pack.status == 0 && pack.stderr.contains("tsconfig.json: skipped: not a Lottie animation"), "\(pack.status) \(pack.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir + "/out/wave.json") && !FileManager.default.fileExists(atPath: dir + "/out/tsconfig.json"))
    let rename = try run(lottiekitBinary, ["rename-assets", "--dry-run", "."], cwd: dir)
    #expect(rename.status == 0 && !rename.stderr.contains("not valid JSON"), "\(rename.status) \(rename.stderr)")
    // Named, it is still an error.
    let named = try run(lottiekitBinary, ["pack", "tsconfig.json", "-o", "t.json"], cwd: dir)
    #expect(named.status == 2 && !FileManager.default.fileExists(atPath: dir + "/t.json"), "\(named.status) \(named.stderr)")
  }

  /// `format FOLDER -o OUT` counts the animations, not the other JSON beside them; `info --quiet`
  /// says nothing on stderr; `lint --write-baseline` over nothing but other JSON writes no baseline.
  @Test func countsNotesAndBaselines() throws {
    let dir = try appFolder()
    let format = try run(lottiekitBinary, ["format", ".", "-o", "out.json"], cwd: dir)
    #expect(format.status == 0 && FileManager.default.fileExists(atPath: dir + "/out.json"), "\(format.status) \(format.stderr)")
    let info = try run(lottiekitBinary, ["info", "--quiet", "."], cwd: dir)
    #expect(info.status == 0 && info.stderr.isEmpty, "\(info.stderr)")
    try FileManager.default.removeItem(atPath: dir + "/wave.json")
    try FileManager.default.removeItem(atPath: dir + "/out.json")
    let baseline = try run(lottiekitBinary, ["lint", "--write-baseline", "b.json", "."], cwd: dir)
    #expect(baseline.status == 2 && baseline.stderr.contains("no animations found"), "\(baseline.status) \(baseline.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/b.json"))
  }
}
