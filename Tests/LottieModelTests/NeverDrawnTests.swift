import Testing
import LottieJSON
import LottieModel

/// #18: a feature used only where no player draws (a hidden layer or shape, a layer with opacity 0,
/// outside the animation's frames, or in a precomp nothing uses) keeps its feature with the detail
/// "not drawn", unless another layer needs that layer as parent or matte.
@Suite("features where nothing is drawn")
struct NeverDrawnTests {
  func details(_ json: String, _ feature: Feature = .blendMode) throws -> [String?] {
    try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses()
      .filter { $0.feature == feature }.map(\.detail)
  }

  /// Root layers (each a JSON object body without braces) in a 0–60 animation.
  func file(_ layers: [String], assets: String = "[]") -> String {
    #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":\#(assets),"layers":[\#(layers.map { "{\($0)}" }.joined(separator: ","))]}"#
  }

  let screen = #""ty":4,"ip":0,"op":60,"st":0,"bm":2,"shapes":[]"#

  @Test(arguments: [
    #""ind":1,"hd":true"#,
    #""ind":1,"ks":{"o":{"a":0,"k":0}}"#,
    #""ind":1,"ip":60,"op":90"#,
    #""ind":1,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[0]}]}}"#,
    #""ind":1,"ks":{"s":{"a":0,"k":[0,0,100]}}"#
  ])
  func layersNoPlayerDrawsAreNotDrawn(extra: String) throws {
    let layer = screen.replacingOccurrences(of: #""ip":0,"op":60,"#, with: extra.contains("ip") ? "" : #""ip":0,"op":60,"#)
    #expect(try details(file([extra + "," + layer])) == [FeatureUse.notDrawn])
  }

  @Test(arguments: [
    #""ind":1"#,  // drawn
    #""ind":1,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[100]}]}}"#,  // opacity rises
    #""ind":1,"ip":-10,"op":5"#,  // overlaps the frames
    #""ind":1,"ks":{"o":{"a":0,"k":0,"sid":"o"}}"#,  // a slot may set another opacity
    #""ind":1,"ks":{"s":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":30,"s":[100,100]}]}}"#,  // grows
    #""ind":1,"ks":{"s":{"a":0,"k":[0,100]}}"#  // rlottie draws its strokes as a line
  ])
  func layersThatShowKeepTheirDetail(extra: String) throws {
    let layer = screen.replacingOccurrences(of: #""ip":0,"op":60,"#, with: extra.contains("ip") ? "" : #""ip":0,"op":60,"#)
    #expect(try details(file([extra + "," + layer])) == ["screen"])
  }

  @Test func aHiddenLayerAnotherUsesAsParentOrMatteIsDrawn() throws {
    let child = #""ty":4,"ind":2,"parent":1,"ip":0,"op":60,"shapes":[]"#
    #expect(try details(file([#""ind":1,"hd":true,"# + screen, child])) == ["screen"])
    let matted = #""ty":4,"ind":2,"tt":1,"ip":0,"op":60,"shapes":[]"#
    #expect(try details(file([#""ind":1,"ks":{"o":{"a":0,"k":0}},"# + screen, matted])) == ["screen"])
    #expect(try details(file([#""ind":1,"td":1,"hd":true,"# + screen])) == ["screen"])
    // An effect that reads a layer (a layer control, ty 10: a displacement map's source).
    let reader = #""ty":4,"ind":2,"ip":0,"op":60,"shapes":[],"ef":[{"ty":5,"ef":[{"ty":10,"v":{"a":0,"k":1}}]}]"#
    #expect(try details(file([#""ind":1,"hd":true,"# + screen, reader])) == ["screen"])
  }

  @Test func aPrecompNothingUsesIsNotDrawn() throws {
    let asset = #"[{"id":"used","layers":[{"# + screen + #"}]},{"id":"unused","layers":[{"# + screen + #"}]}]"#
    let precomp = #""ty":0,"ind":1,"refId":"used","ip":0,"op":60,"w":100,"h":100"#
    #expect(try details(file([precomp], assets: asset)) == ["screen", FeatureUse.notDrawn])
  }

  @Test func aHiddenShapeOrGroupIsNotDrawn() throws {
    let star = #"{"ty":"sr","sy":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},"or":{"a":0,"k":10},"os":{"a":0,"k":0}}"#
    let hiddenGroup = #"{"ty":"gr","hd":true,"it":[\#(star)]}"#
    let shapes = #"[\#(hiddenGroup),\#(star)]"#
    let layer = #""ty":4,"ind":1,"ip":0,"op":60,"shapes":\#(shapes)"#
    #expect(try details(file([layer]), .polystar) == [FeatureUse.notDrawn, nil])
  }
}
