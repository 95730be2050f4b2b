import Foundation
import LottieJSON
import LottieModel
import Testing

/// #18: how much of the frame a feature use can change at most (Coverage). A claim on a use
/// under 2 % is minor: lint reports it as an info, compat marks it, the lab does not count it.
@Suite("what a feature use can change")
struct CoverageTests {
  /// The bound for the first use of `feature` in a 512 × 512 animation with these layers and
  /// assets.
  func change(_ feature: Feature, layers: String, assets: String = "[]", extra: String = "") throws -> Double? {
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512\#(extra),"assets":\#(assets),"layers":\#(layers)}"#
    let animation = Animation(document: try JSONDocument(parsing: Array(json.utf8)))
    let use = try #require(animation.featureUses().first { $0.feature == feature })
    var coverage = Coverage(animation)
    return coverage.change(of: use)
  }

  static let canvas = 512.0 * 512.0

  /// A text layer over a shape layer (a file that draws only text is never minor).
  func textLayer(_ text: String, size: Double, scale: Double = 100) -> String {
    #"[{"ty":5,"ind":1,"ip":0,"op":60,"ks":{"s":{"a":0,"k":[\#(scale),\#(scale)]}},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","s":\#(size),"f":"Arial","j":0,"lh":\#(size * 1.2)}}]},"a":[]}},\#(Self.background)]"#
  }

  static let background =
    #"{"ty":4,"ind":9,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","s":{"a":0,"k":[512,512]},"p":{"a":0,"k":[256,256]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]}"#

  /// A player that drops the text of a file that draws nothing else draws nothing at all: no
  /// bound, however small the text (a hidden shape layer does not count).
  @Test func textAloneIsNeverMinor() throws {
    let alone = #"[{"ty":5,"ind":1,"ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"OK","s":20,"f":"Arial","j":0}}]},"a":[]}}]"#
    #expect(try change(.textLayer, layers: alone) == nil)
    let hidden = String(Self.background.dropLast()) + #","hd":true}"#
    #expect(try change(.textLayer, layers: String(alone.dropLast()) + "," + hidden + "]") == nil)
    #expect(try change(.textLayer, layers: String(alone.dropLast()) + "," + Self.background + "]") != nil)
  }

  /// A player that draws no text changes at most one em by 1.2 em per visible character (spaces
  /// draw nothing), times the layer's scale squared.
  @Test(arguments: [
    ("OK", 20.0, 100.0, 2 * 20 * 24 / canvas),
    ("Hello world", 100, 100, 10 * 100 * 120 / canvas),
    ("OK", 20, 300, 2 * 20 * 24 * 9 / canvas)
  ])
  func textIsBoundedByItsCharacters(text: String, size: Double, scale: Double, expected: Double) throws {
    let share = try #require(try change(.textLayer, layers: textLayer(text, size: size, scale: scale)))
    #expect(abs(share - expected) < 1e-9)
  }

  /// With embedded glyphs (`chars`, drawn at size 100), a character changes at most its glyph's
  /// box scaled to the text's size: the box of its points and tangents, whatever the em. A
  /// character without a glyph, or a glyph drawn through a moved group, keeps the em bound.
  @Test func textWithGlyphsIsBoundedByTheGlyphBoxes() throws {
    let fonts = #","fonts":{"list":[{"fName":"Arial","fFamily":"Arial","fStyle":"Regular"}]}"#
    func glyph(_ ch: String, group: String = "") -> String {
      // A 50 × 70 outline at size 100 whose first in-tangent reaches 10 further left: 60 × 70.
      let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[50,0],[50,-70]],"i":[[-10,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}"#
      return #"{"ch":"\#(ch)","size":100,"style":"Regular","fFamily":"Arial","w":60,"data":{"shapes":[{"ty":"gr","it":[\#(path)\#(group)]}]}}"#
    }
    let chars = #","chars":["# + glyph("O") + "," + glyph("K", group: #",{"ty":"tr","p":{"a":0,"k":[5,0]}}"#) + "]"
    let share = try #require(try change(.textLayer, layers: textLayer("OK", size: 20), extra: fonts + chars))
    // "O": its glyph's box, 60 × 70 at size 100, is 12 × 14 at 20; "K" (a moved group): 20 × 24.
    #expect(abs(share - (12 * 14 + 20 * 24) / Self.canvas) < 1e-9)
    // Set in capitals ("ca"), the text is drawn with other glyphs: the em bound, 2 × 20 × 24.
    let capitals = textLayer("OK", size: 20).replacingOccurrences(of: #""j":0"#, with: #""j":0,"ca":1"#)
    let upper = try #require(try change(.textLayer, layers: capitals, extra: fonts + chars))
    #expect(abs(upper - 2 * 20 * 24 / Self.canvas) < 1e-9)
    // A glyph larger than its em is bounded by its own box, not the em.
    let wide =
      #","chars":[{"ch":"O","size":100,"style":"Regular","fFamily":"Arial","w":60,"data":{"shapes":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[300,0],[300,-200]],"i":[],"o":[]}}}]}}]"#
    let big = try #require(try change(.textLayer, layers: textLayer("O", size: 20), extra: fonts + wide))
    #expect(abs(big - 60 * 40 / Self.canvas) < 1e-9)
  }

  /// Twice the shape's box (the player's picture and the reference's can differ on both), times
  /// every scale above it: the layer's, its parent's, and the precomp layer's that shows it.
  @Test func scalesOfLayerParentAndPrecompMultiply() throws {
    let dot = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]}}"#
    let expression = #""ks":{"r":{"a":0,"k":0,"x":"time*90"},"s":{"a":0,"k":[200,200]}},"parent":2"#
    let inner = #"[{"ty":4,"ind":1,"ip":0,"op":60,\#(expression),"shapes":[\#(dot)]},{"ty":3,"ind":2,"ip":0,"op":60,"ks":{"s":{"a":0,"k":[300,300]}}}]"#
    let alone = try #require(try change(.expression, layers: inner))
    #expect(abs(alone - 2 * 400 * 36 / Self.canvas) < 1e-9)
    let assets = #"[{"id":"c","layers":\#(inner)}]"#
    let precomp = #"[{"ty":0,"ind":1,"refId":"c","ip":0,"op":60,"ks":{"s":{"a":0,"k":[50,50]}}}]"#
    let shown = try #require(try change(.expression, layers: precomp, assets: assets))
    #expect(abs(shown - 2 * 400 * 36 * 0.25 / Self.canvas) < 1e-9)
  }

  /// Every precomp layer that shows a precomp draws its own copy: a change inside it counts once
  /// per copy, at that copy's scale (50 % and 100 %: 0.25 + 1 times the area).
  @Test func everyCopyOfAPrecompCounts() throws {
    let dot = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]}}"#
    let inner = #"[{"ty":4,"ind":1,"ip":0,"op":60,"ks":{"r":{"a":0,"k":0,"x":"time*90"}},"shapes":[\#(dot)]}]"#
    let assets = #"[{"id":"c","layers":\#(inner)}]"#
    let copies =
      #"[{"ty":0,"ind":1,"refId":"c","ip":0,"op":60,"ks":{"s":{"a":0,"k":[50,50]}}},{"ty":0,"ind":2,"refId":"c","ip":0,"op":60,"ks":{}}]"#
    let share = try #require(try change(.expression, layers: copies, assets: assets))
    #expect(abs(share - 2 * 400 * 1.25 / Self.canvas) < 1e-9)
  }

  /// A blur on the precomp layer that shows a precomp spreads any change inside it: unknown.
  @Test func aBlurredCopyLeavesTheBoundUnknown() throws {
    let dot = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]}}"#
    let inner = #"[{"ty":4,"ind":1,"ip":0,"op":60,"ks":{"r":{"a":0,"k":0,"x":"time*90"}},"shapes":[\#(dot)]}]"#
    let blur = #""ef":[{"ty":29,"nm":"Gaussian Blur","en":1,"ef":[{"ty":0,"nm":"Blurriness","v":{"a":0,"k":40}}]}]"#
    let copy = #"[{"ty":0,"ind":1,"refId":"c","ip":0,"op":60,"ks":{},\#(blur)}]"#
    #expect(try change(.expression, layers: copy, assets: #"[{"id":"c","layers":\#(inner)}]"#) == nil)
  }

  /// A star draws out to the larger of its radii (players alternate them whichever is larger);
  /// a repeater's offset `o` shifts which powers of its scale are drawn (copies at 1.2^10 to
  /// 1.2^12 for `o` 10 and 3 copies, counted at the largest).
  @Test func starsReachTheirLargerRadiusAndRepeatersTheirOffsetCopies() throws {
    let spin = #""ks":{"r":{"a":0,"k":0,"x":"time*90"}}"#
    let star = #"{"ty":"sr","sy":1,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":5},"or":{"a":0,"k":20},"ir":{"a":0,"k":250},"r":{"a":0,"k":0}}"#
    let starred = try #require(try change(.expression, layers: #"[{"ty":4,"ind":1,"ip":0,"op":60,\#(spin),"shapes":[\#(star)]}]"#))
    #expect(abs(starred - 2 * 550 * 550 / Self.canvas) < 1e-9)
    let rect = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
    let repeater = #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":10},"tr":{"ty":"tr","s":{"a":0,"k":[120,120]},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    let repeated = try #require(try change(.expression, layers: #"[{"ty":4,"ind":1,"ip":0,"op":60,\#(spin),"shapes":[\#(rect),\#(repeater)]}]"#))
    let largestCopy: Double = pow(1.2, 24)
    let expected: Double = 2 * 100 * 3 * largestCopy / Self.canvas
    #expect(abs(repeated - expected) < 1e-6)
  }

  /// A repeater with a negative offset draws its copy at an inverse power of its scale (a 10 %
  /// step at o = −3: 1,000× wide); a size written negative draws as large as a positive one.
  @Test func shrinkingRepeatersAndNegativeSizesAreNotSmall() throws {
    let spin = #""ks":{"r":{"a":0,"k":0,"x":"time*90"}}"#
    let rect = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,50]},"r":{"a":0,"k":0}}"#
    let repeater = #"{"ty":"rp","c":{"a":0,"k":1},"o":{"a":0,"k":-3},"tr":{"ty":"tr","s":{"a":0,"k":[10,100]}}}"#
    let repeated = try #require(try change(.expression, layers: #"[{"ty":4,"ind":1,"ip":0,"op":60,\#(spin),"shapes":[\#(rect),\#(repeater)]}]"#))
    let expected: Double = 2 * 500 * 1e6 / Self.canvas
    #expect(abs(repeated / expected - 1) < 1e-9)
    let negative = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[-2000,1]},"r":{"a":0,"k":0}}"#
    let wide = try #require(try change(.expression, layers: #"[{"ty":4,"ind":1,"ip":0,"op":60,\#(spin),"shapes":[\#(negative)]}]"#))
    #expect(abs(wide - 2 * 2000 / Self.canvas) < 1e-12)
  }

  /// Children through `parent` move with the layer; a matte's target changes with it.
  @Test func childrenAndMatteTargetsCount() throws {
    let box = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}}"#
    let layers =
      #"[{"ty":4,"ind":1,"td":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[0,0],"x":"wiggle(2,5)"}},"shapes":[\#(box)]},{"ty":4,"ind":2,"tt":1,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[30,30]}}]},{"ty":4,"ind":3,"parent":1,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}}]}]"#
    let share = try #require(try change(.expression, layers: layers))
    #expect(abs(share - 2 * (100 + 900 + 1600) / Self.canvas) < 1e-9)
  }

  /// Strokes widen the box (twice for a miter join); a repeater multiplies it by its copies;
  /// easing handles that overshoot count where they take the value.
  @Test func strokesRepeatersAndOvershootWiden() throws {
    func layer(_ items: String) -> String {
      #"[{"ty":4,"ind":1,"ip":0,"op":60,"bm":3,"ks":{},"shapes":[{"ty":"gr","it":[\#(items),\#(Self.fill),{"ty":"tr","s":{"a":0,"k":[100,100]}}]}]}]"#
    }
    let rect = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}}"#
    let stroked = try #require(try change(.blendMode, layers: layer(rect + #",{"ty":"st","w":{"a":0,"k":4},"lj":2}"#)))
    #expect(abs(stroked - 2 * 14 * 14 / Self.canvas) < 1e-9)
    let mitered = try #require(try change(.blendMode, layers: layer(rect + #",{"ty":"st","w":{"a":0,"k":4},"lj":1}"#)))
    #expect(abs(mitered - 2 * 18 * 18 / Self.canvas) < 1e-9)
    let repeated = try #require(try change(.blendMode, layers: layer(rect + #",{"ty":"rp","c":{"a":0,"k":3},"tr":{"s":{"a":0,"k":[100,100]}}}"#)))
    #expect(abs(repeated - 2 * 300 / Self.canvas) < 1e-9)
    // Size keyframes 10 → 20 whose handle overshoots to 1.5: 25 px at most.
    let eased =
      #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":1,"k":[{"t":0,"s":[10,10],"o":{"x":[0.5],"y":[0]},"i":{"x":[0.5],"y":[1.5]}},{"t":30,"s":[20,20]}]}}"#
    let overshoot = try #require(try change(.blendMode, layers: layer(eased)))
    #expect(abs(overshoot - 2 * 25 * 25 / Self.canvas) < 1e-9)
    // The same with a third dimension whose handle overshoots far (After Effects writes a 3D
    // scale's depth on its own curve): the width and height do not follow it.
    let deep =
      #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":1,"k":[{"t":0,"s":[10,10,100],"o":{"x":[0.5,0.5,0.5],"y":[0,0,12.45]},"i":{"x":[0.5,0.5,0.5],"y":[1.5,1.5,1]}},{"t":30,"s":[20,20,100]}]}}"#
    let depth = try #require(try change(.blendMode, layers: layer(deep)))
    #expect(abs(depth - 2 * 25 * 25 / Self.canvas) < 1e-9)
  }

  static let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}"#

  /// A layer that fills nothing draws only within its strokes' reach R of its paths (half the
  /// width; √2 times that with square caps): at most 2RL + πR² for paths of length L, where that
  /// is below the box. A fill anywhere among them brings the box back, and so does no paint.
  @Test func strokesAloneCoverABandAroundTheirPaths() throws {
    func layer(_ items: String) -> String {
      #"[{"ty":4,"ind":1,"ip":0,"op":60,"bm":3,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"gr","it":[\#(items)]},{"ty":"tr","s":{"a":0,"k":[200,200]}}]}]}]"#
    }
    // A 100 × 100 square outline 2 px wide, drawn at 200 %: 800 px long, reach 2.
    let square = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
    let stroke = #"{"ty":"st","w":{"a":0,"k":2},"lj":2"#
    let ring = try #require(try change(.blendMode, layers: layer(square + "," + stroke + "}")))
    #expect(abs(ring - 2 * (2 * 2 * 800 + Double.pi * 4) / Self.canvas) < 1e-9)
    let capped = try #require(try change(.blendMode, layers: layer(square + "," + stroke + #","lc":3}"#)))
    let r = 2 * 2.0.squareRoot()
    #expect(abs(capped - 2 * (2 * r * 800 + Double.pi * r * r) / Self.canvas) < 1e-9)
    let filled = try #require(try change(.blendMode, layers: layer(square + "," + stroke + "}," + Self.fill)))
    #expect(abs(filled - 2 * 204 * 204 / Self.canvas) < 1e-9)
    let unpainted = try #require(try change(.blendMode, layers: layer(square)))
    #expect(abs(unpainted - 2 * 200 * 200 / Self.canvas) < 1e-9)
    // A skew keeps areas but lengthens paths: a file with a skewed layer keeps the box.
    let skewed = try #require(
      try change(.blendMode, layers: String(layer(square + "," + stroke + "}").dropLast()) + #",{"ty":3,"ind":2,"ip":0,"op":60,"ks":{"sk":{"a":0,"k":30}}}]"#))
    #expect(abs(skewed - 2 * 204 * 204 / Self.canvas) < 1e-9)
  }

  /// What can draw beyond any box leaves the bound unknown, so the claim stays as it is.
  @Test(arguments: [
    #""ef":[{"ty":29,"nm":"Gaussian Blur"}],"ks":{}"#,
    #""ks":{"s":{"a":0,"k":[100,100],"x":"value * 4"}}"#,
    #""ks":{},"ddd":1"#,
    #""ks":{},"sy":[{"ty":1}]"#
  ])
  func unknownWhereSomethingCanDrawBeyond(layerKeys: String) throws {
    let layers = #"[{"ty":4,"ind":1,"ip":0,"op":60,"bm":3,\#(layerKeys),"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}}]}]"#
    #expect(try change(.blendMode, layers: layers) == nil)
  }

  @Test func puckerAndLoopsOfScale() throws {
    let pucker =
      #"[{"ty":4,"ind":1,"ip":0,"op":60,"bm":3,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}},{"ty":"pb","a":{"a":0,"k":80}}]}]"#
    #expect(try change(.blendMode, layers: pucker) == nil)
    // A loop over the keyframes stays among them: 10 px at 200 % at most.
    let looped =
      #"[{"ty":4,"ind":1,"ip":0,"op":60,"bm":3,"ks":{"s":{"a":1,"k":[{"t":0,"s":[100,100]},{"t":10,"s":[200,200],"h":1}],"x":"var $bm_rt;\n$bm_rt = loopOut('cycle');"}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}}]}]"#
    let share = try #require(try change(.blendMode, layers: looped))
    #expect(abs(share - 2 * 400 / Self.canvas) < 1e-9)
  }

  /// Each layer of a long parent chain is walked once (children before parents); a chain that
  /// loops back on itself, and precomps nested past 64 levels, are unknown rather than a trap.
  @Test func longChainsCyclesAndDeepPrecompsStayLinear() throws {
    let n = 5_000
    func chain(looped: Bool) -> String {
      let layers = (1...n).map { i in
        let parent = i < n ? #","parent":\#(i + 1)"# : (looped ? #","parent":1"# : "")
        return
          #"{"ty":4,"ind":\#(i)\#(parent),"ip":0,"op":60,"ks":{"r":{"a":0,"k":0,"x":"time"}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[1,1]}}]}"#
      }
      return #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512,"layers":[\#(layers.joined(separator: ","))]}"#
    }
    for looped in [false, true] {
      let animation = Animation(document: try JSONDocument(parsing: Array(chain(looped: looped).utf8)))
      var coverage = Coverage(animation)
      let shares = animation.featureUses().filter { $0.feature == .expression }.map { coverage.change(of: $0) }
      #expect(shares.count == n)
      if looped {
        #expect(shares.allSatisfy { $0 == nil })
      } else {
        // The last layer is every layer's ancestor: n boxes of 1 px; the first only its own.
        #expect(shares.first == 2 / Self.canvas)
        #expect(shares.last == 2 * Double(n) / Self.canvas)
      }
    }
    let depth = 100
    let assets = (0..<depth).map { i in
      i + 1 < depth
        ? #"{"id":"c\#(i)","layers":[{"ty":0,"ind":1,"refId":"c\#(i + 1)","ip":0,"op":60,"ks":{}}]}"#
        : #"{"id":"c\#(i)","layers":[{"ty":4,"ind":1,"bm":3,"ip":0,"op":60,"ks":{},"shapes":[]}]}"#
    }
    let root = #"[{"ty":0,"ind":1,"refId":"c0","ip":0,"op":60,"ks":{}}]"#
    #expect(try change(.blendMode, layers: root, assets: "[" + assets.joined(separator: ",") + "]") == nil)
  }

  /// A camera can bring a layer closer than drawn.
  @Test func aCameraLeavesEveryBoundUnknown() throws {
    let layers = #"[{"ty":13,"ind":2,"ip":0,"op":60,"ks":{},"pe":{"a":0,"k":600}},"# + String(textLayer("OK", size: 20).dropFirst())
    #expect(try change(.textLayer, layers: layers) == nil)
  }
}
