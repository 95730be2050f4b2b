import LottieJSON
import LottieModel

private let oneMask = #"{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[],"i":[],"o":[]}},"o":{"a":0,"k":100}}"#

struct MasksAndMattesBudgetRule: LintRule {
  static let description = RuleDescription(
    code: "LK501", name: "masks-and-mattes-budget",
    summary: "the animation has more masks and track mattes than the budget",
    rationale:
      "lottie-android counts every mask and every layer with \"tt\" in the whole file (precomps included, each once) and above 4 switches the animation to software rendering, which is slower and draws into a bitmap (RenderMode.java, LayerParser.java); masks and mattes also cost an offscreen pass per frame in every player",
    fixHint:
      "replace masks with shape paths or trim paths, merge mattes, or flatten the effect in After Effects; if the count is expected, measure both render modes on Android and set RenderMode explicitly, or raise max-masks-and-mattes in .lottiekit.yml",
    category: .performance, defaultSeverity: .warning,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":↓[{\"ty\":4,\"nm\":\"Card\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"masksProperties\":[\(oneMask),\(oneMask)]}]}",
        budgets: .with(\.maxMasksAndMattes, 1)),
      // Counted across compositions: one mask in the root and a track matte in a precomp.
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"c\",\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"nm\":\"Shine\",\"ind\":2,\"tt\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}],\"layers\":↓[{\"ty\":0,\"nm\":\"Card\",\"refId\":\"c\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"masksProperties\":[\(oneMask)]}]}",
        budgets: .with(\.maxMasksAndMattes, 1))
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":1,\"ip\":0,\"op\":60,\"ks\":{},\"masksProperties\":[\(oneMask),\(oneMask),\(oneMask)]}]}"
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    let budget = context.budgets.maxMasksAndMattes
    var masks = 0
    var mattes = 0
    var perComposition: [(String, Int)] = []
    // The mask or matte that goes over the budget, and words for it.
    var over: (node: JSONNode, what: String, position: Int)? = nil
    // Each composition once, as lottie-android parses each asset once however often it is used.
    for composition in context.animation.compositions {
      var count = 0
      let compositionText = "composition \"\(composition.displayName)\""
      for layer in composition.layers where layer.node.isObject {
        for (i, mask) in layer.masks.enumerated() {
          masks += 1
          count += 1
          if over == nil && masks + mattes > budget {
            over = (mask, "mask \(i + 1) of layer \(layer.label) in \(compositionText)", masks + mattes)
          }
        }
        // lottie-android counts the key, whatever the mode (even "tt": 0).
        if let tt = layer.node["tt"], tt.isNumber {
          mattes += 1
          count += 1
          if over == nil && masks + mattes > budget {
            over = (tt, "the track matte of layer \(layer.label) in \(compositionText)", masks + mattes)
          }
        }
      }
      perComposition.append((composition.displayName, count))
    }
    let total = masks + mattes
    guard total > budget, let over else { return [] }
    let threshold = Budgets().maxMasksAndMattes
    let limit = BudgetText.limit(budget, default: threshold, source: .renderer("lottie-android"))
    var counts = "\(masks) mask\(masks == 1 ? "" : "s"), \(mattes) track matte\(mattes == 1 ? "" : "s")"
    if perComposition.filter({ $0.1 > 0 }).count > 1 { counts += "; " + BudgetText.breakdown(perComposition) }
    var message = "the animation has \(total) masks and track mattes (\(counts)), more than \(limit)"
    if total > threshold { message += ", so lottie-android renders it in software" }
    message += "; the \(BudgetText.ordinal(over.position)) is \(over.what)"
    // Reported at the root composition's layers (budgets point at the container, as LK308 at /assets), so
    // that an ignore by pointer stays put when the file changes; the message names the one over the budget.
    let anchor = context.animation.rootComposition.layersNode ?? context.document.root
    return [Finding(anchor, message, layerPath: [])]
  }
}
