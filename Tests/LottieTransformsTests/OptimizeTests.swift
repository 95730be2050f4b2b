import Testing
import LottieJSON
import LottieKitIO
@testable import LottieTransforms

/// #20: `optimize --lossless`, step by step: each with an input it changes and one it must leave
/// alone, the refusals (expressions, slots, text documents, spatial tangents, parents and mattes),
/// and idempotence.
@Suite("optimize, lossless steps")
struct OptimizeTests {
  let header = #""v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100"#

  func optimize(_ json: String) throws -> (doc: JSONDocument, result: OptimizeResult) {
    let r = Optimize.lossless(try JSONDocument(parsing: Array(json.utf8)))
    return (try JSONDocument(parsing: r.bytes), r)
  }

  func saved(_ r: OptimizeResult, _ step: String) -> Int { r.steps.first { $0.name == step }?.saved ?? 0 }

  func layer(_ extra: String, ind: Int = 1, ks: String = "{}") -> String {
    #"{"ty":4,"ind":\#(ind),"ip":0,"op":60,"st":0,"ks":\#(ks),"shapes":[]\#(extra.isEmpty ? "" : "," + extra)}"#
  }

  @Test func hiddenLayersGoUnlessSomethingUsesThem() throws {
    let (doc, r) = try optimize("{\(header),\"layers\":[\(layer("\"hd\":true,\"nm\":\"Guide\"", ind: 1)),\(layer("", ind: 2))]}")
    #expect(doc.root["layers"]?.count == 1)
    #expect(saved(r, "invisible layers") > 0)
    #expect(r.steps.first { $0.name == "invisible layers" }?.detail == "1 layer: \"Guide\" (ind 1), hidden")
    // A hidden parent stays: its child moves with it.
    let (kept, _) = try optimize("{\(header),\"layers\":[\(layer("\"hd\":true", ind: 1)),\(layer("\"parent\":1", ind: 2))]}")
    #expect(kept.root["layers"]?.count == 2)
  }

  /// Each layer next to a plain one (ind 9): removed when no player draws it and nothing uses it.
  @Test(arguments: [
    (#""nm":"A","ks":{"o":{"a":0,"k":0}}"#, "opacity 0"),
    (#""nm":"A","ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"e":[0]},{"t":30,"s":[0]}]}}"#, "opacity 0"),
    (#""nm":"A","ks":{"s":{"a":0,"k":[0,0,100]}}"#, "scale 0"),
    (#""nm":"A","ks":{"s":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":30,"s":[0,0]}]}}"#, "scale 0"),
    (#""nm":"A","ip":60,"op":90"#, "outside the animation's frames"),
    (#""nm":"A","ty":3"#, "a null nothing uses")
  ])
  func invisibleLayersGo(extra: String, reason: String) throws {
    var one = layer(extra, ind: 1)
    if extra.contains("\"ty\":3") { one = one.replacingOccurrences(of: #""ty":4,"#, with: "") }
    if extra.contains("\"ip\"") { one = one.replacingOccurrences(of: #""ip":0,"op":60,"#, with: "") }
    if extra.contains("\"ks\"") { one = one.replacingOccurrences(of: #""ks":{},"#, with: "") }
    let (doc, r) = try optimize("{\(header),\"layers\":[\(one),\(layer("", ind: 9))]}")
    #expect(doc.root["layers"]?.count == 1, "\(one)")
    #expect(r.steps.first { $0.name == "invisible layers" }?.detail == "1 layer: \"A\" (ind 1), \(reason)")
  }

  /// A null whose only child is never drawn goes in the same run as the child, so a second run
  /// finds nothing more (idempotence); a drawn child keeps the whole chain of parents.
  @Test func chainsOfInvisibleLayersGoInOneRun() throws {
    let null = #"{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{}}"#
    let middle = #"{"ty":3,"ind":2,"parent":1,"ip":0,"op":60,"st":0,"ks":{}}"#
    for (child, left) in [(layer("\"hd\":true,\"parent\":2", ind: 3), 1), (layer("\"parent\":2", ind: 3), 4)] {
      let (doc, r) = try optimize("{\(header),\"layers\":[\(null),\(middle),\(child),\(layer("", ind: 9))]}")
      #expect(doc.root["layers"]?.count == left)
      #expect(Optimize.lossless(try JSONDocument(parsing: r.bytes)).bytes == r.bytes)
    }
  }

  /// Layers that may be drawn, or that something uses, stay.
  @Test(arguments: [
    #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[100]}]}},"shapes":[]}"#,  // fades in
    #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":0,"sid":"fade"}},"shapes":[]}"#,  // a slot may set it
    #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"s":{"a":0,"k":[100,100]}},"shapes":[]}"#,
    #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"s":{"a":0,"k":[0,100]}},"shapes":[]}"#,  // rlottie draws its strokes as a line
    #"{"ty":4,"ind":1,"ip":-10,"op":5,"st":0,"ks":{},"shapes":[]}"#,  // overlaps the frames
    #"{"ty":13,"ind":1,"ip":0,"op":60,"st":0,"hd":true,"ks":{}}"#,  // a camera
    #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"nm":"Badge","ks":{"o":{"a":0,"k":0}},"shapes":[]}"#  // --keep-names Badge
  ])
  func layersThatMayShowOrAreUsedStay(one: String) throws {
    let json = "{\(header),\"layers\":[\(one),\(layer("", ind: 9))]}"
    let r = Optimize.lossless(try JSONDocument(parsing: Array(json.utf8)), keepNames: ["Badge"])
    #expect(try JSONDocument(parsing: r.bytes).root["layers"]?.count == 2)
    #expect(r.steps.first { $0.name == "invisible layers" }?.detail == nil)
  }

  @Test func invisibleLayersOthersUseStay() throws {
    let transparent = #""ks":{"o":{"a":0,"k":0}}"#
    // As parent, as track matte (the layer above one with tt, or named by tp), as an effect's input.
    let cases = [
      [layer(transparent, ind: 1).replacingOccurrences(of: #""ks":{},"#, with: ""), layer("\"parent\":1", ind: 2)],
      [layer("\"td\":1,\"hd\":true", ind: 1), layer("\"tt\":1", ind: 2)],
      [layer(transparent, ind: 1).replacingOccurrences(of: #""ks":{},"#, with: ""), layer("\"tt\":1", ind: 2)],
      [
        layer(transparent, ind: 1).replacingOccurrences(of: #""ks":{},"#, with: ""),
        layer(#""ef":[{"ty":5,"ef":[{"ty":10,"nm":"Map","v":{"a":0,"k":1}}]}]"#, ind: 2)
      ],
      [
        #"{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{}}"#, layer("\"parent\":1", ind: 2)
      ]
    ]
    for layers in cases {
      let (doc, _) = try optimize("{\(header),\"layers\":[\(layers.joined(separator: ","))]}")
      #expect(doc.root["layers"]?.count == 2, "\(layers)")
    }
  }

  @Test func keyframesBeforeTheVisibleTimeGoExceptTheOneAtItsEdge() throws {
    // Visible 10–20: keyframes at 0, 5 (the last before 10), 15, 25, 30, 40 (after the visible
    // time, kept: rlottie reads a cut tail differently).
    let o = #"{"a":1,"k":[{"t":0,"s":[0]},{"t":5,"s":[10]},{"t":15,"s":[50]},{"t":25,"s":[80]},{"t":30,"s":[90]},{"t":40,"s":[100]}]}"#
    let json = "{\(header),\"layers\":[{\"ty\":4,\"ind\":1,\"ip\":10,\"op\":20,\"st\":0,\"ks\":{\"o\":\(o)},\"shapes\":[]}]}"
    let (doc, r) = try optimize(json)
    let times = doc.root["layers"]?.element(at: 0)?["ks"]?["o"]?["k"]?.elements.compactMap { $0["t"]?.double }
    #expect(times == [5, 15, 25, 30, 40])
    #expect(r.steps.first { $0.name == "invisible keyframes" }?.detail == "1 keyframe")
    // A start time or a time stretch: players disagree on the clock, nothing is cut.
    for other in ["\"st\":10", "\"st\":0,\"sr\":2"] {
      let changed = json.replacingOccurrences(of: "\"st\":0", with: other)
      #expect(try optimize(changed).doc.root["layers"]?.element(at: 0)?["ks"]?["o"]?["k"]?.count == 6)
    }
  }

  @Test func constantAnimationsBecomeStatic() throws {
    let ks =
      #"{"o":{"a":1,"k":[{"t":0,"s":[80],"i":{"x":[0.5],"y":[1]},"o":{"x":[0.5],"y":[0]}},{"t":60,"s":[80]}],"ix":11},"p":{"a":1,"k":[{"t":0,"s":[10,20,0]},{"t":60,"s":[10,20,0]}]}}"#
    let (doc, r) = try optimize("{\(header),\"layers\":[\(layer("", ks: ks))]}")
    let o = doc.root["layers"]?.element(at: 0)?["ks"]?["o"]
    #expect(o?["a"]?.int == 0 && o?["k"]?.double == 80 && o?["ix"]?.int == 11)
    #expect(doc.root["layers"]?.element(at: 0)?["ks"]?["p"]?["k"].map { doc.minifiedText(of: $0) } == Array("[10,20,0]".utf8))
    #expect(r.steps.first { $0.name == "constant animations" }?.detail == "2 properties")
  }

  @Test(arguments: [
    // Values differ.
    #"{"o":{"a":1,"k":[{"t":0,"s":[80]},{"t":60,"s":[90]}]}}"#,
    // A position that travels along a curve between two equal values.
    #"{"p":{"a":1,"k":[{"t":0,"s":[10,20],"to":[30,0],"ti":[0,30]},{"t":60,"s":[10,20]}]}}"#,
    // A slot or an expression acts on the keyframes.
    #"{"o":{"a":1,"k":[{"t":0,"s":[80]},{"t":60,"s":[80]}],"sid":"fade"}}"#
  ])
  func propertiesThatMustStayAnimated(ks: String) throws {
    let (doc, _) = try optimize("{\(header),\"layers\":[\(layer("", ks: ks))]}")
    let property = doc.root["layers"]?.element(at: 0)?["ks"]?.members.first { _ in true }?.value
    #expect(property?["a"]?.int == 1)
  }

  /// Image assets that are the same picture at the same size become one: the layers that used the
  /// copy use the first, and the unused-assets step removes the copy. A different size, a slot id
  /// or an expression keeps both.
  @Test func duplicateImagesBecomeOne() throws {
    let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    let embedded = #"{"id":"image_0","w":10,"h":10,"u":"","p":"\#(png)","e":1}"#
    func file(_ second: String, first: String = embedded, expression: Bool = false) -> String {
      let x = expression ? #","x":"var $bm_rt; $bm_rt = value;""# : ""
      return
        #"{\#(header),"assets":[\#(first),\#(second)],"layers":[{"ty":2,"ind":1,"refId":"image_0","ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":50\#(x)}}},{"ty":2,"ind":2,"refId":"image_1","ip":0,"op":60,"st":0,"ks":{}}]}"#
    }
    let copy = #"{"id":"image_1","w":10,"h":10,"u":"","p":"\#(png)","e":1}"#
    let (doc, r) = try optimize(file(copy))
    #expect(doc.root["assets"]?.count == 1)
    #expect(doc.root["layers"]?.elements.map { $0["refId"]?.string } == ["image_0", "image_0"])
    #expect(r.steps.first { $0.name == "duplicate images" }?.detail == "1 image")
    #expect(r.steps.first { $0.name == "unused assets" }?.detail == "1: image_1")
    // The same file by path, too.
    let external = try optimize(
      file(#"{"id":"image_1","w":4,"h":4,"u":"images/","p":"img_0.png","e":0}"#, first: #"{"id":"image_0","w":4,"h":4,"u":"images/","p":"img_0.png","e":0}"#))
    #expect(external.doc.root["assets"]?.count == 1)
    // Kept: another size, another file, a slot id, a file with expressions.
    #expect(try optimize(file(#"{"id":"image_1","w":20,"h":20,"u":"","p":"\#(png)","e":1}"#)).doc.root["assets"]?.count == 2)
    #expect(
      try optimize(
        file(#"{"id":"image_1","w":4,"h":4,"u":"images/","p":"img_1.png","e":0}"#, first: #"{"id":"image_0","w":4,"h":4,"u":"images/","p":"img_0.png","e":0}"#)
      ).doc.root["assets"]?.count == 2)
    #expect(try optimize(file(#"{"id":"image_1","w":10,"h":10,"u":"","p":"\#(png)","e":1,"sid":"photo"}"#)).doc.root["assets"]?.count == 2)
    #expect(try optimize(file(copy, expression: true)).doc.root["assets"]?.count == 2)
  }

  /// Embedded PNGs are re-encoded when that is smaller, with the same pixels; the URI's header
  /// stays as written. A file path, a JPEG and a broken payload are left alone.
  @Test func embeddedPNGsShrinkWithTheSamePixels() throws {
    var rgba: [UInt8] = []
    for y in 0..<48 { for x in 0..<48 { rgba += [UInt8(x * 5), UInt8(y * 5), 128, 255] } }
    let png = try PNG.encode(width: 48, height: 48, rgba: rgba, level: 1)
    let uri = "data:image/png;BASE64," + Base64.encode(png)
    func file(_ assets: String) -> String {
      #"{\#(header),"assets":[\#(assets)],"layers":[{"ty":2,"ind":1,"refId":"image_0","ip":0,"op":60,"st":0,"ks":{}}]}"#
    }
    let (doc, r) = try optimize(file(#"{"id":"image_0","w":48,"h":48,"u":"","p":"\#(uri)","e":1}"#))
    let written = try #require(doc.root["assets"]?.element(at: 0)?["p"]?.string)
    #expect(written.hasPrefix("data:image/png;BASE64,"))
    let after = try DataURI(parsing: written).decodedPayload()
    #expect(after.count < png.count)
    #expect(PNGRecompress.samePixels(png, after))
    #expect(r.steps.first { $0.name == "embedded PNGs" }?.detail == "1 image")
    #expect(saved(r, "embedded PNGs") > 0)
    // Once is enough.
    #expect(Optimize.lossless(try JSONDocument(parsing: r.bytes)).bytes == r.bytes)
    // Left alone: a file on disk, a JPEG, a payload that is not base64.
    for asset in [
      #"{"id":"image_0","w":48,"h":48,"u":"images/","p":"img_0.png","e":0}"#,
      #"{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP","e":1}"#,
      #"{"id":"image_0","w":1,"h":1,"u":"","p":"data:image/png;base64,%%%","e":1}"#
    ] {
      let kept = try optimize(file(asset))
      #expect(saved(kept.result, "embedded PNGs") == 0)
      #expect(kept.doc.root["assets"]?.element(at: 0)?["p"]?.string == (try JSONDocument(parsing: Array(asset.utf8))).root["p"]?.string)
    }
  }

  /// `--images webp` (the caller has checked the players): embedded PNGs become WebP data URIs when
  /// smaller and within the limit; lossless WebP only at level 0; a WebP is not converted again.
  @Test func webpImagesReplaceEmbeddedPNGs() throws {
    var rgba: [UInt8] = []
    var seed: UInt32 = 7
    for y in 0..<64 {
      for x in 0..<64 {
        seed = seed &* 1_103_515_245 &+ 12345
        rgba += [UInt8(x * 3 + Int(seed >> 28)), UInt8(y * 3), UInt8((x ^ y) & 0xFF), 255]
      }
    }
    let png = try PNG.encode(width: 64, height: 64, rgba: rgba, level: 9)
    let json =
      #"{\#(header),"assets":[{"id":"image_0","w":64,"h":64,"u":"","p":"\#(DataURI.encode(png, mediaType: "image/png"))","e":1}],"layers":[{"ty":2,"ind":1,"refId":"image_0","ip":0,"op":60,"st":0,"ks":{}}]}"#
    let start = Optimize.lossless(try JSONDocument(parsing: Array(json.utf8)))
    for losslessOnly in [false, true] {
      let r = Optimize.webpImages(start, quality: 80, losslessOnly: losslessOnly, maxChanged: 1)
      let p = try #require(try JSONDocument(parsing: r.bytes).root["assets"]?.element(at: 0)?["p"]?.string)
      #expect(p.hasPrefix("data:image/webp;base64,"))
      let webp = try DataURI(parsing: p).decodedPayload()
      let before = try #require(WebP.pixels(ofPNG: png))
      let after = try #require(WebP.pixels(ofWebP: webp))
      let difference = try #require(WebP.difference(before, after))
      #expect(losslessOnly ? difference.exact : !difference.exact)
      #expect(r.bytes.count < start.bytes.count)
      #expect(r.steps.last?.name == "WebP images" && r.steps.last?.detail == (losslessOnly ? "1 image, 1 of them lossless" : "1 image"))
      // Once is enough.
      #expect(Optimize.webpImages(r, quality: 80, losslessOnly: losslessOnly, maxChanged: 1).bytes == r.bytes)
    }
  }

  /// `--target`: a 2D layer's `"ddd": 0` goes only for files that are not for rlottie, the one
  /// player that reads a layer without it as 3D; a 3D layer's `"ddd": 1` always stays.
  @Test func layerDimensionGoesOnlyWhenRlottieIsNotATarget() throws {
    let json =
      #"{\#(header),"layers":[{"ddd":0,"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"r":{"a":0,"k":30}},"shapes":[]},{"ddd":1,"ty":4,"ind":2,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}]}"#
    func layers(_ players: Set<String>?) throws -> [Int?] {
      let r = Optimize.lossless(try JSONDocument(parsing: Array(json.utf8)), players: players)
      return try JSONDocument(parsing: r.bytes).root["layers"]?.elements.map { $0["ddd"]?.int } ?? []
    }
    #expect(try layers(nil) == [0, 1])
    #expect(try layers(["rlottie", "lottie-web"]) == [0, 1])
    #expect(try layers(["lottie-web", "lottie-ios", "lottie-android"]) == [nil, 1])
  }

  /// Keys every player defaults the same way go (docs/optimize-defaults.md); the look-alikes that a
  /// player reads differently when missing stay: ddd, st, ml, a fill rule 0, a.
  @Test func keysWithTheValueEveryPlayerAssumesGo() throws {
    let shapes =
      #""shapes":[{"ty":"gr","hd":false,"bm":0,"it":[{"d":1,"ty":"el","hd":false},{"ty":"rc","d":3},{"ty":"fl","r":1,"bm":0},{"ty":"fl","r":0},{"ty":"st","ml":4,"bm":0}]}]"#
    let json =
      #"{"v":"5.7.4","ddd":0,"fr":30,"ip":0,"op":60,"w":100,"h":100,"markers":[],"layers":[{"ddd":0,"ty":4,"ind":1,"ip":0,"op":60,"st":0,"sr":1,"ao":0,"hd":false,"ct":0,"hasMask":false,"bm":0,"ks":{"o":{"a":0,"k":100}},\#(shapes)}]}"#
    let (doc, r) = try optimize(json)
    let out = String(decoding: r.bytes, as: UTF8.self)
    #expect(
      out
        == #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ddd":0,"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"el"},{"ty":"rc","d":3},{"ty":"fl"},{"ty":"fl","r":0},{"ty":"st","ml":4}]}]}]}"#,
      "\(out)")
    #expect(r.steps.first { $0.name == "defaults" }?.detail == "16 keys")
    #expect(doc.root["layers"]?.element(at: 0)?["ddd"] != nil)
    // Other values stay: sr 2, ao 1, hd true (a hidden shape), non-empty markers.
    let other =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"markers":[{"tm":0,"cm":"a","dr":0}],"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"sr":2,"ao":1,"ks":{},"shapes":[{"ty":"el","hd":true},{"ty":"fl"}]}]}"#
    #expect(try optimize(other).result.steps.first { $0.name == "defaults" }?.saved == 0)
    // A layer "bm": 0 stays when another layer blends: lottie-web's canvas renderer would keep
    // the other layer's mode for a layer without one.
    let blended =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"bm":3,"ks":{},"shapes":[]},{"ty":4,"ind":2,"ip":0,"op":60,"st":0,"bm":0,"ks":{},"shapes":[]}]}"#
    #expect(String(decoding: try optimize(blended).result.bytes, as: UTF8.self).contains(#""bm":0"#))
  }

  /// Static transform properties at their default go, from layers, group transforms and
  /// repeaters; a group's opacity (lottie-web fails to load a group transform without it), a skew
  /// axis without its skew, a camera's position, animated or slotted values, and every transform
  /// of a file with expressions stay.
  @Test func transformsAtTheirDefaultGo() throws {
    let zero = #"{"a":0,"k":[0,0]}"#, hundred = #"{"a":0,"k":[100,100]}"#
    let tr = #"{"ty":"tr","p":\#(zero),"a":\#(zero),"s":\#(hundred),"r":{"a":0,"k":0},"o":{"a":0,"k":100},"sk":{"a":0,"k":0},"sa":{"a":0,"k":0}}"#
    let rp =
      #"{"ty":"rp","c":{"a":0,"k":3},"tr":{"ty":"tr","p":\#(zero),"a":\#(zero),"s":\#(hundred),"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    let ks =
      #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0,0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]},"sk":{"a":0,"k":0},"sa":{"a":0,"k":30}}"#
    let json =
      "{\(header),\"layers\":[{\"ty\":4,\"ind\":1,\"ip\":0,\"op\":60,\"st\":0,\"ks\":\(ks),\"shapes\":[{\"ty\":\"gr\",\"it\":[{\"ty\":\"el\"},\(rp),\(tr)]}]},{\"ty\":13,\"ind\":2,\"ip\":0,\"op\":60,\"st\":0,\"ks\":{\"p\":{\"a\":0,\"k\":[0,0,0]}}}]}"
    let out = String(decoding: try optimize(json).result.bytes, as: UTF8.self)
    #expect(out.contains(#""ks":{"sk":{"a":0,"k":0},"sa":{"a":0,"k":30}}"#), "\(out)")  // skew axis 30 keeps its skew
    #expect(out.contains(#"{"ty":"tr","o":{"a":0,"k":100}}"#), "\(out)")
    #expect(out.contains(#""tr":{"ty":"tr","so":{"a":0,"k":100},"eo":{"a":0,"k":100}}"#), "\(out)")
    #expect(out.contains(#""ty":13,"ind":2,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[0,0,0]}}"#), "\(out)")
    // Not at the default, animated, slotted: kept.
    let kept = #"{"p":{"a":0,"k":[1,0]},"s":{"a":1,"k":[{"t":0,"s":[100,100]},{"t":9,"s":[100,100],"x":1}]},"r":{"a":0,"k":0,"sid":"spin"}}"#
    let keptJSON = "{\(header),\"layers\":[{\"ty\":4,\"ind\":1,\"ip\":0,\"op\":60,\"st\":0,\"ks\":\(kept),\"shapes\":[]}]}"
    #expect(String(decoding: try optimize(keptJSON).result.bytes, as: UTF8.self).contains(#""p":{"a":0,"k":[1,0]}"#))
    #expect(String(decoding: try optimize(keptJSON).result.bytes, as: UTF8.self).contains(#""sid":"spin""#))
    // A key written twice (corpus rlottie repro_propertyhelper_type_confusion1.json: an opacity
    // with keyframes, then 100): players disagree on which they read, so nothing there goes.
    let twice = #"{"o":{"a":0,"k":[{"t":24}],"k":100},"r":{"a":0,"k":0},"r":{"a":0,"k":5}}"#
    let twiceJSON = "{\(header),\"layers\":[{\"ty\":4,\"ind\":1,\"ip\":0,\"op\":60,\"st\":0,\"ks\":\(twice),\"shapes\":[]}]}"
    #expect(String(decoding: try optimize(twiceJSON).result.bytes, as: UTF8.self).contains(twice))
    // A file with expressions keeps every transform property.
    let expression = json.replacingOccurrences(of: #""r":{"a":0,"k":0},"p""#, with: #""r":{"a":0,"k":0,"x":"time*10"},"p""#)
    #expect(String(decoding: try optimize(expression).result.bytes, as: UTF8.self).contains(#""s":{"a":0,"k":[100,100,100]}"#))
  }

  @Test func filesWithExpressionsKeepLayersAndKeyframes() throws {
    let ks = #"{"o":{"a":1,"k":[{"t":0,"s":[80]},{"t":60,"s":[80]}]},"r":{"a":0,"k":0,"x":"var $bm_rt; $bm_rt = thisComp.layer('Guide').transform.rotation;"}}"#
    let (doc, r) = try optimize("{\(header),\"layers\":[\(layer("\"hd\":true,\"nm\":\"Guide\"", ind: 1)),\(layer("", ind: 2, ks: ks))]}")
    #expect(doc.root["layers"]?.count == 2)
    #expect(doc.root["layers"]?.element(at: 1)?["ks"]?["o"]?["a"]?.int == 1)
    #expect(r.notes.contains { $0.contains("expressions") })
  }

  @Test func textDocumentsStayKeyframes() throws {
    let text = #""t":{"d":{"k":[{"s":{"t":"Hi","f":"Inter","s":20},"t":0},{"s":{"t":"Hi","f":"Inter","s":20},"t":30}]}}"#
    let (doc, _) = try optimize("{\(header),\"layers\":[{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\(text)}]}")
    #expect(doc.root["layers"]?.element(at: 0)?["t"]?["d"]?["k"]?.isArray == true)
  }

  @Test func optimizingTwiceChangesNothingAndUnknownFieldsSurvive() throws {
    let ks = #"{"o":{"a":1,"k":[{"t":0,"s":[80]},{"t":60,"s":[80]}]},"p":{"a":0,"k":[10.50,20,0]}}"#
    let (_, first) = try optimize("{\(header),\"x-studio\":{\"rev\":7},\"layers\":[\(layer("\"hd\":true", ind: 2)),\(layer("", ks: ks))]}")
    let second = Optimize.lossless(try JSONDocument(parsing: first.bytes))
    #expect(second.bytes == first.bytes)
    let text = String(decoding: first.bytes, as: UTF8.self)
    #expect(text.contains("\"x-studio\":{\"rev\":7}") && text.contains("[10.50,20,0]"))
  }
}
