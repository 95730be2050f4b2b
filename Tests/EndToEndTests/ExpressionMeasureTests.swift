import Foundation
import Testing

/// `compat` and `lint --target` measure what a player that runs no expression changes, by drawing
/// the file with the rlottie `lottiekit render` links as it is and with its expressions' values
/// written in, where those values are known without running them (`ExpressionBake`).
@Suite("end to end: expressions' change, measured")
struct ExpressionMeasureTests {
  static func row(_ path: String) throws -> [String: Any] {
    let result = try run(lottiekitBinary, ["compat", "--format", "json", "--target", "rlottie", path])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let features = try #require((json["files"] as? [[String: Any]])?.first?["features"] as? [[String: Any]])
    return try #require(features.first { $0["feature"] as? String == "expression" })
  }

  static func write(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "expression-measure-\(UUID().uuidString).json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A 60 × 8 px bar turned by `rotation`'s expression over a 100 × 100 frame.
  static func file(rotation: String) -> String {
    #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ddd":0,"ty":4,"ind":1,"nm":"Bar","ip":0,"op":30,"st":0,"ks":{"o":{"a":0,"k":100},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"p":{"a":0,"k":[50,50]},"r":\#(rotation)},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[60,8]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]}},{"ty":"tr"}]}]},{"ty":3,"ind":2,"nm":"Knob","ip":0,"op":30,"st":0,"ks":{"r":{"a":0,"k":1}}}]}"#
  }

  /// The lab's fixture: the bar turned by 45° (12.9 % of the tile against lottie-web).
  @Test func theFixtureIsMeasuredAsTheLabSawIt() throws {
    let row = try Self.row(packageRoot + "/Tests/Fixtures/compat/expression.json")
    #expect(row["measured"] as? Bool == true)
    let change = try #require(row["change"] as? Double)
    #expect(change > 0.10 && change < 0.16)
    #expect(row["minor"] as? Bool == false)
  }

  /// A layer's start time does not move the clock (`ExpressionBake.clock`): the fixture's links,
  /// `time` and loops in layers that start at 20 are written in as lottie-web plays them, so the
  /// change is measured (a start other than 0 was not, before).
  @Test func layersThatStartLaterAreMeasured() throws {
    let row = try Self.row(packageRoot + "/Tests/Fixtures/compat/layer-start-clock.json")
    #expect(row["measured"] as? Bool == true)
    let change = try #require(row["change"] as? Double)
    #expect(change > 0.2, "five of the eight columns change: \(change)")
  }

  /// A rotation linked to a null's 1°: the bar's ends move by half a pixel, nothing to see: minor.
  @Test func aLinkThatShowsNothingIsMinor() throws {
    let path = try Self.write(Self.file(rotation: #"{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = thisComp.layer('Knob').transform.rotation;"}"#))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let row = try Self.row(path)
    #expect(row["measured"] as? Bool == true)
    #expect(try #require(row["change"] as? Double) < 0.02)
    #expect(row["minor"] as? Bool == true)
    let lint = try run(lottiekitBinary, ["lint", "--target", "rlottie", "--format", "text", path])
    #expect(lint.stdoutText.contains("info: [LK701]"))
    #expect(lint.stdoutText.contains("with its expressions' values written in"))
  }

  /// Ten thin bars on a 200 × 200 frame (drawn at its size: the tile's pixels are the frame's),
  /// whose position is linked to a null at `knob` (the layer's own is [100, 100]).
  static func bars(knob: String) -> String {
    let bars = (0..<10).map { #"{"ty":"rc","p":{"a":0,"k":[\#(-80 + 18 * $0),0]},"s":{"a":0,"k":[8,180]}}"# }.joined(separator: ",")
    return
      #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":200,"layers":[{"ddd":0,"ty":4,"ind":1,"nm":"Bars","ip":0,"op":30,"st":0,"ks":{"o":{"a":0,"k":100},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"p":{"a":0,"k":[100,100],"x":"var $bm_rt;\n$bm_rt = thisComp.layer('Knob').transform.position;"},"r":{"a":0,"k":0}},"shapes":[{"ty":"gr","it":[\#(bars),{"ty":"fl","c":{"a":0,"k":[0,0,0,1]}},{"ty":"tr"}]}]},{"ty":3,"ind":2,"nm":"Knob","ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":\#(knob)}}}]}"#
  }

  /// What the lab counts as anti-aliasing is no change: ten bars moved by two pixels differ on a
  /// pixel column at each of their 20 edges, 9 % of the tile with the one-pixel tolerance, nothing
  /// with the lab's two-pixel one: minor. Moved by eight pixels they change the picture: a warning.
  @Test func aMoveOfTwoPixelsIsMinorAMoveOfEightIsNot() throws {
    let small = try Self.write(Self.bars(knob: "[102,100]"))
    let large = try Self.write(Self.bars(knob: "[108,100]"))
    defer { for p in [small, large] { try? FileManager.default.removeItem(atPath: p) } }
    let moved = try Self.row(small)
    #expect(moved["measured"] as? Bool == true)
    #expect(try #require(moved["change"] as? Double) < 0.02)
    #expect(moved["minor"] as? Bool == true)
    let far = try Self.row(large)
    #expect(far["measured"] as? Bool == true)
    #expect(try #require(far["change"] as? Double) > 0.02)
    #expect(far["minor"] as? Bool == false)
  }

  /// The same link times 60: 60°, plain to see.
  @Test func aLinkThatTurnsTheBarIsAWarning() throws {
    let path = try Self.write(Self.file(rotation: #"{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = mul(thisComp.layer('Knob').transform.rotation, 60);"}"#))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let row = try Self.row(path)
    #expect(row["measured"] as? Bool == true)
    #expect(try #require(row["change"] as? Double) > 0.02)
    #expect(row["minor"] as? Bool == false)
  }

  /// Without `ddd` before `ks` rlottie drops the layer's rotation, so drawing with it cannot show
  /// what the expression turns: not measured.
  @Test func aRotationRlottieDropsIsNotMeasured() throws {
    let path = try Self.write(
      Self.file(rotation: #"{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = mul(thisComp.layer('Knob').transform.rotation, 60);"}"#).replacingOccurrences(
        of: #"{"ddd":0,"#, with: "{"))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.row(path)["measured"] as? Bool == false)
  }

  /// The forms `ExpressionBake` does not read run in the expression worker (`ExpressionEngine`):
  /// the engine's fixture (a bounce on another layer's sliders, Ease and Wizz, a link along a
  /// curve, `linear`, `loopOut('pingpong')`) is measured, and changes what rlottie draws.
  @Test func expressionsThatMustRunAreRunAndMeasured() throws {
    let row = try Self.row(packageRoot + "/Tests/Fixtures/compat/expression-engine.json")
    #expect(row["measured"] as? Bool == true)
    #expect(try #require(row["change"] as? Double) > 0.05)
    #expect(row["minor"] as? Bool == false)
  }

  /// An expression that never ends stops with its worker (killed at 20 s, the measurement's
  /// limit): `compat` answers, exit 0, with the claim unmeasured.
  @Test func anExpressionThatNeverEndsIsNotMeasured() throws {
    let path = try Self.write(Self.file(rotation: #"{"a":0,"k":0,"x":"var $bm_rt;\nwhile (true) {}\n$bm_rt = 45;"}"#))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.row(path)["measured"] as? Bool == false)
  }

  /// `wiggle` is random: not written in, not measured; the bound decides.
  @Test func anUnknownFormIsNotMeasured() throws {
    let path = try Self.write(Self.file(rotation: #"{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = wiggle(2, 1);"}"#))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.row(path)["measured"] as? Bool == false)
  }
}
