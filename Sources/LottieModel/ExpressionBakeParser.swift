import LottieJSON

/// Reads one expression of `ExpressionBake`'s forms into its value; nil for anything else.
struct Parser {
  typealias Value = ExpressionBake.Value
  let tokens: [Token]
  var at = 0
  let context: ExpressionBake.Context

  init(tokens: [Token], context: ExpressionBake.Context) {
    self.tokens = tokens
    self.context = context
  }

  var atEnd: Bool { at == tokens.count }
  var peek: Token? { at < tokens.count ? tokens[at] : nil }
  mutating func take(_ mark: Character) -> Bool {
    guard peek == .mark(mark) else { return false }
    at += 1
    return true
  }

  static let arithmetic: Set<String> = ["mul", "div", "sum", "add", "sub", "$bm_mul", "$bm_div", "$bm_sum", "$bm_sub"]

  mutating func expression(depth: Int = 0) -> Value? {
    guard depth < 32, let token = peek else { return nil }
    switch token {
    case .number(let v):
      at += 1
      return .numbers([v])
    case .mark("-"):
      at += 1
      guard case .number(let v)? = peek else { return nil }
      at += 1
      return .numbers([-v])
    case .mark("["):
      at += 1
      var all: [Double] = []
      repeat {
        guard case .numbers(let v)? = expression(depth: depth + 1), v.count == 1 else { return nil }
        all += v
      } while take(",")
      return take("]") ? .numbers(all) : nil
    case .name(let name) where Self.arithmetic.contains(name):
      at += 1
      guard take("("), let a = expression(depth: depth + 1), take(","), let b = expression(depth: depth + 1), take(")") else { return nil }
      return Self.combine(name.hasPrefix("$bm_") ? String(name.dropFirst(4)) : name, a, b)
    case .name("loopOut"), .name("loop_out"):
      at += 1
      guard take("(") else { return nil }
      if case .text(let kind)? = peek {
        guard kind == "cycle" else { return nil }
        at += 1
        if take(",") {
          guard case .number(0)? = peek else { return nil }
          at += 1
        }
      }
      return take(")") && AnimatedProperty(node: context.property).isAnimated ? .cycle : nil
    case .name("time"):
      at += 1
      return .time(perSecond: 1, offset: 0)
    case .name("index"):
      at += 1
      return context.layer.index.map { .numbers([Double($0)]) }
    case .name("value"):
      at += 1
      return .linked(context.property, scale: 1, offset: 0)
    case .name:
      return chain()
    default:
      return nil
    }
  }

  /// `op(a, b)` with one side a number.
  static func combine(_ op: String, _ a: Value, _ b: Value) -> Value? {
    func scalar(_ v: Value) -> Double? {
      if case .numbers(let n) = v, n.count == 1 { return n[0] }
      return nil
    }
    func affine(_ v: Value, _ scale: Double, _ offset: Double) -> Value? {
      switch v {
      // lottie-web adds a number to a vector's first element only: a sum is known for one.
      case .numbers(let n): return offset != 0 && n.count != 1 ? nil : .numbers(n.map { $0 * scale + offset })
      case .linked(let p, let s, let o): return .linked(p, scale: s * scale, offset: o * scale + offset)
      case .time(let s, let o): return .time(perSecond: s * scale, offset: o * scale + offset)
      case .cycle, .bounce: return nil
      }
    }
    switch op {
    case "mul":
      if let c = scalar(b) { return affine(a, c, 0) }
      if let c = scalar(a) { return affine(b, c, 0) }
    case "div":
      if let c = scalar(b), c != 0 { return affine(a, 1 / c, 0) }
    case "sum", "add":
      if let c = scalar(b) { return affine(a, 1, c) }
      if let c = scalar(a) { return affine(b, 1, c) }
    case "sub":
      if let c = scalar(b) { return affine(a, 1, -c) }
      if let c = scalar(a) { return affine(b, -1, c) }
    default: break
    }
    return nil
  }

  /// Where a chain of accessors has got to.
  enum Place {
    case layer(Layer)
    /// A shape item (a group's contents are its `it`).
    case item(JSONNode, Layer)
    case transform(JSONNode, Layer)
    case effects(Layer)
    case effect(JSONNode, Layer)
    case property(JSONNode, Layer)
  }

  /// An argument: a name or a 1-based number.
  enum Argument {
    case name(String)
    case number(Int)
  }

  mutating func argument() -> Argument? {
    guard take("(") else { return nil }
    var result: Argument?
    switch peek {
    case .text(let s)?: result = .name(s)
    case .number(let v)? where v >= 1 && v < 1e6 && v == v.rounded(): result = .number(Int(v))
    default: return nil
    }
    at += 1
    return take(")") ? result : nil
  }

  mutating func chain() -> Value? {
    guard case .name(let head)? = peek else { return nil }
    let own = context.layer
    var place: Place
    switch head {
    case "thisComp":
      at += 1
      guard take("."), case .name(let what)? = peek else { return nil }
      at += 1
      if what == "width" || what == "height" {
        guard context.composition.isRoot, let v = context.animation.root[what == "width" ? "w" : "h"]?.double else { return nil }
        return .numbers([v])
      }
      guard what == "layer", case .name(let name)? = argument() else { return nil }
      guard let found = context.layers.byName[name] else { return nil }
      place = .layer(found)
    case "thisLayer":
      at += 1
      place = .layer(own)
    case "parent":
      at += 1
      guard let p = own.parentIndex, let found = context.layers.byIndex[p] else { return nil }
      place = .layer(found)
    case "content", "effect", "transform":
      at += 1
      place = .layer(own)
      guard let next = step(place, name: head) else { return nil }
      place = next
    default:
      return nil
    }
    while let token = peek {
      if token == .mark(".") {
        at += 1
        guard case .name(let name)? = peek else { return nil }
        at += 1
        if name == "value", case .property = place { continue }
        guard let next = step(place, name: name) else { return nil }
        place = next
      } else if token == .mark("(") {
        guard let next = step(place, name: nil) else { return nil }
        place = next
      } else {
        break
      }
    }
    guard case .property(let p, let layer) = place else { return nil }
    return linked(p, in: layer)
  }

  /// A property of `layer` as this expression reads it: on the same clock (neither layer
  /// stretched in time; their start times do not matter: `ExpressionBake.clock`), and not itself
  /// computed by an expression.
  func linked(_ p: JSONNode, in layer: Layer) -> Value? {
    let own = context.layer
    // A linked property with an expression of its own: its value is that expression's, read
    // over the linking layer's time, not its own (a loop judged inert there may not be here).
    if p != context.property, p["x"] != nil { return nil }
    if layer.node != own.node, AnimatedProperty(node: p).isAnimated {
      guard (layer.timeStretch ?? 1) == 1, (own.timeStretch ?? 1) == 1 else { return nil }
    }
    return .linked(p, scale: 1, offset: 0)
  }

  /// One accessor: `.name`, `.name(argument)` or `(argument)`.
  mutating func step(_ place: Place, name: String?) -> Place? {
    let call: Argument?
    if peek == .mark("(") {
      guard let a = argument() else { return nil }
      call = a
    } else {
      call = nil
    }
    return Self.step(place, name: name, call)
  }

  static let itemKeys: [String: [String: String]] = [
    "sh": ["path": "ks", "Path": "ks"],
    "el": ["size": "s", "Size": "s", "position": "p", "Position": "p"],
    "rc": ["size": "s", "Size": "s", "position": "p", "Position": "p", "roundness": "r", "Roundness": "r"],
    "fl": ["color": "c", "Color": "c", "opacity": "o", "Opacity": "o"],
    "st": ["color": "c", "Color": "c", "opacity": "o", "Opacity": "o", "strokeWidth": "w", "Stroke Width": "w"],
    "tm": ["start": "s", "Start": "s", "end": "e", "End": "e", "offset": "o", "Offset": "o"]
  ]

  static func find(_ list: JSONNode?, _ argument: Argument) -> JSONNode? {
    // A list longer than any After Effects writes is not searched (links times items).
    guard let list, list.isArray, list.count <= 10_000 else { return nil }
    switch argument {
    case .number(let n): return list.element(at: n - 1)
    case .name(let s): return list.elements.first { $0["nm"]?.string == s || $0["mn"]?.string == s }
    }
  }

  static func step(_ place: Place, name: String?, _ call: Argument?) -> Place? {
    // `('Transform')` and `.transform` are the same accessor; so are `('Contents')` and nothing.
    var name = name, call = call
    if name == nil, case .name(let s)? = call {
      if s == "Transform" || s == "ADBE Transform Group" || s == "ADBE Vector Transform Group" {
        name = "transform"
        call = nil
      } else if s == "Contents" || s == "ADBE Root Vectors Group" || s == "ADBE Vectors Group" {
        switch place {
        case .layer, .item: return place
        default: return nil
        }
      } else if s == "Effects" || s == "ADBE Effect Parade" {
        if case .layer(let l) = place { return .effects(l) }
        return nil
      }
    }
    switch place {
    case .layer(let l):
      if name == "transform", call == nil { return l.node["ks"].map { .transform($0, l) } }
      if name == "effect", let call { return find(l.node["ef"], call).map { .effect($0, l) } }
      if name == "content" || name == nil, let call { return find(l.node["shapes"], call).map { .item($0, l) } }
      if let name, call == nil, let key = ExpressionEffect.transformKeys[name] { return l.node["ks"]?[key].map { .property($0, l) } }
    case .effects(let l):
      if name == nil, let call { return find(l.node["ef"], call).map { .effect($0, l) } }
    case .item(let node, let l):
      if node["ty"]?.string == "gr" {
        if name == "transform", call == nil {
          return node["it"]?.elements.first { $0["ty"]?.string == "tr" }.map { .transform($0, l) }
        }
        if name == "content" || name == nil, let call { return find(node["it"], call).map { .item($0, l) } }
      } else if let name = name ?? call.flatMap({ if case .name(let s) = $0 { s } else { nil } }),
        let ty = node["ty"]?.string, let key = itemKeys[ty]?[name], let p = node[key]
      {
        return .property(p, l)
      }
    case .transform(let node, let l):
      if let name = name ?? call.flatMap({ if case .name(let s) = $0 { s } else { nil } }), let key = ExpressionEffect.transformKeys[name], let p = node[key] {
        return .property(p, l)
      }
    case .effect(let node, let l):
      if name == nil, let call { return find(node["ef"], call).flatMap { $0["v"] }.map { .property($0, l) } }
    case .property:
      break
    }
    return nil
  }
}
