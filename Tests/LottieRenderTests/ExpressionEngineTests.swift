import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
import Testing

@testable import LottieRender

/// `ExpressionEngine`: Bodymovin's expressions run in Duktape, in lottie-web's environment as
/// `ExpressionPrelude` writes it (#18). In the product it runs only in the isolated worker; here it
/// runs in the test process.
@Suite("render: running expressions as lottie-web does")
struct ExpressionEngineTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/compat").path

  /// One 30 fps layer whose opacity (`opacity`: its JSON, `code` added as its expression) is sampled at
  /// frames 0…`last`; nil when the engine cannot run it.
  static func sample(_ code: String, opacity: String = #"{"a":0,"k":50}"#, last: Int = 2, memory: Int = ExpressionEngine.memoryLimit) throws -> [[Double]]? {
    let quoted = JSONStringCodec.quoted("var $bm_rt;\n" + code)
    let property = String(opacity.dropLast()) + #","x":\#(quoted)}"#
    let text =
      #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"nm":"Box","ip":0,"op":30,"st":0,"ks":{"o":\#(property)},"ef":[{"ty":5,"nm":"Amount","ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","v":{"a":0,"k":7}}]}],"shapes":[]}]}"#
    let animation = Animation(document: try JSONDocument(parsing: Array(text.utf8)))
    let code = try #require(animation.root["layers"]?.element(at: 0)?["ks"]?["o"]?["x"])
    return try ExpressionEngine(animation, memoryLimit: memory).sample(code, first: 0, last: last)
  }

  /// Values to six decimals (the linear ramp's easing curve is solved numerically).
  static func rounded(_ v: [[Double]]) -> [[Double]] { v.map { $0.map { ($0 * 1e6).rounded() / 1e6 } } }

  static let ramp = #"{"a":1,"k":[{"t":0,"s":[0],"e":[100],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[100]}]}"#

  /// lottie-web's arithmetic: a number added to an array goes to its first element; `mul` and
  /// `div` work element by element; `clamp`, `linear` and `ease` as After Effects has them.
  @Test func arithmeticIsLottieWebs() throws {
    #expect(try Self.sample("$bm_rt = sum([1, 2], 3);", last: 0) == [[4, 2]])
    #expect(try Self.sample("$bm_rt = sub(5, [1, 1]);", last: 0) == [[4, 1]])
    #expect(try Self.sample("$bm_rt = mul([1, 2], 3);", last: 0) == [[3, 6]])
    #expect(try Self.sample("$bm_rt = div(6, [2, 3]);", last: 0) == [[3, 2]])
    #expect(try Self.sample("$bm_rt = sum([1, 2], [10, 20, 30]);", last: 0) == [[11, 22, 30]])
    #expect(try Self.sample("$bm_rt = clamp(150, 0, 100);", last: 0) == [[100]])
    #expect(try Self.sample("$bm_rt = linear(0.25, 0, 1, [0, 10], [100, 20]);", last: 0) == [[25, 12.5]])
    let eased = try #require(try Self.sample("$bm_rt = [ease(0.5, 0, 1, 0, 100), easeIn(0.5, 0, 1, 0, 100)];", last: 0)?.first)
    #expect(abs(eased[0] - 50) < 0.5, "the ease curve is nearly symmetric: \(eased)")
    #expect(eased[1] < 45, "easeIn is slow at first: \(eased)")
    // Not numbers, or more than any property holds: unknown.
    #expect(try Self.sample("$bm_rt = sum('a', 1);", last: 0) == nil)
    #expect(try Self.sample("var a = []; for (var i = 0; i < 65; i++) a.push(i); $bm_rt = a;", last: 0) == nil)
    #expect(try Self.sample("var a = []; for (var i = 0; i < 64; i++) a.push(i); $bm_rt = a;", last: 0)?.first?.count == 64)
  }

  /// The property's clock, keys and speed: `time` in seconds, `key(n).time`, `nearestKey`, and
  /// `velocityAtTime` in units per second; an effect's slider by name and by match name.
  @Test func timeKeysAndControls() throws {
    #expect(try Self.sample("$bm_rt = time * 30;") == [[0], [1], [2]])
    #expect(try Self.sample("$bm_rt = [numKeys, key(2).time, nearestKey(time).index];", opacity: Self.ramp, last: 0) == [[2, 1.0 / 3, 1]])
    let speed = try #require(try Self.sample("$bm_rt = velocityAtTime(5 / 30);", opacity: Self.ramp, last: 0)?.first?.first)
    #expect(abs(speed - 300) < 0.01, "100 over 10 frames at 30 fps: \(speed)")
    let ramp = try Self.sample("$bm_rt = value;", opacity: Self.ramp).map(Self.rounded)
    #expect(ramp == [[0], [10], [20]], "\(String(describing: ramp))")
    #expect(try Self.sample("$bm_rt = effect('Amount')('Slider') + effect('Amount')('ADBE Slider Control-0001');", last: 0) == [[14]])
    let loop = try Self.sample("$bm_rt = loopOut('cycle');", opacity: Self.ramp, last: 12).map(Self.rounded)
    #expect(loop.map { [$0[10], $0[12]] } == [[100], [20]], "\(String(describing: loop))")
  }

  /// What this environment lacks makes the whole expression unknown, even where the expression
  /// catches the error and falls back: lottie-web would not fall back.
  @Test func whatIsMissingIsUnknownEvenWhenCaught() throws {
    #expect(try Self.sample("$bm_rt = wiggle(2, 10);") == nil)
    #expect(try Self.sample("try { $bm_rt = thisLayer.toComp([0, 0]); } catch (e) { $bm_rt = value; }") == nil)
    #expect(try Self.sample("try { $bm_rt = posterize(3); } catch (err) { $bm_rt = value; }") == nil)
    #expect(try Self.sample("try { $bm_rt = thisComp.layer('Nobody').transform.opacity; } catch (e) { $bm_rt = value; }") == nil)
    // A script that calls the host itself with too little or nonsense is unknown, not a crash.
    #expect(try Self.sample("$bm_rt = JSON.parse(__host('[\"value\", 1]'));") == nil)
    #expect(try Self.sample("$bm_rt = JSON.parse(__host('[\"layer\"]'));") == nil)
    #expect(try Self.sample("$bm_rt = JSON.parse(__host('[\"member\", 99999999999]'));") == nil)
    #expect(try Self.sample("$bm_rt = JSON.parse(__host('{}'));") == nil)
    // Markers, random numbers and the clock are not read.
    #expect(try Self.sample("$bm_rt = thisComp.marker.numKeys;") == nil)
    #expect(try Self.sample("$bm_rt = thisLayer.marker.numKeys > 0 ? 1 : 0;") == nil)
    #expect(try Self.sample("$bm_rt = Math.random();") == nil)
    #expect(try Self.sample("$bm_rt = new Date().getSeconds();") == nil)
    // A TypeError JavaScript itself raises (reading past a scalar key) is lottie-web's too.
    #expect(try Self.sample("var d = 1; try { key(1)[1].length; d = 2; } catch (e) {} $bm_rt = d;", opacity: Self.ramp, last: 0) == [[1]])
  }

  /// An expression that allocates without end stops at the interpreter's memory limit (16 MB here).
  @Test func memoryIsBounded() throws {
    let code = "var a = []; while (true) { a.push(new Array(10001).join('x') + a.length); } $bm_rt = 1;"
    #expect(try Self.sample(code, last: 0, memory: 16 << 20) == nil)
  }

  /// The evidence: `expression-engine.json` (an inertial bounce whose controls are another layer's
  /// sliders, one of them clamped by its own expression; Ease and Wizz's outBack with its
  /// try/catch; a position linked to that bouncing position along a curved path; `linear` on arrays;
  /// `loopOut('pingpong')`) with the engine's values written in, drawn by rlottie, matches lottie-web
  /// 5.7.5's render of the file (stored beside it, frames 5, 15, 25 and 45) within 0.5 % of the
  /// picture at every frame, where the file as it is differs by 2 % or more at three of them.
  @Test func theValuesWrittenInDrawAsLottieWebDraws() throws {
    let path = Self.fixtures + "/expression-engine.json"
    let animation = Animation(document: try JSONDocument(parsing: try FileIO.read(path)))
    var asks: [ExpressionBake.Ask]? = []
    _ = ExpressionBake.copies(animation, evaluated: [:], asks: &asks)
    let wanted = try #require(asks)
    #expect(wanted.count == 5)
    let engine = try ExpressionEngine(animation)
    var evaluated: [JSONNode.ID: [[Double]]] = [:]
    for ask in wanted {
      evaluated[ask.code] = try #require(engine.sample(animation.document.node(ask.code), first: ask.first, last: ask.last), "\(engine.problem)")
    }
    var none: [ExpressionBake.Ask]? = nil
    let drawn = try #require(ExpressionBake.copies(animation, evaluated: evaluated, asks: &none)?.drawn)
    let baked = NSTemporaryDirectory() + "expression-engine-\(UUID().uuidString).json"
    try FileIO.writeAtomically(drawn, to: baked)
    defer { try? FileManager.default.removeItem(atPath: baked) }

    let strip = try #require(WebP.pixels(ofPNG: try FileIO.read(Self.fixtures + "/expression-engine.f5-15-25-45.web.png")))
    let frames = [5, 15, 25, 45]
    #expect(strip.width == 200 * frames.count && strip.height == 200)
    let ours = try RLottie.render(path: baked, frames: frames, width: 200, height: 200)
    let asIs = try RLottie.render(path: path, frames: frames, width: 200, height: 200)
    var apart = 0
    for (k, _) in frames.enumerated() {
      var tile: [UInt8] = []
      for y in 0..<200 {
        let start: Int = (y * strip.width + k * 200) * 4
        tile += strip.rgba[start..<(start + 800)]
      }
      let web = RGBAImage(width: 200, height: 200, pixels: tile)
      let share = { (image: RGBAImage) in Double(RenderCheck.tileDifference(image, web).count { $0 }) / 40_000 }
      #expect(share(ours[k]) < 0.005, "frame \(frames[k]): \(share(ours[k]))")
      if share(asIs[k]) >= 0.02 { apart += 1 }
    }
    #expect(apart >= 3)
  }
}
