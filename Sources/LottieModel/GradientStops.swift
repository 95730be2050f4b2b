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
    let numbers = v.elements.compactMap(\.double)
    guard v.isArray, numbers.count == v.count, numbers.count >= 4 * count else { return nil }
    let opacityCount = (numbers.count - 4 * count) / 2
    guard opacityCount >= 1, opacityCount <= 64 else { return 0 }
    var colours: [(Double, [Double])] = []
    for i in 0..<count { colours.append((numbers[4 * i], Array(numbers[(4 * i + 1)...(4 * i + 3)]))) }
    var alphas: [(Double, Double)] = []
    for i in 0..<opacityCount { alphas.append((numbers[4 * count + 2 * i], numbers[4 * count + 2 * i + 1])) }
    func ordered<T>(_ stops: [(Double, T)]) -> Bool { zip(stops, stops.dropFirst()).allSatisfy { $0.0 <= $1.0 } }
    guard ordered(colours), ordered(alphas) else { return nil }
    func at<T>(_ stops: [(Double, T)], _ x: Double, _ mix: (T, T, Double) -> T) -> T {
      if x <= stops[0].0 { return stops[0].1 }
      for (a, b) in zip(stops, stops.dropFirst()) where x <= b.0 {
        return mix(a.1, b.1, b.0 == a.0 ? 0 : (x - a.0) / (b.0 - a.0))
      }
      return stops[stops.count - 1].1
    }
    let mixScalar: (Double, Double, Double) -> Double = { a, b, t in a + (b - a) * t }
    let mixVector: ([Double], [Double], Double) -> [Double] = { a, b, t in zip(a, b).map { $0 + ($1 - $0) * t } }
    // The premultiplied stops: colour times the opacity read at the colour stop, then the opacity.
    let premultiplied = colours.map { stop -> (Double, [Double]) in
      let a = at(alphas, stop.0, mixScalar)
      return (stop.0, stop.1.map { $0 * a } + [a])
    }
    var worst = 0.0
    for i in 0...200 {
      let x = Double(i) / 200
      let colour = at(colours, x, mixVector)
      let alpha = at(alphas, x, mixScalar)
      let p = at(premultiplied, x, mixVector)
      for c in 0..<3 {
        let separate = alpha * colour[c] + (1 - alpha)
        let together = p[c] + (1 - p[3])
        worst = max(worst, abs(separate - together) * 255)
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
