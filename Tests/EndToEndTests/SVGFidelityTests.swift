import Foundation
import Testing

/// `lottiekit svg` measured with independent renderers on real icon sets (issue #8): every icon of
/// Debian's bootstrap-icons and every symbolic icon of adwaita-icon-theme (svgo-minified, packed
/// arc flags) is converted, the SVG is rendered by resvg and the Lottie by rlottie and by ThorVG at
/// 8× zoom (`Tests/oracles/svg_sets.py`, with the render and score functions of
/// `../shared/oracles/svg_fidelity.py`; each icon converted once and drawn once per renderer), and
/// each is scored against the bar of
/// `research/svg.md`: bad pixels ≤ 0.5 % and IoU of the alpha masks ≥ 0.98.
///
/// The IoU part of the bar is sensitive to each rasteriser's edge coverage on thin strokes, so the
/// test also renders every SVG with ThorVG's own SVG loader ("noise": two renderers, one file, no
/// converter). Where resvg and ThorVG disagree on the SVG itself, no converter can meet the bar
/// with ThorVG; the test checks that the conversion adds no failure beyond those.
@Suite("svg fidelity on real icon sets", .serialized)
struct SVGFidelityTests {
  struct Score {
    var file: String
    var mae: Double
    var bad: Double
    var iou: Double
    var converted: Bool
    var meetsBar: Bool { converted && bad <= 0.5 && iou >= 0.98 }
  }

  static let bootstrap = "/usr/share/bootstrap-icons/svg"
  static let adwaita = "/usr/share/icons/Adwaita/scalable"
  /// Lucide's outline icons (style on the root `<svg>`), in ../shared/svg-sets.
  static let lucide = packageRoot + "/../shared/svg-sets/lucide"

  static func icons(_ set: String) -> [String] {
    guard let e = FileManager.default.enumerator(atPath: set) else { return [] }
    var files: [String] = []
    for case let path as String in e where path.hasSuffix(".svg") {
      if set == adwaita && !path.hasSuffix("-symbolic.svg") { continue }
      files.append(set + "/" + path)
    }
    return files.sorted()
  }

  /// Scores per pair (`noise`, `thorvg`, `rlottie`, `same`; see `Tests/oracles/svg_sets.py`) of
  /// every icon: each icon converted once and drawn once per renderer.
  func scores(_ files: [String], pairs: [String], python: String) throws -> [String: [Score]] {
    let dir = try makeTemporaryDirectory()
    try write(files.joined(separator: "\n"), to: dir + "/files.txt")
    let script = #"exec "$0" "$1" --lottiekit "$2" --zoom 8 --pairs "$3" --csv "$4" $(cat "$5")"#
    let r = try run(
      "/bin/sh",
      [
        "-c", script, python, packageRoot + "/Tests/oracles/svg_sets.py", lottiekitBinary, pairs.joined(separator: ","),
        dir + "/scores.csv", dir + "/files.txt"
      ])
    #expect(r.status == 0, "svg_sets.py failed: \(r.stderr.suffix(500))")
    let text = try String(contentsOfFile: dir + "/scores.csv", encoding: .utf8)
    var out: [String: [Score]] = [:]
    for line in text.split(whereSeparator: \.isNewline).dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard f.count == 1 + 3 * pairs.count else { continue }
      for (k, pair) in pairs.enumerated() {
        let (mae, bad, iou) = (f[1 + 3 * k], f[2 + 3 * k], f[3 + 3 * k])
        out[pair, default: []].append(
          Score(
            file: f[0], mae: Double(mae) ?? .nan, bad: Double(bad) ?? .infinity, iou: Double(iou) ?? 0,
            converted: !iou.isEmpty))
      }
    }
    return out
  }

  func summary(_ label: String, _ scores: [Score]) -> String {
    let passed = scores.filter(\.meetsBar).count
    let worstBad = scores.map(\.bad).max() ?? 0
    let worstIoU = scores.map(\.iou).min() ?? 1
    let meanMAE = scores.map(\.mae).reduce(0, +) / Double(max(1, scores.count))
    return String(
      format: "%@: %d/%d within the bar (%.2f%%), worst bad %.3f%%, worst IoU %.4f, mean MAE %.4f%%",
      label, passed, scores.count, 100 * Double(passed) / Double(max(1, scores.count)), worstBad, worstIoU, meanMAE)
  }

  func oracleReady() -> String? {
    guard let python = oraclePython else {
      print("skipping svg fidelity: the oracle venv with rlottie and ThorVG is missing (make oracles)")
      return nil
    }
    guard FileManager.default.isExecutableFile(atPath: packageRoot + "/.venv-oracles/bin/resvg") else {
      print("skipping svg fidelity: resvg is not in .venv-oracles (make oracles)")
      return nil
    }
    return python
  }

  /// #19: clip paths (a half-clip, a Figma export with a canvas-sized clip around a clipped group,
  /// an even-odd ring, a rotated clip under a translated parent), a luminance mask and group
  /// opacity over overlapping parts, converted into layer masks, a luma matte and layer opacity,
  /// match resvg's rendering of the SVG in rlottie and ThorVG.
  @Test func clipPathsAndMasks() throws {
    guard let python = oracleReady() else { return }
    let folder = packageRoot + "/Tests/Fixtures/svg-clip"
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") }.sorted().map { folder + "/" + $0 }
    #expect(files.count == 8)
    let all = try scores(files, pairs: ["rlottie", "thorvg"], python: python)
    for renderer in ["rlottie", "thorvg"] {
      let scores = all[renderer] ?? []
      print("svg fidelity " + summary("clip paths and masks → \(renderer)", scores))
      #expect(scores.count == files.count)
      let failing = scores.filter { !$0.meetsBar }
      #expect(failing.isEmpty, "\(renderer): \(failing)")
    }
  }

  /// #19: against resvg, no icon more than 0.005 IoU worse than ThorVG's own rendering of the
  /// original SVG (`noise`): the rasterisers' disagreement is not the converter's, anything beyond
  /// it is.
  func expectNoWorseThanThorVGsSVG(_ set: String, _ all: [String: [Score]]) {
    let noise = Dictionary((all["noise"] ?? []).map { ($0.file, $0) }, uniquingKeysWith: { a, _ in a })
    let worse = (all["thorvg"] ?? []).filter { s in noise[s.file].map { s.iou < $0.iou - 0.005 } ?? true }
    print(
      "svg fidelity   \(set): \(worse.count) icons more than 0.005 IoU below ThorVG's own SVG rendering: "
        + worse.map { "\($0.file) \($0.iou) vs \(noise[$0.file]?.iou ?? -1)" }.joined(separator: ", "))
    #expect(worse.isEmpty, "\(worse.map { "\($0.file) IoU \($0.iou) vs ThorVG SVG \(noise[$0.file]?.iou ?? -1)" })")
  }

  /// #19: the converter measured alone. ThorVG renders the original SVG (its own SVG loader) and
  /// the converted Lottie (its Lottie loader): one rasteriser, so any difference is the converter's.
  /// At least 99.5% of each set within the bar.
  func expectSameRendererFidelity(_ set: String, _ scores: [Score], count: Int) {
    print("svg fidelity " + summary("\(set): ThorVG SVG vs lottiekit → ThorVG Lottie", scores))
    #expect(scores.count == count)
    #expect(
      Double(scores.filter(\.meetsBar).count) >= 0.995 * Double(scores.count),
      "\(scores.filter { !$0.meetsBar }.map { "\($0.file) bad \($0.bad) IoU \($0.iou)" })")
  }

  @Test func bootstrapIcons() throws {
    guard let python = oracleReady() else { return }
    let files = Self.icons(Self.bootstrap)
    guard !files.isEmpty else {
      print("skipping svg fidelity: \(Self.bootstrap) is missing (make testdata installs bootstrap-icons)")
      return
    }
    let all = try scores(files, pairs: ["noise", "thorvg", "rlottie", "same"], python: python)
    let noise = all["noise"] ?? []
    let noiseFailures = Set(noise.filter { !$0.meetsBar }.map(\.file))
    print("svg fidelity " + summary("bootstrap-icons, resvg vs ThorVG on the SVG itself (renderer noise)", noise))
    for renderer in ["thorvg", "rlottie"] {
      let scores = all[renderer] ?? []
      print("svg fidelity " + summary("bootstrap-icons → lottiekit → \(renderer)", scores))
      #expect(scores.count == files.count)
      #expect(scores.allSatisfy { $0.converted }, "not converted: \(scores.filter { !$0.converted }.map(\.file))")
      // The bad-pixel bar holds for every icon, with either renderer.
      #expect(scores.allSatisfy { $0.bad <= 0.5 }, "\(scores.filter { $0.bad > 0.5 }.map(\.file))")
      let failures = scores.filter { !$0.meetsBar }
      let beyondNoise = failures.filter { !noiseFailures.contains($0.file) }
      print(
        "svg fidelity   \(renderer): \(failures.count) below the bar, \(failures.count - beyondNoise.count) of them also when ThorVG renders the SVG itself; beyond that: \(beyondNoise.map { "\($0.file) (IoU \($0.iou))" })"
      )
      if renderer == "thorvg" {
        // Converting adds no failure: every icon below the bar is one where ThorVG's own SVG
        // rendering disagrees with resvg just as much.
        #expect(beyondNoise.isEmpty, "\(beyondNoise.map(\.file))")
      } else {
        // rlottie flattens curves into chords as ThorVG does (1/6 px), and is measured against
        // resvg: of the icons ThorVG's own rendering of the SVG draws within the bar, 99 % (11 of
        // 1,923 below it when measured); the rest is edge coverage on thin shapes.
        let clean = files.count - noiseFailures.count
        #expect(Double(clean - beyondNoise.count) >= 0.99 * Double(clean), "\(beyondNoise.map { "\($0.file) \($0.iou)" })")
        #expect(beyondNoise.allSatisfy { $0.iou >= 0.97 }, "\(beyondNoise.map { "\($0.file) \($0.iou)" })")
      }
    }
    // percent and voicemail (filled arcs) were 0.0052 and 0.0071 below ThorVG's own rendering
    // until filled path arcs were cut as ThorVG's SVG loader cuts them (`Geometry.ArcCubics.thorvg`).
    expectNoWorseThanThorVGsSVG("bootstrap-icons", all)
    expectSameRendererFidelity("bootstrap-icons", all["same"] ?? [], count: files.count)
  }

  @Test func adwaitaSymbolicIcons() throws {
    guard let python = oracleReady() else { return }
    let files = Self.icons(Self.adwaita)
    guard !files.isEmpty else {
      print("skipping svg fidelity: no symbolic icons under \(Self.adwaita) (make testdata installs adwaita-icon-theme)")
      return
    }
    let all = try scores(files, pairs: ["noise", "thorvg", "rlottie", "same"], python: python)
    for renderer in ["thorvg", "rlottie"] {
      let scores = all[renderer] ?? []
      print("svg fidelity " + summary("adwaita symbolic → lottiekit → \(renderer)", scores))
      #expect(scores.allSatisfy { $0.converted }, "not converted: \(scores.filter { !$0.converted }.map(\.file))")
      #expect(scores.allSatisfy { $0.bad <= 0.5 }, "\(scores.filter { $0.bad > 0.5 }.map(\.file))")
      #expect(
        Double(scores.filter(\.meetsBar).count) >= 0.99 * Double(scores.count),
        "\(scores.filter { !$0.meetsBar }.map { "\($0.file) IoU \($0.iou)" })")
    }
    // window-close-symbolic (points on the 1/64 grid) and preferences-color-symbolic (opacity .5)
    // were below it until the converter wrote both as the players draw them.
    expectNoWorseThanThorVGsSVG("adwaita symbolic", all)
    expectSameRendererFidelity("adwaita symbolic", all["same"] ?? [], count: files.count)
  }

  /// #19: Lucide against resvg. Where resvg and ThorVG disagree on the SVG itself the converter
  /// cannot do better than ThorVG; no icon may be more than 0.005 IoU worse than ThorVG's own
  /// rendering of the original SVG.
  @Test func lucideIcons() throws {
    guard let python = oracleReady() else { return }
    let files = Self.icons(Self.lucide)
    guard !files.isEmpty else {
      print("skipping svg fidelity: \(Self.lucide) is missing")
      return
    }
    let all = try scores(files, pairs: ["noise", "thorvg", "rlottie", "same"], python: python)
    print("svg fidelity " + summary("lucide → lottiekit → ThorVG, against resvg", all["thorvg"] ?? []))
    #expect(all["thorvg"]?.count == files.count)
    // rlottie (Telegram): headset came out IoU 0.18 until the converter stopped writing the
    // subpath order that makes rlottie drop a stroke (`Subpath.rotatedForRlottieStrokes`).
    let rlottie = all["rlottie"] ?? []
    print("svg fidelity " + summary("lucide → lottiekit → rlottie, against resvg", rlottie))
    #expect(Double(rlottie.filter(\.meetsBar).count) >= 0.995 * Double(files.count))
    let noiseFailures = Set((all["noise"] ?? []).filter { !$0.meetsBar }.map(\.file))
    let beyondNoise = rlottie.filter { !$0.meetsBar && !noiseFailures.contains($0.file) }
    #expect(beyondNoise.allSatisfy { $0.iou >= 0.97 }, "\(beyondNoise.map { "\($0.file) \($0.iou)" })")
    // No icon may miss: a stroked path arc is drawn as the cubics SVG renderers split it into
    // (loader-circle and shower-head missed by 0.0002 and 0.0004 with exact 45° pieces).
    expectNoWorseThanThorVGsSVG("lucide", all)
    expectSameRendererFidelity("lucide", all["same"] ?? [], count: files.count)
  }
}
