import LottieJSON

/// A value's numbers: a number as one, or an array of numbers only; nil otherwise (an empty
/// array, an element that is not a number).
extension JSONNode {
  package var numbers: [Double]? {
    if let d = double { return [d] }
    guard isArray, count > 0 else { return nil }
    var out: [Double] = []
    for e in elements {
      guard let d = e.double else { return nil }
      out.append(d)
    }
    return out
  }
}

/// The walk over a property's keyframes that every bound over time makes (Coverage, the
/// expression deviation): each keyframe's start value, the value it moves to, and how far its
/// easing carries the mix past the two.
extension AnimatedProperty {
  /// One keyframe with a start value, and where it goes.
  package struct Span {
    package var keyframe: JSONNode
    package var start: JSONNode
    /// The value it moves to (`e`, else the next keyframe's `s`); nil for a hold keyframe and the
    /// last one.
    package var end: JSONNode?
    /// The mix's lowest and highest weight of `end`: 0 and 1, or beyond them where the easing
    /// handles overshoot.
    package var mix: (low: Double, high: Double) { AnimatedProperty.mixRange(of: keyframe) }
  }

  /// The keyframes that have a start value, in order.
  package var spans: [Span] {
    let keyframes = self.keyframes
    return keyframes.indices.compactMap { n in
      let kf = keyframes[n]
      guard let start = kf["s"] else { return nil }
      let end = kf["h"]?.int == 1 ? nil : kf["e"] ?? (n + 1 < keyframes.count ? keyframes[n + 1]["s"] : nil)
      return Span(keyframe: kf, start: start, end: end)
    }
  }

  /// The heights of a keyframe's easing handles (`o.y` and `i.y`, of the first two dimensions:
  /// a 3D value's depth is eased on its own curve, and nothing here reads it): a value outside
  /// [0, 1] carries the mix past the keyframe's values.
  package static func handleHeights(of keyframe: JSONNode) -> [Double] {
    [keyframe["o"]?["y"], keyframe["i"]?["y"]].compactMap { $0 }.flatMap { y in y.double.map { [$0] } ?? y.elements.prefix(2).compactMap(\.double) }
  }

  /// 0 and 1, widened to the keyframe's lowest and highest handle heights.
  package static func mixRange(of keyframe: JSONNode) -> (low: Double, high: Double) {
    let heights = handleHeights(of: keyframe)
    return (min(0, heights.min() ?? 0), max(1, heights.max() ?? 1))
  }

  /// Whether a keyframe's easing carries the mix past its values.
  package static func overshoots(_ keyframe: JSONNode) -> Bool {
    let mix = mixRange(of: keyframe)
    return mix.low < 0 || mix.high > 1
  }
}

/// A property's keyframes read as lottie-web reads them, for many times at once (the keyframes
/// and their times taken out once; each reading a binary search).
package struct KeyframeReader {
  let node: JSONNode
  package let frames: [JSONNode]
  package let times: [Double]

  /// Nil when a keyframe has no time, or the times go back.
  package init?(_ property: JSONNode) {
    node = property
    let p = AnimatedProperty(node: property)
    frames = p.keyframes
    var times: [Double] = []
    times.reserveCapacity(frames.count)
    for kf in frames {
      guard let t = kf["t"]?.double, t >= (times.last ?? -.infinity) else { return nil }
      times.append(t)
    }
    self.times = times
  }

  /// The numbers at `time` (the keyframes' clock): each dimension eased on its own curve
  /// (`EasingPerDimension.curve`), a hold keyframe (`h` 1) held, a segment's end read as the next
  /// keyframe's start, else its own `e`; the first value before the first keyframe and the last
  /// after the last. Nil for values that are not numbers, and for a segment that bends in space
  /// (`to`/`ti`, followed along a curve).
  package func numbers(at time: Double) -> [Double]? {
    guard !frames.isEmpty else { return node["k"]?.numbers }
    guard let j = index(atOrBefore: time) else { return frames[0]["s"]?.numbers }
    let kf = frames[j]
    if j == frames.count - 1 { return kf["s"]?.numbers ?? (j > 0 ? frames[j - 1]["e"]?.numbers : nil) }
    guard let start = kf["s"]?.numbers else { return nil }
    if kf["h"]?.int == 1 { return start }
    guard let end = (frames[j + 1]["s"] ?? kf["e"])?.numbers, end.count == start.count, times[j + 1] > times[j] else { return nil }
    if ((kf["to"]?.numbers ?? []) + (kf["ti"]?.numbers ?? [])).contains(where: { $0 != 0 }) { return nil }
    let x = (time - times[j]) / (times[j + 1] - times[j])
    return start.indices.map { d in
      guard let out = kf["o"], let into = kf["i"], let curve = EasingPerDimension.curve(out, into, d) else {
        return start[d] + (end[d] - start[d]) * x
      }
      return start[d] + (end[d] - start[d]) * EasingPerDimension.progress(curve, at: x)
    }
  }

  /// The last keyframe at or before `time` (binary search), nil before the first.
  package func index(atOrBefore time: Double) -> Int? {
    var lo = 0, hi = times.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if times[mid] <= time { lo = mid + 1 } else { hi = mid }
    }
    return lo > 0 ? lo - 1 : nil
  }

  /// Units per second just before `time` (in frames): the change over the millisecond before it,
  /// as lottie-web's `velocityAtTime` measures it; `alongCurves` reads segments that bend in space.
  package func velocity(at time: Double, frameRate: Double, alongCurves: Bool = false) -> [Double]? {
    let delta = 0.001 * frameRate
    let read = alongCurves ? numbersAlongCurves : numbers
    guard let now = read(time), let before = read(time - delta), now.count == before.count else { return nil }
    return zip(now, before).map { ($0 - $1) / 0.001 }
  }

  /// Straight pieces lottie-web measures a curved segment's length in (`defaultCurveSegments`).
  static let curvePieces = 150

  /// `numbers(at:)`, with a segment that bends in space (`to`/`ti`) followed along its curve as
  /// lottie-web follows it: the cubic from `s` through `s + to` and `e + ti` to `e`, measured in
  /// `curvePieces` straight pieces, the eased progress (the first dimension's curve) taken as the
  /// share of that length travelled (held at the ends when the easing overshoots).
  package func numbersAlongCurves(at time: Double) -> [Double]? {
    if let v = numbers(at: time) { return v }
    guard let j = index(atOrBefore: time), j < frames.count - 1, times[j + 1] > times[j] else { return nil }
    let kf = frames[j]
    guard kf["h"]?.int != 1, let start = kf["s"]?.numbers, let end = (frames[j + 1]["s"] ?? kf["e"])?.numbers, end.count == start.count
    else { return nil }
    let zero = [Double](repeating: 0, count: start.count)
    let to = kf["to"]?.numbers ?? zero, ti = kf["ti"]?.numbers ?? zero
    guard to.count == start.count, ti.count == start.count else { return nil }
    let x = (time - times[j]) / (times[j + 1] - times[j])
    var progress = x
    if let out = kf["o"], let into = kf["i"], let curve = EasingPerDimension.curve(out, into, 0) { progress = EasingPerDimension.progress(curve, at: x) }
    let c1 = zip(start, to).map { $0 + $1 }, c2 = zip(end, ti).map { $0 + $1 }
    func point(_ t: Double) -> [Double] {
      let u = 1 - t
      return start.indices.map { d in u * u * u * start[d] + 3 * u * u * t * c1[d] + 3 * u * t * t * c2[d] + t * t * t * end[d] }
    }
    var points = [start]
    var lengths = [0.0]
    for k in 1..<Self.curvePieces {
      let p = point(Double(k) / Double(Self.curvePieces - 1))
      let step = zip(p, points[k - 1]).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
      points.append(p)
      lengths.append(lengths[k - 1] + step)
    }
    let target = min(max(progress, 0), 1) * (lengths.last ?? 0)
    var k = 1
    while k < points.count - 1, lengths[k] < target { k += 1 }
    let piece = lengths[k] - lengths[k - 1]
    let along = piece > 0 ? (target - lengths[k - 1]) / piece : 0
    return points[k].indices.map { d in points[k - 1][d] + (points[k][d] - points[k - 1][d]) * along }
  }
}
