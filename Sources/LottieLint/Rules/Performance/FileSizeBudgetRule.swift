import LottieJSON
import LottieModel

struct FileSizeBudgetRule: LintRule {
  static let description = RuleDescription(
    code: "LK503", name: "file-size-budget",
    summary: "the animation's JSON is larger than the budget",
    rationale:
      "players read and parse the whole JSON before the first frame, and apps often bundle or download it; real exports have a median of about 25 KB and a 90th percentile of about 220 KB, so megabytes usually mean embedded base64 images, which also cost memory and decode time (lottie-ios #2698)",
    fixHint:
      "move embedded images out of the JSON or shrink them, remove hidden layers and unused assets, and minify; raise max-file-bytes in .lottiekit.yml if the size is expected",
    category: .performance, defaultSeverity: .warning,
    triggering: [
      Example(
        #"↓{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ip":0,"op":60,"ks":{}}]}"#,
        budgets: .with(\.maxFileBytes, 64))
    ],
    nonTriggering: [
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#, budgets: .with(\.maxFileBytes, 64))
    ])

  func check(_ context: LintContext) -> [Finding] {
    let budget = context.budgets.maxFileBytes
    let size = context.jsonBytes
    guard size > budget else { return [] }
    // Embedded images (data URIs in `p`) are usually most of a large file: say how much.
    let embedded = context.animation.assets.reduce(0) { sum, asset in
      guard asset.isEmbedded, let p = asset.node["p"] else { return sum }
      return sum + p.span.count
    }
    var message = "the animation's JSON is \(BudgetText.grouped(size)) bytes (\(Self.megabytes(size)))"
    if embedded > 0 { message += ", \(BudgetText.grouped(embedded)) of them embedded images" }
    message += ", more than \(BudgetText.limit(budget, default: Budgets().maxFileBytes, source: .lottiekit, unit: " bytes"))"
    return [Finding(context.document.root, message, layerPath: [])]
  }

  /// `2.4 MB` (decimal megabytes, one decimal; `kB` below a megabyte).
  static func megabytes(_ bytes: Int) -> String {
    if bytes < 1_000_000 {
      let tenths = (bytes + 50) / 100
      return "\(tenths / 10).\(tenths % 10) kB"
    }
    let tenths = (bytes + 50_000) / 100_000
    return "\(tenths / 10).\(tenths % 10) MB"
  }
}
