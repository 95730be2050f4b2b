import Foundation
import LottieJSON
import LottieModel

/// How layers are chosen: exact name, glob (`*`, `?`), `/regex/`, or `Comp › Layer` (a precomp
/// layer's name, then a layer inside the composition it uses).
package enum LayerSelector: Sendable, CustomStringConvertible {
  case exact(String)
  case glob(String)
  case regex(String)
  case keypath([String])

  package struct Invalid: Error, CustomStringConvertible, Sendable {
    package var description: String
  }

  package init(parsing text: String) throws(Invalid) {
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

  package var description: String {
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
      if i < p.count && (p[i] == "?" || p[i] == t[j]) {
        i += 1; j += 1
      } else if i < p.count && p[i] == "*" {
        star = i; mark = j; i += 1
      } else if star >= 0 {
        i = star + 1; mark += 1; j = mark
      } else {
        return false
      }
    }
    while i < p.count && p[i] == "*" { i += 1 }
    return i == p.count
  }
}

package struct StripOptions: Sendable {
  package enum DependentPolicy: Sendable { case refuse, cascade, detach }
  package var selectors: [LayerSelector] = []
  package var hidden = false
  /// Also the layers no player draws and nothing uses (`NeverDrawn`: hidden, nulls, opacity 0 or
  /// scale 0 in x and y throughout, outside the animation's frames), but cameras and precomps nothing uses
  /// (pruning removes those whole), and layers named in `keepNames`.
  package var neverDrawn = false
  package var keepNames: Set<String> = []
  package var policy: DependentPolicy = .refuse
  package var keepAssets = false
  package init() {}
}

/// What a strip will do to one file, and why. Built first (for `--dry-run` and for refusing),
/// then applied as surgical edits.
package struct StripPlan: Sendable {
  package struct Removal: Sendable {
    package let layer: Layer
    package let composition: String
    package let reason: String
  }
  package struct Dependent: Sendable {
    package let layer: Layer
    package let composition: String
    /// "parent", "matte", "matte source"
    package let kind: String
    package let on: Layer
  }
  package struct Change: Sendable {
    package let node: JSONNode
    package let replacement: JSONValue?
    package let description: String
  }

  package var removals: [Removal] = []
  /// Dependents that make a plain strip refuse.
  package var dependents: [Dependent] = []
  /// Edits made by --detach.
  package var changes: [Change] = []
  package var prunedAssets: [Asset] = []
  package var warnings: [String] = []
  /// True when dependents exist and no policy was given.
  package var refused: Bool { !dependents.isEmpty && policy == .refuse }
  package var policy: StripOptions.DependentPolicy = .refuse

  package var isEmpty: Bool { removals.isEmpty }
}

package enum Strip {
  /// Plans a strip over every composition of an animation.
  package static func plan(_ animation: Animation, options: StripOptions) -> StripPlan {
    var planner = StripPlanner(animation: animation, options: options)
    planner.select()
    planner.followDependents()
    planner.finishRemovals()
    planner.warnAboutExpressions()
    planner.pruneAssets()
    return planner.plan
  }

  /// With --detach, a child of a removed parent keeps its place on screen when the parent's
  /// transform is a static translation (no animation, scale 100, rotation 0, no own parent):
  /// its position gains the parent's offset. Otherwise the report says what changes.
  static func detachParent(_ layer: Layer, parent: Layer, comp: Composition, plan: inout StripPlan) {
    guard let parentNode = layer.node["parent"] else { return }
    plan.changes.append(StripPlan.Change(node: parentNode, replacement: nil, description: "\(layer.label): \"parent\" removed"))
    if let offset = staticTranslation(parent), parent.parentIndex == nil,
      let p = layer.transform?["p"], let k = p["k"], !AnimatedProperty(node: p).isAnimated, k.isArray,
      let x = k.element(at: 0)?.double, let y = k.element(at: 1)?.double
    {
      if offset == (0, 0) { return }  // the parent did not move it: nothing changes on screen
      var values: [JSONValue] = [.double(x + offset.0), .double(y + offset.1)]
      for extra in k.elements.dropFirst(2) { values.append(.raw(Array(extra.sourceBytes))) }
      plan.changes.append(
        StripPlan.Change(
          node: k, replacement: .array(values),
          description: "\(layer.label) keeps its position exactly: the parent's offset (\(offset.0.compactText), \(offset.1.compactText)) is added to it"))
    } else {
      plan.warnings.append(
        "\(layer.label) in \"\(comp.displayName)\" no longer follows \(parent.label): the parent's motion, rotation and scale are lost (they cannot be baked exactly)"
      )
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
      let r = staticVector("r", [0])
    else { return nil }
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
  package static func apply(_ plan: StripPlan, to document: JSONDocument) throws(JSONEditError) -> [UInt8] {
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
