import LottieJSON

/// Slots (Lottie 1.0.1): the top-level `slots` object maps a slot id to `{"p": property}`, and a
/// property with `"sid": "id"` takes that property's value when a player applies slots (lottie-web
/// merges `p` over the property, ThorVG overrides it) and keeps its own otherwise.
public struct SlotUse: Sendable {
  /// The `sid` string.
  public let sid: JSONNode
  /// The property that carries it.
  public let property: JSONNode
}

extension Animation {
  /// The `slots` object's members by id (empty when there is none).
  public var slotsByID: [String: JSONNode] {
    guard let slots = root["slots"], slots.isObject else { return [:] }
    var out: [String: JSONNode] = [:]
    for m in slots.members { out[m.key] = m.value }
    return out
  }

  /// Every `sid` on a property (an object with `k` or `a`), in file order.
  public var slotUses: [SlotUse] {
    let doc = document
    return doc.keyIndices(named: "sid", in: root.subtreeRange).compactMap { keyIndex in
      let value = doc.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
      guard value.isString, let owner = value.parent, owner.isObject else { return nil }
      // The `slots` object's own contents are not uses.
      if owner.parent?.key == "slots" || owner.parent?.parent?.key == "slots" { return nil }
      return SlotUse(sid: value, property: owner)
    }
  }
}

/// The shape of a property value for comparing a slot with the property it fills: a number, an
/// array of `count` numbers, keyframes, a path (bezier object), text document keyframes, other.
public enum ValueShape: Equatable, Sendable, CustomStringConvertible {
  case number, numbers(Int), keyframes, path, other(String)

  public init(_ k: JSONNode) {
    if k.isNumber { self = .number; return }
    if k.isArray {
      if let first = k.element(at: 0), first.isObject { self = first["t"] != nil ? .keyframes : .other("an array of objects"); return }
      self = .numbers(k.count)
      return
    }
    if k.isObject, k["v"] != nil || k["i"] != nil { self = .path; return }
    self = .other(k.isString ? "a string" : k.isObject ? "an object" : "\(k.kind)")
  }

  public var description: String {
    switch self {
    case .number: return "a number"
    case .numbers(let n): return "\(n) numbers"
    case .keyframes: return "keyframes"
    case .path: return "a path"
    case .other(let s): return s
    }
  }

  /// Whether a slot value of this shape can stand for a property value of `other`'s: keyframes
  /// stand for any animated or static value of the same property and vice versa; colours may
  /// have 3 or 4 components.
  public func fits(_ other: ValueShape) -> Bool {
    if self == other || self == .keyframes || other == .keyframes { return true }
    if case .numbers(let a) = self, case .numbers(let b) = other { return Set([a, b]).isSubset(of: [3, 4]) || Set([a, b]).isSubset(of: [2, 3]) }
    return false
  }
}
