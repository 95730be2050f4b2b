import LottieJSON
import LottieModel

struct ParentCycleRule: LintRule {
  static let description = RuleDescription(
    code: "LK203", name: "parent-cycle",
    summary: "layers are parents of each other in a loop",
    rationale: "players follow the parent chain to compute transforms; a loop hangs some (lottie-web) and breaks the motion in others",
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
      // Each layer has at most one parent, so the layers form chains that end, or end in one loop.
      // Every ind is walked once: a walk stops at the first layer an earlier walk has seen (its
      // chain is known), and finds a loop when it meets a layer of its own walk — linear, however
      // long the chains (a chain of 2,000 parents took 48 s when every layer walked its own).
      var walkOf: [Int: Int] = [:]
      for (walk, layer) in composition.layers.enumerated() {
        guard let start = layer.index, walkOf[start] == nil, byIndex[start]?.position == layer.position else { continue }
        var chain: [Int] = [start]
        var place: [Int: Int] = [start: 0]
        walkOf[start] = walk
        var current = layer
        while let parent = current.parentIndex, parent != current.index, let next = byIndex[parent] {
          if let seen = walkOf[parent] {
            if seen == walk, let k = place[parent] {
              let cycle = Array(chain[k...])
              // Reported at the layer of the loop that comes first in the file.
              if let first = cycle.compactMap({ byIndex[$0] }).min(by: { $0.position < $1.position }),
                let node = first.node["parent"]
              {
                findings.append(
                  Finding(
                    node, "layers \(Chain.text(cycle.map(String.init) + [String(cycle[0])])) are parents of each other in a loop",
                    layerPath: [composition.displayName, first.name ?? "#\(first.position)"]))
              }
            }
            break
          }
          walkOf[parent] = walk
          place[parent] = chain.count
          chain.append(parent)
          current = next
        }
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
