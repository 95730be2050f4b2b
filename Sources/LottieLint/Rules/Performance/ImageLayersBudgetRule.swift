import LottieJSON
import LottieModel

private let assets = #""assets":[{"id":"image_0","w":10,"h":10,"u":"images/","p":"img_0.png","e":0}]"#

struct ImageLayersBudgetRule: LintRule {
  static let description = RuleDescription(
    code: "LK502", name: "image-layers-budget",
    summary: "the animation has more image layers than the budget",
    rationale:
      "every image layer is a bitmap to load, decode, keep in memory and scale each frame; lottie-android warns above 4 (\"Lottie should primarily be used with shapes\", LottieCompositionMoshiParser.java, which counts the root composition only; lottiekit counts every composition, each once), and its maintainers advise no raster images at all (lottie-android #1235)",
    fixHint:
      "convert Illustrator and other vector layers to shape layers before export, reuse one image asset instead of duplicates, or raise max-image-layers in .lottiekit.yml if the images are intended",
    category: .performance, defaultSeverity: .warning,
    triggering: [
      Example(
        "{\(Example.header),\(assets),\"layers\":↓[{\"ty\":2,\"nm\":\"a\",\"refId\":\"image_0\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":2,\"nm\":\"b\",\"refId\":\"image_0\",\"ind\":2,\"ip\":0,\"op\":60,\"ks\":{}}]}",
        budgets: .with(\.maxImageLayers, 1))
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\(assets),\"layers\":[{\"ty\":2,\"refId\":\"image_0\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[]}]}",
        budgets: .with(\.maxImageLayers, 1))
    ])

  func check(_ context: LintContext) -> [Finding] {
    let budget = context.budgets.maxImageLayers
    var total = 0
    var perComposition: [(String, Int)] = []
    var over: (layer: Layer, composition: String, position: Int)? = nil
    for composition in context.animation.compositions {
      var count = 0
      for layer in composition.layers where layer.typeCode == 2 {
        total += 1
        count += 1
        if over == nil && total > budget { over = (layer, composition.displayName, total) }
      }
      perComposition.append((composition.displayName, count))
    }
    guard total > budget, let over else { return [] }
    let threshold = Budgets().maxImageLayers
    var counts = ""
    if perComposition.filter({ $0.1 > 0 }).count > 1 { counts = " (" + BudgetText.breakdown(perComposition) + ")" }
    var message =
      "the animation has \(total) image layers\(counts), more than \(BudgetText.limit(budget, default: threshold, source: .renderer("lottie-android")))"
    if total > threshold { message += ", where lottie-android warns that it should use shapes" }
    message += "; the \(BudgetText.ordinal(over.position)) is layer \(over.layer.label) in composition \"\(over.composition)\""
    // At the root composition's layers, like the other budgets (the message names the one over the budget).
    let anchor = context.animation.rootComposition.layersNode ?? context.document.root
    return [Finding(anchor, message, layerPath: [])]
  }
}
