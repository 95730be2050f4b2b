import Foundation
import LottieJSON
import LottieKitIO
import LottieTransforms

/// `lottiekit rename-assets`: scans the bundle, plans names unique across it, applies the plan
/// (all or none) unless it stopped or this is a dry run, and reports it as text (stderr) or JSON.
package struct RenameAssetsJob {
  package var bundles: [String]
  package var options: RenameAssets.Options
  package var dryRun = false
  package var format = TextOrJSON.text
  package var quiet = false
  package var color = ColorChoice.auto
  package var allowEmpty = false

  package init(bundles: [String], options: RenameAssets.Options) {
    self.bundles = bundles
    self.options = options
  }

  package func run() throws {
    for b in bundles where !FileIO.exists(b) {
      printError("\(b): error: no such file or directory")
      throw Exit.failure
    }
    let bundle = RenameAssets.scan(bundles)
    if bundle.animations.isEmpty && bundle.problems.isEmpty && !allowEmpty {
      throw Exit.error("no animations found under \(bundles.joined(separator: ", ")) (.json, .lottie, .tgs, .lot); --allow-empty accepts that")
    }
    let plan = RenameAssets.plan(bundle, options: options)
    var failure: IOFailure? = nil
    var applied = false
    if !plan.stopped && !dryRun && !plan.isEmpty {
      do {
        try RenameAssets.apply(plan)
        applied = true
      } catch {
        failure = error
      }
    }
    if format == .json {
      printOut(json(plan, applied: applied, failure: failure).prettyString)
    }
    reportText(plan, applied: applied, failure: failure)
    if plan.stopped || failure != nil { throw Exit.failure }
    if plan.warnings > 0 { throw Exit.findings }
  }
}
