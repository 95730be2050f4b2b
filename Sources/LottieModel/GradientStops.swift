import LottieJSON

/// How a gradient's opacity stops fare in a player that draws as rlottie was measured to draw
/// (#18, Tests/Fixtures/compat/gradient-opacity-*.json): as if it read the opacity only at the
/// colour stops and interpolated premultiplied colour between them, where lottie-web follows every
/// opacity stop and interpolates colour and opacity separately.
extension Animation {
  /// Largest difference (0…255, a channel over white) between the two ways of drawing, at which
  /// the lab no longer sees the players disagree: 20 measured variants split at 31.2 (agree) and
  /// 35.7 (disagree) around the lab's tolerance of 32.
  static let alikeOpacityLevels = 32.0

  /// Whether every value of the gradient `g` (static or each keyframe's) draws alike both ways.
  /// Gradients too large to check (over 64 stops or 256 keyframes) are not called alike.
  static func opacityStopsDrawnAlike(_ g: JSONNode?) -> Bool {
    guard let g, let count = g["p"]?.int, count >= 1, count <= 64, let values = gradientValues(g) else { return false }
    return values.allSatisfy { v in v.map { worstOpacityDifference($0, colourStops: count) ?? 255 } ?? 0 <= alikeOpacityLevels }
  }

  /// The detail of a gradient with opacity stops: "small opacity steps" where rlottie's master
  /// draws it as lottie-web does, and ", opacity stops skipped by older rlottie" (or that alone)
  /// where the older reading (Debian's librlottie 0.1, Telegram Desktop's fork) draws it apart.
  static func opacityStopsDetail(_ g: JSONNode?) -> String? {
    let alike = opacityStopsDrawnAlike(g)
    let olderAlike = opacityStopsDrawnAlikeByOlderRlottie(g)
    switch (alike, olderAlike) {
    case (true, true): return "small opacity steps"
    case (true, false): return "small opacity steps, " + skippedByOlderRlottie
    case (false, true): return nil
    case (false, false): return skippedByOlderRlottie
    }
  }

  static let skippedByOlderRlottie = "opacity stops skipped by older rlottie"

  /// As `alikeOpacityLevels`, for the older reading: the same 19 variants (GradientStopsTests),
  /// drawn by Debian's 0.1 and Telegram Desktop's fork, split at 35.7 (1.1 % of the tile) and
  /// 36.1 (17.0 %); 31.4 draws 0.8 %.
  static let olderAlikeOpacityLevels = 35.9

  /// Whether every value of the gradient `g` draws alike in lottie-web and in the older reading.
  /// Gradients too large to check (over 64 stops or 256 keyframes) are called alike: the older
  /// reading is claimed only where it was worked out.
  static func opacityStopsDrawnAlikeByOlderRlottie(_ g: JSONNode?) -> Bool {
    guard let g, let count = g["p"]?.int, count >= 1, count <= 64, let values = gradientValues(g) else { return true }
    return values.allSatisfy { v in v.map { worstOlderOpacityDifference($0, colourStops: count) ?? 0 } ?? 0 <= olderAlikeOpacityLevels }
  }

  /// The values a gradient's stops take: its static value, or each keyframe's `s` (nil where a
  /// keyframe has none); nil for more than 256 keyframes or no `k` at all.
  static func gradientValues(_ g: JSONNode) -> [JSONNode?]? {
    guard let k = g["k"]?["k"] else { return nil }
    guard k.isArray, let first = k.element(at: 0), first.isObject else { return [k] }
    return k.count <= 256 ? k.elements.map { $0["s"] } : nil
  }

  /// The largest channel difference between the two ways of drawing the gradient values `v`
  /// (`count` colour stops of 4 numbers, then position/opacity pairs), sampled at 201 points; nil
  /// when the values are malformed, unordered or too many.
  static func worstOpacityDifference(_ v: JSONNode, colourStops count: Int) -> Double? {
    guard let stops = GradientValue(v, colourStops: count) else { return nil }
    guard !stops.alphas.isEmpty else { return 0 }
    // The premultiplied stops: colour times the opacity read at the colour stop, then the opacity.
    let premultiplied = stops.colours.map { stop -> (Double, [Double]) in
      let a = GradientValue.at(stops.alphas, stop.0, GradientValue.mixScalar)
      return (stop.0, stop.1.map { $0 * a } + [a])
    }
    return stops.worstDifference(premultiplied)
  }

}

extension Animation {
  /// The largest channel difference (0…255, over white) between lottie-web's drawing of the
  /// gradient values `v` and the older rlottie's (Debian's librlottie 0.1 and Telegram Desktop's
  /// fork, desktop-app/rlottie src/lottie/lottiemodel.cpp `LOTGradient::populate`): it walks the
  /// colour stops in order, draws each opacity stop that comes before the next colour stop in that
  /// colour stop's colour, and gives the colour stop an opacity interpolated (or extrapolated) from
  /// the opacity stops on either side of the next one, which it then skips; past the last opacity
  /// stop, from the last two. An opacity past 0…1 wraps around a byte (1.3 draws as 0.3). The stops
  /// are then blended premultiplied, as `worstOpacityDifference` does. Nil when the values are
  /// malformed or unordered. Measured: fixture gradient-opacity-skipped.json (the
  /// radial gradient of corpus rlottie insta_camera.json, 149 here) differs on 37.2 % in both
  /// libraries and gradient-opacity-stops.json (24.8 here) on 0.0 %.
  static func worstOlderOpacityDifference(_ v: JSONNode, colourStops count: Int) -> Double? {
    guard let stops = GradientValue(v, colourStops: count) else { return nil }
    let (colours, alphas) = (stops.colours, stops.alphas)
    // The older reading keeps no opacity for an odd remainder, or under two pairs for more colour
    // stops than pairs.
    let rest = stops.remainder
    guard rest > 0, rest % 2 == 0, !(count > rest / 2 && rest < 4), !alphas.isEmpty else { return 0 }
    func between(_ a: (Double, Double), _ b: (Double, Double), _ x: Double) -> Double {
      b.0 == a.0 ? a.1 : a.1 + (x - a.0) / (b.0 - a.0) * (b.1 - a.1)
    }
    // The opacity as the library stores it: a byte, wrapped.
    func byte(_ a: Double) -> Double {
      guard a.isFinite, abs(a) < 1e6 else { return 0 }
      return Double(Int(a * 255) & 255) / 255
    }
    var drawn: [(Double, [Double])] = []
    func push(_ at: Double, _ rgb: [Double], _ a: Double) { drawn.append((at, rgb.map { $0 * byte(a) } + [byte(a)])) }
    var j = 0
    for (at, rgb) in colours {
      if j == alphas.count {
        guard alphas.count >= 2 else { return nil }
        let (s1, s2) = (alphas[j - 2], alphas[j - 1])
        push(at, rgb, at > s2.0 ? s2.1 : between(s1, s2, at))
        continue
      }
      while j < alphas.count {
        if alphas[j].0 < at {
          push(alphas[j].0, rgb, alphas[j].1)
          j += 1
          continue
        }
        push(at, rgb, j == 0 ? alphas[0].1 : between(alphas[j - 1], alphas[j], at))
        j += 1
        break
      }
    }
    return stops.worstDifference(drawn)
  }

}

/// A gradient value's stops: colour stops (position, r, g, b) and opacity stops (position,
/// opacity), each ordered; and lottie-web's way of drawing them, colour and opacity interpolated
/// apart, against a player's premultiplied stops.
struct GradientValue {
  let colours: [(Double, [Double])]
  let alphas: [(Double, Double)]
  /// How many numbers follow the colour stops.
  let remainder: Int

  /// Nil when the values are not numbers, too few, or unordered.
  init?(_ v: JSONNode, colourStops count: Int) {
    let numbers = v.elements.compactMap(\.double)
    guard v.isArray, numbers.count == v.count, numbers.count >= 4 * count else { return nil }
    remainder = numbers.count - 4 * count
    colours = (0..<count).map { i in (numbers[4 * i], Array(numbers[(4 * i + 1)...(4 * i + 3)])) }
    // Over 64 opacity stops are not read (not worked out: callers give up on them).
    alphas = remainder / 2 <= 64 ? (0..<(remainder / 2)).map { i in (numbers[4 * count + 2 * i], numbers[4 * count + 2 * i + 1]) } : []
    func ordered<T>(_ stops: [(Double, T)]) -> Bool { zip(stops, stops.dropFirst()).allSatisfy { $0.0 <= $1.0 } }
    guard ordered(colours), ordered(alphas) else { return nil }
  }

  static func at<T>(_ stops: [(Double, T)], _ x: Double, _ mix: (T, T, Double) -> T) -> T {
    if x <= stops[0].0 { return stops[0].1 }
    for (a, b) in zip(stops, stops.dropFirst()) where x <= b.0 {
      return mix(a.1, b.1, b.0 == a.0 ? 0 : (x - a.0) / (b.0 - a.0))
    }
    return stops[stops.count - 1].1
  }
  static func mixScalar(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
  static func mixVector(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * t } }

  /// The largest channel difference (0…255, over white) at 201 points between lottie-web's
  /// drawing and a player's premultiplied stops (position, r·a, g·a, b·a, a), blended linearly.
  func worstDifference(_ premultiplied: [(Double, [Double])]) -> Double {
    guard !colours.isEmpty, !alphas.isEmpty, !premultiplied.isEmpty else { return 0 }
    var worst = 0.0
    for i in 0...200 {
      let x = Double(i) / 200
      let colour = Self.at(colours, x, Self.mixVector)
      let alpha = Self.at(alphas, x, Self.mixScalar)
      let p = Self.at(premultiplied, x, Self.mixVector)
      for c in 0..<3 {
        worst = max(worst, abs(alpha * colour[c] + (1 - alpha) - (p[c] + (1 - p[3]))) * 255)
      }
    }
    return worst
  }
}

/// A colour midpoint moved in After Effects' gradient editor. Bodymovin writes each midpoint as a
/// stop of its own, at the midpoint's place, whose colour is the average of the two stops around it;
/// every player then blends in straight lines to and from that stop, where After Effects eases the
/// colour around the midpoint. Measured on conformance shape-style/gradient-linear-midpoint.json
/// (midpoint at 20 % of its span): lottie-web 5.7.5, rlottie and ThorVG all differ from the After
/// Effects render on 33 %; conformance properties/gradient-linear.json (midpoint at 60 %) draws
/// within the lab's tolerance in all three.
extension Animation {
  /// How far from the middle of its span (0…0.5) a midpoint must be moved to be called moved:
  /// between the two measured files' 0.10 (not seen) and 0.30 (seen).
  static let movedMidpointOffset = 0.2
  /// How close (per channel, 0…1) the midpoint stop's colour must be to its neighbours' average:
  /// Bodymovin rounds colours to 3 decimals.
  static let midpointColourTolerance = 0.002

  /// Whether the gradient `g` (its static value or any keyframe's) has a colour stop that is a moved
  /// midpoint. Gradients over 64 stops or 256 keyframes are not checked.
  static func hasMovedMidpoint(_ g: JSONNode?) -> Bool {
    guard let g, let count = g["p"]?.int, count >= 3, count <= 64, let values = gradientValues(g) else { return false }
    return values.contains { v in v.map { movedMidpoint(in: $0, colourStops: count) } ?? false }
  }

  static func movedMidpoint(in v: JSONNode, colourStops count: Int) -> Bool {
    guard v.isArray, v.count >= 4 * count else { return false }
    var stops: [(at: Double, rgb: [Double])] = []
    for i in 0..<count {
      let numbers = (0..<4).compactMap { v.element(at: 4 * i + $0)?.double }
      guard numbers.count == 4 else { return false }
      stops.append((numbers[0], Array(numbers[1...])))
    }
    for i in 1..<(count - 1) {
      let (a, m, b) = (stops[i - 1], stops[i], stops[i + 1])
      guard b.at - a.at > 0, (0..<3).contains(where: { abs(a.rgb[$0] - b.rgb[$0]) >= 0.02 }) else { continue }
      let average = (0..<3).allSatisfy { abs(m.rgb[$0] - (a.rgb[$0] + b.rgb[$0]) / 2) <= midpointColourTolerance }
      if average && abs((m.at - a.at) / (b.at - a.at) - 0.5) >= movedMidpointOffset { return true }
    }
    return false
  }
}
