import LottieJSON
import LottieModel

/// `Strip.plan`, one phase a method: select the layers, follow their dependents (to a fixed point
/// with --cascade), warn about expressions that name removed layers, prune assets that become
/// unused.
struct StripPlanner {
  let animation: Animation
  let options: StripOptions
  let compositions: [Composition]
  var plan = StripPlan()
  /// Layers to remove by tape index, and the order they were chosen in.
  var removed: [Int: StripPlan.Removal] = [:]
  var order: [Int] = []
  var detachedChildren = Set<Int>()
  /// Whether the last pass over the dependents removed more (--cascade goes on until it does not).
  var changed = false
  /// Dependents already listed, as "tape index kind" (a layer is listed once per kind).
  var listed = Set<String>()
  /// Per composition (by its layers array), the layers each matte source (by position) mattes, in
  /// layer order, worked out once.
  var matteUsers: [JSONNode.ID: [Int: [Layer]]] = [:]

  init(animation: Animation, options: StripOptions) {
    self.animation = animation
    self.options = options
    self.compositions = animation.compositions
    plan.policy = options.policy
  }

  mutating func remove(_ layer: Layer, _ comp: Composition, _ reason: String) {
    guard removed[Int(layer.node.id.raw)] == nil else { return }
    removed[Int(layer.node.id.raw)] = StripPlan.Removal(layer: layer, composition: comp.displayName, reason: reason)
    order.append(Int(layer.node.id.raw))
  }

  /// 1. The layers the selectors and --hidden name.
  mutating func select() {
    for comp in compositions {
      for layer in comp.layers where layer.node.isObject {
        let name = layer.name ?? ""
        for selector in options.selectors {
          if case .keypath = selector { continue }
          if selector.matchesName(name) { remove(layer, comp, "matches \(selector)") }
        }
        if options.hidden && layer.isHidden { remove(layer, comp, "hidden") }
      }
    }
    for selector in options.selectors {
      guard case .keypath(let parts) = selector else { continue }
      // Start from precomp layers named parts[0] in any composition, descend through each name.
      var frontier: [(Layer, Composition)] = []
      for comp in compositions {
        for layer in comp.layers where layer.name == parts[0] { frontier.append((layer, comp)) }
      }
      for name in parts.dropFirst() {
        var next: [(Layer, Composition)] = []
        for (layer, _) in frontier {
          guard layer.typeCode == 0, let ref = layer.refId, let inner = animation.composition(id: ref) else { continue }
          for child in inner.layers where child.name == name { next.append((child, inner)) }
        }
        frontier = next
      }
      for (layer, comp) in frontier { remove(layer, comp, "matches \(selector)") }
    }
  }

  /// A layer that depends on a removed one: listed (refuse), removed too (cascade) or detached.
  mutating func handle(_ layer: Layer, _ comp: Composition, kind: String, on: Layer, key: Int) {
    switch options.policy {
    case .refuse:
      if listed.insert("\(layer.node.id.raw) \(kind)").inserted {
        plan.dependents.append(StripPlan.Dependent(layer: layer, composition: comp.displayName, kind: kind, on: on))
      }
    case .cascade:
      remove(layer, comp, "\(kind == "parent" ? "child" : "matted layer") of removed \(on.label)")
      changed = true
    case .detach:
      guard !detachedChildren.contains(key * 4 + (kind == "parent" ? 0 : 1)) else { return }
      detachedChildren.insert(key * 4 + (kind == "parent" ? 0 : 1))
      if kind == "parent" {
        Strip.detachParent(layer, parent: on, comp: comp, plan: &plan)
      } else {
        if let tt = layer.node["tt"] {
          plan.changes.append(
            StripPlan.Change(
              node: tt, replacement: nil,
              description: "\(layer.label) loses its track matte (\(on.label) is removed): it is drawn unmatted"))
        }
        if let tp = layer.node["tp"] {
          plan.changes.append(StripPlan.Change(node: tp, replacement: nil, description: "\(layer.label): \"tp\" removed"))
        }
      }
    }
  }

  /// 2. Dependents, to a fixed point with --cascade.
  mutating func followDependents() {
    changed = true
    while changed {
      changed = false
      for comp in compositions {
        let layers = comp.layers
        let byIndex = comp.layersByIndex
        for layer in layers where layer.node.isObject && removed[Int(layer.node.id.raw)] == nil {
          let key = Int(layer.node.id.raw)
          // Parent removed.
          if let p = layer.parentIndex, let parent = byIndex[p], removed[Int(parent.node.id.raw)] != nil {
            handle(layer, comp, kind: "parent", on: parent, key: key)
          }
          // Matte source removed.
          if let tt = layer.matteModeCode, tt != 0 {
            var source: Layer? = nil
            if let tp = layer.matteParent { source = byIndex[tp] } else if layer.position > 0 { source = layers[layer.position - 1] }
            if let s = source, removed[Int(s.node.id.raw)] != nil {
              handle(layer, comp, kind: "matte", on: s, key: key)
            }
          }
          if layer.isMatteSource { orphanedMatteSource(layer, comp, layers: layers) }
        }
      }
    }
  }

  /// Matted layer removed: its matte source is orphaned (never drawn on its own).
  mutating func orphanedMatteSource(_ layer: Layer, _ comp: Composition, layers: [Layer]) {
    let key = comp.layersNode?.id ?? comp.node.id
    if matteUsers[key] == nil {
      // A matted layer's source: the layers whose index its `tp` names, else the layer above it.
      var byIndex: [Int: [Int]] = [:]
      for l in layers { if let i = l.index { byIndex[i, default: []].append(l.position) } }
      var users: [Int: [Layer]] = [:]
      for m in layers {
        guard let tt = m.matteModeCode, tt != 0 else { continue }
        if let tp = m.matteParent {
          for source in byIndex[tp] ?? [] { users[source, default: []].append(m) }
        } else if m.position > 0 {
          users[m.position - 1, default: []].append(m)
        }
      }
      matteUsers[key] = users
    }
    let users = matteUsers[key]?[layer.position] ?? []
    guard !users.isEmpty && users.allSatisfy({ removed[Int($0.node.id.raw)] != nil }), let user = users.first else { return }
    // An orphaned matte source is invisible: removing it changes no pixel, so both --cascade and
    // --detach remove it; a plain strip lists it.
    if options.policy == .refuse {
      plan.dependents.append(StripPlan.Dependent(layer: layer, composition: comp.displayName, kind: "matte source", on: user))
    } else {
      remove(layer, comp, "matte source of removed \(user.label), never drawn on its own")
      changed = true
    }
  }

  /// The removals in the order chosen; a change inside a layer that is removed anyway is moot (and
  /// would overlap the removal).
  mutating func finishRemovals() {
    plan.removals = order.compactMap { removed[$0] }
    let removedSpans = SpanSet(plan.removals.map(\.layer.node.span))
    plan.changes = plan.changes.filter { c in !removedSpans.contains(c.node.span.lowerBound) }
  }

  /// 3. Expressions that mention a removed layer by name.
  mutating func warnAboutExpressions() {
    let removedNames = Set(plan.removals.compactMap { $0.layer.name }.filter { !$0.isEmpty })
    guard !removedNames.isEmpty else { return }
    var warnings: [String] = []
    let removed = self.removed
    animation.forEachLayer { visit in
      guard removed[Int(visit.layer.node.id.raw)] == nil else { return }
      for i in visit.layer.node.subtreeRange {
        let n = animation.document.node(JSONNode.ID(raw: UInt32(i)))
        guard n.isString, !n.isKey, n.key == "x", let text = n.string else { continue }
        for name in removedNames.sorted() where text.contains("\"\(name)\"") || text.contains("'\(name)'") {
          warnings.append("the expression at \(n.pointer) in \"\(visit.path.joined(separator: " › "))\" mentions removed layer \"\(name)\"")
        }
      }
    }
    plan.warnings.append(contentsOf: warnings)
  }

  /// 4. Assets that become unused.
  mutating func pruneAssets() {
    guard !options.keepAssets && !plan.removals.isEmpty else { return }
    plan.prunedAssets = Strip.newlyUnusedAssets(animation, removed: Set(removed.keys))
    // Removals inside pruned precomps go with their asset.
    let prunedSpans = SpanSet(plan.prunedAssets.map(\.node.span))
    plan.removals = plan.removals.filter { r in !prunedSpans.contains(r.layer.node.span.lowerBound) }
    plan.changes = plan.changes.filter { c in !prunedSpans.contains(c.node.span.lowerBound) }
  }
}

/// Byte spans that do not overlap (layers, assets), sorted once, for "is this offset inside one of
/// them" in logarithmic time.
struct SpanSet {
  let spans: [Range<Int>]
  init(_ spans: [Range<Int>]) { self.spans = spans.sorted { $0.lowerBound < $1.lowerBound } }
  func contains(_ offset: Int) -> Bool {
    // The last span starting at or before the offset is the only one that can hold it.
    var low = 0, high = spans.count
    while low < high {
      let mid = (low + high) / 2
      if spans[mid].lowerBound <= offset { low = mid + 1 } else { high = mid }
    }
    return low > 0 && spans[low - 1].contains(offset)
  }
}
