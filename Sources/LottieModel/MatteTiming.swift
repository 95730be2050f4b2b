import Foundation
import LottieJSON

/// An inverted track matte shown at frames where its matte layer is not (#18). rlottie draws a
/// matted layer only while the layer above it, its matte, is inside its own in and out points
/// (Samsung/rlottie src/lottie/lottieitem.cpp `CompLayer::render`: `if (matte->visible())`), so an
/// inverted matte (`tt` 2 or 4) whose matte has not started yet, or has ended, hides the layer
/// it should show whole: After Effects, lottie-web and ThorVG invert an empty matte into a full
/// one. Measured with fixture inverted-matte-source-out.json (64 % of the tile). A plain matte
/// over an absent matte shows nothing in every player, as it should.
extension Animation {
  /// The local time span each precomp asset is shown at: a hull over every layer that shows it
  /// while its own composition is shown (the root from the animation's in to its out point).
  /// `unknown`: assets whose span cannot be followed (a time remap, a zero time stretch, or
  /// nesting that has not settled after `passLimit` passes). Assets nothing shows are in neither.
  struct ShownSpans {
    /// The animation's own span, from its in to its out point (nil: not written).
    var root: ExpressionEffect.Span?
    var known: [String: ExpressionEffect.Span] = [:]
    var unknown: Set<String> = []

    /// When `composition` is shown: nil when nothing shows it, .some(nil) when that is unknown.
    func span(of composition: Composition) -> ExpressionEffect.Span?? {
      if composition.isRoot { return .some(root) }
      guard let id = composition.id else { return nil }
      if unknown.contains(id) { return .some(nil) }
      return known[id].map { .some($0) }
    }
  }

  func compositionShownSpans(passLimit: Int = 32) -> ShownSpans {
    let root = inPoint.flatMap { start in outPoint.map { ExpressionEffect.Span(start: start, end: $0) } }
    var result = ShownSpans(root: root)
    guard root != nil else { return result }
    let comps = compositions
    for pass in 0...passLimit {
      var changed = false
      for composition in comps {
        guard let range = result.span(of: composition) else { continue }  // not shown (yet)
        for layer in composition.layers where layer.type == .precomp {
          guard let ref = layer.refId, !result.unknown.contains(ref) else { continue }
          switch Self.localSpan(of: layer, within: range) {
          case .hidden: continue
          case .unknown:
            result.unknown.insert(ref)
            result.known[ref] = nil
            changed = true
          case .span(let local):
            let old = result.known[ref]
            let merged = old.map { ExpressionEffect.Span(start: min($0.start, local.start), end: max($0.end, local.end)) } ?? local
            guard old?.start != merged.start || old?.end != merged.end else { continue }
            changed = true
            // Still growing after the last pass: its span is not followed.
            if pass == passLimit { result.unknown.insert(ref); result.known[ref] = nil } else { result.known[ref] = merged }
          }
        }
      }
      if !changed { break }
    }
    return result
  }

  enum LocalSpan { case hidden, unknown, span(ExpressionEffect.Span) }

  /// A precomp layer's local time span while its composition shows `range` (nil: unknown).
  static func localSpan(of layer: Layer, within range: ExpressionEffect.Span?) -> LocalSpan {
    guard let range, layer.timeRemap == nil, let ip = layer.inPoint, let op = layer.outPoint else { return .unknown }
    let stretch = layer.timeStretch ?? 1
    guard stretch != 0, stretch.isFinite else { return .unknown }
    let start = max(ip, range.start), end = min(op, range.end)
    guard start < end else { return .hidden }
    let st = layer.startTime ?? 0
    let a = (start - st) / stretch, b = (end - st) / stretch
    guard a.isFinite, b.isFinite else { return .unknown }
    return .span(ExpressionEffect.Span(start: min(a, b), end: max(a, b)))
  }

  /// Whether an inverted matte is shown at a whole frame of `shown` where the layer above it (the
  /// matte rlottie takes) is outside its in and out points; rlottie counts its out point in.
  static func invertedMatteOutlivesSource(_ layer: Layer, source: Layer, shown range: ExpressionEffect.Span?) -> Bool {
    guard let tt = layer.matteModeCode, tt == 2 || tt == 4, let ip = layer.inPoint, let op = layer.outPoint,
      let sourceIn = source.inPoint, let sourceOut = source.outPoint
    else { return false }
    let start = max(ip, range?.start ?? ip), end = min(op, range?.end ?? op)
    guard start < end, start.isFinite, end.isFinite else { return false }
    let first = start.rounded(.up), last = end.rounded(.up) - 1
    return first <= last && (first < sourceIn.rounded(.up) || last > sourceOut.rounded(.down))
  }
}

extension FeatureScan {
  /// The layer's visible time: its in and out points within the time its composition is shown at
  /// (`Animation.compositionShownSpans`; the root's, from the animation's in to its out point);
  /// when that is unknown or the composition is never shown, its in and out points alone. A layer
  /// whose in and out points never meet the time its composition is shown at is not drawn (corpus
  /// Precomps.json: the shape-types precomp is shown at its frames 0–83, its star at 160–200).
  mutating func visibleSpan(_ visit: LayerVisit) -> ExpressionEffect.Span? {
    if shownSpans == nil { shownSpans = animation.compositionShownSpans() }
    let shown = shownSpans?.span(of: visit.composition) ?? nil
    if let shown, let ip = visit.layer.inPoint, let op = visit.layer.outPoint, op <= shown.start || ip >= shown.end {
      layerDrawn = false
      drawn = false
    }
    return .visible(visit.layer, within: shown)
  }

  /// An inverted matte shown while its matte is not (Animation.invertedMatteOutlivesSource).
  mutating func invertedMatteTiming(_ visit: LayerVisit) {
    let layer = visit.layer
    guard let tt = layer.node["tt"], tt.int == 2 || tt.int == 4, layer.position > 0 else { return }
    let key = visit.composition.node.id
    if layersByComposition[key] == nil { layersByComposition[key] = visit.composition.layers }
    guard let layers = layersByComposition[key], layer.position - 1 < layers.count else { return }
    if shownSpans == nil { shownSpans = animation.compositionShownSpans() }
    guard let range = shownSpans?.span(of: visit.composition) else { return }  // never shown
    if Animation.invertedMatteOutlivesSource(layer, source: layers[layer.position - 1], shown: range) {
      add(.invertedMatteSourceOut, nil, tt, visit.path)
    }
  }
}
