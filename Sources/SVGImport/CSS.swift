import Foundation

/// The part of CSS that SVG icons use: `<style>` rules with type, class, id, universal and
/// attribute selectors, compound selectors, descendant (` `) and child (`>`) combinators, selector
/// lists, specificity, source order and `!important`. Rules with pseudo-classes, pseudo-elements or
/// other combinators never match (they are counted, so the converter can report them), and @-rules
/// are skipped.
package struct Stylesheet: Sendable {
  package struct Declaration: Sendable, Equatable {
    package var property: String
    package var value: String
    package var important: Bool
  }

  struct Compound: Sendable {
    var type: String? = nil
    var id: String? = nil
    var classes: [String] = []
    var attributes: [(name: String, value: String?)] = []
  }

  struct Selector: Sendable {
    /// Right-most compound first; each later one is joined to the previous by `combinators`.
    var compounds: [Compound]
    /// `combinators[k]` joins `compounds[k]` to `compounds[k + 1]`: true for `>` (parent), false
    /// for a space (any ancestor).
    var childCombinators: [Bool]
    var specificity: Int
  }

  struct Rule: Sendable {
    var selector: Selector
    var declarations: [Declaration]
    var order: Int
  }

  var rules: [Rule] = []
  /// Rules by what their right-most compound requires (an id, else its first class, else a type),
  /// so an element is tested only against rules that can match it; `unkeyed` holds the others.
  var rulesByID: [String: [Int]] = [:]
  var rulesByClass: [String: [Int]] = [:]
  var rulesByType: [String: [Int]] = [:]
  var unkeyed: [Int] = []

  mutating func index(_ selector: Selector, rule k: Int) {
    guard let last = selector.compounds.first else { return unkeyed.append(k) }
    if let id = last.id {
      rulesByID[id, default: []].append(k)
    } else if let c = last.classes.first {
      rulesByClass[c, default: []].append(k)
    } else if let t = last.type {
      rulesByType[t, default: []].append(k)
    } else {
      unkeyed.append(k)
    }
  }

  /// The rules that can match an element, in source order.
  func candidates(_ e: XMLTree.Element) -> [Int] {
    var found = unkeyed
    if let id = e.attributes["id"] { found += rulesByID[id] ?? [] }
    for c in Set((e.attributes["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })) {
      found += rulesByClass[String(c)] ?? []
    }
    found += rulesByType[e.name] ?? []
    return found.sorted()
  }
  /// Selectors that were skipped because this subset of CSS cannot match them.
  package private(set) var unsupportedSelectors: [String] = []

  package init() {}

  /// Adds the rules of one `<style>` element's text.
  package mutating func add(_ css: String) {
    let text = Stylesheet.stripComments(css)
    var scalars = Array(text.unicodeScalars)
    var i = 0
    func skipSpace() { while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 } }
    while i < scalars.count {
      skipSpace()
      guard i < scalars.count else { break }
      if scalars[i] == "@" {
        // Skip an @-rule: up to `;` or through its balanced `{…}` block.
        while i < scalars.count, scalars[i] != ";", scalars[i] != "{" { i += 1 }
        if i < scalars.count, scalars[i] == "{" {
          var depth = 0
          while i < scalars.count {
            if scalars[i] == "{" { depth += 1 } else if scalars[i] == "}" { depth -= 1; if depth == 0 { i += 1; break } }
            i += 1
          }
        } else {
          i += 1
        }
        continue
      }
      let selectorStart = i
      while i < scalars.count, scalars[i] != "{" { i += 1 }
      guard i < scalars.count else { break }
      let selectorText = String(String.UnicodeScalarView(scalars[selectorStart..<i]))
      i += 1
      let bodyStart = i
      while i < scalars.count, scalars[i] != "}" { i += 1 }
      let body = String(String.UnicodeScalarView(scalars[bodyStart..<min(i, scalars.count)]))
      i += 1
      let declarations = Stylesheet.declarations(body)
      for part in selectorText.split(separator: ",") {
        let trimmed = part.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { continue }
        if let selector = Stylesheet.selector(trimmed) {
          index(selector, rule: rules.count)
          rules.append(Rule(selector: selector, declarations: declarations, order: rules.count))
        } else {
          unsupportedSelectors.append(trimmed)
        }
      }
    }
    scalars.removeAll()
  }

  static func stripComments(_ css: String) -> String {
    var out = ""
    var rest = Substring(css)
    while let open = rest.range(of: "/*") {
      out += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].range(of: "*/") else { return out }
      rest = rest[close.upperBound...]
    }
    out += rest
    return out
  }

  /// `fill: red; stroke: blue !important` → declarations, in order. Semicolons inside parentheses
  /// or quotes do not split.
  package static func declarations(_ text: String) -> [Declaration] {
    var result: [Declaration] = []
    var parts: [String] = []
    var current = ""
    var depth = 0
    var quote: Character? = nil
    for c in text {
      if let q = quote {
        current.append(c)
        if c == q { quote = nil }
        continue
      }
      switch c {
      case "\"", "'": quote = c; current.append(c)
      case "(": depth += 1; current.append(c)
      case ")": depth = max(0, depth - 1); current.append(c)
      case ";" where depth == 0: parts.append(current); current = ""
      default: current.append(c)
      }
    }
    parts.append(current)
    for part in parts {
      guard let colon = part.firstIndex(of: ":") else { continue }
      let property = part[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      var value = part[part.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
      var important = false
      if let bang = value.range(of: "!important", options: [.caseInsensitive, .backwards]) {
        important = true
        value = value[..<bang.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
      }
      guard !property.isEmpty, !value.isEmpty else { continue }
      result.append(Declaration(property: property, value: value, important: important))
    }
    return result
  }

  /// Parses one complex selector, or nil when it uses what this subset cannot match.
  static func selector(_ text: String) -> Selector? {
    var compounds: [Compound] = []
    var childCombinators: [Bool] = []
    var pendingChild = false
    var tokens: [String] = []
    // Split on whitespace and `>`, keeping `>` as its own token.
    var current = ""
    var inBracket = false
    for c in text {
      if c == "[" { inBracket = true }
      if c == "]" { inBracket = false }
      if !inBracket && (c == " " || c == "\t" || c == "\n" || c == "\r") {
        if !current.isEmpty { tokens.append(current); current = "" }
      } else if !inBracket && c == ">" {
        if !current.isEmpty { tokens.append(current); current = "" }
        tokens.append(">")
      } else if !inBracket && (c == "+" || c == "~") {
        return nil
      } else {
        current.append(c)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    var a = 0, b = 0, cCount = 0
    for token in tokens {
      if token == ">" {
        pendingChild = true
        continue
      }
      guard let compound = Stylesheet.compound(token, a: &a, b: &b, c: &cCount) else { return nil }
      if !compounds.isEmpty { childCombinators.append(pendingChild) }
      pendingChild = false
      compounds.append(compound)
    }
    guard !compounds.isEmpty else { return nil }
    return Selector(
      compounds: compounds.reversed(), childCombinators: childCombinators.reversed(),
      specificity: a * 10_000 + b * 100 + cCount)
  }

  static func compound(_ token: String, a: inout Int, b: inout Int, c: inout Int) -> Compound? {
    var result = Compound()
    let chars = Array(token)
    var i = 0
    func readName() -> String {
      let start = i
      while i < chars.count, chars[i] != ".", chars[i] != "#", chars[i] != "[", chars[i] != ":" { i += 1 }
      return String(chars[start..<i])
    }
    while i < chars.count {
      switch chars[i] {
      case ".":
        i += 1
        let name = readName()
        guard !name.isEmpty else { return nil }
        result.classes.append(name)
        b += 1
      case "#":
        i += 1
        let name = readName()
        guard !name.isEmpty else { return nil }
        result.id = name
        a += 1
      case "[":
        guard let close = chars[i...].firstIndex(of: "]") else { return nil }
        let inner = String(chars[(i + 1)..<close])
        i = close + 1
        if let eq = inner.firstIndex(of: "=") {
          let name = inner[..<eq].trimmingCharacters(in: .whitespaces)
          guard !name.hasSuffix("~"), !name.hasSuffix("|"), !name.hasSuffix("^"), !name.hasSuffix("$"), !name.hasSuffix("*") else { return nil }
          var value = inner[inner.index(after: eq)...].trimmingCharacters(in: .whitespaces)
          if value.hasPrefix("\"") || value.hasPrefix("'") { value = String(value.dropFirst().dropLast()) }
          result.attributes.append((name, value))
        } else {
          result.attributes.append((inner.trimmingCharacters(in: .whitespaces), nil))
        }
        b += 1
      case ":":
        return nil
      case "*":
        i += 1
      default:
        let name = readName()
        guard !name.isEmpty else { return nil }
        result.type = name
        c += 1
      }
    }
    return result
  }

  /// The declarations that apply to an element, lowest priority first (so that later entries win):
  /// normal declarations by specificity then order, then `!important` ones likewise.
  func matchingDeclarations(for element: Int, in tree: XMLTree) -> [Declaration] {
    var matched: [(Rule, Declaration)] = []
    for rule in candidates(tree.elements[element]).map({ rules[$0] }) where matches(rule.selector, element: element, tree: tree) {
      for d in rule.declarations { matched.append((rule, d)) }
    }
    guard !matched.isEmpty else { return [] }
    let sorted = matched.enumerated().sorted { l, r in
      let (lr, ld) = l.element, (rr, rd) = r.element
      if ld.important != rd.important { return !ld.important }
      if lr.selector.specificity != rr.selector.specificity { return lr.selector.specificity < rr.selector.specificity }
      if lr.order != rr.order { return lr.order < rr.order }
      return l.offset < r.offset
    }
    return sorted.map { $0.element.1 }
  }

  package var isEmpty: Bool { rules.isEmpty }

  func matches(_ selector: Selector, element: Int, tree: XMLTree) -> Bool {
    var known: [Int: Bool] = [:]
    return matches(selector, compoundIndex: 0, element: element, tree: tree, known: &known)
  }

  /// Whether compounds k… match from `element` up; `known` remembers each (compound, element)
  /// answer, so a long selector over deep nesting is not tried once per path of ancestors.
  private func matches(_ selector: Selector, compoundIndex k: Int, element: Int, tree: XMLTree, known: inout [Int: Bool]) -> Bool {
    let key = element &* selector.compounds.count &+ k
    if let answer = known[key] { return answer }
    var answer = false
    if matchesCompound(selector.compounds[k], tree.elements[element]) {
      if k + 1 == selector.compounds.count {
        answer = true
      } else {
        let child = selector.childCombinators[k]
        var ancestor = tree.elements[element].parent
        while let a = ancestor {
          if matches(selector, compoundIndex: k + 1, element: a, tree: tree, known: &known) {
            answer = true
            break
          }
          if child { break }
          ancestor = tree.elements[a].parent
        }
      }
    }
    known[key] = answer
    return answer
  }

  private func matchesCompound(_ c: Compound, _ e: XMLTree.Element) -> Bool {
    if let t = c.type, t != e.name { return false }
    if let id = c.id, e.attributes["id"] != id { return false }
    if !c.classes.isEmpty {
      let classes = (e.attributes["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
      for needed in c.classes where !classes.contains(where: { $0 == needed }) { return false }
    }
    for (name, value) in c.attributes {
      guard let actual = e.attributes[name] else { return false }
      if let value, actual != value { return false }
    }
    return true
  }
}
