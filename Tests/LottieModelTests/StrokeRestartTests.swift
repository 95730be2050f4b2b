import LottieJSON
import LottieModel
import Testing

/// #18: rlottie strokes nothing of a group where a closed path is followed by one from the closed
/// path's first point heading the way the closed path leaves or reaches it (fixture
/// rlottie-stroke-dropped.json). Each case below is one rendered with rlottie-python 1.3.8 while
/// measuring it: the square runs right, down, left and back up to (3, 3).
@Suite("paths that curve out of a closed path's start")
struct StrokeRestartTests {
  static let square = #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[3,3],[10,3],[10,10],[3,10]],"c":true}}}"#
  static let rotated = #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[10,3],[10,10],[3,10],[3,3]],"c":true}}}"#
  /// From (3, 3), heading up (the way the square arrives there).
  static let curve = #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[-3,0]],"o":[[0,-3],[0,0]],"v":[[3,3],[9,9]],"c":false}}}"#
  /// From (3, 3), diagonally.
  static let line = #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[3,3],[9,9]],"c":false}}}"#
  static let elsewhere = #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[14,14],[20,20]],"c":false}}}"#
  static let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":2,"lj":2}"#
  static let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}"#

  /// The pointers of the uses found in a layer whose one group holds `items`.
  func uses(_ items: [String]) throws -> [String] {
    let group = #"{"ty":"gr","it":[\#(items.joined(separator: ",")),{"ty":"tr"}]}"#
    let json = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":24,"h":24,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(group)]}]}"#
    return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses()
      .filter { $0.feature == .pathFromClosedStart }.map(\.location.pointer)
  }

  @Test func aPathFromAClosedPathsStartHeadingItsWayDropsTheStroke() throws {
    #expect(try uses([Self.square, Self.curve, Self.stroke]) == ["/layers/0/shapes/0/it/2"])
    // In a group of its own, the curve is still among the paths the stroke paints.
    let nested = #"{"ty":"gr","it":[\#(Self.curve),{"ty":"tr"}]}"#
    #expect(try uses([Self.square, nested, Self.stroke]) == ["/layers/0/shapes/0/it/2"])
    // Both closed: dropped too.
    let closedCurve = Self.curve.replacingOccurrences(of: #""c":false"#, with: #""c":true"#)
    #expect(try uses([Self.square, closedCurve, Self.stroke]).count == 1)
    // A line up, a line right (the way the square leaves), a handle turned 0.5° off up.
    #expect(try uses([Self.square, Self.path(from: [3, 3], out: [0, 0], to: [3, 0]), Self.stroke]).count == 1)
    #expect(try uses([Self.square, Self.path(from: [3, 3], out: [0, 0], to: [12, 3]), Self.stroke]).count == 1)
    #expect(try uses([Self.square, Self.path(from: [3, 3], out: [0.0262, -3], to: [9, 0]), Self.stroke]).count == 1)
  }

  /// An open path from `from` with the out handle `out`, to `to`.
  static func path(from: [Double], out: [Double], to: [Double]) -> String {
    #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0]],"o":[\#(out),[0,0]],"v":[\#(from),\#(to)],"c":false}}}"#
  }

  @Test func drawnFormsAreNotReported() throws {
    #expect(try uses([Self.rotated, Self.curve, Self.stroke]).isEmpty)  // the square from its next corner
    #expect(try uses([Self.square, Self.line, Self.stroke]).isEmpty)  // diagonally
    // Down and left (against the square's ways), and 1° off up.
    #expect(try uses([Self.square, Self.path(from: [3, 3], out: [0, 3], to: [9, 9]), Self.stroke]).isEmpty)
    #expect(try uses([Self.square, Self.path(from: [3, 3], out: [-3, 0], to: [9, 9]), Self.stroke]).isEmpty)
    #expect(try uses([Self.square, Self.path(from: [3, 3], out: [0.0524, -3], to: [9, 0]), Self.stroke]).isEmpty)
    #expect(try uses([Self.curve, Self.square, Self.stroke]).isEmpty)  // the other order
    #expect(try uses([Self.square, Self.elsewhere, Self.curve, Self.stroke]).isEmpty)  // a path between
    #expect(try uses([Self.square, Self.curve, Self.fill]).isEmpty)  // fills are drawn
    #expect(try uses([Self.stroke, Self.square, Self.curve]).isEmpty)  // the stroke paints what is above it
    let open = Self.square.replacingOccurrences(of: #""c":true"#, with: #""c":false"#)
    #expect(try uses([open, Self.curve, Self.stroke]).isEmpty)
  }
}
