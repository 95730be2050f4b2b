import LottieJSON
import LottieModel

struct NotLottieRule: LintRule {
  static let description = RuleDescription(
    code: "LK100", name: "not-lottie",
    summary: "the JSON is not a Lottie animation",
    rationale:
      "players fail to load it. A folder walk skips JSON that is not meant as an animation (an Xcode Contents.json, a package.json) with one note, so this finding is about a file named on the command line, or one inside a .tgs or .lottie",
    fixHint: "check that this is the exported animation and not another JSON file",
    category: .structure, defaultSeverity: .error,
    triggering: [Example(#"↓[{"layers":[]}]"#), Example(#"↓{"name":"config","items":[1,2]}"#)],
    nonTriggering: [Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    let root = context.document.root
    if !root.isObject {
      return [Finding(root, "the top-level value is \(root.kind == .array ? "an" : "a") \(root.kind), not a Lottie animation object")]
    }
    if !context.animation.mayBeLottie {
      return [Finding(root, "this JSON object has no layers and fewer than two of a Lottie animation's top-level fields (fr, ip, op, v, w, h, assets)")]
    }
    return []
  }
}
