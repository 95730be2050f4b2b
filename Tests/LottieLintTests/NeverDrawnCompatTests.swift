import Testing
import LottieJSON
import LottieCompat
import LottieModel

/// #18: a blend mode rlottie and ThorVG do not draw is claimed on a layer that shows, and not on
/// the same layer hidden (no player draws it, so none can draw it differently).
@Suite("renderer claims leave out what is never drawn")
struct NeverDrawnCompatTests {
  func levels(hidden: Bool) throws -> [SupportLevel?] {
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"bm":15,"hd":\#(hidden),"shapes":[]}]}"#
    let use = try #require(Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().first { $0.feature == .blendMode })
    let data = RendererSupport.shared
    return try ["rlottie", "thorvg"].map { try data.lookup(use, in: #require(data.target($0)))?.support }
  }

  @Test func hiddenLayersGetNoClaim() throws {
    #expect(try levels(hidden: false).allSatisfy { $0 != nil && $0 != .supported })
    #expect(try levels(hidden: true) == [nil, nil])
  }
}
