import LottieJSON
import LottieModel

struct NameWhitespaceRule: LintRule {
  static let description = RuleDescription(
    code: "LK402", name: "name-whitespace",
    summary: "a layer or shape name starts or ends with whitespace",
    rationale:
      "keypaths match names exactly, and nobody sees or types the invisible space, so the layer cannot be found by the name everyone reads (lottie-ios #417)",
    fixHint:
      "trim the name; `--fix` does it unless an expression mentions the name or a sibling already has the trimmed name, and code that spelled the space must then drop it",
    category: .naming, defaultSeverity: .warning, isFixable: true,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":↓\"Bubble \",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}",
        fixed: "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Bubble\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}"),
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":4,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[{\"ty\":\"gr\",\"nm\":↓\"\\tGroup 1\",\"it\":[{\"ty\":\"fl\",\"nm\":↓\" Fill\\u00a0\"}]}]}]}",
        fixed:
          "{\(Example.header),\"layers\":[{\"ty\":4,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[{\"ty\":\"gr\",\"nm\":\"Group 1\",\"it\":[{\"ty\":\"fl\",\"nm\":\"Fill\"}]}]}]}"
      ),
      // Not fixed: an expression names the layer, and renaming would change what it finds.
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":↓\"Bubble \",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"nm\":\"Follower\",\"ind\":2,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":0,\"k\":100,\"x\":\"thisComp.layer('Bubble ').transform.opacity\"}}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":4,\"nm\":\"Big Bubble\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[{\"ty\":\"fl\",\"nm\":\"Fill 1\"}]}]}"
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    // Findings that trim by `--fix` unless an expression mentions the trimmed name: decided at the
    // end, when every such name is looked for in the expressions at once.
    var fixable: [(finding: Int, trimmed: String, message: String)] = []
    NameScopes.forEach(in: context) { scope in
      // How many siblings trim to each name, worked out once per scope.
      var trimmedCounts: [String: Int]?
      for k in scope.entries.indices where NameScopes.hasEdgeWhitespace(scope.entries[k].name) {
        let entry = scope.entries[k]
        let trimmed = NameScopes.trimmed(entry.name)
        guard trimmed != entry.name else { continue }
        guard !trimmed.isEmpty else {
          findings.append(
            Finding(
              entry.nameNode, "\(entry.description) has a name made only of whitespace",
              help: "give it a visible name"))
          continue
        }
        let leading = entry.name.unicodeScalars.first?.properties.isWhitespace == true
        let trailing = entry.name.unicodeScalars.last?.properties.isWhitespace == true
        let which = leading && trailing ? "leading and trailing" : leading ? "leading" : "trailing"
        let message = "\(entry.description) has \(which) whitespace in its name, so a keypath that says \"\(trimmed)\" does not match it"

        if trimmedCounts == nil {
          var counts: [String: Int] = [:]
          for e in scope.entries { counts[NameScopes.trimmed(e.name), default: 0] += 1 }
          trimmedCounts = counts
        }
        // Another sibling trims to the same name (this entry counts once itself).
        let collides = (trimmedCounts?[trimmed] ?? 0) > 1
        if collides {
          findings.append(
            Finding(
              entry.nameNode, message,
              help: "rename it by hand: a sibling is (or trims to) \"\(trimmed)\", and two equal names make the keypath ambiguous"))
          continue
        }
        let fix = Fix(
          summary: "trim the name to \"\(trimmed)\"",
          operations: [.replace(pointer: entry.nameNode.pointer, json: JSONStringCodec.quoted(trimmed))])
        fixable.append((findings.count, trimmed, message))
        findings.append(Finding(entry.nameNode, message, fix: fix))
      }
    }
    guard !fixable.isEmpty else { return findings }
    let mentioned = ExpressionMentions(fixable.map(\.trimmed)).found(inAnyOf: ExpressionMentions.texts(in: context.document))
    for (i, candidate) in fixable.enumerated() where mentioned.contains(i) {
      findings[candidate.finding] = Finding(
        findings[candidate.finding].node, candidate.message,
        help:
          "trim the name by hand and update the expressions that mention \"\(candidate.trimmed)\" (not fixed automatically: renaming could change what they find)"
      )
    }
    return findings
  }
}
