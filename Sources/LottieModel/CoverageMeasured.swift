import LottieJSON

/// Measures, by drawing the file, what a player's way with a feature changes, where no bound
/// separates what shows from what does not (Coverage.measurable). LottieModel does not draw: the
/// commands hand Coverage one (LottieRender's `DrawingMeasure`).
package protocol ChangeMeasuring: Sendable {
  /// The share of the frame (0…1) that the file's uses of `feature` change in the player, at its
  /// worst measured frame; nil when it cannot be measured (then the bound decides, as without).
  func change(of feature: Feature, in animation: Animation, imagesFrom folder: String?) -> Double?
}

extension Coverage {
  /// Features whose change is measured when a measurer is at hand. A translucent layer's
  /// overlapping paints change the picture by α(1 − α) of the lower paint's contrast with what
  /// lies under the layer: on Telegram's own stickers mostly a highlight over its own body, too
  /// little to see, which any bound on area overstates (docs/compat-evidence.md).
  /// An expression's effect depends on what it computes, which no bound on area knows; drawing
  /// the file with its values written in measures it (`ExpressionBake`, and for the forms it does
  /// not read, `ExpressionEngine` in the expression worker).
  /// Easing per dimension likewise: how far apart the two readings draw depends on what moves.
  /// And a star's turn: its share of the frame depends on its points' depth, which the bound
  /// takes at its largest.
  package static let measurable: Set<Feature> = [.translucentLayerOverlap, .expression, .easingPerDimension, .polystar]

  /// A measurable use's change: its bound when that is already minor (nothing to draw), else
  /// what drawing measures, else the bound.
  mutating func measuredUnlessSmall(_ use: FeatureUse, bound: Double?) -> Double? {
    guard Self.measurable.contains(use.feature), bound.map({ $0 >= Self.minorShare }) ?? true else { return bound }
    // What drawing measures for a polystar is a star's turn: another detail (lottie-web's
    // fractional points) keeps its bound.
    if use.feature == .polystar, use.detail != "rotated" { return bound }
    return measured(use.feature) ?? bound
  }

  /// The measured share of `feature` for this file, once asked; nil without a measurement.
  mutating func measured(_ feature: Feature) -> Double? {
    if let known = measuredShares[feature] { return known }
    let share = measurer?.change(of: feature, in: animation, imagesFrom: imagesFolder)
    measuredShares[feature] = .some(share)
    return share
  }

  /// What drawing measured for `feature` in this file, once asked: the change of all its uses.
  package func measuredShare(_ feature: Feature) -> Double? { measuredShares[feature] ?? nil }

  /// Whether `feature`'s change was measured by drawing (not bounded).
  package func isMeasured(_ feature: Feature) -> Bool { measuredShare(feature) != nil }

  /// A change as `compat` and `lint --target` state it: measured, or lottiekit's bound.
  package func describe(_ share: Double, of feature: Feature) -> String { Self.describe(share, of: feature, measured: isMeasured(feature)) }

  package static func describe(_ share: Double, of feature: Feature, measured: Bool) -> String {
    guard measured else { return describe(share) }
    let rewritten =
      switch feature {
      case .expression: "with its expressions' values written in"
      case .easingPerDimension: "with those properties written out frame by frame, each dimension on its own curve"
      case .polystar: "with each star's Rotation halved"
      default: "with those layers precomposed"
      }
    return "\(percent(share)) of the frame, measured by drawing the file with rlottie as it is and \(rewritten)"
  }
}
