import LottieJSON

/// The feature scan's stars and polygons (#18).
extension FeatureScan {
  /// A star's or polygon's uses: a negative point count (rlottie and ThorVG crash or hang), how
  /// much its turn shows (rlottie doubles it), a fractional point count (lottie-web draws whole
  /// points only).
  mutating func polystar(_ n: JSONNode, _ shapePath: [String], span: ExpressionEffect.Span?) {
    // rlottie and ThorVG crash or hang on a negative point count (polystar-negative-points.json):
    // that is all such a star's use says.
    if Animation.numbersSeen(n["pt"], visible: span).contains(where: { $0 < 0 }) {
      add(.polystar, "negative points", n["pt"] ?? n, shapePath)
      return
    }
    let share = Animation.polystarRotationShare(n, canvas: canvas, visible: span)
    // rlottie misplaces a polygon for a reason of its own as well (its start angle): its own entry.
    let rotated = n["sy"]?.int == 2 ? "polygon rotated" : "rotated"
    let turn = share == 0 ? nil : share < Self.visibleShare ? "slightly rotated" : rotated
    // A star can be both turned and of a fractional count: one use for each.
    let fractional = Animation.starHasFractionalPoints(n, visible: span)
    if turn != nil || !fractional { add(.polystar, turn, n, shapePath) }
    if fractional { add(.polystar, Self.fractionalPoints, n["pt"] ?? n, shapePath) }
  }
}
