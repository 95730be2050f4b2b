import LottieJSON
import LottieModel

struct PrecompCycleRule: LintRule {
  static let description = RuleDescription(
    code: "LK207", name: "precomp-cycle",
    summary: "precompositions include themselves, directly or through others",
    rationale: "players expand precomps recursively and run out of stack or memory (a crash on device)",
    fixHint: "break the cycle: a precomp must not contain a layer that uses itself or one of its containers",
    category: .references, defaultSeverity: .error,
    triggering: [
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"a\",\"layers\":[{\"ty\":0,\"refId\":↓\"a\",\"ip\":0,\"op\":60,\"ks\":{}}]}],\"layers\":[{\"ty\":0,\"refId\":\"a\",\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"a\",\"layers\":[{\"ty\":0,\"refId\":\"b\",\"ip\":0,\"op\":60,\"ks\":{}}]},{\"id\":\"b\",\"layers\":[]}],\"layers\":[{\"ty\":0,\"refId\":\"a\",\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":0,\"refId\":\"b\",\"ip\":0,\"op\":60,\"ks\":{}}]}"
      )
    ])
  func check(_ context: LintContext) -> [Finding] {
    let cycles = context.animation.precompCycles()
    guard !cycles.isEmpty else { return [] }
    var findings: [Finding] = []
    for cycle in cycles {
      // Report at the refId that closes the cycle inside the first asset of the cycle.
      guard cycle.count >= 2, let comp = context.animation.composition(id: cycle[0]) else { continue }
      let target = cycle[1]
      if let layer = comp.layers.first(where: { $0.typeCode == 0 && $0.refId == target }), let node = layer.node["refId"] {
        findings.append(
          Finding(
            node, "precomp \(Chain.text(cycle.map { "\"\($0)\"" })) includes itself",
            layerPath: [comp.displayName, layer.name ?? "#\(layer.position)"]))
      }
    }
    return findings
  }
}
