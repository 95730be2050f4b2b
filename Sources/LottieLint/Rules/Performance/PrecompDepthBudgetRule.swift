import LottieJSON
import LottieModel

struct PrecompDepthBudgetRule: LintRule {
  static let description = RuleDescription(
    code: "LK505", name: "precomp-depth-budget",
    summary: "precompositions are nested deeper than the budget",
    rationale:
      "every level of precomposition is one more layer tree that players build, transform and, with mattes, masks or opacity, composite offscreen each frame; deep nesting usually comes from After Effects precomps that could be flattened, and keypath search does not enter precomps in some lottie-ios versions (lottie-ios #1206)",
    fixHint: "flatten precomps that only wrap one other precomp or hold one layer, or raise max-precomp-depth in .lottiekit.yml",
    category: .performance, defaultSeverity: .warning,
    triggering: [
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"outer\",\"layers\":[{\"ty\":0,\"nm\":\"Inner\",\"refId\":↓\"inner\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]},{\"id\":\"inner\",\"layers\":[]}],\"layers\":[{\"ty\":0,\"nm\":\"Outer\",\"refId\":\"outer\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}",
        budgets: .with(\.maxPrecompDepth, 1))
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"assets\":[{\"id\":\"outer\",\"layers\":[]},{\"id\":\"inner\",\"layers\":[]}],\"layers\":[{\"ty\":0,\"refId\":\"outer\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":0,\"refId\":\"inner\",\"ind\":2,\"ip\":0,\"op\":60,\"ks\":{}}]}",
        budgets: .with(\.maxPrecompDepth, 1))
    ])

  func check(_ context: LintContext) -> [Finding] {
    let animation = context.animation
    let budget = context.budgets.maxPrecompDepth
    let depth = animation.precompDepth()
    guard depth > budget else { return [] }
    let limit = BudgetText.limit(budget, default: Budgets().maxPrecompDepth, source: .lottiekit)
    let chain = Self.deepestChain(animation)
    // Point at the precomp layer that opens the first level beyond the budget.
    let index = max(0, budget)
    guard index < chain.count, let node = chain[index].layer.node["refId"] else {
      return [Finding(animation.root, "precompositions are nested \(depth) deep, more than \(limit)", layerPath: [])]
    }
    var names = ["\"\(animation.rootComposition.displayName)\""]
    names += chain.map { "\"\(animation.composition(id: $0.target)?.displayName ?? $0.target)\"" }
    let step = chain[index]
    return [
      Finding(
        node,
        "precompositions are nested \(depth) deep (\(Chain.text(names))), more than \(limit); level \(index + 1) is layer \(step.layer.label) in composition \"\(step.from)\""
      )
    ]
  }

  /// One precomp layer on a nesting chain: the composition it is in, the layer, the asset it uses.
  struct Step {
    let from: String
    let layer: Layer
    let target: String
  }

  /// The longest chain of precomp layers from the root (cycles cut), found without recursion.
  static func deepestChain(_ animation: Animation) -> [Step] {
    let byID = animation.assetsByID
    var edges: [String?: [(layer: Layer, target: String, from: String)]] = [:]
    for edge in animation.precompReferences() where byID[edge.to]?.isPrecomp == true {
      // A precomp asset without an id cannot be reached; its edges must not pass for the root's.
      guard edge.from.isRoot || edge.from.id != nil else { continue }
      edges[edge.from.id, default: []].append((edge.layer, edge.to, edge.from.displayName))
    }
    // Depth below each asset id (post-order, iterative; an edge back onto the stack is cut).
    var depthBelow: [String: Int] = [:]
    for start in edges[nil] ?? [] where depthBelow[start.target] == nil {
      var stack: [(id: String, next: Int)] = [(start.target, 0)]
      var onStack: Set<String> = [start.target]
      while let (id, next) = stack.last {
        let targets = edges[id] ?? []
        if next < targets.count {
          stack[stack.count - 1].next += 1
          let target = targets[next].target
          if depthBelow[target] == nil && !onStack.contains(target) {
            onStack.insert(target)
            stack.append((target, 0))
          }
        } else {
          let below = targets.compactMap { depthBelow[$0.target].map { $0 + 1 } }.max() ?? 0
          depthBelow[id] = below
          onStack.remove(id)
          stack.removeLast()
        }
      }
    }
    // Walk down from the root, always into the deepest child not yet on the chain.
    var chain: [Step] = []
    var visited = Set<String>()
    var current: String? = nil
    while let best = (edges[current] ?? []).filter({ !visited.contains($0.target) })
      .max(by: { (depthBelow[$0.target] ?? 0) < (depthBelow[$1.target] ?? 0) })
    {
      chain.append(Step(from: best.from, layer: best.layer, target: best.target))
      visited.insert(best.target)
      current = best.target
    }
    return chain
  }
}
