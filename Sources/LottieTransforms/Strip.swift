import Foundation
import LottieJSON
import LottieModel

/// How layers are chosen: exact name, glob (`*`, `?`), `/regex/`, or `Comp › Layer` (a precomp
/// layer's name, then a layer inside the composition it uses).
public enum LayerSelector: Sendable, CustomStringConvertible {
  case exact(String)
  case glob(String)
  case regex(String)
  case keypath([String])

  public struct Invalid: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  public init(parsing text: String) throws(Invalid) {
    if text.count >= 2 && text.hasPrefix("/") && text.hasSuffix("/") {
      let pattern = String(text.dropFirst().dropLast())
      guard (try? NSRegularExpression(pattern: pattern)) != nil else {
        throw Invalid(description: "invalid regular expression /\(pattern)/")
      }
      self = .regex(pattern)
    } else if text.contains("›") {
      let parts = text.split(separator: "›").map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count >= 2, !parts.contains(where: \.isEmpty) else {
        throw Invalid(description: "a keypath needs names on both sides of ›, like \"Comp › Layer\"")
      }
      self = .keypath(parts)
    } else if text.contains("*") || text.contains("?") {
      self = .glob(text)
    } else {
      self = .exact(text)
    }
  }

  public var description: String {
    switch self {
    case .exact(let s): return s
    case .glob(let s): return s
    case .regex(let s): return "/\(s)/"
    case .keypath(let parts): return parts.joined(separator: " › ")
    }
  }

  func matchesName(_ name: String) -> Bool {
    switch self {
    case .exact(let s): return name == s
    case .glob(let g): return Self.glob(g, name)
    case .regex(let pattern):
      guard let re = try? NSRegularExpression(pattern: pattern) else { return false }
      return re.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    case .keypath: return false
    }
  }

  static func glob(_ pattern: String, _ s: String) -> Bool {
    let p = Array(pattern.unicodeScalars), t = Array(s.unicodeScalars)
    var i = 0, j = 0, star = -1, mark = 0
    while j < t.count {
      if i < p.count && (p[i] == "?" || p[i] == t[j]) { i += 1; j += 1 }
      else if i < p.count && p[i] == "*" { star = i; mark = j; i += 1 }
      else if star >= 0 { i = star + 1; mark += 1; j = mark }
      else { return false }
    }
    while i < p.count && p[i] == "*" { i += 1 }
    return i == p.count
  }
}

public struct StripOptions: Sendable {
  public enum DependentPolicy: Sendable { case refuse, cascade, detach }
  public var selectors: [LayerSelector] = []
  public var hidden = false
  public var policy: DependentPolicy = .refuse
  public var keepAssets = false
  public init() {}
}

/// What a strip will do to one file, and why. Built first (for `--dry-run` and for refusing),
/// then applied as surgical edits.
public struct StripPlan: Sendable {
  public struct Removal: Sendable {
    public let layer: Layer
    public let composition: String
    public let reason: String
  }
  public struct Dependent: Sendable {
    public let layer: Layer
    public let composition: String
    /// "parent", "matte", "matte source"
    public let kind: String
    public let on: Layer
  }
  public struct Change: Sendable {
    public let node: JSONNode
    public let replacement: JSONValue?
    public let description: String
  }

  public var removals: [Removal] = []
  /// Dependents that make a plain strip refuse.
  public var dependents: [Dependent] = []
  /// Edits made by --detach.
  public var changes: [Change] = []
  public var prunedAssets: [Asset] = []
  public var warnings: [String] = []
  /// True when dependents exist and no policy was given.
  public var refused: Bool { !dependents.isEmpty && policy == .refuse }
  public var policy: StripOptions.DependentPolicy = .refuse

  public var isEmpty: Bool { removals.isEmpty }
}

public enum Strip {
  /// Plans a strip over every composition of an animation.
  public static func plan(_ animation: Animation, options: StripOptions) -> StripPlan {
    var plan = StripPlan()
    plan.policy = options.policy
    let compositions = animation.compositions
    // Layers by tape index, with their composition.
    var removed: [Int: StripPlan.Removal] = [:]
    var order: [Int] = []
    func remove(_ layer: Layer, _ comp: Composition, _ reason: String) {
      guard removed[Int(layer.node.id.raw)] == nil else { return }
      removed[Int(layer.node.id.raw)] = StripPlan.Removal(layer: layer, composition: comp.displayName, reason: reason)
      order.append(Int(layer.node.id.raw))
    }

    // 1. Selection.
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

    // 2. Dependents, to a fixed point with --cascade.
    var detachedChildren = Set<Int>()
    var changed = false
    func handle(_ layer: Layer, _ comp: Composition, kind: String, on: Layer, key: Int) {
      switch options.policy {
      case .refuse:
        if !plan.dependents.contains(where: { $0.layer.node == layer.node && $0.kind == kind }) {
          plan.dependents.append(StripPlan.Dependent(layer: layer, composition: comp.displayName, kind: kind, on: on))
        }
      case .cascade:
        remove(layer, comp, "\(kind == "parent" ? "child" : "matted layer") of removed \(on.label)")
        changed = true
      case .detach:
        guard !detachedChildren.contains(key * 4 + (kind == "parent" ? 0 : 1)) else { return }
        detachedChildren.insert(key * 4 + (kind == "parent" ? 0 : 1))
        if kind == "parent" {
          detachParent(layer, parent: on, comp: comp, plan: &plan)
        } else {
          if let tt = layer.node["tt"] {
            plan.changes.append(StripPlan.Change(node: tt, replacement: nil,
                                                 description: "\(layer.label) loses its track matte (\(on.label) is removed): it is drawn unmatted"))
          }
          if let tp = layer.node["tp"] {
            plan.changes.append(StripPlan.Change(node: tp, replacement: nil, description: "\(layer.label): \"tp\" removed"))
          }
        }
      }
    }

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
            if let tp = layer.matteParent { source = byIndex[tp] }
            else if layer.position > 0 { source = layers[layer.position - 1] }
            if let s = source, removed[Int(s.node.id.raw)] != nil {
              handle(layer, comp, kind: "matte", on: s, key: key)
            }
          }
          // Matted layer removed: its matte source is orphaned (never drawn on its own).
          if layer.isMatteSource {
            let users = layers.filter { m in
              guard let tt = m.matteModeCode, tt != 0 else { return false }
              if let tp = m.matteParent { return tp == layer.index }
              return m.position == layer.position + 1
            }
            if !users.isEmpty && users.allSatisfy({ removed[Int($0.node.id.raw)] != nil }), let user = users.first {
              // An orphaned matte source is invisible: removing it changes no pixel, so both
              // --cascade and --detach remove it; a plain strip lists it.
              if options.policy == .refuse {
                plan.dependents.append(StripPlan.Dependent(layer: layer, composition: comp.displayName, kind: "matte source", on: user))
              } else {
                remove(layer, comp, "matte source of removed \(user.label), never drawn on its own")
                changed = true
              }
            }
          }
        }
      }
    }

    plan.removals = order.compactMap { removed[$0] }
    // A change inside a layer that is removed anyway is moot (and would overlap the removal).
    let removedSpans = plan.removals.map(\.layer.node.span)
    plan.changes = plan.changes.filter { c in !removedSpans.contains { $0.contains(c.node.span.lowerBound) } }

    // 3. Expressions that mention a removed layer by name.
    let removedNames = Set(plan.removals.compactMap { $0.layer.name }.filter { !$0.isEmpty })
    if !removedNames.isEmpty {
      animation.forEachLayer { visit in
        guard removed[Int(visit.layer.node.id.raw)] == nil else { return }
        for i in visit.layer.node.subtreeRange {
          let n = animation.document.node(JSONNode.ID(raw: UInt32(i)))
          guard n.isString, !n.isKey, n.key == "x", let text = n.string else { continue }
          for name in removedNames.sorted() where text.contains("\"\(name)\"") || text.contains("'\(name)'") {
            plan.warnings.append("the expression at \(n.pointer) in \"\(visit.path.joined(separator: " › "))\" mentions removed layer \"\(name)\"")
          }
        }
      }
    }

    // 4. Assets that become unused.
    if !options.keepAssets && !plan.removals.isEmpty {
      plan.prunedAssets = newlyUnusedAssets(animation, removed: Set(removed.keys))
      // Removals inside pruned precomps go with their asset.
      let prunedSpans = plan.prunedAssets.map(\.node.span)
      plan.removals = plan.removals.filter { r in !prunedSpans.contains { $0.contains(r.layer.node.span.lowerBound) } }
      plan.changes = plan.changes.filter { c in !prunedSpans.contains { $0.contains(c.node.span.lowerBound) } }
    }
    return plan
  }

  /// With --detach, a child of a removed parent keeps its place on screen when the parent's
  /// transform is a static translation (no animation, scale 100, rotation 0, no own parent):
  /// its position gains the parent's offset. Otherwise the report says what changes.
  static func detachParent(_ layer: Layer, parent: Layer, comp: Composition, plan: inout StripPlan) {
    guard let parentNode = layer.node["parent"] else { return }
    plan.changes.append(StripPlan.Change(node: parentNode, replacement: nil, description: "\(layer.label): \"parent\" removed"))
    if let offset = staticTranslation(parent), parent.parentIndex == nil,
       let p = layer.transform?["p"], let k = p["k"], !AnimatedProperty(node: p).isAnimated, k.isArray,
       let x = k.element(at: 0)?.double, let y = k.element(at: 1)?.double {
      if offset == (0, 0) { return }  // the parent did not move it: nothing changes on screen
      var values: [JSONValue] = [.double(x + offset.0), .double(y + offset.1)]
      for extra in k.elements.dropFirst(2) { values.append(.raw(Array(extra.sourceBytes))) }
      plan.changes.append(StripPlan.Change(node: k, replacement: .array(values),
                                           description: "\(layer.label) keeps its position exactly: the parent's offset (\(offset.0.compactText), \(offset.1.compactText)) is added to it"))
    } else {
      plan.warnings.append("\(layer.label) in \"\(comp.displayName)\" no longer follows \(parent.label): the parent's motion, rotation and scale are lost (they cannot be baked exactly)")
    }
  }

  /// The parent's offset when its transform is a static translation.
  static func staticTranslation(_ layer: Layer) -> (Double, Double)? {
    guard let ks = layer.transform, ks.isObject else { return (0, 0) }
    func staticVector(_ key: String, _ defaultValue: [Double]) -> [Double]? {
      guard let prop = ks[key] else { return defaultValue }
      guard prop.isObject, !AnimatedProperty(node: prop).isAnimated, let k = prop["k"] else { return nil }
      if let d = k.double { return [d] }
      guard k.isArray else { return nil }
      return k.elements.map { $0.double ?? .nan }
    }
    guard let a = staticVector("a", [0, 0]), let p = staticVector("p", [0, 0]), let s = staticVector("s", [100, 100]),
          let r = staticVector("r", [0]) else { return nil }
    if ks["p"]?["s"]?.truthy == true { return nil }  // split position
    guard a.count >= 2, p.count >= 2, s.count >= 2, s[0] == 100, s[1] == 100, (r.first ?? 0) == 0 else { return nil }
    if ks["rz"] != nil || ks["sk"]?["k"]?.double.map({ $0 != 0 }) == true { return nil }
    guard p[0].isFinite, p[1].isFinite, a[0].isFinite, a[1].isFinite else { return nil }
    return (p[0] - a[0], p[1] - a[1])
  }

  /// Assets used before the strip but not after, following precomps from the root.
  static func newlyUnusedAssets(_ animation: Animation, removed: Set<Int>) -> [Asset] {
    func used(excluding: Set<Int>) -> Set<String> {
      var result = Set<String>()
      var queue: [Composition] = [animation.rootComposition]
      var seen = Set<String>()
      while let comp = queue.popLast() {
        for layer in comp.layers where !excluding.contains(Int(layer.node.id.raw)) {
          guard let ref = layer.refId else { continue }
          result.insert(ref)
          if layer.typeCode == 0, !seen.contains(ref), let inner = animation.composition(id: ref) {
            seen.insert(ref)
            queue.append(inner)
          }
        }
      }
      return result
    }
    let before = used(excluding: [])
    let after = used(excluding: removed)
    return animation.assets.filter { a in
      guard let id = a.id, a.isPrecomp || a.isImage else { return false }
      return before.contains(id) && !after.contains(id)
    }
  }

  /// Applies a plan as surgical edits (removals, detach changes, pruned assets).
  public static func apply(_ plan: StripPlan, to document: JSONDocument) throws(JSONEditError) -> [UInt8] {
    if plan.isEmpty && plan.prunedAssets.isEmpty { return document.bytes }
    var edits = JSONEdits(document)
    for r in plan.removals { try edits.remove(r.layer.node) }
    for a in plan.prunedAssets { try edits.remove(a.node) }
    for c in plan.changes {
      if let value = c.replacement {
        edits.replace(c.node, with: value)
      } else {
        try edits.remove(c.node)
      }
    }
    return try edits.apply()
  }
}

