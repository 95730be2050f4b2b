import Testing
import LottieJSON
@testable import LottieModel

/// #18: shape items hidden with "hd" that lottie-web or rlottie draw anyway (fixtures
/// hidden-group.json and hidden-trim.json).
@Suite("shape items hidden with hd")
struct HiddenShapesTests {
  func details(_ shapes: String, layerHidden: Bool = false) throws -> [String?] {
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},\#(layerHidden ? #""hd":true,"# : "")"shapes":\#(shapes)}]}"#
    return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .hiddenShape }.map(\.detail)
  }

  static let disc = #"{"ty":"el","s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]}}"#

  @Test func hiddenGroupsThatPaintAreUses() throws {
    #expect(try details(#"[{"ty":"gr","hd":true,"it":[\#(Self.disc)]}]"#) == ["group"])
    // Nothing painted inside: nothing to draw either way.
    #expect(try details(#"[{"ty":"gr","hd":true,"it":[{"ty":"el"}]}]"#) == [])
    // Only the outermost hidden group.
    #expect(try details(#"[{"ty":"gr","hd":true,"it":[{"ty":"gr","hd":true,"it":[\#(Self.disc)]}]}]"#) == ["group"])
    // In a hidden layer, which no player draws, it is no use.
    #expect(try details(#"[{"ty":"gr","hd":true,"it":[\#(Self.disc)]}]"#, layerHidden: true) == [])
    // A visible group, or "hd": false.
    #expect(try details(#"[{"ty":"gr","hd":false,"it":[\#(Self.disc)]}]"#) == [])
  }

  @Test func hiddenModifiersAfterAPathAreUses() throws {
    let trim = #"{"ty":"tm","hd":true,"s":{"a":0,"k":0},"e":{"a":0,"k":30}}"#
    #expect(try details(#"[{"ty":"el"},\#(trim),{"ty":"st"}]"#) == ["modifier"])
    #expect(try details(#"[\#(trim),{"ty":"el"},{"ty":"st"}]"#) == [])  // nothing above it to trim
    #expect(try details(#"[{"ty":"el"},{"ty":"rp","hd":true},{"ty":"rd","hd":true},{"ty":"fl"}]"#) == ["modifier", "modifier"])
    #expect(try details(#"[{"ty":"el"},{"ty":"fl","hd":true}]"#) == [])  // every player leaves a hidden fill out
  }
}
