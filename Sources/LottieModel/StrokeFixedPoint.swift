import LottieJSON

/// Stroke widths ThorVG 1.0 loses (#18). Its software renderer keeps half a stroke's width in
/// fixed point, 1/64 of a unit of the shape's own coordinates (v1.0.4, src/renderer/cpu_engine/tvgSwStroke.cpp `strokeReset`:
/// `HALF_STROKE(width)` is `TO_SWCOORD(width * 0.5)`, truncated), before the transforms scale it:
/// a stroke under 1/32 of a unit is not drawn at all, however far a layer or precomp scales it up
/// (corpus lottie-docs easing.json: a curve drawn in a unit square, stroked 0.01 wide and scaled
/// 512 times, is missing). ThorVG 1.1.0 strokes in floating point (commit 1ea008c2a).
extension Animation {
  static func thinnerThanFixedPoint(_ width: JSONNode, visible: ExpressionEffect.Span?) -> Bool {
    numbersSeen(width, visible: visible).contains { $0 > 0 && $0 < 1.0 / 32 }
  }
}
