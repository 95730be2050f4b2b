import Foundation
import Testing
import LottieJSON

/// #20: `lottiekit optimize` through the real binary: output, in-place, dry run, the JSON report,
/// and the contract's refusals.
@Suite("optimize, end to end")
struct OptimizeEndToEndTests {
  let animation =
    #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"nm":"Guide","hd":true,"ip":0,"op":60,"ks":{},"shapes":[]},{"ty":4,"ind":2,"nm":"Dot","ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[80]},{"t":60,"s":[80]}]}},"shapes":[]}]}"#

  @Test func writesASmallerFileAndReportsEachStep() throws {
    let dir = try makeTemporaryDirectory()
    try write(animation, to: dir + "/a.json")
    let r = try lottiekit("optimize", dir + "/a.json", "-o", dir + "/b.json")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("invisible layers: −") && r.stderr.contains("constant animations: −"), "\(r.stderr)")
    let out = try readBytes(dir + "/b.json")
    #expect(out.count < animation.utf8.count)
    #expect(try JSONDocument(parsing: out).root["layers"]?.count == 1)
    #expect(try readBytes(dir + "/a.json") == Array(animation.utf8))  // the input is untouched
    #expect(try lottiekit("lint", dir + "/b.json").status == 0)
  }

  /// A layer at opacity 0 is removed as invisible and named in the report, unless --keep-names
  /// names it (app code may raise its opacity through a keypath).
  @Test func invisibleLayersGoUnlessKeptByName() throws {
    let dir = try makeTemporaryDirectory()
    let faded = animation.replacingOccurrences(
      of: #""nm":"Guide","hd":true,"ip":0,"op":60,"ks":{}"#, with: #""nm":"Badge","ip":0,"op":60,"ks":{"o":{"a":0,"k":0}}"#)
    try write(faded, to: dir + "/a.json")
    let r = try lottiekit("optimize", "--lossless", dir + "/a.json", "-o", dir + "/b.json")
    #expect(r.status == 0 && r.stderr.contains(#"invisible layers: −"#) && r.stderr.contains(#""Badge" (ind 1), opacity 0"#), "\(r.stderr)")
    #expect(try JSONDocument(parsing: try readBytes(dir + "/b.json")).root["layers"]?.count == 1)
    let kept = try lottiekit("optimize", "--lossless", "--keep-names", "Badge", dir + "/a.json", "-o", dir + "/c.json")
    #expect(kept.status == 0 && !kept.stderr.contains("invisible layers"), "\(kept.stderr)")
    #expect(try JSONDocument(parsing: try readBytes(dir + "/c.json")).root["layers"]?.count == 2)
  }

  @Test func dryRunWritesNothingAndJSONReportsSteps() throws {
    let dir = try makeTemporaryDirectory()
    try write(animation, to: dir + "/a.json")
    let r = try lottiekit("optimize", "--lossless", "--dry-run", "--format", "json", dir + "/a.json", "-o", dir + "/b.json")
    #expect(r.status == 0)
    #expect(!FileManager.default.fileExists(atPath: dir + "/b.json"))
    let report = try JSONDocument(parsing: String(r.stderr.split(separator: "\n").last ?? ""))
    let steps = report.root["files"]?.element(at: 0)?["steps"]?.elements.compactMap { $0["name"]?.string }
    #expect(
      steps == ["invisible layers", "duplicate images", "unused assets", "embedded PNGs", "invisible keyframes", "constant animations", "defaults", "minify"])
  }

  /// Level 1, the default: metadata goes, numbers are rounded to what their property needs, and
  /// the rlottie render of the result is compared with the original's before it is kept.
  @Test func defaultLevelRoundsAfterRenderingBoth() throws {
    let dir = try makeTemporaryDirectory()
    let dot =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[100.123456,99.876543],"ix":2}},"shapes":[{"ty":"gr","mn":"ADBE Vector Group","np":2,"it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[80.0001,80.0001]}},{"ty":"fl","c":{"a":0,"k":[0.123456,0.5,0.9,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}"#
    try write(dot, to: dir + "/dot.json")
    let r = try lottiekit("optimize", dir + "/dot.json", "-o", dir + "/small.json", "--format", "json")
    #expect(r.status == 0, "\(r.stderr)")
    let report = try JSONDocument(parsing: String(r.stderr.split(separator: "\n").last ?? "")).root["files"]?.element(at: 0)
    #expect(report?["level"]?.int == 1, "\(r.stderr)")
    let precision = report?["steps"]?.elements.first { $0["name"]?.string == "precision" }
    #expect(precision?["detail"]?.string?.contains("of pixels differ") == true)
    let out = String(decoding: try readBytes(dir + "/small.json"), as: UTF8.self)
    #expect(out.contains("[100.1,99.9]") && out.contains("[80,80]") && out.contains("0.123,") && !out.contains("\"mn\""), "\(out)")
    // The text report names the level's steps; level 2 also drops names but the kept ones; no level 3.
    let text = try lottiekit("optimize", dir + "/dot.json", "--dry-run")
    #expect(text.stderr.contains("precision: −") && text.stderr.contains("metadata: −"), "\(text.stderr)")
    let named = dot.replacingOccurrences(of: #""ty":4,"#, with: #""ty":4,"nm":"Dot","#).replacingOccurrences(
      of: #""ty":"el","#, with: #""ty":"el","nm":"Circle","#)
    try write(named, to: dir + "/named.json")
    #expect(try lottiekit("optimize", "--level", "2", "--keep-names", "Circle", dir + "/named.json", "-o", dir + "/l2.json").status == 0)
    let l2 = String(decoding: try readBytes(dir + "/l2.json"), as: UTF8.self)
    #expect(l2.contains(#""nm":"Circle""#) && !l2.contains(#""nm":"Dot""#), "\(l2)")
    #expect(try lottiekit("optimize", "--level", "4", dir + "/dot.json", "--dry-run").status == 64)
    // Reachable as pack --optimize: the same bytes as optimize wrote, then pack's own steps.
    let packed = try lottiekit("pack", dir + "/dot.json", "--optimize", "--format", "json", "-o", dir + "/packed.json")
    #expect(packed.status == 0, "\(packed.stderr)")
    #expect(packed.stderr.contains("optimize (level 1)"), "\(packed.stderr)")
    #expect(try readBytes(dir + "/packed.json") == readBytes(dir + "/small.json"))
    #expect(try lottiekit("pack", dir + "/dot.json", "--optimize", "--precision", "2", "-o", dir + "/p2.json").status == 64)
    // Level 3: a position baked on every frame along one line keeps its first and last keyframe,
    // rendered against the original like level 1.
    let easing = #""i":{"x":[0.833],"y":[0.833]},"o":{"x":[0.167],"y":[0.167]}"#
    let frames = (0...20).map { #"{"t":\#($0),"s":[\#(20 + 3 * $0),50],\#(easing)}"# }.joined(separator: ",")
    let baked = dot.replacingOccurrences(of: #""p":{"a":0,"k":[100.123456,99.876543],"ix":2}"#, with: #""p":{"a":1,"k":[\#(frames)]}"#)
    try write(baked, to: dir + "/baked.json")
    let l3 = try lottiekit("optimize", "--level", "3", dir + "/baked.json", "-o", dir + "/l3.json", "--format", "json")
    #expect(l3.status == 0, "\(l3.stderr)")
    let l3report = try JSONDocument(parsing: String(l3.stderr.split(separator: "\n").last ?? "")).root["files"]?.element(at: 0)
    #expect(l3report?["level"]?.int == 3, "\(l3.stderr)")
    #expect(l3report?["steps"]?.elements.first { $0["name"]?.string == "keyframes" }?["detail"]?.string?.hasPrefix("19 keyframes") == true, "\(l3.stderr)")
  }

  @Test func inPlaceRewritesEveryInputAndOutputOntoAnInputIsRefused() throws {
    let dir = try makeTemporaryDirectory()
    try write(animation, to: dir + "/a.json")
    try write(animation, to: dir + "/b.json")
    #expect(try lottiekit("optimize", dir + "/a.json", "-o", dir + "/a.json").status == 64)
    // --lossless and --level are alternatives.
    #expect(try lottiekit("optimize", "--lossless", "--level", "2", dir + "/a.json", "-o", dir + "/c.json").status == 64)
    #expect(try lottiekit("optimize", "--in-place", dir).status == 0)
    #expect(try readBytes(dir + "/a.json").count < animation.utf8.count)
    #expect(try readBytes(dir + "/b.json").count < animation.utf8.count)
    // Bad input: exit 2 and nothing written.
    try write("{\"v\":", to: dir + "/broken.json")
    #expect(try lottiekit("optimize", dir + "/broken.json", "-o", dir + "/c.json").status == 2)
    #expect(!FileManager.default.fileExists(atPath: dir + "/c.json"))
  }

  /// The lossless promise on the whole corpus: every file a step changes (beyond minifying) draws
  /// pixel for pixel the same in rlottie and ThorVG at 10/35/60/85 %, and optimizing twice changes
  /// nothing (Scripts/optimize-measure.py exits 1 otherwise).
  @Test func corpusStaysPixelIdenticalAndIdempotent() throws {
    guard corpusRoot != nil, let python = oraclePython else {
      print("skipping: the corpus or the oracle venv is absent")
      return
    }
    let r = try run(python, [packageRoot + "/Scripts/optimize-measure.py", lottiekitBinary])
    print(r.stdoutText)
    #expect(r.status == 0, "\(r.stdoutText)\(r.stderr.suffix(500))")
    #expect(r.stdoutText.contains("pixel-identical in rlottie and ThorVG"))
  }
}
