import Foundation
import Testing

/// `compat` and `lint --target` measure, by drawing the file with the rlottie `lottiekit render`
/// links (Debian's 0.1, which fades a translucent shape layer's paints one by one as Telegram's
/// forks do), what such layers change: as the file is and with them precomposed.
@Suite("end to end: the paint fade of rlottie 0.1 and Telegram's forks, measured")
struct PaintFadeTests {
  static let fixture = packageRoot + "/Tests/Fixtures/compat/translucent-layer-overlap.json"

  /// The `translucent-layer-overlap` row of `compat --format json` for one target.
  static func row(_ path: String, target: String) throws -> [String: Any] {
    let result = try run(lottiekitBinary, ["compat", "--format", "json", "--target", target, path])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let files = try #require(json["files"] as? [[String: Any]])
    let features = try #require(files.first?["features"] as? [[String: Any]])
    return try #require(features.first { $0["feature"] as? String == "translucent-layer-overlap" })
  }

  static func write(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "paint-fade-\(UUID().uuidString).json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Two overlapping rectangles in one layer at 50 %: the red shows through the blue where they
  /// overlap, 60 × 120 px of the 200 × 200 tile: 18 %, measured.
  @Test func theFixtureIsMeasuredAsTheLabSawIt() throws {
    let row = try Self.row(Self.fixture, target: "telegram-desktop")
    #expect(row["measured"] as? Bool == true)
    let change = try #require(row["change"] as? Double)
    #expect(change > 0.15 && change < 0.21)
    #expect(row["minor"] as? Bool == false)
  }

  /// The same squares in one colour over an opaque layer of that colour: the lower paint seen
  /// through the upper one is the colour under them, so nothing changes: minor, an info.
  @Test func aFadeThatShowsNothingIsMinor() throws {
    let square = { (x: Int) in
      #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[\#(x),50]},"s":{"a":0,"k":[40,60]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
    }
    let layers = [
      #"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"o":{"a":0,"k":50}},"shapes":[\#(square(40)),\#(square(60))]}"#,
      #"{"ty":4,"ind":2,"ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}"#
    ]
    let path = try Self.write(#"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let row = try Self.row(path, target: "telegram-desktop")
    #expect(row["measured"] as? Bool == true)
    #expect(try #require(row["change"] as? Double) < 0.02)
    #expect(row["minor"] as? Bool == true)
    let lint = try run(lottiekitBinary, ["lint", "--target", "telegram-desktop", "--format", "text", path])
    #expect(lint.status == 0)
    #expect(lint.stdoutText.contains("info: [LK701]"))
    #expect(lint.stdoutText.contains("measured by drawing the file"))
  }

  /// 40 translucent layers of two paints side by side over an opaque square (each layer's bound,
  /// 5.8 % of the frame, too large to call minor without drawing): precomposed all at once, their
  /// 40 blits would lower the square by 40/255 (more than the lab forgives); eight at a time,
  /// nothing changes.
  @Test func manyLayersAreMeasuredInBatches() throws {
    let pair = { (i: Int) in
      #"{"ty":4,"ind":\#(i),"ip":0,"op":30,"st":0,"ks":{"o":{"a":0,"k":50}},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[12,12]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]}},{"ty":"tr"}]},{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[90,90]},"s":{"a":0,"k":[12,12]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]}},{"ty":"tr"}]}]}"#
    }
    let under =
      #"{"ty":4,"ind":100,"ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,60]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]}},{"ty":"tr"}]}]}"#
    let path = try Self.write(#"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[\#(((1...40).map(pair) + [under]).joined(separator: ","))]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let row = try Self.row(path, target: "telegram-desktop")
    #expect(row["measured"] as? Bool == true)
    #expect(try #require(row["change"] as? Double) < 0.02)
  }

  /// rlottie 0.2 and ThorVG fade the layer as a whole: nothing to measure, nothing claimed.
  @Test func playersThatFadeTheLayerAreNotAsked() throws {
    let row = try Self.row(Self.fixture, target: "rlottie,thorvg")
    let support = try #require(row["support"] as? [String: [String: Any]])
    #expect(support["rlottie"]?["level"] as? String == "supported")
    #expect(support["thorvg"]?["level"] as? String == "supported")
    #expect(row["measured"] as? Bool == false)
  }
}
