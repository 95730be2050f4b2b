import Foundation
import LottieJSON

/// One place where a document breaks the schema: the value, what is wrong, and the schema rule.
struct SchemaViolation {
  let instance: JSONNode
  let message: String
  /// Where the broken constraint is in the schema (`#/$defs/layers/shape-layer/allOf/1/required`).
  let schemaPath: String
}

/// Evaluates a JSON Schema (the draft 2020-12 keywords the Lottie schema uses: `$ref`, `type`,
/// `const`, `enum`, `minimum`, `maximum`, `minItems`, `maxItems`, `pattern`, `required`,
/// `properties`, `items`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`; annotations are
/// ignored) over a parsed document, and reports the violations at the values that cause them.
///
/// A failing `oneOf` is explained by the one form it was meant to be: the branches whose `const`
/// properties (the discriminators, such as a layer's `ty` or a property's `a`) agree with the value
/// are the candidates; when exactly one remains, its own violations are reported, otherwise one
/// violation at the value lists the forms. Branches whose discriminator disagrees cannot match and
/// are not evaluated, which keeps a layer from being checked once per layer type.
final class SchemaValidator {
  let schema: JSONDocument
  private var refs: [String: JSONNode] = [:]
  private var patterns: [Int: NSRegularExpression?] = [:]
  private var discriminatorCache: [Int: [(key: String, value: JSONNode)]] = [:]
  /// Each subschema's keywords (SchemaKeywords), by the subschema's offset.
  private var compiled: [Int: SchemaKeywords] = [:]

  init(schema: JSONDocument) { self.schema = schema }

  func violations(of instance: JSONNode) -> [SchemaViolation] {
    var out: [SchemaViolation] = []
    _ = evaluate(schema.root, instance, path: "#", collect: &out, collecting: true)
    return out
  }

  /// Whether `instance` is valid against `node`; when `collecting`, the violations are appended
  /// to `collect` (otherwise it stops at the first one).
  private func evaluate(
    _ node: JSONNode, _ instance: JSONNode, path: String,
    collect: inout [SchemaViolation], collecting: Bool
  ) -> Bool {
    let node = keywords(node)
    if let b = node.bool { return b || fail(instance, "is not allowed here", path, &collect, collecting) }
    guard node.isObject else { return true }
    var valid = true
    func sub(_ key: String) -> String { collecting ? path + "/" + key : "" }

    if let (ref, target) = node.ref {
      valid = evaluate(target, instance, path: collecting ? ref : "", collect: &collect, collecting: collecting) && valid
      if !valid && !collecting { return false }
    }
    if let type = node.type, !matchesType(type, instance) {
      valid = fail(
        instance, "must be \(type.map(Self.article).joined(separator: " or ")), not \(Self.describe(instance))",
        sub("type"), &collect, collecting)
      // The other keywords are about values of the right type: stop here.
      return false
    }
    var scope = Scope(path: path, collecting: collecting, valid: valid)
    guard valueKeywords(node, instance, &scope, &collect), arrayKeywords(node, instance, &scope, &collect),
      patternKeyword(node, instance, &scope, &collect), objectKeywords(node, instance, &scope, &collect),
      combinators(node, instance, &scope, &collect)
    else { return false }
    return scope.valid
  }

  /// const, enum, minimum and maximum. Returns false to stop (not collecting, and invalid).
  private func valueKeywords(_ node: SchemaKeywords, _ instance: JSONNode, _ scope: inout Scope, _ collect: inout [SchemaViolation]) -> Bool {
    if let c = node.const, !Self.equal(c, instance) {
      guard scope.violation(instance, "must be \(c.sourceText), not \(Self.describe(instance))", at: "const", &collect) else {
        return false
      }
    }
    if let e = node.enumeration, !e.contains(where: { Self.equal($0, instance) }) {
      let allowed = e.map(\.sourceText).joined(separator: ", ")
      guard scope.violation(instance, "must be one of \(allowed), not \(Self.describe(instance))", at: "enum", &collect) else {
        return false
      }
    }
    if instance.isNumber, let v = instance.double {
      if let m = node.minimum?.double, v < m {
        guard
          scope.violation(instance, "must be at least \(node.minimum?.sourceText ?? ""), not \(instance.sourceText)", at: "minimum", &collect)
        else { return false }
      }
      if let m = node.maximum?.double, v > m {
        guard
          scope.violation(instance, "must be at most \(node.maximum?.sourceText ?? ""), not \(instance.sourceText)", at: "maximum", &collect)
        else { return false }
      }
    }
    return true
  }

  /// minItems, maxItems and items. Returns false to stop (not collecting, and invalid).
  private func arrayKeywords(_ node: SchemaKeywords, _ instance: JSONNode, _ scope: inout Scope, _ collect: inout [SchemaViolation]) -> Bool {
    if instance.isArray {
      if let m = node.minItems, instance.count < m {
        guard
          scope.violation(instance, "must have at least \(m) element\(m == 1 ? "" : "s"), not \(instance.count)", at: "minItems", &collect)
        else { return false }
      }
      if let m = node.maxItems, instance.count > m {
        guard
          scope.violation(instance, "must have at most \(m) element\(m == 1 ? "" : "s"), not \(instance.count)", at: "maxItems", &collect)
        else { return false }
      }
      if let items = node.items {
        for (k, element) in instance.elements.enumerated() {
          let itemPath = scope.collecting ? scope.sub("items") + "[\(k)]" : ""
          guard also(items, element, path: itemPath, &scope, &collect) else { return false }
        }
      }
    }
    return true
  }

  /// pattern. Returns false to stop (not collecting, and invalid).
  private func patternKeyword(_ node: SchemaKeywords, _ instance: JSONNode, _ scope: inout Scope, _ collect: inout [SchemaViolation]) -> Bool {
    if instance.isString, let p = node.pattern, let regex = pattern(p), let text = instance.string,
      regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
    {
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      guard scope.violation(instance, "\"\(shown)\" does not match the pattern \(p.string ?? "")", at: "pattern", &collect) else {
        return false
      }
    }
    return true
  }

  /// required and properties. Returns false to stop (not collecting, and invalid).
  private func objectKeywords(_ node: SchemaKeywords, _ instance: JSONNode, _ scope: inout Scope, _ collect: inout [SchemaViolation]) -> Bool {
    if instance.isObject {
      if let required = node.required {
        for key in required where instance[key] == nil {
          guard scope.violation(instance, "\"\(key)\" is required here", at: "required", &collect) else { return false }
        }
      }
      if let properties = node.properties {
        for member in properties {
          guard let value = instance[member.key] else { continue }
          let propertyPath = scope.sub("properties/\(member.key)")
          guard also(member.value, value, path: propertyPath, &scope, &collect) else { return false }
        }
      }
    }
    return true
  }

  /// allOf, anyOf, oneOf, not and if/then/else. Returns false to stop (not collecting, and invalid).
  private func combinators(_ node: SchemaKeywords, _ instance: JSONNode, _ scope: inout Scope, _ collect: inout [SchemaViolation]) -> Bool {
    if let all = node.allOf {
      for (k, branch) in all.enumerated() {
        guard also(branch, instance, path: scope.sub("allOf/\(k)"), &scope, &collect) else { return false }
      }
    }
    if let any = node.anyOf {
      var none: [SchemaViolation] = []
      if !any.contains(where: { evaluate($0, instance, path: "", collect: &none, collecting: false) }) {
        guard scope.violation(instance, "matches none of the \(any.count) forms allowed here", at: "anyOf", &collect) else {
          return false
        }
      }
    }
    if let one = node.oneOf {
      if !oneOf(one, instance, path: scope.sub("oneOf"), collect: &collect, collecting: scope.collecting) {
        scope.valid = false
        if !scope.collecting { return false }
      }
    }
    if let not = node.not {
      var none: [SchemaViolation] = []
      if evaluate(not, instance, path: "", collect: &none, collecting: false) {
        guard scope.violation(instance, "has a form that is not allowed here", at: "not", &collect) else { return false }
      }
    }
    if let condition = node.condition {
      var none: [SchemaViolation] = []
      let holds = evaluate(condition, instance, path: "", collect: &none, collecting: false)
      if let branch = holds ? node.then : node.otherwise,
        !also(branch, instance, path: scope.sub(holds ? "then" : "else"), &scope, &collect)
      {
        return false
      }
    }
    return true
  }

  private func oneOf(
    _ one: JSONNode, _ instance: JSONNode, path: String,
    collect: inout [SchemaViolation], collecting: Bool
  ) -> Bool {
    let branches = Array(one.elements)
    // Candidates: branches whose discriminators agree with the value; with how many of them the
    // value names explicitly (a layer's `ty: 4` names the shape layer; the catch-all names none).
    var candidates: [(index: Int, named: Int)] = []
    for k in branches.indices {
      guard instance.isObject else { candidates.append((k, 0)); continue }
      var named = 0
      var agrees = true
      for d in discriminators(branches[k]) {
        guard let value = instance[d.key] else { continue }
        if Self.equal(d.value, value) { named += 1 } else { agrees = false; break }
      }
      if agrees { candidates.append((k, named)) }
    }
    var none: [SchemaViolation] = []
    var passing = 0
    for c in candidates where evaluate(branches[c.index], instance, path: "", collect: &none, collecting: false) {
      passing += 1
      if passing > 1 { break }
    }
    if passing == 1 { return true }
    guard collecting else { return false }
    if passing > 1 {
      collect.append(SchemaViolation(instance: instance, message: "matches more than one of the forms allowed here", schemaPath: path))
      return false
    }
    // The form the value meant: the most explicitly named candidates, and among them the one it
    // comes closest to (fewest violations).
    let most = candidates.map(\.named).max() ?? 0
    var best: [SchemaViolation]? = nil
    if most > 0 || candidates.count == 1 {
      for c in candidates where c.named == most {
        var found: [SchemaViolation] = []
        _ = evaluate(branches[c.index], instance, path: path + "/\(c.index)", collect: &found, collecting: true)
        if best == nil || found.count < best?.count ?? 0 { best = found }
      }
    }
    let constants = branches.compactMap { $0["const"] }
    if constants.count == branches.count && !branches.isEmpty {
      // An enumeration written as oneOf of titled constants (shape direction, blend mode…).
      let allowed = zip(constants, branches).map { c, b in b["title"]?.string.map { "\(c.sourceText) (\($0))" } ?? c.sourceText }
      collect.append(
        SchemaViolation(
          instance: instance, message: "must be one of \(allowed.joined(separator: ", ")), not \(Self.describe(instance))",
          schemaPath: path))
    } else if let best, !best.isEmpty {
      collect.append(contentsOf: best)
    } else {
      let names = (candidates.isEmpty ? Array(branches.indices) : candidates.map(\.index)).map { title(of: branches[$0]) ?? "form \($0 + 1)" }
      collect.append(
        SchemaViolation(
          instance: instance, message: "matches none of the forms allowed here (\(names.joined(separator: ", ")))",
          schemaPath: path))
    }
    return false
  }

  /// The `const` properties a branch requires of an object (through `$ref` and `allOf`).
  private func discriminators(_ branch: JSONNode) -> [(key: String, value: JSONNode)] {
    if let cached = discriminatorCache[branch.span.lowerBound] { return cached }
    var found: [(String, JSONNode)] = []
    func gather(_ node: JSONNode, depth: Int) {
      guard depth < 6, node.isObject else { return }
      if let ref = node["$ref"]?.string, let target = resolve(ref) { gather(target, depth: depth + 1) }
      if let properties = node["properties"], properties.isObject {
        for member in properties.members { if let c = member.value["const"] { found.append((member.key, c)) } }
      }
      for branch in node["allOf"].list { gather(branch, depth: depth + 1) }
    }
    gather(branch, depth: 0)
    discriminatorCache[branch.span.lowerBound] = found
    return found
  }

  private func title(of branch: JSONNode) -> String? {
    if let t = branch["title"]?.string { return t }
    if let ref = branch["$ref"]?.string, let target = resolve(ref) { return target["title"]?.string }
    return branch["$comment"]?.string
  }

  private func keywords(_ node: JSONNode) -> SchemaKeywords {
    if let k = compiled[node.span.lowerBound] { return k }
    let k = SchemaKeywords(node, resolve: resolve)
    compiled[node.span.lowerBound] = k
    return k
  }

  private func resolve(_ ref: String) -> JSONNode? {
    if let node = refs[ref] { return node }
    guard ref.hasPrefix("#") else { return nil }
    let node = schema.node(atPointer: String(ref.dropFirst()))
    refs[ref] = node
    return node
  }

  private func pattern(_ node: JSONNode) -> NSRegularExpression? {
    if let cached = patterns[node.span.lowerBound] { return cached }
    let regex = node.string.flatMap { try? NSRegularExpression(pattern: $0) }
    patterns[node.span.lowerBound] = regex
    return regex
  }

  /// Evaluates a subschema that `instance` must satisfy as well (items, properties, allOf, then,
  /// else); when it does not, `valid` becomes false. Returns false to stop (not collecting, and
  /// invalid).
  private func also(
    _ node: JSONNode, _ instance: JSONNode, path: String, _ scope: inout Scope, _ collect: inout [SchemaViolation]
  ) -> Bool {
    if evaluate(node, instance, path: path, collect: &collect, collecting: scope.collecting) { return true }
    scope.valid = false
    return scope.collecting
  }

  /// Where one subschema is evaluated (the schema path its violations name, built only when
  /// collecting), and whether the value still satisfies it.
  private struct Scope {
    let path: String
    let collecting: Bool
    var valid: Bool

    /// The schema path of one of this subschema's keywords.
    func sub(_ key: String) -> String { collecting ? path + "/" + key : "" }

    /// Reports a violation of `key` (when collecting) and makes the scope invalid. Returns false
    /// to stop (not collecting).
    mutating func violation(_ instance: JSONNode, _ message: String, at key: String, _ collect: inout [SchemaViolation]) -> Bool {
      if collecting { collect.append(SchemaViolation(instance: instance, message: message, schemaPath: sub(key))) }
      valid = false
      return collecting
    }
  }

  private func fail(
    _ instance: JSONNode, _ message: String, _ path: String,
    _ collect: inout [SchemaViolation], _ collecting: Bool
  ) -> Bool {
    if collecting { collect.append(SchemaViolation(instance: instance, message: message, schemaPath: path)) }
    return false
  }

  private func matchesType(_ names: [String], _ instance: JSONNode) -> Bool {
    names.contains { name in
      switch name {
      case "object": return instance.isObject
      case "array": return instance.isArray
      case "string": return instance.isString
      case "number": return instance.isNumber
      // As JSON Schema defines it: a number with no fractional part (1.0 is an integer).
      case "integer": return instance.isNumber && (instance.double.map { $0.rounded() == $0 && $0.isFinite } ?? false)
      case "boolean": return instance.kind == .bool
      case "null": return instance.isNull
      default: return true
      }
    }
  }

  /// JSON equality: numbers by value, objects by members regardless of order.
  static func equal(_ a: JSONNode, _ b: JSONNode) -> Bool {
    guard a.kind == b.kind else { return false }
    switch a.kind {
    case .number: return a.double == b.double
    case .string: return a.string == b.string
    case .bool: return a.bool == b.bool
    case .null: return true
    case .array:
      guard a.count == b.count else { return false }
      return zip(a.elements, b.elements).allSatisfy { equal($0, $1) }
    case .object:
      guard a.count == b.count else { return false }
      return a.members.allSatisfy { m in b[m.key].map { equal(m.value, $0) } ?? false }
    }
  }

  static func article(_ type: String) -> String {
    switch type {
    case "object", "array", "integer": return "an \(type)"
    default: return "a \(type)"
    }
  }

  /// `1.5`, `"abc"`, `an object`, for messages.
  static func describe(_ node: JSONNode) -> String {
    switch node.kind {
    case .number, .bool, .null: return node.sourceText.count > 24 ? String(node.sourceText.prefix(24)) + "…" : node.sourceText
    case .string: return node.sourceText.count > 32 ? String(node.sourceText.prefix(31)) + "…\"" : node.sourceText
    case .object: return "an object"
    case .array: return "an array"
    }
  }
}
