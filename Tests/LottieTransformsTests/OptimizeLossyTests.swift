import Testing
import LottieJSON
import LottieModel
@testable import LottieTransforms

/// #20: `optimize` level 1 — metadata removal (keyframe easing names stay), per-property precision, and the render-verified
/// ladder (finer rounding when a candidate changes too many pixels, lossless when none passes).
/// The verifier here is a stand-in that reports chosen shares: what is tested is what optimize does
/// with them (the real renderer is exercised end to end).
@Suite("optimize, level 1")
struct OptimizeLossyTests {
  func document(w: Int = 512, _ layers: String, extra: String = "") throws -> JSONDocument {
    try JSONDocument(parsing: Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":\#(w),"h":\#(w)\#(extra),"layers":[\#(layers)]}"#.utf8))
  }

  let shapeLayer =
    #"{"ty":4,"ind":1,"ip":0.5,"op":60,"st":0,"nm":"Dot","mn":"ADBE Vector Layer","ks":{"p":{"a":1,"k":[{"t":10.123456,"s":[123.456789,7.25],"i":{"x":[0.166666],"y":[0.833333]},"o":{"x":[0.1],"y":[0]},"n":["0p833_0p833_0p167_0p167"]},{"t":40,"s":[200.04,9]}],"ix":2},"r":{"a":0,"k":12.345678,"ix":10}},"shapes":[{"ty":"gr","np":2,"cix":2,"ix":1,"mn":"ADBE Vector Group","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[1.23456,2.34567]],"i":[[0.123456,0]],"o":[[0,0]]}}},{"ty":"fl","c":{"a":0,"k":[0.123456,0.654321,1,1]},"o":{"a":0,"k":100}}]}]}"#

  func run(_ doc: JSONDocument, shares: [Double]) -> (result: OptimizeResult, calls: Int) {
    var calls = 0
    let r = Optimize.optimize(doc, options: Optimize.Options()) { _, _ in
      defer { calls += 1 }
      return .success(calls < shares.count ? shares[calls] : 1)
    }
    return (r, calls)
  }

  func text(_ r: OptimizeResult) -> String { String(decoding: r.bytes, as: UTF8.self) }

  @Test func roundsEachPropertyToWhatItNeedsAndKeepsTimeExact() throws {
    let (r, calls) = run(try document(shapeLayer), shares: [0])
    #expect(calls == 1 && r.level == 1)
    let out = text(r)
    #expect(out.contains(#""s":[123.5,7.3]"#), "\(out)")  // positions: 0.1 px on 512 px
    #expect(out.contains(#""k":12.3"#))  // an angle: the same step
    #expect(out.contains(#""v":[[1.2,2.3]]"#) && out.contains(#""i":[[0.1,0]]"#))  // paths
    #expect(out.contains(#""k":[0.123,0.654,1,1]"#))  // colours: 3 places
    #expect(out.contains(#""x":[0.167]"#) && out.contains(#""y":[0.833]"#))  // easing: 3 places
    #expect(out.contains(#""t":10.123456"#) && out.contains(#""ip":0.5"#))  // time is exact
    #expect(r.steps.first { $0.name == "precision" }?.detail?.hasPrefix("1 decimal for positions") == true)
  }

  @Test func metadataGoesButNotInsideEffectsNorInFilesWithExpressions() throws {
    let withEffect = shapeLayer.replacingOccurrences(
      of: #""shapes":"#, with: #""ef":[{"ty":5,"np":3,"ix":1,"mn":"ADBE Slider Control","ef":[{"ty":0,"ix":1,"v":{"a":0,"k":0.123456,"ix":1}}]}],"shapes":"#)
    let out = text(run(try document(withEffect), shares: [0]).result)
    for key in [#""mn":"ADBE Vector"#, #""cix""#] { #expect(!out.contains(key), "\(key) in \(out)") }
    // Keyframe easing names go when the render allows (the first candidate passed).
    #expect(!out.contains(#""n":"#))
    #expect(!out.contains(#""ix":2"#) && !out.contains(#""ix":10"#))
    #expect(out.contains(#""mn":"ADBE Slider Control""#) && out.contains(#""np":3"#) && out.contains(#""k":0.123"#))
    // An expression may look a property up by index or match name: metadata stays.
    let expression = shapeLayer.replacingOccurrences(of: #""k":12.345678,"#, with: #""k":12.345678,"x":"thisComp.layer(1).transform.rotation","#)
    let kept = run(try document(expression), shares: [0]).result
    #expect(text(kept).contains(#""ix":10"#) && text(kept).contains(#""mn":"ADBE Vector Group""#))
    #expect(kept.notes.contains { $0.contains("metadata kept") })
  }

  @Test func keyframeEasingNamesStayWhenRlottieDrawsDifferentlyWithoutThem() throws {
    // First candidate (no names) fails, the same precision with the names passes.
    let (r, calls) = run(try document(shapeLayer), shares: [0.02, 0])
    #expect(calls == 2 && r.level == 1)
    #expect(text(r).contains(#""n":["0p833_0p833_0p167_0p167"]"#) && text(r).contains("123.5"), "\(text(r))")
    #expect(r.steps.first { $0.name == "metadata" }?.detail?.contains("easing names kept") == true)
    // Only a keyframe's own `n` is an easing name: an object without a time keeps its `n`.
    let other = shapeLayer.replacingOccurrences(of: #""nm":"Dot","#, with: #""nm":"Dot","x1":{"n":"keep","k":[{"n":"keep too"}]},"#)
    let out = text(run(try document(other), shares: [0]).result)
    #expect(out.contains(#""n":"keep""#) && out.contains(#""n":"keep too""#) && !out.contains("0p833"), "\(out)")
  }

  @Test func slotsAndTimeRemappingStayExact() throws {
    let remapped = shapeLayer.replacingOccurrences(of: #""nm":"Dot","#, with: #""nm":"Dot","tm":{"a":1,"k":[{"t":0,"s":[0.333333]},{"t":60,"s":[1.666667]}]},"#)
    let slots = #","slots":{"c":{"p":{"a":0,"k":[0.123456,0.5,0.5,1]}}}"#
    let out = text(run(try document(remapped, extra: slots), shares: [0]).result)
    #expect(out.contains("0.333333") && out.contains("1.666667") && out.contains("[0.123456,0.5,0.5,1]"), "\(out)")
  }

  /// Level 1 rounded every number and dropped every `mn`/`ix`: an app's own fields lost their
  /// values, and a text layer's font size and line height were rounded where rlottie, the render
  /// check, draws no text. Only property values (under a `k`) are rounded, and metadata goes
  /// only from layers, shapes, assets, masks and properties.
  @Test func unknownFieldsAndTextDataKeepTheirNumbers() throws {
    let custom = shapeLayer.replacingOccurrences(
      of: #""nm":"Dot","#, with: #""nm":"Dot","myapp":{"ratio":0.333333333,"mn":"keep me","ix":3,"list":[1.23456789]},"#)
    let text5 =
      #"{"ty":5,"ind":2,"ip":0,"op":60,"st":0,"ks":{},"t":{"d":{"k":[{"s":{"s":40.4444,"lh":24.1234567,"fc":[0.123456,0.2,0.3],"f":"Arial","t":"Hi"},"t":0}]},"a":[]}}"#
    let fonts = #","fonts":{"list":[{"fName":"Arial","ascent":71.5988159179688}]},"meta":{"score":0.987654321}"#
    let out = text(run(try document(custom + "," + text5, extra: fonts), shares: [0]).result)
    for kept in [
      #""ratio":0.333333333"#, #""mn":"keep me""#, #""ix":3"#, #"[1.23456789]"#, #""s":40.4444"#, #""lh":24.1234567"#,
      #""fc":[0.123456,0.2,0.3]"#, #""ascent":71.5988159179688"#, #""score":0.987654321"#
    ] {
      #expect(out.contains(kept), "\(kept) in \(out)")
    }
    #expect(out.contains(#""s":[123.5,7.3]"#) && !out.contains(#""mn":"ADBE Vector"#), "properties still rounded, metadata still gone")
  }

  @Test func aCandidateThatChangesTooMuchIsReplacedByAFinerOne() throws {
    // 1 decimal fails with and without easing names; 2 decimals pass.
    let (r, calls) = run(try document(shapeLayer), shares: [0.02, 0.03, 0.001])
    #expect(calls == 3 && r.level == 1)
    #expect(text(r).contains(#""s":[123.46,7.25]"#), "\(text(r))")
    #expect(r.steps.first { $0.name == "precision" }?.detail?.contains("2 decimals") == true)
    #expect(r.steps.first { $0.name == "precision" }?.detail?.contains("0.1% of pixels differ") == true)
  }

  /// Candidates are compared with the lossless result, not the input: what the lossless steps
  /// changed (here a hidden layer removed) is not the lossy steps' doing (optimize --target
  /// ios,android,web kept only the lossless result because rlottie drew the lossless result
  /// differently from the input).
  @Test func candidatesAreComparedWithTheLosslessResult() throws {
    let doc = try document(shapeLayer + #",{"ty":3,"ind":2,"ip":0,"op":60,"st":0,"hd":true,"ks":{}}"#)
    let lossless = Optimize.lossless(doc).bytes
    #expect(lossless != doc.bytes)
    var references: [[UInt8]] = []
    let r = Optimize.optimize(doc, options: Optimize.Options()) { reference, _ in
      references.append(reference)
      return .success(0)
    }
    #expect(r.level == 1 && !references.isEmpty)
    #expect(references.allSatisfy { $0 == lossless })
  }

  @Test func whenNoCandidatePassesTheLosslessResultStands() throws {
    let doc = try document(shapeLayer)
    let (r, calls) = run(doc, shares: [0.5, 0.6, 0.2, 0.3, 0.1, 0.4])
    #expect(calls == 6 && r.level == 0)
    #expect(r.bytes == Optimize.lossless(doc).bytes)
    #expect(r.notes.contains { $0.contains("lossless result is kept") && $0.contains("10%") })
    // A verifier that cannot render: lossless, and the reason.
    let failed = Optimize.optimize(doc, options: Optimize.Options()) { _, _ in .failure(OptimizeVerifyError("rlottie refused")) }
    #expect(failed.level == 0 && failed.bytes == Optimize.lossless(doc).bytes && failed.notes.contains { $0.contains("rlottie refused") })
    // --lossless: no verifier is called.
    var options = Optimize.Options()
    options.level = 0
    var called = false
    _ = Optimize.optimize(doc, options: options) { _, _ in
      called = true; return .success(0)
    }
    #expect(!called)
  }

  @Test func theSpatialStepFollowsTheCanvas() throws {
    #expect(Optimize.spatialDecimals(Animation(document: try document(w: 512, ""))) == 1)
    #expect(Optimize.spatialDecimals(Animation(document: try document(w: 4000, ""))) == 1)
    #expect(Optimize.spatialDecimals(Animation(document: try document(w: 100, ""))) == 2)
    #expect(Optimize.spatialDecimals(Animation(document: try document(w: 10, ""))) == 3)
  }

  @Test func aFileAlreadyAtAFinerStepIsNotRoundedFurther() throws {
    // The first run found 1 decimal too coarse (with and without easing names) and kept 2.
    let once = run(try document(shapeLayer), shares: [0.02, 0.02, 0]).result
    #expect(text(once).contains("123.46"))
    // The second starts at the 2 places the file has: whatever a render would say of 1 decimal
    // against this (already rounded) file, it is not tried, so the rounding cannot accumulate.
    let (twice, calls) = run(try JSONDocument(parsing: once.bytes), shares: [0, 0])
    #expect(Optimize.spatialDecimalsInUse(try JSONDocument(parsing: once.bytes)) == 2, "\(text(once))")
    #expect(calls == 1 && twice.bytes == once.bytes, "\(text(twice))")
    #expect(twice.steps.first { $0.name == "precision" }?.detail?.hasPrefix("2 decimals") == true)
  }

  @Test func aFreshExportWithFewPlacesIsStillTriedAtTheCanvasStep() throws {
    // 3-decimal positions, as Bodymovin writes them, with its metadata: not optimize's output,
    // so the ladder starts at the canvas's 1 decimal.
    let threePlaces = shapeLayer.replacingOccurrences(of: "123.456789", with: "123.457").replacingOccurrences(of: "1.23456", with: "1.235")
      .replacingOccurrences(of: "2.34567", with: "2.346").replacingOccurrences(of: "0.123456,0]", with: "0.123,0]").replacingOccurrences(
        of: "12.345678", with: "12.346")
    let (r, calls) = run(try document(threePlaces), shares: [0])
    #expect(calls == 1 && text(r).contains(#""s":[123.5,7.3]"#), "\(text(r))")
  }

  @Test func contentScaledUpKeepsThePlacesItNeedsOnTheCanvas() throws {
    // Drawn in unit space, shown through a precomp layer scaled 51,200 % (lottie-docs
    // easing.json): a 0.015-wide stroke is 7.7 px on the canvas and must not become 0. The
    // unscaled layer beside it is rounded to the canvas's step.
    let asset =
      #"{"id":"unit","layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"el","p":{"a":0,"k":[0.333333,0.5]},"s":{"a":0,"k":[0.05,0.05]}},{"ty":"st","w":{"a":0,"k":0.015},"c":{"a":0,"k":[0.1234,0,0,1]}}]}]}"#
    let layers =
      #"{"ty":0,"refId":"unit","ind":1,"ip":0,"op":60,"st":0,"w":512,"h":512,"ks":{"s":{"a":0,"k":[51200,-51200]}}},{"ty":4,"ind":2,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[10.333333,7.25]}},"shapes":[]}"#
    let doc = try document(layers, extra: #","assets":[\#(asset)]"#)
    let out = text(run(doc, shares: [0]).result)
    #expect(out.contains(#""w":{"a":0,"k":0.015}"#) && out.contains("[0.3333,0.5]") && out.contains("[0.05,0.05]"), "\(out)")
    #expect(out.contains("[10.3,7.3]") && out.contains("[0.123,0,0,1]"), "\(out)")
    // Optimizing the result again changes nothing.
    #expect(run(try JSONDocument(parsing: Array(out.utf8)), shares: [0]).result.bytes == Array(out.utf8))
  }

  @Test func keyframesRoundingMakesEqualBecomeStaticInTheSameRun() throws {
    let nearlyStill = shapeLayer.replacingOccurrences(
      of: #""r":{"a":0,"k":12.345678,"ix":10}"#,
      with: #""r":{"a":1,"k":[{"t":0,"s":[5.83]},{"t":30,"s":[5.77]}]}"#)
    let once = run(try document(nearlyStill), shares: [0]).result
    #expect(text(once).contains(#""r":{"a":0,"k":5.8}"#), "\(text(once))")
    #expect(run(try JSONDocument(parsing: once.bytes), shares: [0]).result.bytes == once.bytes)
  }

  @Test func levelTwoDropsNamesButTheKeptOnesAndNotWithExpressions() throws {
    var options = Optimize.Options()
    options.level = 2
    options.keepNames = ["Dot"]
    let named = shapeLayer.replacingOccurrences(of: #"{"ty":"sh","#, with: #"{"ty":"sh","nm":"Path 1","#)
    let r = Optimize.optimize(try document(named), options: options) { _, _ in .success(0) }
    #expect(r.level == 2 && text(r).contains(#""nm":"Dot""#) && !text(r).contains("Path 1"), "\(text(r))")
    #expect(r.steps.first { $0.name == "names" }?.saved == #","nm":"Path 1""#.utf8.count)
    let expression = named.replacingOccurrences(of: #""k":12.345678,"#, with: #""k":12.345678,"x":"thisComp.layer('Dot').transform.rotation","#)
    let kept = Optimize.optimize(try document(expression), options: options) { _, _ in .success(0) }
    #expect(text(kept).contains("Path 1") && kept.notes.contains { $0.contains("names kept") })
  }

  @Test func optimizingTwiceChangesNothing() throws {
    let once = run(try document(shapeLayer), shares: [0]).result
    let twice = run(try JSONDocument(parsing: once.bytes), shares: [0]).result
    #expect(twice.bytes == once.bytes)
  }
}
