import LottieJSON
import LottieModel

struct FontMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK210", name: "font-missing",
    summary: "a text layer uses a font that is not in fonts.list",
    rationale: "players look fonts up in fonts.list; lottie-android and lottie-ios fall back to a default font or draw no text",
    fixHint: "add the font to \"fonts\".\"list\" (fName, fFamily, fStyle) or use a listed font",
    category: .references, defaultSeverity: .error,
    triggering: [
      Example(
        "{\(Example.header),\"fonts\":{\"list\":[{\"fName\":\"Roboto-Regular\"}]},\"layers\":[{\"ty\":5,\"ip\":0,\"op\":60,\"ks\":{},\"t\":{\"d\":{\"k\":[{\"s\":{\"f\":↓\"Inter-Bold\",\"t\":\"Hi\"},\"t\":0}]}}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"fonts\":{\"list\":[{\"fName\":\"Inter-Bold\"}]},\"layers\":[{\"ty\":5,\"ip\":0,\"op\":60,\"ks\":{},\"t\":{\"d\":{\"k\":[{\"s\":{\"f\":\"Inter-Bold\",\"t\":\"Hi\"},\"t\":0}]}}}]}"
      )
    ])
  func check(_ context: LintContext) -> [Finding] {
    let fonts = Set(context.animation.fontNames)
    var findings: [Finding] = []
    for visit in context.layerVisits where visit.layer.typeCode == 5 {
      for keyframe in visit.layer.textData?["d"]?["k"].list ?? [] {
        guard let f = keyframe["s"]?["f"], let name = f.string, !fonts.contains(name) else { continue }
        let listed = fonts.sorted().prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
        findings.append(
          Finding(
            f, "text layer \(visit.layer.label) uses font \"\(name)\", which is not in fonts.list",
            help: fonts.isEmpty ? "add \"\(name)\" to fonts.list" : "add \"\(name)\" to fonts.list or use one of: \(listed)",
            layerPath: visit.path))
      }
    }
    return findings
  }
}
