import LottieJSON
import LottieModel

struct UnknownLayerTypeRule: LintRule {
  static let description = RuleDescription(
    code: "LK108", name: "unknown-layer-type",
    summary: "a layer has a type no player knows",
    rationale: "players skip layers of unknown type (some older lottie-android versions throw)",
    fixHint: "check the exporter; layer types are 0–15",
    category: .structure, defaultSeverity: .info,
    triggering: [Example(#"{"layers":[{"ty":↓42,"ip":0,"op":60}]}"#)],
    nonTriggering: [Example(#"{"layers":[{"ty":15,"ip":0,"op":60}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    context.layerVisits.compactMap { visit in
      guard case .unknown(let code)? = visit.layer.type, let ty = visit.layer.node["ty"] else { return nil }
      return Finding(ty, "layer \(visit.layer.label) has unknown type \(code)", layerPath: visit.path)
    }
  }
}
