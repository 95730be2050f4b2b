import LottieJSON
import LottieModel

struct NonIntegerSizeRule: LintRule {
  static let description = RuleDescription(
    code: "LK605", name: "non-integer-size",
    summary: "the canvas or a precomp layer has a width or height that is not a whole number",
    rationale:
      "the Lottie 1.0 schema types the canvas \"w\"/\"h\" and a precomp layer's clipping \"w\"/\"h\" as integers (image asset sizes may be fractional); most players read any number, but lottie-android reads these with JsonReader.nextInt, which rejects a fractional value in the versions whose source was checked",
    fixHint:
      "use whole pixels, best by setting an integer composition size in After Effects and re-exporting; there is no automatic fix because rounding changes the size players scale and clip to",
    category: .specStrict, defaultSeverity: .info, profiles: SpecStrict.profiles,
    triggering: [
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":↓512.5,"layers":[]}"#),
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":[{"id":"c","layers":[]}],"layers":[{"ty":0,"nm":"Card","refId":"c","ind":1,"w":↓99.5,"h":100,"ip":0,"op":60,"ks":{}}]}"#
      )
    ],
    nonTriggering: [
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512.0,"assets":[{"id":"image_0","w":10.5,"h":10.5,"u":"","p":"a.png"}],"layers":[{"ty":2,"refId":"image_0","ind":1,"ip":0,"op":60,"ks":{}}]}"#
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    let root = context.document.root
    for key in ["w", "h"] {
      guard let node = root[key], Self.isFractional(node) else { continue }
      findings.append(
        Finding(
          node, "the canvas \(key == "w" ? "width" : "height") is \(node.sourceText), not a whole number of pixels",
          layerPath: []))
    }
    for visit in context.layerVisits where visit.layer.typeCode == 0 {
      for key in ["w", "h"] {
        guard let node = visit.layer.node[key], Self.isFractional(node) else { continue }
        findings.append(
          Finding(
            node,
            "precomp layer \(visit.layer.label) in composition \"\(visit.composition.displayName)\" has \(key == "w" ? "width" : "height") \(node.sourceText), not a whole number of pixels",
            layerPath: visit.path))
      }
    }
    return findings
  }

  /// A finite number with a fractional part (`512.0` is whole, as in JSON Schema).
  static func isFractional(_ node: JSONNode) -> Bool {
    guard let value = node.double, value.isFinite else { return false }
    return value.rounded() != value
  }
}
