import LottieJSON
import LottieModel

struct ParentCycleRule: LintRule {
  static let description = RuleDescription(
    code: "LK203", name: "parent-cycle",
    summary: "layers are parents of each other in a loop",
    rationale:
      "players follow the parent chain to place each layer, and on a loop it never ends: rlottie-python 1.3.8 and thorvg-python 1.1.3 crash, lottie-web 5.7.5 draws nothing at all (measured: Tests/Fixtures/compat/parent-cycle.json); Telegram's rlottie fork and Debian's patched librlottie check for loops",
    fixHint: "break the loop: remove \"parent\" from one of the layers",
    category: .references, defaultSeverity: .error,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"ind\":1,\"parent\":↓2,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":2,\"parent\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":2,\"parent\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":3,\"parent\":2,\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for composition in context.animation.compositions {
      let byIndex = composition.layersByIndex
      for loop in composition.parentLoops(byIndex: byIndex) {
        // Reported at the layer of the loop that comes first in the file.
        guard let node = loop.first.node["parent"] else { continue }
        findings.append(
          Finding(
            node, "layers \(Chain.text(loop.inds.map(String.init) + [String(loop.inds[0])])) are parents of each other in a loop",
            layerPath: [composition.displayName, loop.first.name ?? "#\(loop.first.position)"]))
      }
      // A layer that repeats an earlier layer's ind (LK204) has its own parent, and players
      // differ on which of the two a "parent" names: follow its chain too, and report a loop
      // back to its ind at its own "parent". These walks share a budget of steps, so repeated
      // inds cannot make the rule quadratic.
      var budget = 4 * composition.layers.count + 64
      for layer in composition.layers where budget > 0 {
        guard let start = layer.index, let first = byIndex[start], first.position != layer.position else { continue }
        var seen: Set<Int> = [start]
        var chain: [Int] = [start]
        var current = layer
        while budget > 0, let parent = current.parentIndex, parent != current.index, let next = byIndex[parent] {
          budget -= 1
          if parent == start, let node = layer.node["parent"] {
            findings.append(
              Finding(
                node,
                "layers \(Chain.text(chain.map(String.init) + [String(start)])) are parents of each other in a loop (ind \(start) is used by more than one layer)",
                layerPath: [composition.displayName, layer.name ?? "#\(layer.position)"]))
          }
          if !seen.insert(parent).inserted { break }
          chain.append(parent)
          current = next
        }
      }
    }
    return findings
  }
}
