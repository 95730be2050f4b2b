import LottieJSON
import LottieModel

let referenceRules: [any LintRule.Type] = [
  ParentMissingRule.self, ParentSelfRule.self, ParentCycleRule.self, DuplicateIndexRule.self, AssetMissingRule.self,
  AssetWrongKindRule.self, PrecompCycleRule.self, MatteSourceMissingRule.self, MatteParentMissingRule.self,
  FontMissingRule.self, UnusedAssetRule.self,
]

private let header = #""v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10"#

struct ParentMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK201", name: "parent-missing",
    summary: "a layer's parent index names no layer in its composition",
    rationale: "players ignore the parent and the layer loses its parent's motion",
    fixHint: "remove \"parent\" or point it at a layer of the same composition",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"nm\":\"Bubble\",\"ind\":4,\"parent\":↓7,\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [Example("{\(header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":2,\"parent\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}")])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for composition in context.animation.compositions {
      let byIndex = composition.layersByIndex
      for layer in composition.layers {
        guard let parentNode = layer.node["parent"], let parent = parentNode.int, byIndex[parent] == nil else { continue }
        let choices = composition.layers.compactMap { l in l.index.map { "\($0) \"\(l.name ?? "")\"" } }.prefix(6)
        findings.append(Finding(parentNode, "layer \(layer.label) names parent \(parent), which does not exist in composition \"\(composition.displayName)\"",
                                help: choices.isEmpty ? "remove \"parent\"" : "remove \"parent\" or point it at one of: " + choices.joined(separator: ", "),
                                layerPath: [composition.displayName, layer.name ?? "#\(layer.position)"]))
      }
    }
    return findings
  }
}

struct ParentSelfRule: LintRule {
  static let description = RuleDescription(
    code: "LK202", name: "parent-self",
    summary: "a layer is its own parent",
    rationale: "players recurse on the parent chain: lottie-web loops forever, others ignore the parent",
    fixHint: "remove \"parent\" or point it at another layer",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(header),\"layers\":[{\"ty\":3,\"ind\":1,\"parent\":↓1,\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [Example("{\(header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}")])
  func check(_ context: LintContext) -> [Finding] {
    context.layerVisits.compactMap { visit in
      guard let p = visit.layer.node["parent"], let parent = p.int, parent == visit.layer.index else { return nil }
      return Finding(p, "layer \(visit.layer.label) names itself as its parent", layerPath: visit.path)
    }
  }
}

struct ParentCycleRule: LintRule {
  static let description = RuleDescription(
    code: "LK203", name: "parent-cycle",
    summary: "layers are parents of each other in a loop",
    rationale: "players follow the parent chain to compute transforms; a loop hangs some (lottie-web) and breaks the motion in others",
    fixHint: "break the loop: remove \"parent\" from one of the layers",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(header),\"layers\":[{\"ty\":3,\"ind\":1,\"parent\":↓2,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":2,\"parent\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [
      Example("{\(header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":2,\"parent\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":3,\"parent\":2,\"ip\":0,\"op\":60,\"ks\":{}}]}"),
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
                 let node = first.node["parent"] {
                findings.append(Finding(node, "layers \(Chain.text(cycle.map(String.init) + [String(cycle[0])])) are parents of each other in a loop",
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
            findings.append(Finding(node, "layers \(Chain.text(chain.map(String.init) + [String(start)])) are parents of each other in a loop (ind \(start) is used by more than one layer)",
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

struct DuplicateIndexRule: LintRule {
  static let description = RuleDescription(
    code: "LK204", name: "duplicate-layer-index",
    summary: "two layers of one composition share an \"ind\"",
    rationale: "parents and mattes refer to layers by ind; with duplicates players pick one of them and the others lose their children's motion",
    fixHint: "give every layer of the composition its own \"ind\"",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":3,\"ind\":↓1,\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [Example("{\(header),\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}],\"assets\":[{\"id\":\"c\",\"layers\":[{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}]}")])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for composition in context.animation.compositions {
      var seen: [Int: Layer] = [:]
      for layer in composition.layers {
        guard let ind = layer.index, let node = layer.node["ind"] else { continue }
        if let first = seen[ind] {
          findings.append(Finding(node, "layer \(layer.label) has the same ind as \(first.label) in composition \"\(composition.displayName)\"",
                                  layerPath: [composition.displayName, layer.name ?? "#\(layer.position)"]))
        } else {
          seen[ind] = layer
        }
      }
    }
    return findings
  }
}

struct AssetMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK205", name: "asset-missing",
    summary: "a layer's refId names no asset",
    rationale: "the precomp or image layer draws nothing; lottie-android logs and skips it, lottie-ios may crash on a missing precomp (lottie-ios #1104)",
    fixHint: "point \"refId\" at an existing asset id, or add the asset",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(header),\"assets\":[],\"layers\":[{\"ty\":2,\"refId\":↓\"image_9\",\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [Example("{\(header),\"assets\":[{\"id\":\"image_0\",\"p\":\"a.png\",\"u\":\"\",\"w\":1,\"h\":1}],\"layers\":[{\"ty\":2,\"refId\":\"image_0\",\"ip\":0,\"op\":60,\"ks\":{}}]}")])
  func check(_ context: LintContext) -> [Finding] {
    let ids = Set(context.animation.assets.compactMap(\.id))
    return context.layerVisits.compactMap { visit in
      guard visit.layer.typeCode == 0 || visit.layer.typeCode == 2, let node = visit.layer.node["refId"],
            let ref = visit.layer.refId, !ids.contains(ref) else { return nil }
      return Finding(node, "layer \(visit.layer.label) uses asset \"\(ref)\", which does not exist", layerPath: visit.path)
    }
  }
}

struct AssetWrongKindRule: LintRule {
  static let description = RuleDescription(
    code: "LK206", name: "asset-wrong-kind",
    summary: "a precomp layer uses an image asset, or an image layer a precomp",
    rationale: "players look the asset up by kind; the layer draws nothing (lottie-ios fails to decode the layer)",
    fixHint: "use ty 0 for precomp assets and ty 2 for image assets",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(header),\"assets\":[{\"id\":\"image_0\",\"p\":\"a.png\",\"u\":\"\"}],\"layers\":[{\"ty\":0,\"refId\":↓\"image_0\",\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [Example("{\(header),\"assets\":[{\"id\":\"c\",\"layers\":[]}],\"layers\":[{\"ty\":0,\"refId\":\"c\",\"ip\":0,\"op\":60,\"ks\":{}}]}")])
  func check(_ context: LintContext) -> [Finding] {
    let byID = context.animation.assetsByID
    return context.layerVisits.compactMap { visit in
      guard let node = visit.layer.node["refId"], let ref = visit.layer.refId, let asset = byID[ref] else { return nil }
      if visit.layer.typeCode == 0 && !asset.isPrecomp {
        return Finding(node, "precomp layer \(visit.layer.label) uses \"\(ref)\", which is not a precomposition", layerPath: visit.path)
      }
      if visit.layer.typeCode == 2 && !asset.isImage {
        return Finding(node, "image layer \(visit.layer.label) uses \"\(ref)\", which is not an image", layerPath: visit.path)
      }
      return nil
    }
  }
}

struct PrecompCycleRule: LintRule {
  static let description = RuleDescription(
    code: "LK207", name: "precomp-cycle",
    summary: "precompositions include themselves, directly or through others",
    rationale: "players expand precomps recursively and run out of stack or memory (a crash on device)",
    fixHint: "break the cycle: a precomp must not contain a layer that uses itself or one of its containers",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(header),\"assets\":[{\"id\":\"a\",\"layers\":[{\"ty\":0,\"refId\":↓\"a\",\"ip\":0,\"op\":60,\"ks\":{}}]}],\"layers\":[{\"ty\":0,\"refId\":\"a\",\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [Example("{\(header),\"assets\":[{\"id\":\"a\",\"layers\":[{\"ty\":0,\"refId\":\"b\",\"ip\":0,\"op\":60,\"ks\":{}}]},{\"id\":\"b\",\"layers\":[]}],\"layers\":[{\"ty\":0,\"refId\":\"a\",\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":0,\"refId\":\"b\",\"ip\":0,\"op\":60,\"ks\":{}}]}")])
  func check(_ context: LintContext) -> [Finding] {
    let cycles = context.animation.precompCycles()
    guard !cycles.isEmpty else { return [] }
    var findings: [Finding] = []
    for cycle in cycles {
      // Report at the refId that closes the cycle inside the first asset of the cycle.
      guard cycle.count >= 2, let comp = context.animation.composition(id: cycle[0]) else { continue }
      let target = cycle[1]
      if let layer = comp.layers.first(where: { $0.typeCode == 0 && $0.refId == target }), let node = layer.node["refId"] {
        findings.append(Finding(node, "precomp \(Chain.text(cycle.map { "\"\($0)\"" })) includes itself",
                                layerPath: [comp.displayName, layer.name ?? "#\(layer.position)"]))
      }
    }
    return findings
  }
}

struct MatteSourceMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK208", name: "matte-source-missing",
    summary: "a matted layer has no matte source",
    rationale: "without \"tp\" the matte source is the layer directly above, which must have \"td\": 1; otherwise players use whatever layer is above (or nothing), and the layer is cut wrongly or disappears",
    fixHint: "put the matte layer (with \"td\": 1) directly above the matted layer, or name it with \"tp\"",
    category: .references, defaultSeverity: .error,
    triggering: [
      Example("{\(header),\"layers\":[{\"ty\":4,\"nm\":\"plain\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":↓1,\"ip\":0,\"op\":60,\"ks\":{}}]}"),
      Example("{\(header),\"layers\":[{\"ty\":4,\"ind\":2,\"tt\":↓1,\"ip\":0,\"op\":60,\"ks\":{}}]}"),
    ],
    nonTriggering: [
      Example("{\(header),\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}"),
      Example("{\(header),\"layers\":[{\"ty\":4,\"ind\":5,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":1,\"tp\":5,\"ip\":0,\"op\":60,\"ks\":{}}]}"),
    ])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for composition in context.animation.compositions {
      let layers = composition.layers
      for layer in layers {
        guard let ttNode = layer.node["tt"], let tt = ttNode.int, tt != 0, layer.node["tp"] == nil else { continue }
        let path = [composition.displayName, layer.name ?? "#\(layer.position)"]
        if layer.position == 0 {
          findings.append(Finding(ttNode, "layer \(layer.label) uses a track matte but is the top layer: there is no layer above it to be the matte",
                                  layerPath: path))
        } else {
          let above = layers[layer.position - 1]
          if !above.isMatteSource {
            findings.append(Finding(ttNode, "layer \(layer.label) uses a track matte, but the layer above it, \(above.label), is not a matte (no \"td\": 1)",
                                    layerPath: path))
          }
        }
      }
    }
    return findings
  }
}

struct MatteParentMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK209", name: "matte-parent-missing",
    summary: "a layer's \"tp\" names no layer in its composition",
    rationale: "players that honour \"tp\" find no matte and draw the layer unmatted or not at all",
    fixHint: "point \"tp\" at the ind of the matte layer",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(header),\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":1,\"tp\":↓9,\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [Example("{\(header),\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{}},{\"ty\":4,\"ind\":2,\"tt\":1,\"tp\":1,\"ip\":0,\"op\":60,\"ks\":{}}]}")])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for composition in context.animation.compositions {
      let byIndex = composition.layersByIndex
      for layer in composition.layers {
        guard let tpNode = layer.node["tp"], let tp = tpNode.int, byIndex[tp] == nil else { continue }
        findings.append(Finding(tpNode, "layer \(layer.label) names matte layer \(tp) (\"tp\"), which does not exist in composition \"\(composition.displayName)\"",
                                layerPath: [composition.displayName, layer.name ?? "#\(layer.position)"]))
      }
    }
    return findings
  }
}

struct FontMissingRule: LintRule {
  static let description = RuleDescription(
    code: "LK210", name: "font-missing",
    summary: "a text layer uses a font that is not in fonts.list",
    rationale: "players look fonts up in fonts.list; lottie-android and lottie-ios fall back to a default font or draw no text",
    fixHint: "add the font to \"fonts\".\"list\" (fName, fFamily, fStyle) or use a listed font",
    category: .references, defaultSeverity: .error,
    triggering: [Example("{\(header),\"fonts\":{\"list\":[{\"fName\":\"Roboto-Regular\"}]},\"layers\":[{\"ty\":5,\"ip\":0,\"op\":60,\"ks\":{},\"t\":{\"d\":{\"k\":[{\"s\":{\"f\":↓\"Inter-Bold\",\"t\":\"Hi\"},\"t\":0}]}}}]}")],
    nonTriggering: [Example("{\(header),\"fonts\":{\"list\":[{\"fName\":\"Inter-Bold\"}]},\"layers\":[{\"ty\":5,\"ip\":0,\"op\":60,\"ks\":{},\"t\":{\"d\":{\"k\":[{\"s\":{\"f\":\"Inter-Bold\",\"t\":\"Hi\"},\"t\":0}]}}}]}")])
  func check(_ context: LintContext) -> [Finding] {
    let fonts = Set(context.animation.fontNames)
    var findings: [Finding] = []
    for visit in context.layerVisits where visit.layer.typeCode == 5 {
      for keyframe in visit.layer.textData?["d"]?["k"].list ?? [] {
        guard let f = keyframe["s"]?["f"], let name = f.string, !fonts.contains(name) else { continue }
        let listed = fonts.sorted().prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
        findings.append(Finding(f, "text layer \(visit.layer.label) uses font \"\(name)\", which is not in fonts.list",
                                help: fonts.isEmpty ? "add \"\(name)\" to fonts.list" : "add \"\(name)\" to fonts.list or use one of: \(listed)",
                                layerPath: visit.path))
      }
    }
    return findings
  }
}

struct UnusedAssetRule: LintRule {
  static let description = RuleDescription(
    code: "LK211", name: "unused-asset",
    summary: "an asset is not used by any layer that can be shown",
    rationale: "players still parse and, for images, load and decode it: wasted download size and memory",
    fixHint: "remove the asset (lottiekit pack --prune does it safely)",
    category: .references, defaultSeverity: .warning,
    triggering: [Example("{\(header),\"assets\":[↓{\"id\":\"image_0\",\"p\":\"a.png\",\"u\":\"\"},{\"id\":\"c\",\"layers\":[]}],\"layers\":[{\"ty\":0,\"refId\":\"c\",\"ip\":0,\"op\":60,\"ks\":{}}]}")],
    nonTriggering: [Example("{\(header),\"assets\":[{\"id\":\"image_0\",\"p\":\"a.png\",\"u\":\"\"},{\"id\":\"c\",\"layers\":[{\"ty\":2,\"refId\":\"image_0\",\"ip\":0,\"op\":60,\"ks\":{}}]}],\"layers\":[{\"ty\":0,\"refId\":\"c\",\"ip\":0,\"op\":60,\"ks\":{}}]}")])
  func check(_ context: LintContext) -> [Finding] {
    let animation = context.animation
    let reachable = animation.reachablePrecompIDs()
    var used = Set<String>()
    for composition in animation.compositions where composition.isRoot || reachable.contains(composition.id ?? "") {
      for layer in composition.layers { if let ref = layer.refId { used.insert(ref) } }
    }
    return animation.assets.compactMap { asset in
      guard let id = asset.id, !used.contains(id), asset.isPrecomp || asset.isImage else { return nil }
      return Finding(asset.node, "\(asset.isPrecomp ? "precomp" : "image") asset \"\(id)\" is not used by any visible layer",
                     layerPath: ["assets", id])
    }
  }
}
