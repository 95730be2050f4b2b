import Foundation
import Testing
import LottieJSON

@Suite("compat and the Telegram profile on the corpus", .serialized)
struct CompatCorpusTests {
  /// Our feature detection agrees with an independent python walk, and lint --target reports
  /// every expression, visual effect, luma matte, merge path and 3D layer for the targets that
  /// do not support them, except where no player draws them ("not drawn").
  @Test func featureCountsAgreeAndNothingIsMissed() throws {
    guard corpusRoot != nil else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    let files = corpusFiles(extensions: ["json"])
    let python = try run("/usr/bin/env", ["python3", packageRoot + "/Tests/oracles/count_features.py"] + files)
    #expect(python.status == 0)
    var expected: [String: [String: Int]] = [:]
    for line in python.stdoutText.split(separator: "\n") {
      let doc = try JSONDocument(parsing: String(line))
      guard let path = doc.root["path"]?.string else { continue }
      var counts: [String: Int] = [:]
      for m in doc.root.members where m.key != "path" { counts[m.key] = m.value.int ?? 0 }
      expected[path] = counts
    }
    #expect(expected.count > 600)

    let compat = try lottiekit(arguments: ["compat", "--format", "json"] + files)
    let table = try JSONDocument(parsing: [UInt8](compat.stdout)).root
    let lint = try lottiekit(arguments: ["lint", "--format", "json", "--target", "ios,android,web,skottie,rlottie,thorvg"] + files)
    let report = try JSONDocument(parsing: [UInt8](lint.stdout)).root
    var lintCounts: [String: [String: Int]] = [:]
    for file in report["files"].list {
      guard let path = file["path"]?.string else { continue }
      for d in file["diagnostics"].list where d["code"]?.string == "LK701" {
        let message = d["message"]?.string ?? ""
        for (prefix, key) in [
          ("expressions", "expressions"), ("luma mattes", "luma_mattes"), ("inverted luma mattes", "luma_mattes"),
          ("merge paths", "merge_paths"), ("3D layers", "ddd_layers"), ("effects", "effects")
        ] where message.hasPrefix(prefix + " ") {
          lintCounts[path, default: [:]][key, default: 0] += 1
        }
      }
    }
    var compared = 0
    var totals: [String: Int] = [:]
    for file in table["files"].list {
      guard let path = file["path"]?.string, let want = expected[path] else { continue }
      var got: [String: Int] = [:]
      // Uses where no player draws (detail "not drawn", #18) are claimed for no target.
      var notDrawn: [String: Int] = [:]
      for f in file["features"].list {
        let n = f["count"]?.int ?? 0
        let key: String
        switch f["feature"]?.string {
        case "expression": key = "expressions"
        case "effect": key = "effects"
        case "matte-luma", "matte-luma-inverted": key = "luma_mattes"
        case "merge-paths": key = "merge_paths"
        case "3d-layer": key = "ddd_layers"
        default: continue
        }
        got[key, default: 0] += n
        let detail = f["detail"]?.string
        if detail == "not drawn" { notDrawn[key, default: 0] += n }
        // Expressions that return the exported value are supported everywhere (#18): lint
        // reports the others.
        if key == "expressions", detail != "no effect", detail != "not drawn" { got["expressions_that_act", default: 0] += n }
      }
      for key in ["expressions", "effects", "luma_mattes", "merge_paths", "ddd_layers"] {
        #expect(got[key, default: 0] == want[key, default: 0], "\(path): \(key) detected \(got[key, default: 0]), python counts \(want[key, default: 0])")
        totals[key, default: 0] += want[key, default: 0]
      }
      // Every one of them is unsupported somewhere among the six targets: none may be missed.
      for key in ["luma_mattes", "merge_paths", "ddd_layers"] {
        let drawn = want[key, default: 0] - notDrawn[key, default: 0]
        #expect(lintCounts[path]?[key, default: 0] ?? 0 == drawn, "\(path): lint reported \(lintCounts[path]?[key] ?? 0) \(key) of \(drawn) drawn")
      }
      #expect(
        lintCounts[path]?["expressions", default: 0] ?? 0 == got["expressions_that_act", default: 0],
        "\(path): lint reported \(lintCounts[path]?["expressions"] ?? 0) expressions of \(got["expressions_that_act", default: 0]) that act")
      totals["expressions_that_act", default: 0] += got["expressions_that_act", default: 0]
      #expect(
        lintCounts[path]?["effects", default: 0] ?? 0 >= want["visual_effects", default: 0] - notDrawn["effects", default: 0],
        "\(path): visual effects missed")
      compared += 1
    }
    #expect(compared > 600)
    print("compat corpus: \(compared) files; totals \(totals.sorted { $0.key < $1.key })")
  }

  /// Where python-lottie's tgs_check and our telegram-sticker profile check the same rule (canvas,
  /// frame rate 30/60, 64 KiB), they agree on every .tgs of the corpus; what we find beyond it is printed.
  @Test func telegramProfileAgreesWithTgsCheck() throws {
    guard corpusRoot != nil else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    let python = packageRoot + "/.venv-oracles/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python),
      (try? run(python, ["-c", "import lottie"]))?.status == 0
    else {
      print("skipping: python-lottie is not installed in .venv-oracles (make oracles)")
      return
    }
    let stickers = corpusFiles(extensions: ["tgs"])
    #expect(stickers.count > 50)
    let checker = URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared/oracles/tgs_check.py").path
    let oracle = try run(python, [checker] + stickers)
    var theirs: [String: [String]] = [:]
    for line in oracle.stdoutText.split(separator: "\n") {
      guard let doc = try? JSONDocument(parsing: String(line)), let path = doc.root["file"]?.string else { continue }
      theirs[path] = doc.root["messages"].list.compactMap { $0.string?.lowercased() }
    }
    #expect(theirs.count == stickers.count, "tgs_check output: \(oracle.stdoutText.prefix(400))")
    let lint = try lottiekit(arguments: ["lint", "--format", "json", "--profile", "telegram-sticker", "--sticker-30fps"] + stickers)
    let report = try JSONDocument(parsing: [UInt8](lint.stdout)).root
    // tgs_check's words → the name of the forbidden feature in our LK805 message.
    let categories = [
      ("effects are not supported", "layer effects"), ("merge paths", "merge paths"), ("3d", "3d layers"),
      ("text", "text"), ("image", "images"), ("auto-orient", "auto-oriented layers"),
      ("time remap", "time remapping"), ("mask", "masks"), ("gradient stroke", "gradient strokes"),
      ("star", "star shapes"), ("repeater", "repeaters")
    ]
    var beyond: [String] = []
    var agreed = 0
    for file in report["files"].list {
      guard let path = file["path"]?.string else { continue }
      let diagnostics = file["diagnostics"].list
      let ours = Set(diagnostics.compactMap { $0["code"]?.string })
      let messages = diagnostics.compactMap { $0["message"]?.string?.lowercased() }
      let their = theirs[path] ?? []
      let theirErrors = their.filter { $0.hasPrefix("error") }.joined(separator: " ")
      // The rules both check as errors: canvas, frame rate (30/60 with --sticker-30fps), 64 KiB.
      #expect(ours.contains("LK801") == (theirErrors.contains("size") && !theirErrors.contains("file size") || theirErrors.contains("512")), "\(path): canvas")
      #expect(ours.contains("LK803") == (theirErrors.contains("fps") || theirErrors.contains("frame rate")), "\(path): fps")
      #expect(ours.contains("LK804") == (theirErrors.contains("kb") || theirErrors.contains("file size")), "\(path): file size")
      // Every forbidden feature they warn about, we report too.
      for message in their where !message.hasPrefix("error") {
        guard let (_, ourName) = categories.first(where: { message.contains($0.0) }) else { continue }
        #expect(messages.contains { $0.contains(ourName) && $0.contains("not allowed") }, "\(path): tgs_check says \(message); we do not")
        agreed += 1
      }
      let extra = diagnostics.filter { d in
        guard let code = d["code"]?.string, code == "LK802" || code == "LK805" else { return false }
        let m = d["message"]?.string?.lowercased() ?? ""
        return code == "LK802" || !their.contains { t in categories.contains { t.contains($0.0) && m.contains($0.1) } }
      }
      for d in extra { beyond.append("\((path as NSString).lastPathComponent): \(d["code"]?.string ?? "") \(d["message"]?.string?.prefix(70) ?? "")") }
    }
    print("telegram profile: \(agreed) tgs_check warnings matched")
    print("telegram profile beyond tgs_check (\(beyond.count)): \(beyond.prefix(40).joined(separator: ", "))")
  }
}
