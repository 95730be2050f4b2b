import Testing
import LottieJSON
import LottieModel

/// #18: feature details that decide whether a player's gap shows at all (expressions that return
/// the exported value, Round Corners with nothing to round, keys written twice with different kinds,
/// repeaters whose copies grow without bound, mask expansion within a pixel).
@Suite("feature details")
struct FeatureDetailTests {
  func uses(_ json: String) throws -> [FeatureUse] {
    try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses()
  }

  func details(_ json: String, _ feature: Feature) throws -> [String?] {
    try uses(json).filter { $0.feature == feature }.map(\.detail)
  }

  /// A root shape layer visible from 0 to 60 with `ks` (its transform) as given.
  func layer(ks: String, shapes: String = "[]", op: Int = 60) -> String {
    #"{"v":"5.7.4","fr":30,"ip":0,"op":\#(op),"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":\#(op),"st":0,"ks":\#(ks),"shapes":\#(shapes)}]}"#
  }

  @Test(arguments: [
    #"{"o":{"a":0,"k":80,"x":"var $bm_rt;\n$bm_rt = clamp(value, 0, 100);"}}"#,
    #"{"o":{"a":0,"k":80,"x":"var $bm_rt; $bm_rt = value;"}}"#,
    #"{"r":{"a":0,"k":20,"x":"var $bm_rt;\n$bm_rt = transform.rotation;"}}"#,
    #"{"sk":{"a":0,"k":10,"x":"var $bm_rt;\n$bm_rt = transform.skew;"}}"#,
    #"{"s":{"a":0,"k":[100,100,100],"x":"var $bm_rt;\n$bm_rt = [\n    100,\n    100\n];"}}"#,
    #"{"r":{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = loopOut('cycle');"}}"#,
    #"{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[90]}],"x":"var $bm_rt;\n$bm_rt = loopOut('cycle', 0);"}}"#,
    #"{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[90]}],"x":"var $bm_rt = loopIn();"}}"#
  ])
  func expressionsThatReturnTheExportedValueHaveNoEffect(ks: String) throws {
    #expect(try details(layer(ks: ks), .expression) == ["no effect"])
  }

  @Test(arguments: [
    #"{"o":{"a":0,"k":100,"x":"var $bm_rt;\n$bm_rt = clamp(value, 0, 50);"}}"#,
    #"{"r":{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = 45;"}}"#,
    #"{"o":{"a":0,"k":80,"x":"var $bm_rt;\n$bm_rt = transform.rotation;"}}"#,
    #"{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[90]}],"x":"var $bm_rt;\n$bm_rt = loopOut('cycle');"}}"#,
    #"{"r":{"a":1,"k":[{"t":10,"s":[0]},{"t":60,"s":[90]}],"x":"var $bm_rt;\n$bm_rt = loopIn('cycle');"}}"#,
    #"{"r":{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = wiggle(2, 30);"}}"#,
    #"{"o":{"a":0,"k":80,"x":"var $bm_rt; $bm_rt = value; $bm_rt = 10;"}}"#,
    #"{"o":{"a":0,"k":80,"x":"value"}}"#
  ])
  func expressionsThatMayChangeTheValueKeepNoDetail(ks: String) throws {
    #expect(try details(layer(ks: ks), .expression) == [nil])
  }

  @Test func roundCornersNeedACornerToRound() throws {
    let star = #"{"ty":"sr","sy":1}"#
    let rectangle = #"{"ty":"rc","r":{"a":0,"k":0}}"#
    let roundRectangle = #"{"ty":"rc","r":{"a":0,"k":8}}"#
    let squarePath = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[10,0],[10,10]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}"#
    let circlePath = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,-5],[5,0],[0,5],[-5,0]],"i":[[-3,0],[0,-3],[3,0],[0,3]],"o":[[3,0],[0,3],[-3,0],[0,-3]]}}}"#
    let rd = #"{"ty":"rd","r":{"a":0,"k":20}}"#
    func detail(_ items: [String]) throws -> [String?] {
      try details(layer(ks: "{}", shapes: #"[{"ty":"gr","it":[\#(items.joined(separator: ","))]}]"#), .roundedCorners)
    }
    #expect(try detail([star, rd]) == ["sharp corners"])
    #expect(try detail([rectangle, rd]) == ["sharp corners"])
    #expect(try detail([squarePath, rd]) == ["sharp corners"])
    #expect(try detail([#"{"ty":"gr","it":[\#(star)]}"#, rd]) == ["sharp corners"])
    #expect(try detail([roundRectangle, rd]) == [nil])
    #expect(try detail([circlePath, rd]) == [nil])
    // The modifier acts on the shapes before it only.
    #expect(try detail([rd, star]) == [nil])
    // Several modifiers in one list: each judged by what precedes it.
    #expect(try detail([circlePath, rd, star, rd]) == [nil, "sharp corners"])
  }

  /// Round Corners that rlottie skips, told apart by how much of the picture the rounding changes
  /// (corners x 0.215 r^2 over the canvas area, the radius scaled by groups and the layer).
  @Test(
    arguments: [
      (#"{"ty":"rd","r":{"a":0,"k":20}}"#, "{}", "sharp corners"),  // 4 x 0.215 x 400 / 10,000 = 3.4 %
      (#"{"ty":"rd","r":{"a":0,"k":4}}"#, "{}", "slightly rounded"),  // 0.14 %
      (#"{"ty":"rd","r":{"a":0,"k":20}}"#, #"{"s":{"a":0,"k":[20,20]}}"#, "slightly rounded"),  // the layer at 20 %: 0.14 %
      (#"{"ty":"rd","r":{"a":1,"k":[{"t":0,"s":[0]},{"t":9,"s":[20]}]}}"#, "{}", "sharp corners")
    ] as [(String, String, String)])
  func roundCornersAreClaimedByHowMuchTheyShow(rd: String, ks: String, detail: String) throws {
    let items = #"{"ty":"rc","r":{"a":0,"k":0}},\#(rd)"#
    #expect(try details(layer(ks: ks, shapes: #"[{"ty":"gr","it":[\#(items)]}]"#), .roundedCorners) == [detail])
  }

  /// rlottie turns a star by twice its Rotation: claimed when the turn is estimated to change at
  /// least 1 % of the picture (3 × angle off × (radius / canvas)²), "slightly rotated" below.
  @Test(
    arguments: [
      (15, 40, 5, "rotated"),  // 3 × 0.26 × 0.4² ≈ 12.6 %
      (15, 6, 5, "slightly rotated"),  // ≈ 0.28 %
      (72, 40, 5, nil),  // one point further: looks the same
      (1, 40, 5, nil),  // within 2°
      (50, 40, 6, "rotated")  // 50° on a 6-point star is 10° off
    ] as [(Int, Int, Int, String?)])
  func starsAreClaimedByHowMuchTheirTurnShows(rotation: Int, radius: Int, points: Int, detail: String?) throws {
    let star = #"{"ty":"sr","sy":1,"pt":{"a":0,"k":\#(points)},"r":{"a":0,"k":\#(rotation)},"or":{"a":0,"k":\#(radius)}}"#
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(star)]}]}"#
    #expect(try details(json, .polystar) == [detail])
  }

  /// rlottie also starts a polygon (`sy` 2) 1.5708° (π/2 degrees) short of lottie-web's first
  /// corner: a polygon is off by its Rotation less that (fixture polygon-rotated.json).
  @Test(
    arguments: [
      (0, nil),  // 1.57° off: within 2°
      (3, nil),  // 1.43° off, where a star of Rotation 3 is 3° off
      (-3, "polygon rotated"),  // 4.57° off
      (-10, "polygon rotated"),  // 11.57° off: 3 × 0.2 × 0.4² ≈ 9.7 %
      (122, nil)  // one corner further (120°) and 1.57°: within 2°
    ] as [(Int, String?)])
  func polygonsAreClaimedByTheirTurnLessRlottiesStartOffset(rotation: Int, detail: String?) throws {
    let polygon = #"{"ty":"sr","sy":2,"pt":{"a":0,"k":3},"r":{"a":0,"k":\#(rotation)},"or":{"a":0,"k":40}}"#
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(polygon)]}]}"#
    #expect(try details(json, .polystar) == [detail])
  }

  /// Exports before 5.5 write a turn as keyframes with `s` and `e` (0 → 360 as s 0, e 360; corpus
  /// bodymovin-extension expander.json): the end values count too.
  @Test func starsTurnedByLegacyKeyframesAreClaimed() throws {
    let r = #"{"a":1,"k":[{"t":0,"s":[0],"e":[360],"i":{"x":[0.8],"y":[0.8]},"o":{"x":[0.2],"y":[0.2]}},{"t":60}]}"#
    let star = #"{"ty":"sr","sy":1,"pt":{"a":0,"k":3},"r":\#(r),"or":{"a":0,"k":40}}"#
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(star)]}]}"#
    #expect(try details(json, .polystar) == ["rotated"])
  }

  /// Only the turn seen while the layer is visible counts. Keyframe times are on the composition's
  /// clock, whatever the layer's start time (Tests/Fixtures/compat/layer-start-clock.json; corpus
  /// ShapeTypes.json: a star shown at 160-200 from a start of 136 turns at 160-199, and rlottie
  /// draws it turned twice as far; in Precomps.json the same star is never shown, its precomp being
  /// shown at its frames 0-83: aPrecompLayerOutsideTheTimeItsPrecompIsShownIsNotDrawn).
  @Test(
    arguments: [
      (0, 60, 0, "rotated"),  // the turn happens while the layer is shown
      (0, 45, 0, "rotated"),  // the turn (40 → 50) starts before the out point
      (0, 30, 0, nil),  // the layer is gone before the star starts to turn
      (20, 60, 20, "rotated"),  // shown from 20 to 60 at start 20: the turn at 40-50 is seen
      (0, 40, -20, nil),  // gone at 40, when the turn starts, whatever the start
      (50, 60, 0, "rotated"),  // shown after the turn: held at 90, which is 18° off on a 5-point star
      (45, 60, 0, "rotated")  // shown mid-turn
    ] as [(Int, Int, Int, String?)])
  func starsAreClaimedByTheTurnSeenWhileTheLayerIsVisible(ip: Int, op: Int, st: Int, detail: String?) throws {
    let r = #"{"a":1,"k":[{"t":0,"s":[0]},{"t":20,"s":[0]},{"t":40,"s":[0]},{"t":50,"s":[90]}]}"#
    let star = #"{"ty":"sr","sy":1,"pt":{"a":0,"k":5},"r":\#(r),"or":{"a":0,"k":40}}"#
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":\#(ip),"op":\#(op),"st":\#(st),"ks":{},"shapes":[\#(star)]}]}"#
    #expect(try details(json, .polystar) == [detail])
  }

  /// A star whose point count is not whole while it is shown: lottie-web draws the whole points
  /// only, the other players the last one partly. Polygons, whole counts and a count that changes
  /// only while the layer is hidden are not told apart.
  @Test(
    arguments: [
      (#"{"a":0,"k":7.7}"#, 1, 60, true),
      (#"{"a":0,"k":7}"#, 1, 60, false),
      (#"{"a":0,"k":7.7}"#, 2, 60, false),  // a polygon
      (#"{"a":1,"k":[{"t":0,"s":[5]},{"t":30,"s":[11]}]}"#, 1, 60, true),
      (#"{"a":1,"k":[{"t":0,"s":[5]},{"t":30,"s":[5]}]}"#, 1, 60, false),
      (#"{"a":1,"k":[{"t":40,"s":[5]},{"t":50,"s":[11]}]}"#, 1, 30, false)  // gone before the count moves
    ] as [(String, Int, Int, Bool)])
  func starsWithAFractionalPointCountAreToldApart(points: String, sy: Int, op: Int, fractional: Bool) throws {
    let star = #"{"ty":"sr","sy":\#(sy),"pt":\#(points),"or":{"a":0,"k":40},"ir":{"a":0,"k":20}}"#
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":\#(op),"st":0,"ks":{},"shapes":[\#(star)]}]}"#
    #expect(try details(json, .polystar).contains("fractional points") == fractional)
  }

  /// An expression on a layer style's property matters only to a player that draws the style
  /// (corpus lottie-web navidad: 50 on Stroke styles); one beside it on the transform does not
  /// change its detail, and "no effect" still wins.
  @Test func expressionsOnLayerStylesAreToldApart() throws {
    let style = #"[{"ty":0,"nm":"Stroke","c":{"a":0,"k":[0,0,0,1],"x":"var $bm_rt = [1, 0, 0, 1];"},"s":{"a":0,"k":4,"x":"var $bm_rt;\n$bm_rt = value;"}}]"#
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"r":{"a":0,"k":0,"x":"var $bm_rt = 45;"}},"sy":\#(style),"shapes":[]}]}"#
    #expect(try Set(details(json, .expression).map { $0 ?? "-" }) == ["-", "in layer style", "no effect"])
    #expect(try details(json, .expression).count == 3)
  }

  /// rlottie lowers what lies under each translucent shape layer by 1/255: claimed past 32 layer
  /// instances at a partial opacity (static, a partial keyframe, or keyframes that change); a
  /// precomp used twice counts its layers twice; opaque layers do not count.
  @Test(
    arguments: [
      (#"{"a":0,"k":50}"#, 33, 1, 1),
      (#"{"a":0,"k":50}"#, 32, 1, 0),
      (#"{"a":1,"k":[{"t":0,"s":[100]},{"t":9,"s":[0]}]}"#, 20, 2, 1),
      (#"{"a":1,"k":[{"t":0,"s":[100]},{"t":9,"s":[100]}]}"#, 40, 1, 0),
      (#"{"a":0,"k":100}"#, 40, 1, 0)
    ] as [(String, Int, Int, Int)])
  func translucentLayers(opacity: String, count: Int, instances: Int, uses: Int) throws {
    let one = #"{"ty":4,"ip":0,"op":60,"st":0,"ks":{"o":\#(opacity)},"shapes":[]}"#
    let inner = Array(repeating: one, count: count).joined(separator: ",")
    let precomps = (0..<instances).map { #"{"ty":0,"refId":"p","ind":\#($0 + 1),"w":100,"h":100,"ip":0,"op":60,"st":0,"ks":{}}"# }
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[{"id":"p","layers":[\#(inner)]}],"layers":[\#(precomps.joined(separator: ","))]}"#
    #expect(try self.uses(json).filter { $0.feature == .translucentLayers }.count == uses)
  }

  /// Telegram's forks lower what lies under each matted layer by 1/255: claimed past 32 matted
  /// layer instances at once (a precomp shown twice counts its mattes twice; mattes one after
  /// another do not add up); a `tt` with no layer before it to take the matte from is no matte.
  @Test(
    arguments: [
      (33, 1, false, 1),
      (32, 1, false, 0),
      (17, 2, false, 1),
      (40, 1, true, 0)
    ] as [(Int, Int, Bool, Int)])
  func manyMattes(pairs: Int, instances: Int, oneAfterAnother: Bool, uses: Int) throws {
    let inner = (0..<pairs).map { k in
      let (ip, op) = oneAfterAnother ? (k, k + 1) : (0, 60)
      return #"{"ty":4,"td":1,"ip":\#(ip),"op":\#(op),"st":0,"ks":{},"shapes":[]},{"ty":4,"tt":1,"ip":\#(ip),"op":\#(op),"st":0,"ks":{},"shapes":[]}"#
    }.joined(separator: ",")
    let precomps = (0..<instances).map { #"{"ty":0,"refId":"p","ind":\#($0 + 1),"w":100,"h":100,"ip":0,"op":60,"st":0,"ks":{}}"# }
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[{"id":"p","layers":[\#(inner)]}],"layers":[\#(precomps.joined(separator: ","))]}"#
    #expect(try self.uses(json).filter { $0.feature == .manyMattes }.count == uses)
    // The first layer of a composition has nothing before it to take a matte from.
    let lone = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"tt":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}]}"#
    #expect(try self.uses(lone).filter { $0.feature == .manyMattes }.isEmpty)
  }

  /// Older rlottie fades each paint of a translucent shape layer: a shown layer at a partial
  /// opacity (or one that changes) with two or more fills or strokes that are not hidden, in
  /// groups too. What that changes is measured by drawing (Coverage), not guessed here.
  @Test(
    arguments: [
      (#"{"a":0,"k":50}"#, #"[{"ty":"fl"},{"ty":"st"}]"#, "", true),
      (#"{"a":0,"k":100}"#, #"[{"ty":"fl"},{"ty":"st"}]"#, "", false),
      (#"{"a":0,"k":50}"#, #"[{"ty":"fl"}]"#, "", false),
      (#"{"a":0,"k":50}"#, #"[{"ty":"fl"},{"ty":"st","hd":true}]"#, "", false),
      (#"{"a":0,"k":50}"#, #"[{"ty":"gr","it":[{"ty":"gf"}]},{"ty":"gr","it":[{"ty":"gs"}]}]"#, "", true),
      (#"{"a":0,"k":50}"#, #"[{"ty":"gr","hd":true,"it":[{"ty":"fl"}]},{"ty":"fl"}]"#, "", false),
      (#"{"a":1,"k":[{"t":0,"s":[100]},{"t":9,"s":[0]}]}"#, #"[{"ty":"fl"},{"ty":"fl"}]"#, "", true),
      (#"{"a":0,"k":50}"#, #"[{"ty":"fl"},{"ty":"st"}]"#, #","hd":true"#, false)
    ] as [(String, String, String, Bool)])
  func translucentLayerOverlap(opacity: String, shapes: String, extra: String, claimed: Bool) throws {
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0\#(extra),"ks":{"o":\#(opacity)},"shapes":\#(shapes)}]}"#
    let found = try uses(json).filter { $0.feature == .translucentLayerOverlap }
    #expect(found.count == (claimed ? 1 : 0))
    if claimed { #expect(found.first?.node.pointer == "/layers/0/ks/o") }
  }

  /// Only layers at a partial opacity at the same time add up: 40 layers that each fade in and out
  /// within their own 10 frames, one after another, are never more than one at once; the same 40
  /// fading over one shared stretch are 40 at once; a precomp with remapped time counts its
  /// translucent layers over the whole precomp layer.
  @Test(
    arguments: [
      (false, false, 0),
      (true, false, 1),
      (false, true, 1)
    ] as [(Bool, Bool, Int)])
  func translucentLayersCountOnlyAtOnce(together: Bool, remapped: Bool, uses: Int) throws {
    let layers = (0..<40).map { n -> String in
      let start = together ? 0 : n * 10
      // Keyframe times are the composition's, whatever the layer's start (layer-start-clock.json).
      let fade = #"{"a":1,"k":[{"t":\#(start),"s":[0],"h":1},{"t":\#(start + 1),"s":[100]},{"t":\#(start + 8),"s":[100]},{"t":\#(start + 9),"s":[0]}]}"#
      return #"{"ty":4,"ip":\#(start),"op":\#(start + 10),"st":\#(start),"ks":{"o":\#(fade)},"shapes":[]}"#
    }
    let tm = remapped ? #","tm":{"a":0,"k":0.1}"# : ""
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":400,"w":100,"h":100,"assets":[{"id":"p","layers":[\#(layers.joined(separator: ","))]}],"layers":[{"ty":0,"refId":"p","ind":1,"w":100,"h":100,"ip":0,"op":400,"st":0,"ks":{}\#(tm)}]}"#
    #expect(try self.uses(json).filter { $0.feature == .translucentLayers }.count == uses)
  }

  /// A precomp shown 10 times in a precomp shown 10 times, 9 levels deep (a billion instances of
  /// one translucent layer): the sweep gives up after a million visits and the count, memoized per
  /// precomp, answers (a walk of every instance would not end).
  @Test func precompBombsAreCountedNotWalked() throws {
    var assets: [String] = []
    for level in 0..<9 {
      let layers = (0..<10).map { #"{"ty":0,"refId":"p\#(level + 1)","ind":\#($0 + 1),"w":10,"h":10,"ip":0,"op":60,"st":0,"ks":{}}"# }
      assets.append(#"{"id":"p\#(level)","layers":[\#(layers.joined(separator: ","))]}"#)
    }
    assets.append(#"{"id":"p9","layers":[{"ty":4,"ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":50}},"shapes":[]}]}"#)
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[\#(assets.joined(separator: ","))],"layers":[{"ty":0,"refId":"p0","ind":1,"w":10,"h":10,"ip":0,"op":60,"st":0,"ks":{}}]}"#
    #expect(try self.uses(json).filter { $0.feature == .translucentLayers }.count == 1)
  }

  /// rlottie takes a luma matte's luminance with the matte's alpha undone: claimed when the matte
  /// layer (or a layer in its precomp) draws something half-transparent; alpha mattes and opaque
  /// luma mattes are not.
  @Test(
    arguments: [
      (#"{"ty":4,"td":1,"ks":{"o":{"a":0,"k":30}},"shapes":[]}"#, 3, 1),
      (#"{"ty":4,"td":1,"ks":{"o":{"a":0,"k":30}},"shapes":[]}"#, 1, 0),
      (#"{"ty":4,"td":1,"ks":{"o":{"a":0,"k":100}},"shapes":[{"ty":"fl","o":{"a":0,"k":100}}]}"#, 3, 0),
      (#"{"ty":4,"td":1,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"fl","o":{"a":0,"k":40}}]}]}"#, 4, 1),
      (#"{"ty":0,"td":1,"refId":"p","w":100,"h":100,"ks":{}}"#, 3, 1)
    ] as [(String, Int, Int)])
  func lumaMattesFromTranslucentMattes(matte: String, tt: Int, count: Int) throws {
    let asset = #"{"id":"p","layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":18}},"shapes":[]}]}"#
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[\#(asset)],"layers":[\#(matte.dropLast()),"ind":1,"ip":0,"op":60,"st":0},{"ty":4,"tt":\#(tt),"ind":2,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}]}"#
    #expect(try uses(json).filter { $0.feature == .lumaMatteTranslucent }.count == count)
  }

  /// rlottie crashes on a shape or mask path animated with a single keyframe; two keyframes, a
  /// static path, or another property with one keyframe are not this feature.
  @Test func pathsWithASingleKeyframe() throws {
    let path = #"{"c":true,"v":[[0,0],[9,0],[9,9]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}"#
    func file(shapes: String = "[]", masks: String = "[]") -> String {
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"masksProperties":\#(masks),"shapes":\#(shapes)}]}"#
    }
    let one = #"{"a":1,"k":[{"t":0,"s":[\#(path)]}]}"#
    let two = #"{"a":1,"k":[{"t":0,"s":[\#(path)]},{"t":10,"s":[\#(path)]}]}"#
    #expect(try details(file(shapes: #"[{"ty":"sh","ks":\#(one)}]"#), .singleKeyframePath) == [nil])
    #expect(try details(file(masks: #"[{"mode":"a","pt":\#(one)}]"#), .singleKeyframePath) == [nil])
    #expect(try details(file(shapes: #"[{"ty":"sh","ks":\#(two)}]"#), .singleKeyframePath).isEmpty)
    #expect(try details(file(shapes: #"[{"ty":"sh","ks":{"a":0,"k":\#(path)}}]"#), .singleKeyframePath).isEmpty)
    #expect(try details(file(shapes: #"[{"ty":"rc","s":{"a":1,"k":[{"t":0,"s":[10,10]}]}}]"#), .singleKeyframePath).isEmpty)
  }

  /// rlottie reads a property whose last keyframe has an `i` handle as zero; the usual last
  /// keyframe (no handles), a hold and a property of one keyframe are not this feature.
  @Test func lastKeyframesWithEasing() throws {
    func file(_ keyframes: String) -> String {
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":\#(keyframes)}},"shapes":[]}]}"#
    }
    let ease = #""i":{"x":[0.8],"y":[0.8]},"o":{"x":[0.2],"y":[0.2]}"#
    #expect(try details(file(#"[{"t":0,"s":[1,1],\#(ease)},{"t":9,"s":[5,5],\#(ease)}]"#), .easedLastKeyframe) == [nil])
    #expect(try details(file(#"[{"t":0,"s":[1,1],\#(ease)},{"t":9,"s":[5,5]}]"#), .easedLastKeyframe).isEmpty)
    #expect(try details(file(#"[{"t":0,"s":[1,1],\#(ease)},{"t":9,"s":[5,5],"h":1,\#(ease)}]"#), .easedLastKeyframe).isEmpty)
    #expect(try details(file(#"[{"t":0,"s":[1,1],\#(ease)}]"#), .easedLastKeyframe).isEmpty)
  }

  /// rlottie reads dash values in written order (offset last) and draws nothing for dashes of
  /// no length; Bodymovin's order, butt caps and dashes with a length are not these features.
  @Test(
    arguments: [
      ("o0,d9,g0", 2, "dash-offset-first"),
      ("d9,g0,o0", 2, nil),
      ("d0,g9,o0", 2, "zero-length-dashes"),
      ("d0,g9,o0", 3, "zero-length-dashes"),
      ("d0,g9,o0", 1, nil),
      ("d0,g9,d3,g9,o0", 2, nil),
      ("d0,g9", 2, "zero-length-dashes")
    ] as [(String, Int, String?)])
  func strokeDashes(list: String, cap: Int, feature: String?) throws {
    let entries = list.split(separator: ",").map { e in #"{"n":"\#(e.first!)","v":{"a":0,"k":\#(e.dropFirst())}}"# }
    let stroke = #"{"ty":"st","lc":\#(cap),"w":{"a":0,"k":4},"d":[\#(entries.joined(separator: ","))]}"#
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"el"},\#(stroke)]}]}"#
    let uses = try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses()
      .filter { $0.feature == .dashOffsetFirst || $0.feature == .zeroLengthDashes }
    #expect(uses.map(\.feature.rawValue) == (feature.map { [$0] } ?? []))
  }

  /// Solid colours other than #rrggbb, which each player reads its own way.
  @Test(arguments: [("#3366cc", nil), ("#3366CC", nil), ("", "empty"), ("#36c", "other"), ("blue", "other"), ("#3366cg", "other")] as [(String, String?)])
  func solidColours(sc: String, expected: String?) throws {
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":1,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"sc":"\#(sc)","sw":10,"sh":10}]}"#
    let uses = try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .solidColorNotHex }
    #expect(uses.map { $0.detail ?? "other" } == (expected.map { [$0] } ?? []))
  }

  /// rlottie loses a precomp whose clip spans 40,000 px or more: the layer's and its parents'
  /// scale count, an animated scale by its largest keyframe.
  @Test(
    arguments: [
      (200, #"{"a":0,"k":[20000,20000]}"#, "", true),
      (195, #"{"a":0,"k":[20000,20000]}"#, "", false),
      (200, #"{"a":0,"k":[100,100]}"#, "", false),
      (200, #"{"a":0,"k":[200,-20000]}"#, "", true),
      (200, #"{"a":1,"k":[{"t":0,"s":[100,100]},{"t":9,"s":[20000,20000]}]}"#, "", true),
      (200, #"{"a":0,"k":[200,200]}"#, #","parent":2"#, true)
    ] as [(Int, String, String, Bool)])
  func oversizedPrecompClips(size: Int, scale: String, parent: String, claimed: Bool) throws {
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":0,"ind":1,"refId":"p","w":\#(size),"h":\#(size),"ip":0,"op":60,"st":0,"ks":{"s":\#(scale)}\#(parent)},{"ty":3,"ind":2,"ip":0,"op":60,"st":0,"ks":{"s":{"a":0,"k":[10000,10000]}}}]}"#
    let uses = try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .precompClipOversized }
    #expect(uses.count == (claimed ? 1 : 0))
  }

  /// ThorVG cuts out an add mask that follows a subtract mask; other orders and inverted masks
  /// (which lottie-web 5.7.5 itself draws differently) are not this feature. Once per layer.
  @Test(
    arguments: [
      (#"[{"mode":"s"},{"mode":"a"}]"#, 1),
      (#"[{"mode":"s"},{"mode":"a"},{"mode":"a"}]"#, 1),
      (#"[{"mode":"a"},{"mode":"s"}]"#, 0),
      (#"[{"mode":"s","inv":true},{"mode":"a"}]"#, 0),
      (#"[{"mode":"s"},{"mode":"a","inv":true}]"#, 0)
    ] as [(String, Int)])
  func addMasksAfterSubtract(masks: String, count: Int) throws {
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"masksProperties":\#(masks),"shapes":[]}]}"#
    let uses = try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .maskAddAfterSubtract }
    #expect(uses.count == count)
  }

  /// ThorVG applies a solid layer's opacity twice: claimed where the opacity holds a partial value
  /// at a keyframe, its start or (older exports) its end value.
  @Test(
    arguments: [
      (#"{"a":0,"k":50}"#, true),
      (#"{"a":0,"k":100}"#, false),
      (#"{"a":1,"k":[{"t":0,"s":[100]},{"t":9,"s":[40]}]}"#, true),
      (#"{"a":1,"k":[{"t":0,"s":[100],"e":[50]},{"t":60}]}"#, true),
      (#"{"a":1,"k":[{"t":0,"s":[0],"e":[100]},{"t":60}]}"#, false)
    ] as [(String, Bool)])
  func solidOpacity(o: String, claimed: Bool) throws {
    let json =
      ##"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":1,"ind":1,"ip":0,"op":60,"st":0,"sc":"#ff0000","sw":10,"sh":10,"ks":{"o":\##(o)}}]}"##
    let uses = try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .solidLayerOpacity }
    #expect(uses.count == (claimed ? 1 : 0))
  }

  /// rlottie draws a stroke under a non-uniform scale with one width: claimed by the stroke's
  /// length times its width change over the canvas, "slight" when that share is under 1 % or
  /// each edge moves by under 1 % of the animation's side; a near-uniform scale or a change of a
  /// pixel or less is not the feature.
  @Test(
    arguments: [
      ("[250,80]", 60, 12, "claimed"),
      ("[150,100]", 10, 6, "slight"),
      // Long enough to claim by its length, but each edge moves 0.7 px in a 100 px animation.
      ("[160,100]", 60, 4, "slight"),
      ("[105,100]", 60, 12, "none"),
      ("[150,100]", 60, 1, "none"),
      ("[100,100]", 60, 12, "none"),
      // One axis at 0 (corpus Tests/Scale0.json): rlottie draws a line where the others draw nothing.
      ("[0,100]", 60, 12, "collapsed"),
      ("[0,0]", 60, 12, "none"),
      // Animated: the most uneven keyframe value counts, not only the first.
      (#"{"a":1,"k":[{"t":0,"s":[100,100],"e":[0,100]},{"t":9,"s":[0,100]}]}"#, 60, 12, "collapsed"),
      (#"{"a":1,"k":[{"t":0,"s":[100,100]},{"t":9,"s":[250,80]}]}"#, 60, 12, "claimed")
    ] as [(String, Int, Int, String)])
  func strokesUnderUnevenScale(scale: String, size: Int, width: Int, expected: String) throws {
    let shapes = #"[{"ty":"gr","it":[{"ty":"el","s":{"a":0,"k":[\#(size),\#(size)]}},{"ty":"st","w":{"a":0,"k":\#(width)}}]}]"#
    let s = scale.hasPrefix("{") ? scale : #"{"a":0,"k":\#(scale)}"#
    let uses = try Animation(document: JSONDocument(parsing: Array(layer(ks: #"{"s":\#(s)}"#, shapes: shapes).utf8)))
      .featureUses().filter { $0.feature == .strokeUnevenScale }
    #expect(uses.map { $0.detail ?? "claimed" } == (expected == "none" ? [] : [expected]))
  }

  /// Parent chains are walked once (a cycle too) and a list of thousands of strokes or Round
  /// Corners is measured once: 5,000 precomps parented in a cycle, each claimed through its
  /// ancestors' scale, and 5,000 Round Corners in one group.
  @Test func longChainsAndListsStayLinear() throws {
    let n = 5_000
    let layers = (1...n).map {
      #"{"ty":0,"ind":\#($0),"parent":\#($0 % n + 1),"refId":"p","w":200,"h":200,"ip":0,"op":60,"st":0,"ks":{"s":{"a":0,"k":[200,200]}}}"#
    }
    let chain = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#
    let uses = try Animation(document: JSONDocument(parsing: Array(chain.utf8))).featureUses()
    #expect(uses.filter { $0.feature == .precompClipOversized }.count == n)
    let items = Array(repeating: #"{"ty":"rc","r":{"a":0,"k":0}},{"ty":"rd","r":{"a":0,"k":20}}"#, count: n).joined(separator: ",")
    let corners = try details(layer(ks: "{}", shapes: #"[{"ty":"gr","it":[\#(items)]}]"#), .roundedCorners)
    #expect(corners.count == n && corners.allSatisfy { $0 == "sharp corners" })
  }

  /// rlottie skips a shape item's keys written before its "ty": a reversed direction there matters
  /// only where direction shows (a non-zero fill over two paths, trim paths, dashes); names,
  /// indices, a normal direction and "hd": false before "ty" change nothing.
  @Test(
    arguments: [
      (#"{"ty":"rc"},{"d":3,"ty":"el"},{"ty":"fl","r":1}"#, "direction"),
      (#"{"ty":"rc"},{"d":3,"ty":"el"},{"ty":"fl","r":2}"#, nil),
      (#"{"d":3,"ty":"el"},{"ty":"fl","r":1}"#, nil),
      (#"{"d":3,"ty":"el"},{"ty":"st"},{"ty":"tm"}"#, "direction"),
      (#"{"d":3,"ty":"el"},{"ty":"st","d":[{"n":"d","v":{"a":0,"k":4}}]}"#, "direction"),
      (#"{"ty":"gr","it":[{"d":3,"ty":"el"}]},{"ty":"rc"},{"ty":"fl"}"#, "direction"),
      (#"{"d":1,"nm":"x","ind":0,"hd":false,"ty":"el"},{"ty":"rc"},{"ty":"fl"}"#, nil),
      (#"{"ty":"el","d":3},{"ty":"rc"},{"ty":"fl"}"#, nil),
      (#"{"ty":"rc"},{"c":{"a":0,"k":[1,0,0,1]},"ty":"fl"}"#, ""),
      (#"{"s":{"a":0,"k":[9,9]},"ty":"rc"},{"ty":"fl"}"#, "")
    ] as [(String, String?)])
  func keysBeforeType(items: String, detail: String?) throws {
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(items)]}]}"#
    let uses = try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .keyBeforeType }
    // "" stands for the feature without a detail.
    #expect(uses.map { $0.detail ?? "" } == (detail.map { [$0] } ?? []))
  }

  /// rlottie reads a layer's "ddd" only before "ks" and takes a layer without it as 3D, turning
  /// it by "rz": a 2D rotation is dropped unless "ddd" comes first (fixture ddd-missing.json).
  @Test(
    arguments: [
      (#"{"ty":4,"ks":{"r":{"a":0,"k":30}}}"#, 1),
      (#"{"ty":4,"ks":{"r":{"a":0,"k":30}},"ddd":0}"#, 1),
      (#"{"ty":4,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":9,"s":[90]}]}}}"#, 1),
      (#"{"ddd":0,"ty":4,"ks":{"r":{"a":0,"k":30}}}"#, 0),
      (#"{"ty":4,"ks":{"r":{"a":0,"k":0}}}"#, 0),
      (#"{"ty":4,"ks":{}}"#, 0),
      (#"{"ddd":1,"ty":4,"ks":{"r":{"a":0,"k":30}}}"#, 0)
    ] as [(String, Int)])
  func rotationWithoutDDD(layer: String, count: Int) throws {
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[\#(layer.dropLast()),"ind":1,"ip":0,"op":60,"st":0,"shapes":[]}]}"#
    #expect(try uses(json).filter { $0.feature == .rotationWithoutDDD }.count == count)
  }

  /// rlottie stops reading a 2D transform (a layer's "ks" after "ddd": 0, a group's "tr" after its
  /// "ty") at rx, ry or rz, unless a separated position made room for 3D data first
  /// (fixture 3d-key-in-2d-transform.json).
  @Test(
    arguments: [
      (#"{"ddd":0,"ty":4,"ks":{"rz":{"a":0,"k":0},"r":{"a":0,"k":30}}}"#, 1),
      (#"{"ddd":0,"ty":4,"ks":{"o":{"a":0,"k":100},"rx":{"a":0,"k":0}}}"#, 1),
      (#"{"ddd":0,"ty":4,"ks":{"p":{"s":true,"x":{"a":0,"k":5},"y":{"a":0,"k":5}},"rz":{"a":0,"k":0}}}"#, 0),
      (#"{"ty":4,"ks":{"rz":{"a":0,"k":0}}}"#, 0),
      (#"{"ty":4,"ks":{"rz":{"a":0,"k":0}},"ddd":0}"#, 0),
      (#"{"ddd":1,"ty":4,"ks":{"rz":{"a":0,"k":0}}}"#, 0),
      (#"{"ddd":0,"ty":4,"ks":{"or":{"a":0,"k":[0,0,0]}}}"#, 0),
      (#"{"ddd":0,"ty":4,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"tr","rx":{"a":0,"k":0}}]}]}"#, 1),
      (#"{"ddd":0,"ty":4,"ks":{},"shapes":[{"ty":"gr","it":[{"rx":{"a":0,"k":0},"ty":"tr"}]}]}"#, 0)
    ] as [(String, Int)])
  func threeDKeysIn2DTransforms(layer: String, count: Int) throws {
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[\#(layer.dropLast()),"ind":1,"ip":0,"op":60,"st":0}]}"#
    #expect(try uses(json).filter { $0.feature == .threeDKeyIn2DTransform }.count == count)
  }

  /// Files before 4.1.9 write fill and stroke colours 0-255; rlottie and ThorVG wrap them
  /// (fixture legacy-colors-255.json). A newer file, or 0-1 colours in an old one, is not a use.
  @Test(
    arguments: [
      ("4.0.0", #"{"ty":"fl","c":{"a":0,"k":[200,30,30,255]}}"#, 1),
      ("3.1.6", #"{"ty":"st","c":{"a":1,"k":[{"t":0,"s":[8,7,7,255],"e":[0,0,0,255]},{"t":9}]}}"#, 1),
      ("4.1.8", #"{"ty":"fl","c":{"a":0,"k":[1,2,0,1]}}"#, 1),
      ("4.1.9", #"{"ty":"fl","c":{"a":0,"k":[200,30,30,255]}}"#, 0),
      ("5.7.4", #"{"ty":"fl","c":{"a":0,"k":[200,30,30,255]}}"#, 0),
      ("4.0.0", #"{"ty":"fl","c":{"a":0,"k":[0.5,0.2,1,1]}}"#, 0),
      ("4.0.0", #"{"ty":"gf","c":{"a":0,"k":[200,30,30,255]}}"#, 0),
      ("four", #"{"ty":"fl","c":{"a":0,"k":[200,30,30,255]}}"#, 0)
    ] as [(String, String, Int)])
  func legacyColors(version: String, paint: String, count: Int) throws {
    let json =
      #"{"v":"\#(version)","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"rc"},\#(paint)]}]}"#
    #expect(try uses(json).filter { $0.feature == .legacyColors }.count == count)
  }

  /// ThorVG draws an inner repeater's painted result once more under an outer repeater's copies
  /// (fixture repeater-nested.json); repeaters with no paint between them, or one, are not a use.
  @Test(
    arguments: [
      (#"{"ty":"rc"},{"ty":"rp"},{"ty":"fl"},{"ty":"rp"}"#, 1),
      (#"{"ty":"rc"},{"ty":"rp"},{"ty":"st"},{"ty":"fl"},{"ty":"rp"},{"ty":"rp"}"#, 2),
      (#"{"ty":"rc"},{"ty":"fl"},{"ty":"rp"},{"ty":"rp"}"#, 0),
      (#"{"ty":"rc"},{"ty":"rp"},{"ty":"fl"}"#, 0),
      (#"{"ty":"gr","it":[{"ty":"rc"},{"ty":"rp"},{"ty":"fl"}]},{"ty":"rp"}"#, 0)
    ] as [(String, Int)])
  func nestedRepeaters(items: String, count: Int) throws {
    #expect(try uses(layer(ks: "{}", shapes: "[\(items)]")).filter { $0.feature == .repeaterNested }.count == count)
  }

  /// A Gaussian Blur with Repeat Edge Pixels off on a precomp: ThorVG keeps the edges opaque
  /// (fixture blur-edge.json). On, zero blurriness, or a shape layer: not a use.
  @Test(
    arguments: [
      (0, 20, 0, 1),
      (0, 20, 1, 0),
      (0, 0, 0, 0),
      (4, 20, 0, 0)
    ] as [(Int, Int, Int, Int)])
  func blurWithTransparentEdges(layerType: Int, blurriness: Int, repeatEdges: Int, count: Int) throws {
    let effect =
      #"{"ty":29,"ef":[{"ty":0,"mn":"ADBE Gaussian Blur 2-0001","v":{"a":0,"k":\#(blurriness)}},{"ty":7,"mn":"ADBE Gaussian Blur 2-0002","v":{"a":0,"k":1}},{"ty":7,"mn":"ADBE Gaussian Blur 2-0003","v":{"a":0,"k":\#(repeatEdges)}}]}"#
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[{"id":"p","layers":[]}],"layers":[{"ty":\#(layerType),"refId":"p","w":100,"h":100,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[],"ef":[\#(effect)]}]}"#
    #expect(try uses(json).filter { $0.feature == .blurTransparentEdges }.count == count)
  }

  /// A property value written twice is named by the forms players read otherwise (measured:
  /// duplicate-key-kinds, -keyframes-twice and -array-then-number.json); other repeats, and a
  /// repeated key that is not a value, have no detail (the last value is read).
  @Test(
    arguments: [
      (#"[{"t":0}]"#, #"{"c":true,"v":[],"i":[],"o":[]}"#, "keyframes, then a static value"),
      (#"[{"t":0,"s":[1]}]"#, "20", "keyframes, then a static value"),
      (#"[{"t":0,"s":[1]}]"#, #"[{"t":0,"s":[2]}]"#, "keyframes twice"),
      ("[100]", "10", "an array, then a number"),
      ("10", "100", nil),
      ("20", #"[{"t":0,"s":[2]}]"#, nil),
      ("20", "[100]", nil),
      ("[1,2]", "[3,4]", nil)
    ] as [(String, String, String?)])
  func valuesWrittenTwiceAreNamedByTheirForms(first: String, then: String, detail: String?) throws {
    let json = #"{"v":"5","layers":[{"ty":4,"ks":{"o":{"a":0,"k":\#(first),"k":\#(then)}},"shapes":[]}]}"#
    #expect(try details(json, .duplicateKey) == [detail])
  }

  @Test func otherKeysWrittenTwiceHaveNoDetail() throws {
    #expect(try details(#"{"v":"5","layers":[{"ty":4,"nm":[1],"nm":"a","ks":{},"shapes":[]}]}"#, .duplicateKey) == [nil])
    #expect(try details(#"{"v":"5","layers":[{"ty":4,"ks":{"o":{"a":0,"k":10}},"shapes":[]}]}"#, .duplicateKey) == [])
  }

  @Test func repeatersAreFlaggedFromAHundredThousandfoldGrowth() throws {
    func flagged(copies: Int, scale: Int) throws -> Bool {
      try !details(layer(ks: "{}", shapes: #"[{"ty":"rp","c":{"a":0,"k":\#(copies)},"tr":{"s":{"a":0,"k":[\#(scale),100]}}}]"#), .repeaterRunawayScale).isEmpty
    }
    #expect(try flagged(copies: 7, scale: 900))  // 9^6 ≈ 5.3·10^5
    #expect(try !flagged(copies: 6, scale: 900))  // 9^5 ≈ 5.9·10^4
    #expect(try !flagged(copies: 200, scale: 100))
  }

  /// ThorVG combines an inverted mask with the layer's other masks differently from After Effects
  /// (fixture mask-inverted-combined.json): "combined" where another mask that is not None is on
  /// the layer; a lone inverted mask, or one beside a None mask, is drawn right.
  @Test func invertedMasksAmongOthersAreCombined() throws {
    func inverted(_ masks: String) throws -> [String?] {
      try details(layer(ks: "{}").replacingOccurrences(of: #""shapes":[]"#, with: #""shapes":[],"masksProperties":\#(masks)"#), .maskInverted)
    }
    #expect(try inverted(#"[{"inv":true,"mode":"a"}]"#) == [nil])
    #expect(try inverted(#"[{"inv":false,"mode":"a"},{"inv":true,"mode":"a"}]"#) == ["combined"])
    #expect(try inverted(#"[{"inv":true,"mode":"s"},{"inv":true,"mode":"a"}]"#) == ["combined", "combined"])
    #expect(try inverted(#"[{"inv":true,"mode":"a"},{"inv":false,"mode":"n"}]"#) == [nil])
    #expect(try inverted(#"[{"inv":false,"mode":"a"},{"inv":false,"mode":"s"}]"#).isEmpty)
  }

  /// lottie-web inverts a mask with the animation's frame, (0, 0)-(w, h) in the layer's
  /// coordinates, wound clockwise (MaskFrame): content outside it, and a path wound the same way,
  /// come out wrong. Told only from static geometry.
  @Test(arguments: [
    // A 40 px square around the anchor at (0, 0): outside the 100 × 100 frame.
    (4, #""shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}}]"#, false, "outside the frame" as String?),
    // The same square inside the frame, its hole wound clockwise, or as After Effects winds it.
    (4, #""shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}}]"#, true, "wound clockwise"),
    (4, #""shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}}]"#, true, "outside the frame, wound clockwise"),
    (4, #""shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}}]"#, false, nil),
    // A stroke past the frame's edge by more than half a pixel.
    (4, #""shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]}},{"ty":"st","w":{"a":0,"k":4}}]"#, false, "outside the frame"),
    // Animated content cannot be told statically: no claim.
    (4, #""shapes":[{"ty":"rc","p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":30,"s":[50,50]}]},"s":{"a":0,"k":[40,40]}}]"#, false, nil),
    // A solid or a precomp larger than the frame; one that fits.
    (1, #""sw":150,"sh":100"#, false, "outside the frame"),
    (0, #""refId":"x","w":100,"h":120"#, false, "outside the frame"),
    (1, #""sw":100,"sh":100"#, false, nil)
  ])
  func invertedMasksAgainstLottieWebsFrame(type: Int, content: String, clockwise: Bool, detail: String?) throws {
    var corners = ["[40,40]", "[60,40]", "[60,60]", "[40,60]"]
    if !clockwise { corners.reverse() }
    let zeros = "[[0,0],[0,0],[0,0],[0,0]]"
    let mask = #"{"inv":true,"mode":"a","pt":{"a":0,"k":{"c":true,"v":[\#(corners.joined(separator: ","))],"i":\#(zeros),"o":\#(zeros)}}}"#
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[{"id":"x","layers":[]}],"layers":[{"ty":\#(type),"ind":1,"ip":0,"op":60,"st":0,"ks":{},\#(content),"masksProperties":[\#(mask),\#(mask.replacingOccurrences(of: "\"mode\":\"a\"", with: "\"mode\":\"n\""))]}]}"#
    // One use for the inverted Add mask; none for the inverted None mask.
    #expect(try details(json, .maskInvertedFrame) == (detail.map { [$0] } ?? []))
  }

  /// ThorVG picks a mask's method at `mode` from the `inv` read so far: an inverted mask whose
  /// `inv` comes only after `mode` is claimed; Bodymovin's order, a None mask, and an `inv`
  /// written again after `mode` once it was true are not.
  @Test(arguments: [
    (#"{"mode":"a","inv":true}"#, 1),
    (#"{"inv":true,"mode":"a"}"#, 0),
    (#"{"mode":"n","inv":true}"#, 0),
    (#"{"inv":true,"mode":"s","inv":true}"#, 0),
    (#"{"mode":"a","inv":false}"#, 0)
  ])
  func invertedMasksWrittenAfterTheirMode(mask: String, count: Int) throws {
    let json = layer(ks: "{}").replacingOccurrences(of: #""shapes":[]"#, with: #""shapes":[],"masksProperties":[\#(mask)]"#)
    #expect(try details(json, .maskInvertedAfterMode).count == count)
  }

  /// A layer that names itself as its parent is "self" (rlottie leaves it out; not claimed where
  /// the layer is never drawn); a loop of parents is one "loop" use, at the loop's layer first in
  /// the file, kept when its layers are hidden (rlottie and ThorVG crash all the same); a chain
  /// that ends, or only runs into a loop, is neither.
  @Test(arguments: [
    ("1:1", [FeatureUse.notDrawn], "1:1,hd"),
    ("1:1", ["self"], ""),
    ("1:2 2:1", ["loop"], ""),
    ("1:2 2:1", ["loop"], "1:hd 2:hd"),
    ("1:2 2:3 3:1", ["loop"], ""),
    ("1:2 2:3 3:2", ["loop"], ""),
    ("1:2 2:3 3:", [], ""),
    ("1:2 2:1 3:1 4:3", ["loop"], "")
  ])
  func parentLoopsAndLayersTheirOwnParent(chain: String, expected: [String?], hide: String) throws {
    let hidden = hide == "1:1,hd" ? ["1"] : hide.split(separator: " ").map { String($0.prefix { $0 != ":" }) }
    let layers = chain.split(separator: " ").map { pair -> String in
      let parts = pair.split(separator: ":", omittingEmptySubsequences: false)
      let parent = parts[1].isEmpty ? "" : #""parent":\#(parts[1]),"#
      let hd = hidden.contains(String(parts[0])) ? #""hd":true,"# : ""
      return #"{"ty":4,"ind":\#(parts[0]),\#(parent)\#(hd)"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}"#
    }
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#
    let uses = try uses(json).filter { $0.feature == .parentCycle }
    #expect(uses.map(\.detail) == expected)
    if expected == ["loop"] { #expect(uses.first?.node.pointer.hasSuffix("/parent") == true) }
  }

  /// A colour-only effect (Fill, Tint, Tritone) on a layer drawn only as an alpha matte changes
  /// nothing a player shows; on a luma matte's source, on a source a `tp` user reads as luma, on a
  /// layer no one uses as a matte, or a Gaussian Blur (which changes alpha), it is claimed.
  @Test(arguments: [
    (21, #""td":1"#, #""tt":1"#, FeatureUse.notDrawn),
    (20, #""td":1"#, #""tt":2"#, FeatureUse.notDrawn),
    (23, #""td":1"#, #""tt":1"#, FeatureUse.notDrawn),
    (21, #""td":1"#, #""tt":3"#, "Fill"),
    (21, #""td":1"#, #""tt":1,"tp":9"#, "Fill"),
    (21, #""td":1,"ind":9"#, #""tt":3,"tp":9"#, "Fill"),
    (21, #""ind":1"#, #""tt":1"#, "Fill"),
    (29, #""td":1"#, #""tt":1"#, "Gaussian Blur")
  ])
  func colourOnlyEffectsOnAnAlphaMatte(type: Int, source: String, user: String, detail: String) throws {
    let names = [20: "ADBE Tint", 21: "ADBE Fill", 23: "ADBE Tritone", 29: "ADBE Gaussian Blur 2"]
    let effect = #"{"ty":\#(type),"mn":"\#(names[type] ?? "")","ef":[]}"#
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,\#(source),"ip":0,"op":60,"ks":{},"shapes":[],"ef":[\#(effect)]},{"ty":4,\#(user),"ip":0,"op":60,"ks":{},"shapes":[]}]}"#
    #expect(try details(json, .effect) == [detail])
  }

  /// ThorVG draws an effect only where `"en"` says 1: a drawing effect (Tint, Fill, Tritone, Drop
  /// Shadow, Gaussian Blur) written without `"en"` is a use of effect-without-en; one switched off
  /// (`"en": 0`) is not drawn as an effect and is a use of effect-disabled (lottie-web draws it).
  @Test(
    arguments: [
      (#"{"ty":21,"mn":"ADBE Fill"}"#, "Fill", ["Fill"], []),
      (#"{"ty":21,"mn":"ADBE Fill","en":1}"#, "Fill", [], []),
      (#"{"ty":29,"mn":"ADBE Gaussian Blur 2","en":true}"#, "Gaussian Blur", [], []),
      (#"{"ty":21,"mn":"ADBE Fill","en":0}"#, FeatureUse.notDrawn, [], ["Fill"]),
      (#"{"ty":5,"nm":"Slider"}"#, nil, [], []),
      (#"{"ty":22,"mn":"ADBE Stroke"}"#, "Stroke", [], [])
    ] as [(String, String?, [String], [String])])
  func effectsWithoutEnOrSwitchedOff(effect: String, detail: String?, withoutEn: [String], disabled: [String]) throws {
    let json = layer(ks: "{}").replacingOccurrences(of: #""shapes":[]"#, with: #""shapes":[],"ef":[\#(effect)]"#)
    let effects = try details(json, .effect)
    #expect(effects.count == 1)
    if let detail { #expect(effects == [detail]) }
    #expect(try details(json, .effectWithoutEnabled) == withoutEn)
    #expect(try details(json, .effectDisabled) == disabled)
  }

  /// Keys Bodymovin always writes that players fill in differently when they are missing: a
  /// drawing layer's `st`, a rectangle's `d` where its direction shows, a stroke's `lc`/`lj`, a
  /// trim's `e`, a mask's `mode`, a group's transform (`tr`), and the properties lottie-web reads
  /// without a default ("property": a rectangle's `p` or `r`, an ellipse's `p`, a fill's `c` or
  /// `o`, a stroke's or gradient fill's `o`). Written, or where they change nothing, they are no use.
  @Test(arguments: [
    (#"{"ty":4,"ind":1,"ip":0,"op":60,"ks":{},"shapes":[]}"#, ["st"]),
    (#"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}"#, []),
    (#"{"ty":3,"ind":1,"ip":0,"op":60,"ks":{}}"#, []),
    (
      #"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","s":{"a":0,"k":[9,9]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50}}]}"#,
      ["d"]
    ),
    (
      #"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","s":{"a":0,"k":[9,9]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]}"#,
      []
    ),
    (
      #"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","d":1,"s":{"a":0,"k":[9,9]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50}}]}"#,
      []
    ),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"st","lc":2,"o":{"a":0,"k":100},"w":{"a":0,"k":4}}]}"#, ["lc/lj"]),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"st","lc":2,"lj":1,"o":{"a":0,"k":100},"w":{"a":0,"k":4}}]}"#, []),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"tm","s":{"a":0,"k":0}}]}"#, ["e"]),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[],"masksProperties":[{"inv":false},{"mode":"a"}]}"#, ["mode"]),
    (#"{"ty":5,"st":0,"ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"A","sc":[1,0,0],"sw":2}}]}}}"#, ["fc"]),
    (#"{"ty":5,"st":0,"ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"A","fc":[1,0,0]}}]}}}"#, []),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"fl","c":{"a":0,"k":[1,0,0]}}]}"#, ["property"]),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"el","s":{"a":0,"k":[9,9]}}]}"#, ["property"]),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"el","s":{"a":0,"k":[9,9]},"p":{"a":0,"k":[0,0]}}]}"#, []),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"st","w":{"a":0,"k":4},"lc":2,"lj":1}]}"#, ["property"]),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"gr","it":[]}]}"#, ["tr"]),
    (#"{"ty":4,"st":0,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"tr"}]}]}"#, [])
  ])
  func keysLeftOutThatPlayersFillInDifferently(layer: String, expected: [String]) throws {
    // Text is drawn from embedded glyphs here (a player without them draws no text at all).
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"chars":[{"ch":"A","size":20,"w":10}],"layers":[\#(layer)]}"#
    #expect(try details(json, .missingKey) == expected)
  }

  /// A star or polygon whose point count is negative, written or among its keyframes while the
  /// layer shows, is "negative points" (rlottie and ThorVG crash or hang on it).
  @Test(arguments: [
    (#"{"a":0,"k":-5}"#, true),
    (#"{"a":0,"k":5}"#, false),
    (#"{"a":1,"k":[{"t":0,"s":[5]},{"t":30,"s":[-2]}]}"#, true),
    (#"{"a":1,"k":[{"t":0,"s":[5]},{"t":30,"s":[8]}]}"#, false)
  ])
  func starsWithANegativePointCount(points: String, negative: Bool) throws {
    let star = #"[{"ty":"sr","sy":2,"pt":\#(points),"or":{"a":0,"k":20},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]}}]"#
    #expect(try details(layer(ks: "{}", shapes: star), .polystar).contains("negative points") == negative)
  }

  @Test func maskExpansionWithinAPixelIsNotAFeatureUse() throws {
    func count(_ x: String) throws -> Int {
      try details(layer(ks: "{}").replacingOccurrences(of: #""shapes":[]"#, with: #""shapes":[],"masksProperties":[{"mode":"a","x":\#(x)}]"#), .maskExpansion)
        .count
    }
    #expect(try count(#"{"a":0,"k":-1}"#) == 0)
    #expect(try count(#"{"a":0,"k":3}"#) == 1)
    #expect(try count(#"{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[1]}]}"#) == 1)
  }

  /// A layer's keyframes are read on its composition's clock whatever its start time
  /// (Tests/Fixtures/compat/layer-start-clock.json): a loop over frames 0–45 in a layer shown
  /// until 60 and starting at 20 acts from 45 to 60, so it has an effect.
  @Test func aLoopIsJudgedOnTheCompositionsClock() throws {
    let loop = #"{"r":{"a":1,"k":[{"t":0,"s":[0],"e":[90]},{"t":45,"s":[90]}],"x":"var $bm_rt;\n$bm_rt = loopOut('cycle');"}}"#
    let started = layer(ks: loop).replacingOccurrences(of: #""st":0"#, with: #""st":20"#)
    #expect(try details(started, .expression) == [nil])
    // Keyframes that cover the time shown: nothing to loop, whatever the start.
    let covering = #"{"r":{"a":1,"k":[{"t":0,"s":[0],"e":[90]},{"t":60,"s":[90]}],"x":"var $bm_rt;\n$bm_rt = loopOut('cycle');"}}"#
    #expect(try details(layer(ks: covering).replacingOccurrences(of: #""st":0"#, with: #""st":-20"#), .expression) == ["no effect"])
  }

  /// A layer of a precomp whose in and out points never meet the time the precomp is shown at is
  /// not drawn (corpus Precomps.json): a star turned from its in point, 160, in a precomp shown at
  /// its frames 0–83; at 40 it is drawn.
  @Test func aPrecompLayerOutsideTheTimeItsPrecompIsShownIsNotDrawn() throws {
    func file(starIn: Int) -> String {
      let star =
        #"{"ty":"sr","sy":1,"d":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[0,0]},"r":{"a":1,"k":[{"t":\#(starIn),"s":[0],"e":[90]},{"t":\#(starIn + 39),"s":[90]}]},"or":{"a":0,"k":40},"os":{"a":0,"k":0},"ir":{"a":0,"k":18},"is":{"a":0,"k":0}}"#
      let inner =
        #"{"ty":4,"ind":1,"ip":\#(starIn),"op":\#(starIn + 40),"st":0,"ks":{},"shapes":[{"ty":"gr","it":[\#(star),{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}"#
      return
        #"{"v":"5.7.4","fr":30,"ip":0,"op":100,"w":100,"h":100,"assets":[{"id":"c","layers":[\#(inner)]}],"layers":[{"ty":0,"ind":1,"refId":"c","ip":17,"op":100,"st":17,"ks":{}}]}"#
    }
    let hidden = try details(file(starIn: 160), .polystar)
    #expect(!hidden.isEmpty && hidden.allSatisfy { $0 == "not drawn" })
    #expect(try details(file(starIn: 40), .polystar).contains("rotated"))
  }
}
