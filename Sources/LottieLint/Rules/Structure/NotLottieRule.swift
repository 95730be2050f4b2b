import LottieJSON
import LottieModel

struct NotLottieRule: LintRule {
  static let description = RuleDescription(
    code: "LK100", name: "not-lottie",
    summary: "the JSON is not a Lottie animation",
    rationale: "players fail to load it; files named .json in an animation folder are sometimes something else (an array, a config file, an HTML page)",
    fixHint: "check that this is the exported animation and not another JSON file",
    category: .structure, defaultSeverity: .error,
    triggering: [Example(#"↓[{"layers":[]}]"#), Example(#"↓{"name":"config","items":[1,2]}"#)],
    nonTriggering: [Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    let root = context.document.root
    if !root.isObject {
      return [Finding(root, "the top-level value is \(root.kind == .array ? "an" : "a") \(root.kind), not a Lottie animation object")]
    }
    let markers = ["layers", "fr", "op", "ip", "v", "assets"].filter { root[$0] != nil }
    if markers.count < 2 && root["layers"] == nil {
      return [Finding(root, "this JSON object has none of a Lottie animation's fields (layers, fr, ip, op)")]
    }
    return []
  }
}
