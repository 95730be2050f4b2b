import Foundation
import LottieJSON

extension ExpressionBake.Context {
  /// The property's new `k` (JSON text) and `a`, or nil when the value cannot be written for it.
  func write(_ value: ExpressionBake.Value) -> (k: [UInt8]?, a: String?)? {
    let own = property["k"]
    switch value {
    case .numbers(let v):
      guard !v.isEmpty, let own, own.isNumber || own.isArray else { return nil }
      guard let text = Self.numbers(v, single: own.isNumber && v.count == 1) else { return nil }
      return (Array(text.utf8), "0")
    case .linked(let p, let scale, let offset):
      // lottie-web adds a number to a vector's first element only: a sum is known for one dimension.
      guard let k = p["k"], offset == 0 || ExpressionBake.isScalar(p) else { return nil }
      let a = AnimatedProperty(node: p).isAnimated ? "1" : "0"
      if scale == 1, offset == 0 { return (Array(k.document.bytes[k.span]), a) }
      guard let text = Self.mapped(k, scale: scale, offset: offset) else { return nil }
      return (Array(text.utf8), a)
    case .time(let perSecond, let offset):
      // `time` is the composition's, the clock the layer's keyframes are read on (`ExpressionBake.clock`).
      guard (layer.timeStretch ?? 1) == 1, let fr = animation.frameRate, fr > 0,
        let ip = layer.inPoint, let op = until, op > ip, let own, own.isNumber || (own.isArray && own.count == 1)
      else { return nil }
      guard let t0 = Self.number(ip), let t1 = Self.number(op), let v0 = Self.number(ip / fr * perSecond + offset),
        let v1 = Self.number(op / fr * perSecond + offset)
      else { return nil }
      let text = #"[{"t":\#(t0),"s":[\#(v0)],"e":[\#(v1)],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":\#(t1)}]"#
      return (Array(text.utf8), "1")
    case .cycle:
      return cycled()
    case .bounce(let amp, let freq, let decay, let until):
      return bounced(amp: amp, freq: freq, decay: decay, until: until)
    }
  }

  /// `value + v·amp·sin(2π·freq·t)/e^(decay·t)`, t the seconds since the last keyframe passed and
  /// v the speed a tenth of a frame before it (After Effects' `velocityAtTime`), frame by frame.
  func bounced(amp: Double, freq: Double, decay: Double, until limit: Double?) -> (k: [UInt8]?, a: String?)? {
    guard AnimatedProperty(node: property).isAnimated, (layer.timeStretch ?? 1) == 1,
      let fr = animation.frameRate, fr > 0, let exported = KeyframeReader(property), let end = until
    else { return nil }
    let times = exported.times
    return ExpressionBake.sampled(layer: layer, through: end) { f in
      guard let value = exported.numbers(at: f) else { return nil }
      // The last keyframe at or before f (After Effects' nearestKey, one back when it is later).
      guard let n = exported.index(atOrBefore: f), n > 0 else { return value }
      let t = (f - times[n]) / fr
      if let limit, t >= limit { return value }
      guard let v = exported.velocity(at: times[n] - 0.1, frameRate: fr), v.count == value.count else { return nil }
      let swing = amp * sin(2 * Double.pi * freq * t) / exp(decay * t)
      return zip(value, v).map { $0 + $1 * swing }
    }
  }

  /// The whole frames `sampled` writes for this property, when known.
  var sampledFrames: (first: Int, last: Int)? {
    guard let end = until, let ip = layer.inPoint, ip.isFinite, (layer.timeStretch ?? 1) == 1 else { return nil }
    let first = ip.rounded(.down), last = end.rounded(.up)
    guard abs(first) < 1e9, abs(last) < 1e9, last > first, last - first <= Double(ExpressionBake.maxSampledFrames) else { return nil }
    return (Int(first), Int(last))
  }

  /// Values an expression was run for (`ExpressionEngine`), one per frame of `sampledFrames`,
  /// written frame by frame; nil unless they hold as many numbers as the property (more are cut
  /// to its count, as lottie-web copies only that many).
  func written(_ values: [[Double]]) -> (k: [UInt8]?, a: String?)? {
    guard let range = sampledFrames, values.count == range.last - range.first + 1,
      let count = KeyframeReader(property)?.numbersAlongCurves(at: Double(range.first))?.count, values.allSatisfy({ $0.count >= count })
    else { return nil }
    return ExpressionBake.sampled(layer: layer, through: Double(range.last)) { f in
      let i = Int(f) - range.first
      return i >= 0 && i < values.count ? Array(values[i].prefix(count)) : nil
    }
  }

  /// The last frame whose value can be seen: the layer's out point, or later when the
  /// composition plays on (a parent drives its children past its own out point).
  var until: Double? {
    guard let op = layer.outPoint, op.isFinite else { return nil }
    return max(op, compositionEnd ?? op)
  }

  /// `loopOut('cycle')`: the keyframes, then copies of all but the last shifted by their length,
  /// until past the layer's out point; the last, shifted as far. Each keyframe but the last must
  /// carry its own end (`e`) or hold (`h`), so that a copy ends where the original did.
  func cycled() -> (k: [UInt8]?, a: String?)? {
    let frames = AnimatedProperty(node: property).keyframes
    guard frames.count >= 2, let first = frames.first?["t"]?.double, let last = frames.last?["t"]?.double, last > first,
      let op = until, frames.dropLast().allSatisfy({ $0["s"] != nil && ($0["e"] != nil || $0["h"]?.int == 1) })
    else { return nil }
    let period = last - first
    let end = op
    // Counted as a Double first: a period of a billionth of a frame is not an Int's worth of copies.
    let count = ((end - last) / period).rounded(.up)
    guard count.isFinite, count >= 1, count <= Double(ExpressionBake.maxLoopKeyframes / frames.count) else { return nil }
    let copies = Int(count)
    let size = frames.reduce(0) { $0 + $1.span.count }
    guard size.multipliedReportingOverflow(by: copies + 1).partialValue <= MeasureRewrite.maxWrittenBytes, size < MeasureRewrite.maxWrittenBytes
    else { return nil }
    var parts: [String] = []
    for m in 0...copies {
      for frame in frames.dropLast() {
        guard let shifted = Self.shifted(frame, by: Double(m) * period) else { return nil }
        parts.append(shifted)
      }
    }
    guard let final = frames.last, let closing = Self.shifted(final, by: Double(copies) * period) else { return nil }
    parts.append(closing)
    return (Array("[\(parts.joined(separator: ","))]".utf8), "1")
  }

  /// A keyframe with its time moved by `delta`; its other members as they are.
  static func shifted(_ frame: JSONNode, by delta: Double) -> String? {
    var members: [String] = []
    for member in frame.members {
      var key: [UInt8] = []
      JSONStringCodec.appendQuoted(member.key, to: &key)
      let text: String
      if member.key == "t" {
        guard let t = member.value.double, let moved = number(t + delta) else { return nil }
        text = moved
      } else {
        text = String(decoding: member.value.document.bytes[member.value.span], as: UTF8.self)
      }
      members.append(String(decoding: key, as: UTF8.self) + ":" + text)
    }
    return "{\(members.joined(separator: ","))}"
  }

  /// A property's `k` with each number `x` as `x·scale + offset` (tangents only scaled); nil
  /// for values that are not numbers (a path).
  static func mapped(_ k: JSONNode, scale: Double, offset: Double) -> String? {
    func values(_ n: JSONNode, shift: Double) -> String? {
      if let d = n.double { return number(d * scale + shift) }
      guard n.isArray else { return nil }
      var out: [String] = []
      for e in n.elements {
        guard let d = e.double, let t = number(d * scale + shift) else { return nil }
        out.append(t)
      }
      return "[\(out.joined(separator: ","))]"
    }
    if k.isNumber || (k.isArray && k.element(at: 0)?.isNumber == true) { return values(k, shift: offset) }
    guard k.isArray else { return nil }
    var frames: [String] = []
    for frame in k.elements {
      guard frame.isObject else { return nil }
      var members: [String] = []
      for member in frame.members {
        var key: [UInt8] = []
        JSONStringCodec.appendQuoted(member.key, to: &key)
        let text: String?
        switch member.key {
        case "s", "e": text = values(member.value, shift: offset)
        case "to", "ti": text = values(member.value, shift: 0)
        default: text = String(decoding: member.value.document.bytes[member.value.span], as: UTF8.self)
        }
        guard let text else { return nil }
        members.append(String(decoding: key, as: UTF8.self) + ":" + text)
      }
      frames.append("{\(members.joined(separator: ","))}")
    }
    return "[\(frames.joined(separator: ","))]"
  }

  static func numbers(_ v: [Double], single: Bool) -> String? {
    let texts = v.compactMap(number)
    guard texts.count == v.count else { return nil }
    return single ? texts[0] : "[\(texts.joined(separator: ","))]"
  }

  /// JSON text for a finite number.
  static func number(_ d: Double) -> String? { d.isFinite ? d.compactText : nil }
}

extension ExpressionBake {
  /// At most this many frames written for one property.
  static let maxSampledFrames = 20_000

  /// Whether a property holds one number (static, or every keyframe's value).
  package static func isScalar(_ p: JSONNode) -> Bool {
    let property = AnimatedProperty(node: p)
    guard property.isAnimated else { return p["k"]?.numbers?.count == 1 }
    return property.keyframes.allSatisfy { kf in ["s", "e"].allSatisfy { kf[$0] == nil || kf[$0]?.numbers?.count == 1 } }
  }

  /// Keyframes at every whole frame from the layer's in point to `end` (its composition's clock,
  /// which its keyframes are read on: `clock`), moving linearly from each frame's value to the
  /// next; nil when `value` is unknown at one of them, or has more than 64 numbers.
  static func sampled(layer: Layer, through end: Double, _ value: (Double) -> [Double]?) -> (k: [UInt8]?, a: String?)? {
    guard let ip = layer.inPoint, ip.isFinite, end.isFinite else { return nil }
    let first = ip.rounded(.down), last = end.rounded(.up)
    // Whole frames stay whole (and `f += 1` moves) only well inside a Double's exact integers.
    guard abs(first) < 1e9, abs(last) < 1e9, last > first, last - first <= Double(maxSampledFrames) else { return nil }
    var values: [[Double]] = []
    var f = first
    while f <= last {
      guard let v = value(f), v.count <= 64, v.allSatisfy(\.isFinite), v.count == values.first?.count ?? v.count else { return nil }
      values.append(v)
      f += 1
    }
    func text(_ v: [Double]) -> String { "[" + v.map(\.compactText).joined(separator: ",") + "]" }
    var parts: [String] = []
    for n in 0..<(values.count - 1) {
      parts.append(
        #"{"t":\#((first + Double(n)).compactText),"s":\#(text(values[n])),"e":\#(text(values[n + 1])),"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}}"#)
    }
    parts.append(#"{"t":\#(last.compactText),"s":\#(text(values[values.count - 1]))}"#)
    return (Array("[\(parts.joined(separator: ","))]".utf8), "1")
  }
}
