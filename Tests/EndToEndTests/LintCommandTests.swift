import Foundation
import Testing
import LottieJSON

private let clean =
  #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"nm":"ok","ddd":0,"assets":[],"layers":[{"ty":3,"nm":"Null","ind":1,"ip":0,"op":60,"st":0,"sr":1,"ks":{},"ao":0,"bm":0,"ddd":0}]}"#
private let brokenParent =
  #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"nm":"Main","ddd":0,"assets":[],"layers":[{"ty":3,"nm":"Bubble","ind":4,"parent":7,"ip":0,"op":60,"st":0,"sr":1,"ks":{},"ao":0,"bm":0,"ddd":0}]}"#

@Suite("lottiekit lint, end to end", .serialized)
struct LintCommandTests {
  @Test func cleanFileExits0AndBrokenExits1() throws {
    let dir = try makeTemporaryDirectory()
    try write(clean, to: dir + "/ok.json")
    let ok = try lottiekit("lint", dir + "/ok.json")
    #expect(ok.status == 0, "\(ok.stdoutText)")
    #expect(ok.stdoutText.contains("1 file linted: 0 errors"))
    try write(brokenParent, to: dir + "/bad.json")
    let bad = try lottiekit("lint", dir)
    #expect(bad.status == 1)
    #expect(
      bad.stdoutText.contains("\(dir)/bad.json:1:134: error: [LK201] layer \"Bubble\" (ind 4) names parent 7, which does not exist in composition \"Main\""))
    #expect(bad.stdoutText.contains("  at /layers/0/parent in \"Main › Bubble\""))
    #expect(bad.stdoutText.contains("2 files linted: 1 error"))
  }

  @Test func jsonOutputHasTheDocumentedShape() throws {
    let dir = try makeTemporaryDirectory()
    try write(brokenParent, to: dir + "/bad.json")
    try write("{\"v\":", to: dir + "/broken.json")
    let r = try lottiekit("lint", "--format", "json", dir)
    #expect(r.status == 1)
    let doc = try JSONDocument(parsing: [UInt8](r.stdout))
    #expect(doc.root["version"]?.int == 1)
    #expect(doc.root["summary"]?["files"]?.int == 2)
    #expect(doc.root["summary"]?["errors"]?.int == 2)
    let files = doc.root["files"].list
    #expect(files.map { $0["path"]?.string } == [dir + "/bad.json", dir + "/broken.json"])
    let d = try #require(files[0]["diagnostics"]?.element(at: 0))
    for key in ["code", "name", "severity", "message", "help", "line", "column", "endLine", "endColumn", "pointer", "layerPath", "renderers"] {
      #expect(d[key] != nil, "missing \(key)")
    }
    #expect(d["pointer"]?.string == "/layers/0/parent")
    #expect(d["layerPath"].list.compactMap(\.string) == ["Main", "Bubble"])
    let syntax = try #require(files[1]["diagnostics"]?.element(at: 0))
    #expect(syntax["code"]?.string == "LK001")
    #expect(syntax["line"]?.int == 1)
    #expect(syntax["column"]?.int == 6)
  }

  @Test func failOnStrictAndConfig() throws {
    let dir = try makeTemporaryDirectory()
    // A warning only: unused precomp asset.
    let warning = clean.replacingOccurrences(of: "\"assets\":[]", with: "\"assets\":[{\"id\":\"c\",\"layers\":[]}]")
    try write(warning, to: dir + "/w.json")
    #expect(try lottiekit("lint", dir + "/w.json").status == 0)
    #expect(try lottiekit("lint", "--strict", dir + "/w.json").status == 1)
    #expect(try lottiekit("lint", "--fail-on", "warning", dir + "/w.json").status == 1)
    try write("rules:\n  unused-asset: off\n", to: dir + "/.lottiekit.yml")
    let off = try lottiekit("lint", "--strict", "w.json", cwd: dir)
    #expect(off.status == 0, "\(off.stdoutText)")
    try write("rules:\n  unused-asset: error\n", to: dir + "/.lottiekit.yml")
    #expect(try lottiekit("lint", "w.json", cwd: dir).status == 1)
    try write("ignore:\n  - {rule: LK211, pointer: /assets/0}\n", to: dir + "/.lottiekit.yml")
    #expect(try lottiekit("lint", "--strict", "w.json", cwd: dir).status == 0)
    try write("colour: red\n", to: dir + "/.lottiekit.yml")
    let bad = try lottiekit("lint", "w.json", cwd: dir)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains(".lottiekit.yml:1: error: unknown key 'colour'"))
  }

  @Test func usageErrors() throws {
    for args in [
      ["lint", "--target", "winamp", "x.json"], ["lint", "--profile", "nope", "x.json"], ["lint", "--format", "xml", "x.json"],
      ["lint", "--fail-on", "fatal", "x.json"], ["explain", "LK999"], ["lint", "--fix", "-"]
    ] {
      let r = try lottiekit(arguments: args)
      #expect(r.status == 64, "\(args): \(r.status) \(r.stderr)")
    }
  }

  @Test func rulesAndExplain() throws {
    let rules = try lottiekit("rules", "--format", "json")
    #expect(rules.status == 0)
    let list = try JSONDocument(parsing: [UInt8](rules.stdout)).root
    #expect(list.count >= 24)
    #expect(list.elements.contains { $0["code"]?.string == "LK201" && $0["name"]?.string == "parent-missing" })
    let page = try lottiekit("explain", "parent-missing")
    #expect(page.status == 0)
    #expect(page.stdoutText.hasPrefix("# LK201 parent-missing"))
    #expect(page.stdoutText.contains("## Why it matters"))
  }

  @Test func fixIsSafeAtomicAndIdempotent() throws {
    let dir = try makeTemporaryDirectory()
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(clean.utf8)
    try write(bom, to: dir + "/bom.json")
    try write(clean, to: dir + "/clean.json")
    let r = try lottiekit("lint", "--fix", dir)
    #expect(r.status == 0, "\(r.stdoutText)")
    #expect(r.stderr.contains("fixed 1 problem in 1 file"))
    #expect(try readBytes(dir + "/bom.json") == Array(clean.utf8))
    #expect(try readBytes(dir + "/clean.json") == Array(clean.utf8))
    let again = try lottiekit("lint", "--fix", dir)
    #expect(!again.stderr.contains("fixed"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["bom.json", "clean.json"])
  }

  @Test func stdinAndArchives() throws {
    let r = try lottiekit("lint", "-", stdin: Data(brokenParent.utf8))
    #expect(r.status == 1)
    #expect(r.stdoutText.contains("<stdin>:1:134: error: [LK201]"))
    let dir = try makeTemporaryDirectory()
    try write([0x1F, 0x8B, 0x08, 0x00], to: dir + "/cut.tgs")
    let t = try lottiekit("lint", "--format", "json", dir)
    #expect(t.status == 1)
    #expect(t.stdoutText.contains("truncated gzip data"))
  }
}

@Suite("lottiekit lint on the corpus")
struct LintCorpusTests {
  @Test func noCrashPointersResolveAndOutputIsDeterministic() throws {
    guard let root = corpusRoot else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    let one = try lottiekit("lint", "--format", "json", "--jobs", "1", root)
    let two = try lottiekit("lint", "--format", "json", "--jobs", "2", root)
    let again = try lottiekit("lint", "--format", "json", "--jobs", "2", root)
    #expect(!one.crashed && !two.crashed)
    #expect(one.status == 1 || one.status == 0)
    #expect(one.stdout == two.stdout, "output differs between one core and two")
    #expect(two.stdout == again.stdout, "output differs between runs")
    let report = try JSONDocument(parsing: [UInt8](two.stdout)).root
    let files = report["files"].list
    #expect(files.count > 700)
    var checked = 0
    for file in files {
      guard let path = file["path"]?.string else { continue }
      let diagnostics = file["diagnostics"].list
      if diagnostics.isEmpty { continue }
      // Resolve every pointer in the animation it names (dotLottie entries included).
      guard let bytes = try? animationBytes(path), let doc = try? JSONDocument(parsing: bytes) else { continue }
      for d in diagnostics {
        guard let pointer = d["pointer"]?.string else { continue }
        let node = doc.node(atPointer: pointer)
        #expect(node != nil, "\(path): pointer \(pointer) does not resolve")
        if let node {
          #expect(
            node.location.line == d["line"]?.int && node.location.column == d["column"]?.int,
            "\(path): \(pointer) is at \(node.location), diagnostic says \(d["line"]?.int ?? 0):\(d["column"]?.int ?? 0)")
        }
        checked += 1
      }
    }
    #expect(checked > 20)
  }
}

/// The JSON bytes of a path as lint names it (`x.lottie#a/y.json`, `.tgs` decompressed).
func animationBytes(_ displayPath: String) throws -> [UInt8] {
  let parts = displayPath.split(separator: "#", maxSplits: 1).map(String.init)
  let sources = try LottieKitIOShim.load(parts[0])
  if parts.count == 2 { return sources.first { $0.entry == parts[1] }?.bytes ?? [] }
  return sources.first?.bytes ?? []
}

/// `lint --baseline` / `--write-baseline` on a repository of 50 animations (the planted defects and
/// controls: every rule's defect, with the files beside them).
@Suite("lint baseline: adopt on an existing repository")
struct BaselineEndToEndTests {
  func repository() throws -> String {
    let repo = try makeTemporaryDirectory()
    let planted = packageRoot + "/Tests/Fixtures/planted"
    var names: [String] = []
    for folder in ["controls", "defects"] {
      let files = try FileManager.default.contentsOfDirectory(atPath: planted + "/" + folder).filter { $0.hasSuffix(".json") }.sorted()
      names += files.map { folder + "/" + $0 }
    }
    // 50 animations: the 8 controls and the first 42 defects.
    names = Array(names.prefix(50))
    #expect(names.count == 50)
    try FileManager.default.createDirectory(atPath: repo + "/anims", withIntermediateDirectories: true)
    for name in names {
      try write(try readBytes(planted + "/" + name), to: repo + "/anims/" + name.replacingOccurrences(of: "/", with: "-"))
    }
    return repo
  }

  func diagnostics(_ r: RunResult) throws -> [(file: String, code: String, pointer: String)] {
    let doc = try JSONDocument(parsing: [UInt8](r.stdout))
    return doc.root["files"].list.flatMap { f in
      f["diagnostics"].list.map { (f["path"]?.string ?? "", $0["code"]?.string ?? "", $0["pointer"]?.string ?? "") }
    }
  }

  func entries(_ path: String) throws -> Int { try JSONDocument(parsing: readBytes(path)).root["findings"].list.count }

  @Test func baselineHidesThePastAndReportsOnlyWhatIsNew() throws {
    let repo = try repository()
    let baseline = repo + "/.lottiekit-baseline.json"

    // Without a baseline the repository has plenty of findings.
    let before = try lottiekit("lint", "--format", "json", "--fail-on", "info", repo + "/anims")
    #expect(before.status == 1)
    let all = try diagnostics(before)
    #expect(all.count >= 40)

    // Writing the baseline records every one of them and exits 0.
    let writing = try lottiekit("lint", "--write-baseline", baseline, repo + "/anims")
    #expect(writing.status == 0, "\(writing.stderr)")
    #expect(try entries(baseline) == all.count)
    // 50 files, of which the two planted not-lottie ones are JSON that a folder walk skips.
    #expect(writing.stderr.contains("wrote \(all.count) findings of 48 files"), "\(writing.stderr)")
    #expect(writing.stderr.contains("skipped 2 JSON files that are not Lottie animations"), "\(writing.stderr)")
    // Deterministic: writing again gives the same bytes; file names are relative to the baseline.
    let first = try readBytes(baseline)
    _ = try lottiekit("lint", "--write-baseline", baseline, repo + "/anims")
    #expect(try readBytes(baseline) == first)
    #expect(String(decoding: first, as: UTF8.self).contains("\"file\": \"anims/"))

    // With it, the repository lints clean (even at --fail-on info), from any working directory.
    let clean = try lottiekit("lint", "--format", "json", "--fail-on", "info", "--baseline", baseline, repo + "/anims")
    #expect(clean.status == 0, "\(clean.stdoutText.prefix(600))")
    #expect(try diagnostics(clean).isEmpty)
    #expect(clean.stderr.contains("\(all.count) findings in the baseline not shown"))
    let fromInside = try lottiekit("lint", "--fail-on", "info", "--baseline", ".lottiekit-baseline.json", "anims", cwd: repo)
    #expect(fromInside.status == 0, "\(fromInside.stdoutText.prefix(600))")

    // An unrelated edit that moves baselined findings (a layer added at the top shifts every
    // /layers/N) does not bring them back.
    let shifted = repo + "/anims/defects-016-unknown-layer-type.json"
    let moved = try JSONDocument(parsing: readBytes(shifted))
    let baselinedThere = all.filter { $0.file.hasSuffix("defects-016-unknown-layer-type.json") }
    #expect(!baselinedThere.isEmpty && baselinedThere.contains { $0.pointer.hasPrefix("/layers/") })
    var edits = JSONEdits(moved)
    let guide: JSONValue = .object([
      ("ty", .int(3)), ("nm", .string("Guide")), ("ind", .int(900)), ("ip", .int(0)),
      ("op", .int(60)), ("st", .int(0)), ("ks", .object([]))
    ])
    if let layers = moved.root["layers"] { try edits.insertElement(guide, into: layers, at: 0) }
    try write(try edits.apply(), to: shifted)
    let afterMove = try lottiekit("lint", "--format", "json", "--fail-on", "info", "--baseline", baseline, repo + "/anims")
    #expect(try diagnostics(afterMove).isEmpty, "\(afterMove.stdoutText.prefix(800))")

    // One new defect is reported, and only that one.
    let control = repo + "/anims/controls-01-shapes-animated.json"
    let doc = try JSONDocument(parsing: readBytes(control))
    var broken = JSONEdits(doc)
    if let layer = doc.root["layers"]?.element(at: 0) { try broken.set("parent", to: .int(4242), in: layer) }
    try write(try broken.apply(), to: control)
    let one = try lottiekit("lint", "--format", "json", "--baseline", baseline, repo + "/anims")
    #expect(one.status == 1)
    let new = try diagnostics(one)
    #expect(new.count == 1, "\(new)")
    #expect(new.first?.code == "LK201" && new.first?.pointer == "/layers/0/parent" && new.first?.file.hasSuffix("controls-01-shapes-animated.json") == true)
    try write(doc.bytes, to: control)

    // Fixing a baselined file and rewriting the baseline shrinks it by that file's findings.
    let fixed = repo + "/anims/defects-014-layer-outside-composition.json"
    let fixedCount = all.filter { $0.file.hasSuffix("defects-014-layer-outside-composition.json") }.count
    #expect(fixedCount >= 1)
    try write(try readBytes(packageRoot + "/Examples/delivery/stickers/wave.json"), to: fixed)
    let stale = try lottiekit("lint", "--baseline", baseline, repo + "/anims")
    #expect(stale.status == 0)
    #expect(stale.stderr.contains("\(fixedCount) baseline entr"), "\(stale.stderr)")
    _ = try lottiekit("lint", "--write-baseline", baseline, repo + "/anims")
    #expect(try entries(baseline) == all.count - fixedCount)
  }

  @Test func badBaselinesAreErrors() throws {
    let repo = try repository()
    try write("{\"version\": 1, \"findings\": [{\"file\": 3}]}", to: repo + "/b.json")
    let wrong = try lottiekit("lint", "--baseline", repo + "/b.json", repo + "/anims")
    #expect(wrong.status == 2 && wrong.stderr.contains("b.json:1:29: a finding needs"), "\(wrong.stderr)")
    let missing = try lottiekit("lint", "--baseline", repo + "/nope.json", repo + "/anims")
    #expect(missing.status == 2 && missing.stderr.contains("nope.json"), "\(missing.stderr)")
    let both = try lottiekit("lint", "--baseline", "a", "--write-baseline", "b", repo + "/anims")
    #expect(both.status == 64)
  }

  /// `--sticker-emoji` and `--sticker-30fps` without `--profile telegram-sticker` checked nothing
  /// (exit 0 on a 512×512 sticker); LK801's help said 512×512 to an emoji.
  @Test func stickerFlagsSwitchTheProfileOn() throws {
    let dir = try makeTemporaryDirectory()
    try write(#"{"v":"5.5.2","fr":60,"ip":0,"op":120,"w":512,"h":512,"layers":[]}"#, to: dir + "/s.json")
    let emoji = try lottiekit("lint", "--sticker-emoji", dir + "/s.json")
    #expect(emoji.status == 1 && emoji.stdoutText.contains("[LK801]") && emoji.stdoutText.contains("custom emoji must be 100×100"), "\(emoji.stdoutText)")
    #expect(emoji.stdoutText.contains("set the composition to 100×100 px"), "\(emoji.stdoutText)")
    try write(#"{"v":"5.5.2","fr":30,"ip":0,"op":60,"w":512,"h":512,"layers":[]}"#, to: dir + "/t.json")
    #expect(try lottiekit("lint", "--sticker-30fps", dir + "/t.json").status == 0)
    #expect(try lottiekit("lint", "--profile", "telegram-sticker", dir + "/t.json").status == 1)
  }

  /// A file whose name is not valid UTF-8 was skipped by folder walks in silence: a broken
  /// animation so named left CI green. Now it is reported (LK001 in a walk, exit 2 when named).
  @Test func aNameThatIsNotUTF8IsReportedNotSkipped() throws {
    let dir = try makeTemporaryDirectory()
    try write(#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":10,"h":10,"layers":[]}"#, to: dir + "/good.json")
    var raw = Array((dir + "/broken").utf8) + [0xFF] + Array(".json".utf8) + [0]
    let fd = raw.withUnsafeMutableBufferPointer { b in
      b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
    }
    #expect(fd >= 0)
    close(fd)
    let r = try lottiekit("lint", dir)
    #expect(r.status == 1 && r.stdoutText.contains("its name is not valid UTF-8"), "\(r.stdoutText) \(r.stderr)")
    #expect(r.stdoutText.contains("2 files linted"), "\(r.stdoutText)")
    // A folder so named cannot be walked into: it is reported too, not skipped with what it holds.
    let folder = Array((dir + "/sub").utf8) + [0xFE]
    #expect(mkdir(folder.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
    let inside = try lottiekit("lint", dir)
    #expect(inside.status == 1 && inside.stdoutText.contains("3 files linted"), "\(inside.stdoutText)")
    #expect(inside.stdoutText.components(separatedBy: "its name is not valid UTF-8").count == 3, "\(inside.stdoutText)")
  }

  /// A file named twice, or named and inside a named folder, was linted (and counted, and
  /// baselined) twice.
  @Test func aFileReachedTwiceIsLintedOnce() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/anims", withIntermediateDirectories: true)
    try write(#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":10,"h":10,"layers":[{"ty":3,"nm":"a.b","ind":1,"ip":0,"op":30,"ks":{}}]}"#, to: dir + "/anims/x.json")
    let r = try run(lottiekitBinary, ["lint", "anims/x.json", "anims", "./anims/x.json"], cwd: dir)
    #expect(r.stdoutText.contains("1 file linted: 0 errors, 1 warning"), "\(r.stdoutText)")
    #expect(r.stdoutText.components(separatedBy: "[LK401]").count == 2, "\(r.stdoutText)")
  }
}
