import LottieJSON
import LottieModel

struct WrongTypeRule: LintRule {
  static let description = RuleDescription(
    code: "LK102", name: "wrong-type",
    summary: "a field has the wrong type of value",
    rationale: "players decode fields by type; a string where a number belongs (\"fr\": \"30\") makes lottie-ios and lottie-android reject the file",
    fixHint: "write the value with the type the format expects",
    category: .structure, defaultSeverity: .error,
    triggering: [
      Example(#"{"v":"5.7.4","fr":↓"30","ip":0,"op":60,"w":10,"h":10,"layers":[]}"#),
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":↓{}}"#),
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ip":0,"op":60,"ks":{},"nm":↓7,"parent":↓"1"}]}"#)
    ],
    nonTriggering: [Example(#"{"v":"5.7.4","fr":29.97,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ip":0,"op":60,"ks":{},"nm":"a","ind":1}]}"#)])

  static let topLevel: [(String, Requirement)] = [
    ("v", .string), ("fr", .number), ("ip", .number), ("op", .number),
    ("w", .number), ("h", .number), ("layers", .array), ("assets", .array),
    ("nm", .string), ("markers", .array), ("fonts", .object)
  ]
  static let layerFields: [(String, Requirement)] = [
    ("ty", .number), ("ip", .number), ("op", .number), ("st", .number),
    ("ind", .number), ("parent", .number), ("nm", .string), ("ks", .object),
    ("shapes", .array), ("refId", .numberOrString), ("sr", .number),
    ("tt", .number), ("tp", .number), ("ef", .array),
    ("masksProperties", .array), ("w", .number), ("h", .number)
  ]

  func check(_ context: LintContext) -> [Finding] {
    let root = context.document.root
    guard root.isObject else { return [] }
    var findings: [Finding] = []
    func verify(_ object: JSONNode, _ fields: [(String, Requirement)], _ what: String) {
      for (key, requirement) in fields {
        guard let value = object[key], !requirement.accepts(value) else { continue }
        findings.append(
          Finding(value, "\"\(key)\" of \(what) is \(value.kind == .array || value.kind == .object ? "an" : "a") \(value.kind), it must be \(requirement.noun)")
        )
      }
    }
    verify(root, Self.topLevel, "the animation")
    for asset in root["assets"].list where asset.isObject {
      verify(
        asset, [("id", .numberOrString), ("layers", .array), ("p", .string), ("u", .string), ("w", .number), ("h", .number)],
        "asset \(asset["id"]?.sourceText ?? "?")")
    }
    for visit in context.layerVisits where visit.layer.node.isObject {
      verify(visit.layer.node, Self.layerFields, "layer \(visit.layer.label)")
    }
    for visit in context.layerVisits where !visit.layer.node.isObject {
      findings.append(
        Finding(visit.layer.node, "an entry of \"layers\" is \(visit.layer.node.kind == .array ? "an" : "a") \(visit.layer.node.kind), it must be an object"))
    }
    return findings
  }
}
