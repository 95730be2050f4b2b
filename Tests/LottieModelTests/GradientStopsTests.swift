import Testing
import LottieJSON
import LottieModel

/// #18: which gradients with opacity stops rlottie draws as lottie-web does. Each case is a variant
/// rendered in the lab (rlottie-python 1.3.8 against lottie-web 5.7.5, 200 px tile, frame 0), and
/// by the older reading (Debian's 0.1 and Telegram Desktop's fork); the shares are what they
/// measured, "alike" is whether a share stayed within the lab's 2 %.
@Suite("gradient opacity steps")
struct GradientStopsTests {
  struct Variant: Sendable, CustomTestStringConvertible {
    let colours: [Double]
    let opacities: [(Double, Double)]
    let oneColour: Bool
    let measured: Double
    /// The same variant drawn by the older rlottie (Debian's librlottie 0.1 through lottiekit
    /// render, and Telegram Desktop's fork: the same share in both).
    let older: Double
    var alike: Bool { measured <= 2 }
    var olderAlike: Bool { older <= 2 }
    var testDescription: String {
      "colour stops \(colours), opacity \(opacities), \(oneColour ? "one colour" : "colours differ"): \(measured)%, older rlottie \(older)%"
    }
  }

  static let variants: [Variant] = [
    Variant(colours: [0, 1], opacities: [(0, 1), (1, 0)], oneColour: false, measured: 25.1, older: 25.5),
    Variant(colours: [0, 1], opacities: [(0, 1), (1, 0.5)], oneColour: false, measured: 0, older: 0),
    Variant(colours: [0, 0.5, 1], opacities: [(0, 1), (0.5, 0.5), (1, 0)], oneColour: false, measured: 0, older: 0),
    Variant(colours: [0, 0.5, 1], opacities: [(0, 1), (0.5, 0.1), (1, 1)], oneColour: false, measured: 21.1, older: 22.5),
    Variant(colours: [0, 1], opacities: [(0, 1), (0.5, 0.1), (1, 1)], oneColour: false, measured: 39.6, older: 0),
    Variant(colours: [0, 0.5, 1], opacities: [(0, 1), (1, 0)], oneColour: false, measured: 0, older: 0),
    Variant(colours: [0, 0.5, 1], opacities: [(0, 1), (0.3, 0.5), (1, 0)], oneColour: false, measured: 8.4, older: 1.1),
    Variant(colours: [0, 1], opacities: [(0.2, 1), (0.8, 0)], oneColour: false, measured: 32.5, older: 24.7),
    Variant(colours: [0, 1], opacities: [(0, 0.5), (1, 0.5)], oneColour: false, measured: 0, older: 0),
    Variant(colours: [0, 1], opacities: [(0, 1), (1, 0)], oneColour: true, measured: 0, older: 0),
    Variant(colours: [0, 1], opacities: [(0, 1), (1, 0.2)], oneColour: false, measured: 15.3, older: 17),
    Variant(colours: [0, 1], opacities: [(0, 1), (1, 0.3)], oneColour: false, measured: 0, older: 0.8),
    Variant(colours: [0, 1], opacities: [(0, 1), (1, 0.4)], oneColour: false, measured: 0, older: 0),
    Variant(colours: [0, 1], opacities: [(0, 0.5), (1, 0)], oneColour: false, measured: 0, older: 0),
    Variant(colours: [0, 1], opacities: [(0, 1), (0.5, 0.8), (1, 1)], oneColour: false, measured: 9.9, older: 26.1),
    Variant(colours: [0, 1], opacities: [(0, 1), (0.5, 0.8), (1, 1)], oneColour: true, measured: 9.9, older: 0),
    Variant(colours: [0, 1], opacities: [(0, 1), (0.5, 0.1), (1, 1)], oneColour: true, measured: 39.6, older: 0),
    Variant(colours: [0, 0.5, 1], opacities: [(0, 1), (0.3, 0.5), (1, 0)], oneColour: true, measured: 0, older: 0),
    Variant(colours: [0, 0.5, 1], opacities: [(0, 1), (0.5, 0.1), (1, 1)], oneColour: true, measured: 0, older: 0)
  ]

  /// The lab's fixture layer: a rectangle with a linear gradient fill of these stops.
  static func animation(_ v: Variant) -> String {
    let palette: [[Double]] = v.oneColour ? [[0.9, 0.2, 0.2]] : [[0.9, 0.2, 0.2], [0.2, 0.2, 0.9], [0.2, 0.9, 0.2]]
    var k: [Double] = []
    for (i, p) in v.colours.enumerated() { k += [p] + palette[i % palette.count] }
    for (p, a) in v.opacities { k += [p, a] }
    let values = k.map { $0.compactText }.joined(separator: ",")
    return
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[80,60]},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":0}},{"ty":"gf","o":{"a":0,"k":100},"r":1,"t":1,"s":{"a":0,"k":[10,50]},"e":{"a":0,"k":[90,50]},"g":{"p":\#(v.colours.count),"k":{"a":0,"k":[\#(values)]}}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}"#
  }

  @Test(arguments: variants)
  func detailsAreExactlyTheVariantsEachRlottieDrawsAlike(_ v: Variant) throws {
    let uses = try Animation(document: JSONDocument(parsing: Array(Self.animation(v).utf8))).featureUses()
    let stops = uses.filter { $0.feature == .gradientOpacityStops }.map(\.detail)
    // Fully opaque stops are no opacity stops at all.
    if v.opacities.allSatisfy({ $0.1 >= 1 }) { #expect(stops.isEmpty); return }
    let skipped = "opacity stops skipped by older rlottie"
    let expected: String? =
      switch (v.alike, v.olderAlike) {
      case (true, true): "small opacity steps"
      case (true, false): "small opacity steps, " + skipped
      case (false, true): nil
      case (false, false): skipped
      }
    #expect(stops == [expected])
  }

  @Test func animatedGradientsAreSmallOnlyWhenEveryKeyframeIs() throws {
    let small = "[0,0.9,0.2,0.2,1,0.2,0.2,0.9,0,1,1,0.5]"
    let large = "[0,0.9,0.2,0.2,1,0.2,0.2,0.9,0,1,1,0]"
    func detail(_ a: String, _ b: String) throws -> String? {
      let json = Self.animation(Self.variants[1]).replacingOccurrences(
        of: #"{"a":0,"k":[0,0.9,0.2,0.2,1,0.2,0.2,0.9,0,1,1,0.5]}"#,
        with: #"{"a":1,"k":[{"t":0,"s":\#(a)},{"t":30,"s":\#(b)}]}"#)
      return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().first { $0.feature == .gradientOpacityStops }?.detail
    }
    #expect(try detail(small, small) == "small opacity steps")
    // The large step is drawn apart by both readings (variant 0: 25.1 % and 25.5 %).
    #expect(try detail(small, large) == "opacity stops skipped by older rlottie")
  }
}

/// #18: a colour midpoint moved in After Effects, which Bodymovin writes as an extra stop with the
/// average colour. Measured on the conformance files against their After Effects renders: 20 % of
/// the span is seen (33 % of the picture in every player), 60 % is not.
@Suite("gradient midpoints")
struct GradientMidpointTests {
  /// A gradient fill with these stops (position, r, g, b each), static or as two keyframes.
  static func detail(_ stops: [[Double]], keyframes second: [[Double]]? = nil) throws -> String? {
    func values(_ s: [[Double]]) -> String { "[" + s.flatMap { $0 }.map(\.compactText).joined(separator: ",") + "]" }
    let k = second.map { #"{"a":1,"k":[{"t":0,"s":\#(values(stops))},{"t":30,"s":\#(values($0))}]}"# } ?? #"{"a":0,"k":\#(values(stops))}"#
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"rc","d":1,"s":{"a":0,"k":[80,60]},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":0}},{"ty":"gf","o":{"a":0,"k":100},"r":1,"t":1,"s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"g":{"p":\#(stops.count),"k":\#(k)}}]}]}"#
    let uses = try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses()
    let fills = uses.filter { $0.feature == .gradientFill }
    #expect(fills.count == 1)
    return fills.first?.detail
  }

  static let red = [1.0, 0, 0], blue = [0.0, 0.047, 1]
  static func stop(_ at: Double, _ c: [Double]) -> [Double] { [at] + c }
  static let average = [0.5, 0.024, 0.5]

  @Test func theConformanceFilesMidpointsAreMovedOnlyWhereAfterEffectsDrawsOtherwise() throws {
    // shape-style/gradient-linear-midpoint.json: the midpoint at 0.137 of 0…0.69 (20 %).
    let moved = [[0, 1, 0, 0], [0.137, 0.5, 0.024, 0.5], [0.69, 0, 0.047, 1], [0.845, 0, 0.024, 0.5], [1, 0, 0, 0]]
    #expect(try Self.detail(moved) == "moved midpoint")
    // properties/gradient-linear.json: the midpoint at 60 %, drawn alike.
    #expect(try Self.detail([[0, 1, 0, 0], [0.601, 0.5, 0, 0.5], [1, 0, 0, 1]]) == nil)
  }

  @Test func centredMidpointsPlainStopsAndFlatSpansAreNotMoved() throws {
    #expect(try Self.detail([Self.stop(0, Self.red), Self.stop(0.5, Self.average), Self.stop(1, Self.blue)]) == nil)
    // A stop of its own colour, not the average: a real stop, drawn alike everywhere.
    #expect(try Self.detail([Self.stop(0, Self.red), Self.stop(0.2, [0.2, 0.9, 0.2]), Self.stop(1, Self.blue)]) == nil)
    // Between two stops of one colour a midpoint changes nothing.
    #expect(try Self.detail([Self.stop(0, Self.red), Self.stop(0.2, Self.red), Self.stop(1, Self.red)]) == nil)
    #expect(try Self.detail([Self.stop(0, Self.red), Self.stop(1, Self.blue)]) == nil)
  }

  @Test func oneMovedKeyframeIsEnough() throws {
    let centred = [Self.stop(0, Self.red), Self.stop(0.5, Self.average), Self.stop(1, Self.blue)]
    let moved = [Self.stop(0, Self.red), Self.stop(0.85, Self.average), Self.stop(1, Self.blue)]
    #expect(try Self.detail(centred, keyframes: moved) == "moved midpoint")
    #expect(try Self.detail(centred, keyframes: centred) == nil)
  }
}
