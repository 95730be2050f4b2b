import LottieJSON
import LottieModel

struct CompositionSizeBudgetRule: LintRule {
  static let description = RuleDescription(
    code: "LK504", name: "composition-size-budget",
    summary: "the canvas (w × h) is larger than the budget",
    rationale:
      "the canvas is the size players lay the animation out at by default: lottie-android multiplies it by the screen density for the drawable's intrinsic size and, in software rendering, draws into a bitmap that large; Bodymovin's export report already warns for matte and effect layers of 1000×1000 px and more",
    fixHint: "export at the size the app shows it (vectors scale up without loss), or raise max-composition-area in .lottiekit.yml",
    category: .performance, defaultSeverity: .warning,
    triggering: [
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":↓40,"h":30,"layers":[]}"#, budgets: .with(\.maxCompositionArea, 1000))
    ],
    nonTriggering: [
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":40,"h":25,"layers":[]}"#, budgets: .with(\.maxCompositionArea, 1000)),
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":1920,"h":1080,"layers":[]}"#)
    ])

  func check(_ context: LintContext) -> [Finding] {
    let root = context.document.root
    guard let wNode = root["w"], let w = wNode.double, let hNode = root["h"], let h = hNode.double,
      w > 0, h > 0, w.isFinite, h.isFinite
    else { return [] }
    let budget = context.budgets.maxCompositionArea
    let area = w * h
    guard area > Double(budget) else { return [] }
    let areaText = Int(exactly: area.rounded()).map(BudgetText.grouped) ?? "\(area)"
    var limit = BudgetText.limit(budget, default: Budgets().maxCompositionArea, source: .lottiekit, unit: " px²")
    if let side = Self.squareSide(budget) { limit += " (\(side)×\(side))" }
    return [
      Finding(
        wNode, "the canvas is \(wNode.sourceText)×\(hNode.sourceText) px (\(areaText) px²), more than \(limit)",
        layerPath: [])
    ]
  }

  /// The side of a square budget (`2048` for 4,194,304), when it is one.
  static func squareSide(_ area: Int) -> Int? {
    guard area > 0 else { return nil }
    var side = Int(Double(area).squareRoot())
    while side * side > area { side -= 1 }
    while (side + 1) * (side + 1) <= area { side += 1 }
    return side * side == area ? side : nil
  }
}
