import Testing
import LottieJSON
import LottieModel
@testable import LottieTransforms

/// Strip follows dependents with a queue of due visits instead of whole passes (#22: under
/// --cascade, a chain of children listed before their parents cost its length squared). Removals,
/// listed dependents and detachments must come in the order the passes chose them: the oracle is
/// the pass-by-pass fixed point, written out literally over plain arrays, compared on random layer
/// graphs (parents, track mattes with and without `tp`, repeated and missing `ind`s, every policy).
@Suite("strip: order of removals and dependents")
struct StripCascadeOrderTests {
  struct Spec {
    var ind: Int?
    var parent: Int?
    var tt = 0
    var tp: Int?
    var td = false
    var selected = false
  }

  /// The old planner written out literally over plain arrays: every layer in order, pass after
  /// pass until one removes nothing. Returns the removals in order and what the policy records
  /// ("position kind": the dependents a plain strip lists, the detachments --detach makes).
  static func oracle(_ layers: [Spec], _ policy: StripOptions.DependentPolicy) -> (removals: [Int], events: [String]) {
    var order: [Int] = []
    var removed = Set<Int>()
    var events: [String] = []
    var recorded = Set<String>()
    func remove(_ i: Int) { if removed.insert(i).inserted { order.append(i) } }
    for i in layers.indices where layers[i].selected { remove(i) }
    func first(_ ind: Int) -> Int? { layers.firstIndex { $0.ind == ind } }
    var changed = true
    // A dependent: listed once per kind (refuse), removed (cascade) or detached once per kind.
    func depends(_ i: Int, _ kind: String) {
      switch policy {
      case .refuse, .detach: if recorded.insert("\(i) \(kind)").inserted { events.append("\(i) \(kind)") }
      case .cascade:
        remove(i)
        changed = true
      }
    }
    while changed {
      changed = false
      for i in layers.indices where !removed.contains(i) {
        let l = layers[i]
        if let p = l.parent, let parent = first(p), removed.contains(parent) { depends(i, "parent") }
        if l.tt != 0, let s = l.tp.map(first) ?? (i > 0 ? i - 1 : nil), removed.contains(s) { depends(i, "matte") }
        if l.td {
          let users = layers.indices.filter { m in
            guard layers[m].tt != 0 else { return false }
            if let tp = layers[m].tp { return layers[i].ind == tp }
            return m == i + 1
          }
          if !users.isEmpty && users.allSatisfy(removed.contains) {
            if policy == .refuse {
              events.append("\(i) matte source")
            } else {
              remove(i)
              changed = true
            }
          }
        }
      }
    }
    return (order, events)
  }

  static func json(_ layers: [Spec]) -> String {
    let items = layers.enumerated().map { i, l in
      var members = [#""ty":3"#, #""nm":"\#(l.selected ? "S" : "K")\#(i)""#, #""ip":0"#, #""op":60"#, #""ks":{}"#]
      if let ind = l.ind { members.append(#""ind":\#(ind)"#) }
      if let p = l.parent { members.append(#""parent":\#(p)"#) }
      if l.tt != 0 { members.append(#""tt":\#(l.tt)"#) }
      if let tp = l.tp { members.append(#""tp":\#(tp)"#) }
      if l.td { members.append(#""td":1"#) }
      return "{" + members.joined(separator: ",") + "}"
    }
    return #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + items.joined(separator: ",") + "]}"
  }

  @Test(arguments: [StripOptions.DependentPolicy.cascade, .refuse, .detach])
  func matchesThePassByPassOrder(_ policy: StripOptions.DependentPolicy) throws {
    // A fixed linear congruential sequence, so a failure can be replayed.
    var state: UInt64 = 22
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    var nontrivial = 0
    for _ in 0..<2_000 {
      let count = Int(next() % 14) + 1
      var layers: [Spec] = []
      for _ in 0..<count {
        var s = Spec()
        s.ind = next() % 8 == 0 ? nil : Int(next() % UInt64(count + 2))
        if next() % 2 == 0 { s.parent = Int(next() % UInt64(count + 2)) }
        if next() % 3 == 0 { s.tt = 1 + Int(next() % 4) }
        if s.tt != 0 && next() % 3 == 0 { s.tp = Int(next() % UInt64(count + 2)) }
        s.td = next() % 4 == 0
        s.selected = next() % 6 == 0
        layers.append(s)
      }
      let expected = Self.oracle(layers, policy)
      let doc = try JSONDocument(parsing: Self.json(layers))
      var options = StripOptions()
      options.selectors = [try LayerSelector(parsing: "S*")]
      options.policy = policy
      let plan = Strip.plan(Animation(document: doc), options: options)
      #expect(plan.removals.map(\.layer.position) == expected.removals, "\(Self.json(layers))")
      switch policy {
      case .cascade:
        if expected.removals.count > layers.filter(\.selected).count { nontrivial += 1 }
      case .refuse:
        #expect(plan.dependents.map { "\($0.layer.position) \($0.kind)" } == expected.events, "\(Self.json(layers))")
        if !expected.events.isEmpty { nontrivial += 1 }
      case .detach:
        // Each detachment edits the layer's "parent" or "tt" (a change inside a layer removed
        // in the end is dropped with it).
        let kept = Set(layers.indices).subtracting(expected.removals)
        let detached = expected.events.filter { kept.contains(Int($0.split(separator: " ")[0])!) }
        let changes = plan.changes.compactMap { change -> String? in
          guard let layer = change.node.parent, let position = layer.arrayIndex else { return nil }
          switch change.node.key {
          case "parent": return "\(position) parent"
          case "tt": return "\(position) matte"
          default: return nil
          }
        }
        #expect(changes == detached, "\(Self.json(layers))")
        if !detached.isEmpty { nontrivial += 1 }
      }
    }
    // The random graphs exercise the policy: hundreds of draws cascade, list or detach something.
    #expect(nontrivial > 300)
  }
}
