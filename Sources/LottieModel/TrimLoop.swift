import LottieJSON

/// A trim path whose kept part runs across the path's start. rlottie works out each frame's start,
/// end and offset into a segment that "loops" when start and end fall on different sides of the
/// path's start once the offset is added (Samsung/rlottie src/lottie/lottiemodel.h,
/// `Trim::segment`), and its "individually" trim (`m` 2) trims only a segment that does not loop
/// (src/lottie/lottieitem.cpp, `renderer::Trim::update`: `if (start < end)`): while the kept part
/// crosses the start, rlottie draws the whole path. Measured with fixture trim-loop-individually.json
/// (a circle's stroke trimmed 0-30 % with offset 300°: 12.8 % of the tile differs from lottie-web;
/// the same trim with `m` 1: 0.0 %; ThorVG 0.0 % both ways); corpus lottie-android
/// Tests/TrimPathWrapAround.json (4.0 %).
extension Animation {
  /// Whether the trim `trim` (its `s`, `e` and `o`) loops at some time while its layer is shown
  /// (`visible`, in the keyframes' clock; nil: over the keyframes' own times), as rlottie computes
  /// the segment: sampled at every keyframe time and at up to 1,000 evenly spaced times.
  static func trimLoops(_ trim: JSONNode, visible: ExpressionEffect.Span?) -> Bool {
    anySample(of: trim, visible: visible) { reading in
      guard let (s, e, o) = reading else { return false }
      var start = s / 100, end = e / 100
      let offset = o.truncatingRemainder(dividingBy: 360) / 360
      let difference = abs(start - end)
      if abs(difference) < 1e-6 || abs(difference - 1) < 1e-6 { return false }
      start += offset
      end += offset
      return offset > 0 ? (start > 1) != (end > 1) : (start < 0) != (end < 0)
    }
  }

  /// Whether the trim `trim` keeps part of its path, neither all of it nor none, at some time
  /// while its layer is shown: only then does trimming several paths "individually" (`m` 2) draw
  /// anything other than trimming them together (a start equal to the end hides every path
  /// both ways, a span of 100 % or more keeps every path whole). A trim that cannot be read, or
  /// with an expression, counts as partial.
  static func trimIsPartial(_ trim: JSONNode, visible: ExpressionEffect.Span?) -> Bool {
    // An expression may return any value.
    if ["s", "e", "o"].contains(where: { trim[$0]?["x"] != nil }) { return true }
    return anySample(of: trim, visible: visible) { reading in
      guard let (s, e, _) = reading else { return true }
      let kept = abs(e - s)
      return kept > 1e-6 && kept < 100 - 1e-6
    }
  }

  /// Whether `test` holds for the trim's start, end and offset (nil where unreadable) at some
  /// keyframe time while shown (`visible`, in the keyframes' clock; nil: over the keyframes' own
  /// times) or at one of up to 1,000 evenly spaced times; stops at the first that does.
  static func anySample(
    of trim: JSONNode, visible: ExpressionEffect.Span?, where test: ((Double, Double, Double)?) -> Bool
  ) -> Bool {
    let properties = [trim["s"], trim["e"], trim["o"]]
    let times = properties.flatMap { p in p.map { AnimatedProperty(node: $0).keyframes.compactMap { $0["t"]?.double } } ?? [] }
    func reading(at time: Double) -> (Double, Double, Double)? {
      guard let s = number(trim["s"], at: time, default: 0), let e = number(trim["e"], at: time, default: 100),
        let o = number(trim["o"], at: time, default: 0)
      else { return nil }
      return (s, e, o)
    }
    guard let first = times.min(), let last = times.max() else { return test(reading(at: visible?.start ?? 0)) }
    let from = visible?.start ?? first, to = visible?.end ?? last
    var samples = times.filter { $0 >= from && $0 < to }
    let count = 1000
    if to > from { samples += (0..<count).map { from + (to - from) * Double($0) / Double(count) } } else { samples.append(from) }
    return samples.contains { test(reading(at: $0)) }
  }

  /// A one-number property's value at `time` (keyframes eased on their first dimension's curve,
  /// held where `h` is 1; before the first keyframe its start value, after the last the last
  /// value); `default` where the property is absent, nil where it cannot be read.
  static func number(_ property: JSONNode?, at time: Double, default value: Double) -> Double? {
    guard let property else { return value }
    let animated = AnimatedProperty(node: property)
    guard animated.isAnimated else { return staticNumber(property) }
    let frames = animated.keyframes
    func read(_ kf: JSONNode?, _ key: String) -> Double? { kf?[key].flatMap(Self.staticNumberValue) }
    guard let first = frames.first, let firstTime = first["t"]?.double else { return nil }
    if time <= firstTime { return read(first, "s") }
    for n in 0..<frames.count {
      let kf = frames[n]
      guard let from = kf["t"]?.double else { return nil }
      let next = n + 1 < frames.count ? frames[n + 1] : nil
      guard let next, let to = next["t"]?.double else {
        // The last keyframe: its value, or (a bare time, older exports) the previous one's end.
        return read(kf, "s") ?? (n > 0 ? read(frames[n - 1], "e") : nil)
      }
      guard time < to else { continue }
      guard let s = read(kf, "s") else { return nil }
      if kf["h"]?.int == 1 || to <= from { return s }
      guard let e = read(kf, "e") ?? read(next, "s") else { return s }
      var progress = (time - from) / (to - from)
      if let out = kf["o"], let into = kf["i"], out.isObject, into.isObject, let curve = EasingPerDimension.curve(out, into, 0) {
        progress = EasingPerDimension.progress(curve, at: progress)
      }
      return s + (e - s) * progress
    }
    return nil
  }
}

/// A trim whose mode (`m`) is a whole number other than 1 (simultaneously) and 2 (individually):
/// each player reads it its own way. rlottie 0.2 (rlottie-python 1.3.8) refuses the file
/// (lottieparser.cpp `getTrimType` asserts on any other value), lottie-android and lottie-ios fail
/// to load it (ShapeTrimPath.Type.forId throws; TrimType does not decode), ThorVG 1.0.4 trims
/// individually (tvgLottieBuilder.cpp: only 1 is simultaneous), lottie-web together (only 2 is
/// individual). Measured with fixtures trim-mode-unknown*.json. A mode written with a fraction is
/// a mistyped value instead, and one written before the shape's `ty` is never read.
extension Animation {
  static func trimModeUnknown(_ trim: JSONNode) -> Bool {
    var afterType = false
    for member in trim.members {
      if member.key == "ty" { afterType = true }
      guard afterType, member.key == "m" else { continue }
      guard ValueTypes.isInteger(member.value), let m = member.value.int else { return false }
      return m != 1 && m != 2
    }
    return false
  }
}

extension Animation {
  /// For each item of a shape list, how many paths (paths, rectangles, ellipses and stars, those in
  /// groups too) come before it, counted up to `limit`: the paths a trim there modifies. Each
  /// item's contents are walked once, and no further than `limit` paths.
  static func pathsBefore(_ list: JSONNode, limit: Int) -> [Int] {
    var counts: [Int] = []
    var total = 0
    for item in list.elements {
      counts.append(total)
      if total < limit { total += pathCount(item, limit: limit - total, depth: 0) }
    }
    return counts
  }

  static func pathCount(_ item: JSONNode, limit: Int, depth: Int) -> Int {
    switch item["ty"]?.string {
    case "sh"?, "rc"?, "el"?, "sr"?: return 1
    case "gr"?:
      guard depth < 64, let inner = item["it"], inner.isArray else { return 0 }
      var n = 0
      for x in inner.elements where n < limit { n += pathCount(x, limit: limit - n, depth: depth + 1) }
      return n
    default: return 0
    }
  }
}

extension FeatureScan {
  /// A trim path's uses: its mode unknown (over several paths or not), trimmed individually over
  /// three or more paths, looped individually.
  mutating func trim(_ n: JSONNode, _ shapePath: [String], span: ExpressionEffect.Span?) {
    let unknownMode = Animation.trimModeUnknown(n)
    if unknownMode {
      // Once per list: a list of n paths and n trims would otherwise be read n times.
      let list = n.parent?.id.raw
      var trimsSeveral = list.flatMap { severalPaths[$0] } ?? Animation.trimsSeveralPaths(n)
      if let list { severalPaths[list] = trimsSeveral }
      trimsSeveral = trimsSeveral && Animation.trimIsPartial(n, visible: span)
      add(.trimPaths, trimsSeveral ? Self.unknownModeSeveral : Self.unknownMode, n["m"] ?? n, shapePath)
      return
    }
    // Trimmed individually (one after another), two paths draw alike in the players; from
    // three paths on, ThorVG 1.0.4 does not (Self.individually).
    var several: String?
    if n["m"]?.int == 2, let list = n.parent, list.isArray, let position = n.arrayIndex {
      let counts = pathsBefore[list.id.raw] ?? Animation.pathsBefore(list, limit: 3)
      pathsBefore[list.id.raw] = counts
      if position < counts.count, counts[position] >= 3, Animation.trimIsPartial(n, visible: span) { several = Self.individually }
    }
    // A trim both looped and of several paths is one use of each.
    let looped = n["m"]?.int == 2 && Animation.trimLoops(n, visible: span)
    if several != nil || !looped { add(.trimPaths, several, n, shapePath) }
    if looped { add(.trimPaths, Self.loopedIndividually, n, shapePath) }
  }
}
