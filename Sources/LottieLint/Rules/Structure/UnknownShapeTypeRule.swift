import LottieJSON
import LottieModel

struct UnknownShapeTypeRule: LintRule {
  static let description = RuleDescription(
    code: "LK109", name: "unknown-shape-type",
    summary: "a shape item has a type no player knows",
    rationale: "players skip unknown shape items, so whatever it was meant to draw is missing",
    fixHint: "check the exporter; known shape types are gr, sh, rc, el, sr, fl, st, gf, gs, tr, tm, rd, rp, mm, pb, zz, op, tw, no",
    category: .structure, defaultSeverity: .info,
    triggering: [Example(#"{"layers":[{"ty":4,"ip":0,"op":60,"shapes":[{"ty":"gr","it":[{"ty":↓"xx"}]}]}]}"#)],
    nonTriggering: [Example(#"{"layers":[{"ty":4,"ip":0,"op":60,"shapes":[{"ty":"gr","it":[{"ty":"el"},{"ty":"fl"},{"ty":"tr"}]}]}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for visit in context.layerVisits {
      Shape.forEach(visit.layer.shapes) { shape in
        guard shape.type == nil, let ty = shape.node["ty"] else { return }
        findings.append(Finding(ty, "shape \"\(shape.name ?? "?")\" has unknown type \(ty.sourceText)"))
      }
    }
    return findings
  }
}
