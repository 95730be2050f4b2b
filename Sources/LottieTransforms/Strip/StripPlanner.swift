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
  /// Dependents already listed, as "tape index kind" (a layer is listed once per kind).
  var listed = Set<String>()
  /// Per composition (by its layers array), the layers each matte source (by position) mattes, in
  /// layer order, worked out once.
  var matteUsersByComposition: [JSONNode.ID: [Int: [Layer]]] = [:]
  /// Per matte source, how many of its users (in order) are known to be removed.
  var usersRemoved: [JSONNode.ID: Int] = [:]

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

  /// 1. The layers the selectors, --hidden and `neverDrawn` name.
  mutating func select() {
    let never = options.neverDrawn ? NeverDrawn(animation) : nil
    for comp in compositions {
      for layer in comp.layers where layer.node.isObject {
        let name = layer.name ?? ""
        for selector in options.selectors {
          if case .keypath = selector { continue }
          if selector.matchesName(name) { remove(layer, comp, "matches \(selector)") }
        }
        if options.hidden && layer.isHidden { remove(layer, comp, "hidden") }
        if let reason = never?.reason(layer), reason != .unreachable, layer.typeCode != 13,
          !options.keepNames.contains(name)
        {
          remove(layer, comp, reason.rawValue)
        }
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

  /// 2. Dependents, to a fixed point with --cascade: as if every layer of every composition were
  /// visited in order, pass after pass, until a pass removes nothing. Only the visits that can do
  /// something are made: a layer is visited at the first point of that order after something it
  /// depends on is removed (its parent, its matte source, or, for a matte source, a layer it mattes),
  /// which is the pass of that removal when the layer comes later in the order and the next pass
  /// when it comes earlier. So a chain of children listed before their parents costs its length,
  /// not its length squared, and removals keep the order of the passes.
  mutating func followDependents() {
    guard !self.order.isEmpty else { return }
    var order: [(layer: Layer, comp: Composition, layers: [Layer], byIndex: [Int: Layer])] = []
    var place: [JSONNode.ID: Int] = [:]
    var dependents: [JSONNode.ID: [Int]] = [:]
    for comp in compositions {
      let layers = comp.layers
      let byIndex = comp.layersByIndex
      for layer in layers where layer.node.isObject {
        place[layer.node.id] = order.count
        order.append((layer, comp, layers, byIndex))
      }
      for layer in layers {
        guard let me = place[layer.node.id] else { continue }
        if let p = layer.parentIndex, let parent = byIndex[p] { dependents[parent.node.id, default: []].append(me) }
        if let tt = layer.matteModeCode, tt != 0 {
          if let tp = layer.matteParent, let source = byIndex[tp] {
            dependents[source.node.id, default: []].append(me)
          } else if layer.matteParent == nil, layer.position > 0 {
            dependents[layers[layer.position - 1].node.id, default: []].append(me)
          }
        }
      }
      for (position, users) in matteUsers(comp, layers: layers) {
        guard let source = place[layers[position].node.id] else { continue }
        for user in users { dependents[user.node.id, default: []].append(source) }
      }
    }
    // Visits due, as pass × (layers + 1) + place in the order.
    var due = MinHeap()
    let stride = order.count + 1
    for id in self.order {
      for d in dependents[JSONNode.ID(raw: UInt32(id))] ?? [] { due.push(stride + d) }
    }
    var last = -1
    while let visit = due.pop() {
      guard visit != last else { continue }
      last = visit
      let (pass, at) = visit.quotientAndRemainder(dividingBy: stride)
      let (layer, comp, layers, byIndex) = order[at]
      guard removed[Int(layer.node.id.raw)] == nil else { continue }
      self.visit(layer, comp, layers: layers, byIndex: byIndex)
      guard removed[Int(layer.node.id.raw)] != nil else { continue }
      for d in dependents[layer.node.id] ?? [] { due.push((d > at ? pass : pass + 1) * stride + d) }
    }
  }

  /// One layer's turn in a pass: its parent, its matte source, and whether it is an orphaned matte
  /// source.
  mutating func visit(_ layer: Layer, _ comp: Composition, layers: [Layer], byIndex: [Int: Layer]) {
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

  /// Matted layer removed: its matte source is orphaned (never drawn on its own).
  mutating func orphanedMatteSource(_ layer: Layer, _ comp: Composition, layers: [Layer]) {
    let users = matteUsers(comp, layers: layers)[layer.position] ?? []
    // Removed users stay removed: resume where the last look stopped.
    var i = usersRemoved[layer.node.id] ?? 0
    while i < users.count && removed[Int(users[i].node.id.raw)] != nil { i += 1 }
    usersRemoved[layer.node.id] = i
    guard !users.isEmpty && i == users.count, let user = users.first else { return }
    // An orphaned matte source is invisible: removing it changes no pixel, so both --cascade and
    // --detach remove it; a plain strip lists it.
    if options.policy == .refuse {
      plan.dependents.append(StripPlan.Dependent(layer: layer, composition: comp.displayName, kind: "matte source", on: user))
    } else {
      remove(layer, comp, "matte source of removed \(user.label), never drawn on its own")
    }
  }

  /// The layers each matte source (by position) mattes, in layer order: the layers whose `tp`
  /// names its index, else the layer below it. Worked out once per composition.
  mutating func matteUsers(_ comp: Composition, layers: [Layer]) -> [Int: [Layer]] {
    let key = comp.layersNode?.id ?? comp.node.id
    if let known = matteUsersByComposition[key] { return known }
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
    matteUsersByComposition[key] = users
    return users
  }

  /// The removals in the order chosen; a change inside a layer that is removed anyway is moot (and
  /// would overlap the removal).
  mutating func finishRemovals() {
    plan.removals = order.compactMap { removed[$0] }
    let removedSpans = SpanSet(plan.removals.map(\.layer.node.span))
    plan.changes = plan.changes.filter { c in !removedSpans.contains(c.node.span.lowerBound) }
  }

  /// 3. Expressions that mention a removed layer by name (quoted, as a layer lookup spells it).
  mutating func warnAboutExpressions() {
    // Names told apart by their bytes, as an expression engine tells them apart (a Set of
    // Strings would merge "é" written as one code point with "e" and a combining accent).
    var seen = Set<[UInt8]>()
    let removedNames = plan.removals.compactMap { $0.layer.name }.filter { !$0.isEmpty && seen.insert(Array($0.utf8)).inserted }
      .sorted { $0 != $1 ? $0 < $1 : Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    guard !removedNames.isEmpty else { return }
    // Spellings 2i and 2i + 1 are removedNames[i] in double and single quotes.
    var scanner = ExpressionMentions(removedNames.flatMap { ["\"\($0)\"", "'\($0)'"] }).scanner()
    var warnings: [String] = []
    let removed = self.removed
    animation.forEachLayer { visit in
      guard removed[Int(visit.layer.node.id.raw)] == nil else { return }
      for i in visit.layer.node.subtreeRange {
        let n = animation.document.node(JSONNode.ID(raw: UInt32(i)))
        guard n.isString, !n.isKey, n.key == "x", let text = n.string else { continue }
        var last = -1
        for spelling in scanner.found(in: text) where spelling / 2 != last {
          last = spelling / 2
          warnings.append(
            "the expression at \(n.pointer) in \"\(visit.path.joined(separator: " › "))\" mentions removed layer \"\(removedNames[last])\"")
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

/// The smallest-first queue of due visits.
private struct MinHeap {
  private var items: [Int] = []
  mutating func push(_ x: Int) {
    items.append(x)
    var i = items.count - 1
    while i > 0 && items[(i - 1) / 2] > items[i] {
      items.swapAt(i, (i - 1) / 2)
      i = (i - 1) / 2
    }
  }
  mutating func pop() -> Int? {
    guard let top = items.first else { return nil }
    let last = items.removeLast()
    guard !items.isEmpty else { return top }
    items[0] = last
    var i = 0
    while true {
      let l = 2 * i + 1, r = l + 1
      var m = i
      if l < items.count && items[l] < items[m] { m = l }
      if r < items.count && items[r] < items[m] { m = r }
      if m == i { return top }
      items.swapAt(i, m)
      i = m
    }
  }
}
