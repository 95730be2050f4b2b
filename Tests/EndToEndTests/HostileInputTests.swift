import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// Every command against hostile inputs: each run must end with exit 0, 1 or 2 (never a signal or
/// a hang), an exit 2 must say what is wrong and name the file, inputs must stay byte-identical,
/// and nothing may be written outside the output path.
@Suite("hostile inputs: every command", .serialized)
struct HostileInputTests {
  /// Hostile files by name. Built once per test run in a scratch folder.
  static func makeInputs(in dir: String) throws -> [String] {
    var files: [(String, [UInt8])] = []
    let hero = try readBytes(packageRoot + "/Examples/delivery/onboarding/hero.json")
    files.append(("empty.json", []))
    files.append(("truncated.json", Array(hero.prefix(hero.count / 2))))
    files.append(("deep-arrays.json", [UInt8](repeating: UInt8(ascii: "["), count: 100_000)))
    files.append(("deep-objects.json", Array((String(repeating: #"{"a":"#, count: 3000) + "1" + String(repeating: "}", count: 3000)).utf8)))
    files.append(
      ("huge-string.json", Array(#"{"v":"5.7.4","nm":""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_000) + Array(#"","layers":[]}"#.utf8)))
    files.append(
      (
        "huge-array.json",
        Array(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["#.utf8)
          + Array(repeating: Array("0,".utf8), count: 500_000).flatMap { $0 } + Array("0]}".utf8)
      ))
    files.append(("huge-number.json", Array(#"{"v":"5","fr":1e999999,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#.utf8)))
    files.append(
      (
        "long-number.json",
        Array(#"{"v":"5","fr":30,"ip":0,"op":"#.utf8) + [UInt8](repeating: UInt8(ascii: "9"), count: 100_000)
          + Array(#","w":10,"h":10,"layers":[]}"#.utf8)
      ))
    files.append(("invalid-utf8.json", Array(#"{"v":"5","nm":""#.utf8) + [0xC3, 0x28, 0xFF] + Array(#"","layers":[]}"#.utf8)))
    files.append(("lone-surrogate.json", Array(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"nm":"\ud800","layers":[]}"#.utf8)))
    files.append(("nul-byte.json", Array(#"{"v":"5","nm":"a"#.utf8) + [0] + Array(#"b","layers":[]}"#.utf8)))
    files.append(("duplicate-keys.json", Array(#"{"v":"5","fr":30,"fr":60,"ip":0,"op":60,"w":10,"h":10,"layers":[],"layers":[]}"#.utf8)))
    files.append(
      (
        "numbers-for-objects.json",
        Array(
          #"{"v":5,"fr":30,"ip":0,"op":60,"w":10,"h":10,"assets":7,"layers":[7,{"ty":4,"ks":7,"shapes":7,"ef":7,"masksProperties":7,"ip":0,"op":60,"parent":"x"}],"markers":7,"fonts":7}"#
            .utf8)
      ))
    files.append(("parent-cycle.json", try readBytes(packageRoot + "/Tests/Fixtures/planted/defects/021-parent-cycle.json")))
    files.append(("precomp-cycle.json", try readBytes(packageRoot + "/Tests/Fixtures/planted/defects/030-precomp-cycle-indirect.json")))
    files.append(
      (
        "escaping-paths.json",
        Array(
          #"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"assets":[{"id":"a","w":1,"h":1,"u":"../../../../etc/","p":"passwd","e":0},{"id":"b","w":1,"h":1,"u":"/etc/","p":"hostname","e":0},{"id":"c","w":1,"h":1,"u":"https://example.com/","p":"x.png","e":0},{"id":"d","w":1,"h":1,"u":"images/","p":"link.png","e":0}],"layers":[{"ty":2,"refId":"a","ind":1,"ip":0,"op":60,"ks":{}},{"ty":2,"refId":"b","ind":2,"ip":0,"op":60,"ks":{}},{"ty":2,"refId":"c","ind":3,"ip":0,"op":60,"ks":{}},{"ty":2,"refId":"d","ind":4,"ip":0,"op":60,"ks":{}}]}"#
            .utf8)
      ))
    files.append(("png-named.json", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))
    files.append(("json-named.tgs", hero))
    files.append(("truncated.tgs", Array((try Gzip.compress(hero)).prefix(200))))
    files.append(("bomb.tgs", try Gzip.compress([UInt8](repeating: 0x20, count: 600 * 1024 * 1024))))
    files.append(("truncated.lottie", Array(try dotLottie([("manifest.json", Array(#"{"version":"2"}"#.utf8)), ("a/x.json", hero)]).prefix(300))))
    files.append(("zip-slip.lottie", try dotLottie([("manifest.json", Array(#"{"version":"2"}"#.utf8)), ("a/../../escape.json", hero), ("a/x.json", hero)])))
    files.append(
      ("zip-bomb.lottie", try dotLottie([("manifest.json", Array(#"{"version":"2"}"#.utf8)), ("a/x.json", [UInt8](repeating: 0x20, count: 600 * 1024 * 1024))]))
    )
    // Hostile SVG: entity bombs, external entities, <use> bombs, depth, a huge path, not XML at all.
    var laughs = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">"#
    var previous = "a"
    for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
      laughs += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
      previous = name
    }
    laughs += #"]><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><g id="&j;"><rect width="1" height="1"/></g></svg>"#
    files.append(("laughs.svg", Array(laughs.utf8)))
    files.append(
      (
        "xxe.svg",
        Array(
          #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><g id="&x;"/></svg>"#
            .utf8)
      ))
    var bomb = #"<rect id="l0" width="1" height="1"/>"#
    for level in 1...8 { bomb += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>" }
    files.append(
      ("use-bomb.svg", Array((#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><defs>"# + bomb + ##"</defs><use href="#l8"/></svg>"##).utf8)))
    files.append(("deep.svg", Array((#"<svg xmlns="http://www.w3.org/2000/svg">"# + String(repeating: "<g>", count: 100_000)).utf8)))
    files.append(
      (
        "huge-path.svg",
        Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><path d="M0 0"#.utf8)
          + Array(repeating: Array("l1 1".utf8), count: 1_000_000).flatMap { $0 } + Array(#""/></svg>"#.utf8)
      ))
    files.append(("binary.svg", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0xFF, 0xFE]))
    try FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
    symlink("/etc/hostname", dir + "/images/link.png")
    for (name, bytes) in files { try write(bytes, to: dir + "/" + name) }
    return files.map(\.0)
  }

  static func dotLottie(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
    var zip = ZipWriter()
    for (name, data) in entries { try zip.add(name: name, data: data) }
    return zip.finish()
  }

  /// Runs with a time limit: a hang is a failure (killed by timeout(1)). The limit finds hangs, it
  /// does not measure speed (`make bench` does): `lint --format sarif` of huge-array.json writes
  /// 500,000 findings (521 MB) in 19 s with the release build, and took over 60 s of wall time with
  /// the debug build on a loaded 2-core machine (twice on 2026-11-25, a renderer lab running beside).
  func runLimited(_ args: [String], cwd: String) throws -> RunResult {
    try run("/usr/bin/timeout", ["-s", "KILL", "300", lottiekitBinary] + args, cwd: cwd)
  }

  @Test func everyCommandSurvivesEveryHostileInput() throws {
    let dir = try makeTemporaryDirectory()
    let inputs = try Self.makeInputs(in: dir + "/in")
    let out = dir + "/out"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let hero = packageRoot + "/Examples/delivery/onboarding/hero.json"
    var runs = 0
    var byStatus: [Int32: Int] = [:]
    for name in inputs {
      let input = "in/" + name
      let before = try treeSnapshot(dir + "/in")
      let commands: [[String]] = [
        ["info", input], ["format", "--minify", input, "-o", "out/f.json"], ["lint", input], ["lint", "--format", "sarif", input],
        ["lint", "--profile", "spec-strict", "--profile", "telegram-sticker", "--target", "ios,android,web,rlottie", input],
        ["compat", input], ["strip", "--layer", "*", "--cascade", input, "-o", "out/s.json"],
        ["inline", input, "-o", "out/i.json"], ["extract", input, "-o", "out/e.json", "--images-dir", "out/img"],
        ["render", input, "--size", "32x32", "-o", "out/r.png"], ["diff", input, hero],
        ["pack", input, "-o", "out/p.json.gz"], ["pack", input, "--format", "lottie", "--prune", "--precision", "2", "-o", "out/p.lottie"],
        ["unpack", input, "-o", "out/u"], ["svg", input, "-o", "out/svg.json"]
      ]
      for args in commands {
        let r = try runLimited(args, cwd: dir)
        runs += 1
        byStatus[r.status, default: 0] += 1
        let what = "lottiekit \(args.joined(separator: " "))"
        #expect(!r.crashed && r.status != 124 && r.status != 137, "\(what): killed or hung (status \(r.status))")
        #expect([0, 1, 2].contains(r.status), "\(what): exit \(r.status)\n\(r.stderr.prefix(300))")
        if r.status == 2 {
          #expect(!r.stderr.isEmpty && r.stderr.contains(name), "\(what): exit 2 without naming the file: \(r.stderr.prefix(300))")
        }
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"), "\(what): \(r.stderr.prefix(300))")
      }
      // Inputs unchanged, nothing written beside them (rename-assets runs last: it may rename).
      #expect(try treeSnapshot(dir + "/in") == before, "\(name): an input changed or a file appeared beside it")
      // Nothing outside out/ and in/.
      let top = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
      #expect(top == ["in", "out"], "\(name): wrote \(top.subtracting(["in", "out"]))")
      #expect(!FileManager.default.fileExists(atPath: dir + "/escape.json") && !FileManager.default.fileExists(atPath: "/escape.json"))
    }
    // rename-assets over the whole hostile folder: refuses or succeeds, never crashes.
    let r = try runLimited(["rename-assets", "--dry-run", "in"], cwd: dir)
    #expect([0, 1, 2].contains(r.status) && !r.crashed, "rename-assets: \(r.status) \(r.stderr.prefix(300))")
    print("hostile inputs: \(inputs.count) inputs × 15 commands = \(runs) runs; exit codes \(byStatus.sorted { $0.key < $1.key })")
  }

  /// A full disk (a 64 KB tmpfs): the write fails with a message, the destination keeps its old
  /// content and no temporary file is left behind.
  @Test func fullDiskLeavesTheOldFile() throws {
    let mountPoint = try makeTemporaryDirectory()
    let mounted = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint])
    guard mounted.status == 0 else {
      print("skipping: cannot mount a small tmpfs here (\(mounted.stderr.trimmingCharacters(in: .whitespacesAndNewlines)))")
      return
    }
    defer { _ = try? run("/bin/umount", [mountPoint]) }
    let old = Array("old content\n".utf8)
    try write(old, to: mountPoint + "/out.json")
    // 200 KB of pretty JSON does not fit in 64 KB.
    let big = packageRoot + "/Examples/delivery/stickers/wave.json"
    let r = try lottiekit("format", "--pretty", big, "-o", mountPoint + "/out.json")
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains("out.json") && (r.stderr.contains("No space") || r.stderr.contains("no space")), "\(r.stderr)")
    #expect(try readBytes(mountPoint + "/out.json") == old)
    #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint) == ["out.json"])
  }

  /// A folder where a file is expected, and an output path inside a missing folder.
  @Test func foldersAndMissingParents() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/x.json", withIntermediateDirectories: true)
    let r = try lottiekit("render", dir + "/x.json", "-o", dir + "/x.png")
    #expect(r.status == 2 && r.stderr.contains("x.json"), "\(r.stderr)")
    // A missing folder is made (#21.16); a folder that is a file cannot be, and nothing is left.
    let made = try lottiekit("format", packageRoot + "/Examples/delivery/stickers/wave.json", "-o", dir + "/missing/folder/out.json")
    #expect(made.status == 0 && FileManager.default.fileExists(atPath: dir + "/missing/folder/out.json"), "\(made.stderr)")
    try write("not a folder", to: dir + "/file.txt")
    let f = try lottiekit("format", packageRoot + "/Examples/delivery/stickers/wave.json", "-o", dir + "/file.txt/sub/out.json")
    // The folder in the way is named, and why (FileIO.makeFolder).
    #expect(f.status == 2 && f.stderr.contains("file.txt: cannot create the folder: a file of that name is in the way"), "\(f.stderr)")
  }
}
