import Testing
import LottieJSON
@testable import LottieModel

/// A small animation with one of everything the model reads.
let sample = #"""
  {"v":"5.7.4","fr":30,"ip":0,"op":90,"w":512,"h":256,"nm":"Main","ddd":0,"meta":{"g":"LottieFiles AE 3.0"},
   "assets":[
    {"id":"image_0","w":64,"h":64,"u":"images/","p":"img_0.png","e":0},
    {"id":"image_1","w":1,"h":1,"u":"","p":"data:image/png;base64,iVBORw0KGgo=","e":1},
    {"id":"comp_0","nm":"Inner","layers":[
      {"ty":4,"nm":"Blurred","ind":1,"ip":0,"op":90,"st":0,"ks":{},"ef":[{"ty":29,"nm":"Gaussian Blur","mn":"ADBE Gaussian Blur 2"}],
       "shapes":[{"ty":"gr","nm":"Group","it":[{"ty":"el","nm":"Ellipse 1"},{"ty":"mm","nm":"Merge"},{"ty":"gr","it":[{"ty":"rp","nm":"Rep"}]}]}]},
      {"ty":0,"nm":"Nested","ind":2,"refId":"comp_1","ip":0,"op":90,"ks":{}}]},
    {"id":"comp_1","layers":[{"ty":0,"nm":"Back","ind":1,"refId":"comp_0","ip":0,"op":90,"ks":{}}]}
   ],
   "layers":[
    {"ty":3,"nm":"Ctrl","ind":1,"ip":0,"op":90,"ks":{}},
    {"ty":4,"nm":"Logo.Mark","ind":2,"parent":1,"ip":0,"op":90,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[90]}],"x":"time*90"}},"tt":3,"bm":3,
     "masksProperties":[{"mode":"i","inv":false,"o":{"a":0,"k":50},"x":{"a":0,"k":0}}],"shapes":[{"ty":"tm"},{"ty":"gs"}]},
    {"ty":2,"nm":"Pic","ind":3,"refId":"image_0","ip":0,"op":90,"ks":{},"ddd":1,"ao":1},
    {"ty":5,"nm":"Title","ind":4,"ip":0,"op":90,"ks":{},"t":{"d":{"k":[]},"a":[{"s":{}}]}},
    {"ty":0,"nm":"Pre","ind":5,"refId":"comp_0","ip":0,"op":90,"ks":{},"tm":{"a":0,"k":0},"sr":2}
   ],
   "markers":[{"tm":0,"cm":"intro","dr":30}]}
  """#

@Suite("Lottie model")
struct ModelTests {
  let animation: Animation

  init() throws {
    animation = Animation(document: try JSONDocument(parsing: sample))
  }

  @Test func topLevel() {
    #expect(animation.looksLikeLottie)
    #expect(animation.version == "5.7.4")
    #expect(animation.frameRate == 30)
    #expect(animation.width == 512)
    #expect(animation.height == 256)
    #expect(animation.duration == 3)
    #expect(animation.generator == "LottieFiles AE 3.0")
    #expect(animation.markers.count == 1)
  }

  @Test func compositionsAndLayers() throws {
    let comps = animation.compositions
    #expect(comps.map(\.displayName) == ["Main", "Inner", "comp_1"])
    #expect(comps[0].isRoot)
    let layers = comps[0].layers
    #expect(layers.map(\.type) == [.null, .shape, .image, .text, .precomp])
    #expect(layers[1].parentIndex == 1)
    #expect(layers[1].matteMode == .luma)
    #expect(layers[1].label == "\"Logo.Mark\" (ind 2)")
    #expect(layers[2].refId == "image_0")
    #expect(layers[4].timeStretch == 2)
    #expect(comps[0].layersByIndex[3]?.name == "Pic")
    #expect(animation.composition(id: "comp_0")?.layers.count == 2)
    #expect(animation.composition(id: "image_0") == nil)
  }

  @Test func assets() {
    let assets = animation.assets
    #expect(assets.count == 4)
    #expect(assets[0].isImage && !assets[0].isEmbedded)
    #expect(assets[0].relativePath == "images/img_0.png")
    #expect(assets[1].isEmbedded)
    #expect(assets[1].embeddedByteCount == 8)
    #expect(assets[2].isPrecomp && !assets[2].isImage)
    #expect(!assets[0].isWebP && !assets[1].isWebP)
  }

  /// #18: WebP pictures, which rlottie does not draw: by the data URI's media type, by the bytes
  /// whatever the header says (RIFF … WEBP), or by a file name.
  @Test func webPImagesAreToldByTypeBytesOrName() throws {
    // "RIFF", a size, "WEBP", "VP8 " in base64.
    let bytes = "UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAA="
    func asset(_ p: String) throws -> Asset {
      let doc = try JSONDocument(parsing: Array(#"{"id":"i","w":1,"h":1,"u":"","p":"\#(p)","e":1}"#.utf8))
      return Asset(node: doc.root)
    }
    #expect(try asset("data:image/webp;base64,AAAA").isWebP)
    #expect(try asset("data:image/png;base64," + bytes).isWebP)
    #expect(try asset("photo.WEBP").isWebP)
    #expect(try !asset("photo.png").isWebP)
    #expect(try !asset("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ").isWebP)
    #expect(try !asset("data:image/png;base64,UklG").isWebP)
  }

  @Test func walksEveryLayerOnceWithPaths() {
    var paths: [[String]] = []
    animation.forEachLayer { paths.append($0.path) }
    #expect(paths.count == 8)
    #expect(paths[1] == ["Main", "Logo.Mark"])
    #expect(paths[5] == ["Inner", "Blurred"])
  }

  @Test func precompCyclesAndDepthTerminate() {
    #expect(animation.precompCycles() == [["comp_0", "comp_1", "comp_0"]])
    #expect(animation.reachablePrecompIDs() == ["comp_0", "comp_1"])
    #expect(animation.precompDepth() >= 1)
  }

  @Test func selfReferencingPrecomp() throws {
    let doc = try JSONDocument(parsing: #"{"layers":[{"ty":0,"refId":"a"}],"assets":[{"id":"a","layers":[{"ty":0,"refId":"a"}]}]}"#)
    let a = Animation(document: doc)
    #expect(a.precompCycles() == [["a", "a"]])
    #expect(a.precompDepth() == 1)
  }

  @Test func shapesWalkRecursively() throws {
    let blurred = try #require(animation.composition(id: "comp_0")?.layers.first)
    var seen: [String] = []
    Shape.walk(blurred.shapes, path: ["Inner", "Blurred"]) { shape, path in seen.append(path.joined(separator: " › ")) }
    #expect(
      seen == [
        "Inner › Blurred › Group", "Inner › Blurred › Group › Ellipse 1", "Inner › Blurred › Group › Merge",
        "Inner › Blurred › Group › gr", "Inner › Blurred › Group › gr › Rep"
      ])
  }

  @Test func featuresFoundAtTheirPointers() {
    let uses = animation.featureUses()
    func pointers(_ f: Feature) -> [String] { uses.filter { $0.feature == f }.map { $0.node.pointer } }
    #expect(pointers(.expression) == ["/layers/1/ks/r/x"])
    #expect(pointers(.matteLuma) == ["/layers/1/tt"])
    #expect(pointers(.maskModeIntersect) == ["/layers/1/masksProperties/0/mode"])
    #expect(pointers(.maskOpacity) == ["/layers/1/masksProperties/0/o"])
    #expect(pointers(.maskExpansion).isEmpty)
    #expect(pointers(.blendMode) == ["/layers/1/bm"])
    #expect(pointers(.trimPaths) == ["/layers/1/shapes/0"])
    #expect(pointers(.gradientStroke) == ["/layers/1/shapes/1"])
    #expect(pointers(.layer3D) == ["/layers/2/ddd"])
    #expect(pointers(.autoOrient) == ["/layers/2/ao"])
    #expect(pointers(.textAnimator) == ["/layers/3/t/a"])
    #expect(pointers(.timeRemap) == ["/layers/4/tm"])
    #expect(pointers(.timeStretch) == ["/layers/4/sr"])
    #expect(pointers(.effect) == ["/assets/2/layers/0/ef/0"])
    #expect(uses.first { $0.feature == .effect }?.detail == "Gaussian Blur")
    #expect(uses.first { $0.feature == .effect }?.layerPath == ["Inner", "Blurred"])
    #expect(pointers(.mergePaths) == ["/assets/2/layers/0/shapes/0/it/1"])
    #expect(pointers(.repeater) == ["/assets/2/layers/0/shapes/0/it/2/it/0"])
    #expect(pointers(.imageExternal) == ["/assets/0"])
    #expect(pointers(.imageEmbedded) == ["/assets/1"])
  }

  @Test func effectNamesFromTheCatalogue() throws {
    let doc = try JSONDocument(parsing: #"[{"ty":25},{"mn":"ADBE Glo2","nm":"My glow"},{"ty":5,"nm":"Controls"},{"ty":99,"mn":"ADBE Unknown"},{"ty":99}]"#)
    let names = doc.root.elements.map { EffectCatalogue.shared.displayName(of: Effect(node: $0)) }
    #expect(names == ["Drop Shadow", "Glow", "Controls", "ADBE Unknown", "effect ty 99"])
  }

  @Test func summaryCounts() {
    let s = AnimationSummary(animation: animation)
    #expect(s.layerCount == 8)
    #expect(s.compositions == 3)
    #expect(s.precompAssets == 2)
    #expect(s.imageAssets.count == 2)
    #expect(s.layersByType.first?.type == "precomp")
    #expect(s.features.contains { $0.feature == .effect && $0.details == ["Gaussian Blur"] })
  }

  @Test func survivesWrongTypesEverywhere() throws {
    // Numbers where objects are expected, objects where numbers are: views answer nil, never trap.
    let doc = try JSONDocument(
      parsing: #"{"layers":[1,"x",{"ty":"4","ks":7,"shapes":5,"ef":{},"masksProperties":"m","t":[]},{"ty":0,"refId":7}],"assets":{"id":1}}"#)
    let a = Animation(document: doc)
    _ = AnimationSummary(animation: a)
    _ = a.featureUses()
    _ = a.precompCycles()
    #expect(a.rootComposition.layers.count == 4)
    #expect(a.assets.isEmpty)
  }
}
