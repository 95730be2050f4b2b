import Foundation
import LottieJSON
import LottieModel

/// Level 3 of `optimize` (#20): keyframes a straight line through their neighbours already draws.
/// Exports baked from expressions, motion tracking or simulations write a keyframe on every frame
/// (42 of the corpus's 674 animations have more than 30 % of such keyframes, 24 % of its bytes).
///
/// A run of keyframes whose segments are all linear in time (each easing handle on the diagonal,
/// `x == y`, which is the straight line whatever the handles' length), not holds, and, for a
/// position, straight in space (no spatial tangents) draws a polyline through their values. Where
/// the line from the run's first keyframe to a later one passes within `tolerance` of every
/// keyframe between (checked on every number of the value, path vertices and tangents included),
/// those between are removed. The two are piecewise-linear functions of time that meet at the
/// ends, so their largest difference is at one of the removed keyframes: the check is exact, not
/// sampled. The tolerance is half a rounding step of the property's places (level 1's precision),
/// so a kept value moves no more than rounding itself moved it; every candidate is still rendered
/// against the original before it is kept.
///
/// Untouched: files with expressions (they may read keyframes: `key(n)`, `numKeys`), properties
/// with an expression or a slot id, time remapping and slots (kept exactly), text documents, and
/// the first and last keyframe of every property. Keyframes written the pre-5.5 way (each with its
/// end value `e`, the last with only its time) are simplified when every end value is the next
/// keyframe's start (no jump): the run's first keyframe then takes the last removed one's `e`.
extension Optimize {
  /// The most keyframes one line is tried across, so that the check stays linear in the file's size.
  static let simplificationWindow = 256

  static func simplifyKeyframes(_ document: JSONDocument, spatial: Int) -> (bytes: [UInt8], count: Int) {
    guard ExpressionMentions.texts(in: document).isEmpty else { return (document.bytes, 0) }
    let context = contexts(document)
    let extra = extraDecimals(document)
    var edits = JSONEdits(document)
    var count = 0
    for keyIndex in document.keyIndices(named: "k", in: document.root.subtreeRange) {
      let k = document.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
      guard k.isArray, let property = k.parent, property.isObject, property["k"] == k, property.key != "d",
        property["x"] == nil, property["sid"] == nil, AnimatedProperty(node: property).isAnimated
      else { continue }
      let c = context[Int(k.id.raw)]
      guard c != .exact else { continue }
      let places = c == .fine ? max(fineDecimals, spatial) : spatial + Int(extra[Int(k.id.raw)])
      let tolerance = 0.5 * pow(10, -Double(places))
      let frames = Array(k.elements)
      for run in removableRuns(frames, tolerance: tolerance) {
        var removedAll = true
        for frame in frames[run] {
          do { try edits.remove(frame); count += 1 } catch { removedAll = false }
        }
        // Pre-5.5 keyframes carry their segment's end value: the run's first keyframe now ends
        // where the last removed one ended.
        if removedAll, let end = frames[run.upperBound - 1]["e"], let first = frames[run.lowerBound - 1]["e"] {
          edits.replace(first, withRaw: Array(end.sourceBytes))
        }
      }
    }
    guard count > 0, let bytes = try? edits.apply() else { return (document.bytes, 0) }
    return (bytes, count)
  }

  /// One keyframe as the simplification reads it.
  struct LinearKeyframe {
    var time: Double
    /// Every number of the start value, in order (a path's vertices, in and out tangents).
    var numbers: [Double]
    /// Tells values apart that cannot be interpolated into each other (length, closed flag).
    var shape: [Int]
    /// The segment to the next keyframe is a straight line in time (and in space).
    var linearOut: Bool
    /// A pre-5.5 keyframe's end value `e`, as numbers (nil when it has none).
    var end: [Double]?
  }

  /// The runs of keyframes (index ranges) of one property that the lines between the kept ones
  /// reproduce (greedy from the first: each line is stretched as far as it stays within tolerance
  /// of every keyframe it skips, up to `simplificationWindow` keyframes).
  static func removableRuns(_ frames: [JSONNode], tolerance: Double) -> [Range<Int>] {
    guard frames.count > 2 else { return [] }
    var parsed: [LinearKeyframe] = []
    parsed.reserveCapacity(frames.count)
    for (i, frame) in frames.enumerated() {
      // A pre-5.5 list ends with a keyframe that has only its time: its value is the previous end.
      let previous = i == frames.count - 1 ? parsed.last : nil
      let missing = previous.flatMap { p in p.end.map { (numbers: $0, shape: p.shape) } }
      guard let keyframe = linearKeyframe(frame, valueIfMissing: missing) else { return [] }
      parsed.append(keyframe)
    }
    // Strictly ascending times only: players disagree on what equal or unordered times show.
    for i in 1..<parsed.count where !(parsed[i].time > parsed[i - 1].time) { return [] }
    // A segment that jumps (its end value is not the next start) is not a line between the two.
    for i in 0..<(parsed.count - 1) where parsed[i].end != nil && parsed[i].end != parsed[i + 1].numbers {
      parsed[i].linearOut = false
    }
    var runs: [Range<Int>] = []
    var a = 0
    while a < parsed.count - 2 {
      guard parsed[a].linearOut else { a += 1; continue }
      var end = a + 1
      var candidate = a + 2
      // Every segment from a to the candidate linear, every value of one shape.
      while candidate < parsed.count, candidate - a <= simplificationWindow, parsed[candidate - 1].linearOut,
        parsed[candidate - 1].shape == parsed[a].shape, parsed[candidate].shape == parsed[a].shape,
        lineHolds(parsed, from: a, to: candidate, tolerance: tolerance)
      {
        end = candidate
        candidate += 1
      }
      if end > a + 1 { runs.append((a + 1)..<end) }
      a = end
    }
    return runs
  }

  /// Whether every keyframe strictly between `a` and `b` lies within `tolerance` of the straight
  /// line from `a`'s value to `b`'s, at its own time, on every number.
  static func lineHolds(_ frames: [LinearKeyframe], from a: Int, to b: Int, tolerance: Double) -> Bool {
    let start = frames[a], end = frames[b]
    let span = end.time - start.time
    for j in (a + 1)..<b {
      let f = (frames[j].time - start.time) / span
      let values = frames[j].numbers
      for n in values.indices {
        let line = start.numbers[n] + (end.numbers[n] - start.numbers[n]) * f
        if !(abs(values[n] - line) <= tolerance) { return false }
      }
    }
    return true
  }

  /// The keyframe's time, value and whether its outgoing segment is linear; nil for forms the
  /// simplification leaves alone (a value that is not numbers or a path).
  static func linearKeyframe(_ frame: JSONNode, valueIfMissing: (numbers: [Double], shape: [Int])? = nil) -> LinearKeyframe? {
    guard frame.isObject, let time = frame["t"]?.double else { return nil }
    var numbers: [Double] = []
    var shape: [Int] = []
    if let s = frame["s"] {
      guard flatten(s, into: &numbers, shape: &shape) else { return nil }
    } else if let valueIfMissing, frame["e"] == nil {
      // Only the final keyframe may lack `s` (it is never removed).
      return LinearKeyframe(time: time, numbers: valueIfMissing.numbers, shape: valueIfMissing.shape, linearOut: false, end: nil)
    } else {
      return nil
    }
    var end: [Double]? = nil
    if let e = frame["e"] {
      var endNumbers: [Double] = []
      var endShape: [Int] = []
      guard flatten(e, into: &endNumbers, shape: &endShape), endShape == shape else { return nil }
      end = endNumbers
    }
    let hold = frame["h"]?.int == 1
    var linear = !hold && isDiagonal(frame["o"]) && isDiagonal(frame["i"])
    for tangent in ["ti", "to"] where linear {
      if let t = frame[tangent], !(t.isArray && t.elements.allSatisfy { $0.double == 0 }) { linear = false }
    }
    return LinearKeyframe(time: time, numbers: numbers, shape: shape, linearOut: linear, end: end)
  }

  /// An easing handle whose `x` equals its `y` in every dimension (numbers or arrays alike).
  static func isDiagonal(_ handle: JSONNode?) -> Bool {
    guard let handle, handle.isObject, let x = handle["x"], let y = handle["y"] else { return false }
    if let a = x.double, let b = y.double { return a == b }
    guard x.isArray, y.isArray, x.count == y.count, x.count > 0 else { return false }
    return zip(x.elements, y.elements).allSatisfy { p in p.0.double != nil && p.0.double == p.1.double }
  }

  /// A number, an array of numbers, or an array of path objects (`v`, `i`, `o`, `c`), as numbers.
  static func flatten(_ value: JSONNode, into numbers: inout [Double], shape: inout [Int]) -> Bool {
    if let d = value.double {
      numbers.append(d)
      shape.append(-1)
      return true
    }
    guard value.isArray else { return false }
    shape.append(value.count)
    for element in value.elements {
      if let d = element.double {
        numbers.append(d)
      } else if element.isObject {
        shape.append(element["c"]?.truthy == true ? 1 : 0)
        for key in ["v", "i", "o"] {
          guard let points = element[key], points.isArray else { return false }
          shape.append(points.count)
          for point in points.elements {
            guard point.isArray, point.count == 2, let x = point.element(at: 0)?.double,
              let y = point.element(at: 1)?.double
            else { return false }
            numbers.append(x)
            numbers.append(y)
          }
        }
      } else {
        return false
      }
    }
    return true
  }
}
