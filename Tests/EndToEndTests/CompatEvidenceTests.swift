import Foundation
import Testing
import LottieJSON

/// #18: every renderer entry that says it was measured has its fixture, `compat` gives the fixture
/// the entry's level, and a sample of the renderer lab (each fixture rendered by the player it
/// names, against lottie-web's stored render) still shows what the entry says.
@Suite("compat evidence: measured entries and their fixtures")
struct CompatEvidenceTests {
  struct Measured {
    let target: String
    let feature: String
    let level: String
    let fixture: String
    let frames: [Int]
    /// `compat --target` for the entry: an entry that ended (`until`) is checked at the oldest
    /// version the data covers, where it applies.
    let selection: String
  }

  static func measuredEntries() throws -> [Measured] {
    var out: [Measured] = []
    let folder = packageRoot + "/Rules/renderers"
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".json") {
      let doc = try JSONDocument(parsing: readBytes(folder + "/" + name))
      for t in doc.root["targets"].list {
        let id = t["id"]?.string ?? "?"
        let oldest = t["versions"].list.compactMap(\.string).first
        for e in t["features"].list {
          guard let m = e["measured"] else { continue }
          out.append(
            Measured(
              target: id, feature: e["feature"]?.string ?? "?",
              level: e["support"]?.string ?? "?", fixture: m["fixture"]?.string ?? "",
              frames: m["frames"].list.compactMap(\.int),
              selection: e["until"] != nil && oldest != nil ? "\(id)@\(oldest!)" : id))
        }
      }
    }
    return out
  }

  @Test func everyMeasuredEntryHasAFixtureThatCompatClassifiesSo() throws {
    let entries = try Self.measuredEntries()
    #expect(entries.count >= 8, "measured entries: \(entries.count)")
    for e in entries {
      let path = packageRoot + "/Tests/Fixtures/compat/" + e.fixture
      #expect(FileManager.default.fileExists(atPath: path), "\(e.target) \(e.feature): no fixture \(e.fixture)")
      let base = String(path.dropLast(5))
      // lottie-web's render, After Effects', or where lottie-web draws the feature wrongly its
      // render of the same picture written with features it draws right (NAME.expected.json).
      let expected = FileManager.default.fileExists(atPath: base + ".expected.png") && FileManager.default.fileExists(atPath: base + ".expected.json")
      #expect(
        FileManager.default.fileExists(atPath: base + ".web.png") || FileManager.default.fileExists(atPath: base + ".ae.png") || expected,
        "\(e.fixture): no reference render (lottie-web, After Effects or an expected picture)")
      let r = try lottiekit("compat", "--format", "json", "--target", e.selection, path)
      let doc = try JSONDocument(parsing: [UInt8](r.stdout))
      let levels = doc.root["files"].list.flatMap { $0["features"].list }
        .filter { $0["feature"]?.string == e.feature }
        .compactMap { $0["support"]?[e.selection]?["level"]?.string ?? $0["support"]?[e.target]?["level"]?.string }
      // One row per detail the fixture shows (keys written "key" : value hide both the frame
      // rate and the size from ThorVG), each at the entry's level.
      #expect(!levels.isEmpty && Set(levels) == [e.level], "\(e.fixture): compat says \(levels) for \(e.feature) on \(e.target), the data \(e.level)")
      if e.level != "supported" {
        // The evidence is shown with the verdict.
        #expect(r.stdoutText.contains("\"kind\": \"measured\""), "\(r.stdoutText)")
        let lint = try lottiekit("lint", "--target", e.selection, path)
        #expect(lint.stdoutText.contains("[LK701]"), "\(e.fixture): lint --target \(e.target) says nothing: \(lint.stdoutText)")
        // The fixture shows the difference on 2 % of the picture or more, so the bound on what
        // the use can change (Coverage) must not call it minor: a bound under what was seen is wrong.
        let minor = doc.root["files"].list.flatMap { $0["features"].list }.filter { $0["feature"]?.string == e.feature && $0["minor"]?.truthy == true }
        #expect(minor.isEmpty, "\(e.fixture): \(e.feature) called minor (\(minor.first?["change"]?.double ?? -1)) where the player was seen to differ")
      }
    }
  }

  /// A use whose bound stays under 2 % of the frame is minor: `compat` marks it in JSON and text,
  /// `lint --target` reports it as an info (exit 0 with `--fail-on warning`); the same feature
  /// grown past the bound is a warning (exit 1).
  @Test func minorUsesAreInfosAndMarked() throws {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    func text(_ t: String, size: Int) -> String {
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512,"fonts":{"list":[{"fName":"Arial","fFamily":"Arial","fStyle":"Regular"}]},"layers":[{"ty":5,"ind":1,"ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(t)","s":\#(size),"f":"Arial","j":0}}]},"a":[]}},{"ty":4,"ind":2,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","s":{"a":0,"k":[512,512]},"p":{"a":0,"k":[256,256]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]}]}"#
    }
    try write(text("OK", size: 20), to: dir + "/caption.json")
    try write(text("Hello world", size: 100), to: dir + "/headline.json")
    let json = try lottiekit("compat", "--format", "json", "--target", "rlottie", dir + "/caption.json", dir + "/headline.json")
    let files = try JSONDocument(parsing: [UInt8](json.stdout)).root["files"].list
    let rows = files.map { f in f["features"].list.first { $0["feature"]?.string == "text-layer" } }
    #expect(rows.map { $0?["minor"]?.truthy } == [true, false])
    // 2 letters × 20 × 24 px over 512² (0.37 %), 10 letters × 100 × 120 px (45.8 %), rounded up.
    #expect(rows.map { $0?["change"]?.double } == [0.0037, 0.4578])
    let table = try lottiekit("compat", "--target", "rlottie", dir + "/caption.json")
    #expect(table.stdoutText.contains("text layers: minor, changes at most 0.4 % of the frame"), "\(table.stdoutText)")
    let caption = try lottiekit("lint", "--target", "rlottie", "--fail-on", "warning", dir + "/caption.json")
    #expect(caption.status == 0)
    #expect(caption.stdoutText.contains("info: [LK701] text layers — rlottie ignored"), "\(caption.stdoutText)")
    #expect(caption.stdoutText.contains("(minor: changes at most 0.4 % of the frame)"))
    let headline = try lottiekit("lint", "--target", "rlottie", "--fail-on", "warning", dir + "/headline.json")
    #expect(headline.status == 1)
    #expect(headline.stdoutText.contains("warning: [LK701] text layers — rlottie ignored"), "\(headline.stdoutText)")
  }

  /// The lab's sample: each fixture rendered by the player its entry names (rlottie-python and
  /// thorvg-python from the oracle venv; for an rlottie entry that ended at 0.2, the system
  /// librlottie 0.1 through `lottiekit render`) differs from lottie-web where the data says the
  /// feature is lost, and matches it where the data says supported.
  @Test func fixturesStillRenderAsTheDataSays() throws {
    guard let python = oraclePython else {
      print("skipping: the oracle venv with the renderers is absent (make oracles)")
      return
    }
    var lines = ""
    for e in try Self.measuredEntries() where ["rlottie", "thorvg"].contains(e.target) {
      let expect = e.level == "supported" ? "same" : "differs"
      let player = e.target == "rlottie" && e.selection != e.target ? e.selection : e.target
      lines += "\(packageRoot)/Tests/Fixtures/compat/\(e.fixture)\t\(player)\t\(e.frames.first ?? 0)\t\(expect)\n"
    }
    let r = try run(python, [packageRoot + "/Tests/oracles/compat_fixtures.py", "--lottiekit", lottiekitBinary], stdin: Data(lines.utf8))
    print(r.stdoutText)
    #expect(r.status == 0, "\(r.stdoutText)")
    #expect(r.stdoutText.contains(" 0 failed"))
  }

  /// Telegram's forks, where they were built (Scripts/telegram-rlottie.sh; their sources are not
  /// part of a clone, so `make test` skips a fork unless TELEGRAM_RLOTTIE, for Telegram Desktop's,
  /// or TELEGRAM_IOS_RLOTTIE, for Telegram iOS's, names the library): every fixture of the fork's
  /// entries, its own and those it inherits, draws as the level `compat --target FORK` gives the
  /// entry's feature says.
  @Test(arguments: [("telegram-desktop", "TELEGRAM_RLOTTIE"), ("telegram-ios", "TELEGRAM_IOS_RLOTTIE")])
  func telegramForksDrawTheFixturesAsTheirDataSays(_ fork: String, _ variable: String) throws {
    guard let python = oraclePython, let library = ProcessInfo.processInfo.environment[variable], FileManager.default.fileExists(atPath: library)
    else {
      print("skipping \(fork): \(variable) does not name a library built by Scripts/telegram-rlottie.sh")
      return
    }
    var lines = ""
    var seen = Set<String>()
    let forks = ["telegram-desktop", fork]
    for e in try Self.measuredEntries() where forks.contains(e.target) || (e.target == "rlottie" && e.selection == "rlottie") {
      let frame = e.frames.first ?? 0
      guard seen.insert("\(e.fixture) \(e.feature) \(frame)").inserted else { continue }
      let path = packageRoot + "/Tests/Fixtures/compat/" + e.fixture
      let r = try lottiekit("compat", "--format", "json", "--target", fork, path)
      let levels = try JSONDocument(parsing: [UInt8](r.stdout)).root["files"].list.flatMap { $0["features"].list }
        .filter { $0["feature"]?.string == e.feature }.compactMap { $0["support"]?[fork]?["level"]?.string }
      #expect(!levels.isEmpty, "\(e.fixture): compat --target \(fork) says nothing of \(e.feature)")
      lines += "\(path)\t\(fork)\t\(frame)\t\(levels.allSatisfy { $0 == "supported" } ? "same" : "differs")\n"
    }
    let r = try run(python, [packageRoot + "/Tests/oracles/compat_fixtures.py", "--lottiekit", lottiekitBinary], stdin: Data(lines.utf8))
    print(r.stdoutText)
    #expect(r.status == 0, "\(r.stdoutText)")
    #expect(r.stdoutText.contains(" 0 failed"))
  }
}
