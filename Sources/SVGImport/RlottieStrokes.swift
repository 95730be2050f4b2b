import Foundation
import LottieModel

/// rlottie strokes nothing of a shape group whose paths hold a closed subpath followed by one that
/// starts at the closed one's first point heading the way the closed one leaves or reaches it
/// (`StrokeRestart`, which lint reports as path-from-closed-start): measured with
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

  /// Whether this subpath, closed, followed by `next` trips rlottie (`StrokeRestart.trips`).
  func dropsRlottieStroke(before next: Subpath) -> Bool {
    guard closed, let first = segments.first, let last = segments.last, let nextFirst = next.segments.first else { return false }
    func xy(_ p: Point) -> (x: Double, y: Double) { (p.x, p.y) }
    let leaving = StrokeRestart.direction(from: xy(start), towards: [xy(first.control1), xy(first.control2), xy(first.to)])
    // Back into the start: along the closing line from the last point, or the last segment's end.
    let explicitClose = last.to.isClose(to: start, tolerance: 1e-9)
    let back = StrokeRestart.direction(
      from: xy(start),
      towards: explicitClose ? [xy(last.control2), xy(last.control1), xy(segments.count > 1 ? segments[segments.count - 2].to : start)] : [xy(last.to)])
    let heading = StrokeRestart.direction(from: xy(next.start), towards: [xy(nextFirst.control1), xy(nextFirst.control2), xy(nextFirst.to)])
    return StrokeRestart.trips(
      closedFrom: xy(start), leaving: leaving, arriving: back.map { (-$0.x, -$0.y) }, next: xy(next.start), heading: heading)
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
