import Foundation

/// rlottie strokes nothing of a shape group whose paths hold a closed subpath followed by one that
/// starts at the closed one's first point with a curve (a handle out of that point): measured with
/// rlottie-python 1.3.8 and Debian's librlottie 0.1 (`lottiekit render`) on
/// Tests/Fixtures/compat/rlottie-stroke-dropped.json; ThorVG and lottie-web draw it. Lucide's
/// `headset` (`…v-5Zm0 0a9 9 0 1 1 18 0…`) lost its band and ear cups. A closed subpath may start
/// at any of its vertices without changing its fill or an undashed stroke, so the converter starts
/// such a subpath one vertex later (a dashed stroke keeps its start: its dashes begin there).
extension Subpath {
  /// The subpaths with each closed one that would make rlottie drop the stroke started at a later
  /// vertex, the first one at which neither neighbour trips it.
  package static func rotatedForRlottieStrokes(_ subpaths: [Subpath]) -> [Subpath] {
    var out = subpaths
    for k in out.indices.dropLast() where out[k].dropsRlottieStroke(before: out[k + 1]) {
      var candidate = out[k]
      for _ in 1..<max(1, out[k].segments.count) {
        candidate = candidate.startingAtNextVertex()
        let previousTrips = k > 0 && out[k - 1].dropsRlottieStroke(before: candidate)
        if !previousTrips && !candidate.dropsRlottieStroke(before: out[k + 1]) {
          out[k] = candidate
          break
        }
      }
    }
    return out
  }

  /// Whether this subpath, closed, followed by `next` trips rlottie: `next` starts at this one's
  /// first point (as written, to a thousandth) with a handle out of it.
  func dropsRlottieStroke(before next: Subpath) -> Bool {
    guard closed, let first = next.segments.first, !first.isLine else { return false }
    return next.start.isClose(to: start, tolerance: 1e-3) && !first.control1.isClose(to: next.start, tolerance: 5e-4)
  }

  /// The same closed outline, started at the end of its first segment.
  func startingAtNextVertex() -> Subpath {
    guard closed, let first = segments.first, let last = segments.last else { return self }
    var rotated = Subpath(start: first.to)
    rotated.closed = true
    rotated.segments = Array(segments.dropFirst())
    if !last.to.isClose(to: start, tolerance: 1e-9) { rotated.segments.append(.line(from: last.to, to: start)) }
    rotated.segments.append(first)
    return rotated
  }
}
