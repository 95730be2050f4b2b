import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
import LottieTransforms

/// `lottiekit strip`: plans the removal in every input (what, why, what depends on it), refuses
/// all when a dependent would break (unless cascade or detach), then writes all or none.
package struct StripJob {
  package var io: TransformIO
  package var options: StripOptions
  package var dryRun = false

  package init(_ io: TransformIO, options: StripOptions) {
    self.io = io
    self.options = options
  }

  package func run() throws {
    let (results, refused) = try io.transformEach { input in
      let plan = Strip.plan(Animation(document: input.document), options: options)
      report(plan, path: input.path)
      if plan.refused { return (nil, true) }
      do throws(JSONEditError) {
        return (TransformResult(input, output: try Strip.apply(plan, to: input.document)), false)
      } catch {
        printError("\(input.path): error: internal error while editing: \(error.message)")
        throw Exit.failure
      }
    }
    if refused {
      printError("lottiekit: nothing was written: use --cascade to remove the dependents too, or --detach to keep them")
      throw Exit.findings
    }
    if dryRun { return }
    try io.write(results)
  }

  func report(_ plan: StripPlan, path: String) {
    guard !io.quiet || plan.refused else { return }
    let verb = dryRun ? "would remove" : "removing"
    if plan.removals.isEmpty && plan.prunedAssets.isEmpty {
      printError("\(path): no layer matches; the file is unchanged")
      return
    }
    printError("\(path): \(verb) \(plan.removals.count) layer\(plan.removals.count == 1 ? "" : "s")")
    for r in plan.removals { printError("  - \(r.layer.label) in \"\(r.composition)\" (\(r.reason))") }
    for a in plan.prunedAssets {
      printError("  - asset \"\(a.id ?? "?")\" (\(a.isPrecomp ? "precomp" : "image"), no longer used)")
    }
    for c in plan.changes { printError("  ~ \(c.description)") }
    for d in plan.dependents {
      let what: String
      switch d.kind {
      case "parent": what = "has parent \(d.on.label)"
      case "matte": what = "is matted by \(d.on.label)"
      default: what = "is the track matte of \(d.on.label)"
      }
      printError("  ! \(d.layer.label) in \"\(d.composition)\" \(what), which would be removed")
    }
    for w in plan.warnings { printError("  warning: \(w)") }
  }
}
