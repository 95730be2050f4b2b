import Foundation
import LottieJSON

/// Expressions that cannot change what their property shows (#18). A player that does not run
/// expressions (rlottie, lottie-ios, lottie-android, ThorVG without its script engine) plays the
/// exported value; for the forms below that value is also what the expression returns, so no
/// player draws the file differently because of them:
/// - `value` itself, and `clamp(value, lo, hi)` around values that stay inside the bounds;
/// - the property read back through `transform.<its name>`;
/// - a constant equal to the property's static value;
/// - `loopOut`/`loopIn` on a static property, or on keyframes that cover the layer's visible time
///   (a loop only acts after the last keyframe, or before the first).
/// Anything else, however simple it looks, counts as changing the value.
public enum ExpressionEffect {
  /// The layer's visible time on its keyframes' clock (its composition's), when known.
  public struct Span: Sendable {
    public let start: Double
    public let end: Double
    public init(start: Double, end: Double) { self.start = start; self.end = end }
  }

  public static func isInert(_ code: String, property: JSONNode, visible: Span?) -> Bool {
    guard let body = returnedExpression(code) else { return false }
    let animated = AnimatedProperty(node: property).isAnimated
    if body == "value" { return true }
    if let call = call(body), ["loopOut", "loop_out", "loopIn", "loop_in"].contains(call.name) {
      guard animated else { return true }
      guard let visible else { return false }
      let times = AnimatedProperty(node: property).keyframes.compactMap { $0["t"]?.double }
      guard let first = times.min(), let last = times.max() else { return false }
      return call.name.hasSuffix("Out") || call.name.hasSuffix("_out") ? last >= visible.end : first <= visible.start
    }
    if let call = call(body), call.name == "clamp", call.arguments.count == 3, call.arguments[0] == "value",
      let lo = Double(call.arguments[1]), let hi = Double(call.arguments[2])
    {
      let numbers = values(property, animated: animated)
      return !numbers.isEmpty && numbers.allSatisfy { $0 >= lo && $0 <= hi }
    }
    if let name = transformName(of: property),
      body == "transform.\(name)" || body == "thisLayer.transform.\(name)" || body == "thisLayer.\(name)"
    {
      return true
    }
    if !animated, let constant = numbers(body) {
      let current = values(property, animated: false)
      return current.count >= constant.count && zip(current, constant).allSatisfy { abs($0 - $1) < 1e-9 }
    }
    return false
  }

  /// The expression that `$bm_rt` is set to, when the code is one assignment (Bodymovin writes
  /// `var $bm_rt; $bm_rt = …;` or `var $bm_rt = …;`); whitespace collapsed.
  static func returnedExpression(_ code: String) -> String? {
    // A second `;` before the trailing ones (the first may end `var $bm_rt;`) means more than one
    // statement, as below: say so before splitting what can be kilobytes of code into words.
    var inside = 0, trailing = 0
    for byte in code.utf8 {
      switch byte {
      case UInt8(ascii: ";"): trailing += 1
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
      default:
        inside += trailing
        trailing = 0
        if inside > 1 { return nil }
      }
    }
    var s = code.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    for prefix in ["var $bm_rt;", "var $bm_rt ;"] where s.hasPrefix(prefix) {
      s = String(s.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
    }
    if s.hasPrefix("var ") { s = String(s.dropFirst(4)) }
    guard s.hasPrefix("$bm_rt") else { return nil }
    s = String(s.dropFirst(6)).trimmingCharacters(in: .whitespaces)
    guard s.hasPrefix("=") else { return nil }
    s = String(s.dropFirst()).trimmingCharacters(in: .whitespaces)
    while s.hasSuffix(";") { s = String(s.dropLast()).trimmingCharacters(in: .whitespaces) }
    // One statement only: anything after a `;` (outside strings, which these forms do not use)
    // could change the result.
    guard !s.isEmpty, !s.contains(";") else { return nil }
    return s
  }

  /// `name(arg, arg)` with plain arguments (no nested calls).
  static func call(_ s: String) -> (name: String, arguments: [String])? {
    guard let open = s.firstIndex(of: "("), s.hasSuffix(")") else { return nil }
    let name = String(s[..<open])
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
    guard !inner.contains("(") else { return nil }
    let arguments = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return (name, inner.trimmingCharacters(in: .whitespaces).isEmpty ? [] : arguments)
  }

  /// `12`, `-3.5` or `[ 100, 100 ]`.
  static func numbers(_ s: String) -> [Double]? {
    var t = s
    if t.hasPrefix("[") && t.hasSuffix("]") { t = String(t.dropFirst().dropLast()) }
    let parts = t.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
    return parts.compactMap { $0 }
  }

  /// The numbers a property holds: its static value, or every keyframe's start and end values.
  static func values(_ property: JSONNode, animated: Bool) -> [Double] {
    func flat(_ v: JSONNode) -> [Double] {
      if let d = v.double { return [d] }
      return v.isArray ? v.elements.compactMap(\.double) : []
    }
    guard animated else { return property["k"].map(flat) ?? [] }
    return AnimatedProperty(node: property).keyframes.flatMap { kf in ["s", "e"].compactMap { kf[$0] }.flatMap(flat) }
  }

  /// A transform's properties: the name an expression reads each by (`transform.rotation`), the
  /// name After Effects shows (`('Rotation')`), and its key (`ks.r`, or a group's `tr.r`).
  static let transformProperties: [(name: String, shown: String, key: String)] = [
    ("position", "Position", "p"), ("anchorPoint", "Anchor Point", "a"), ("scale", "Scale", "s"), ("rotation", "Rotation", "r"),
    ("opacity", "Opacity", "o"), ("skew", "Skew", "sk"), ("skewAxis", "Skew Axis", "sa")
  ]

  /// The key of a transform property by either of its names.
  static let transformKeys: [String: String] = Dictionary(
    transformProperties.flatMap { [($0.name, $0.key), ($0.shown, $0.key)] }, uniquingKeysWith: { first, _ in first })

  /// The expression name of a layer transform property (`ks.r` is `rotation`).
  static func transformName(of property: JSONNode) -> String? {
    guard property.parent?.key == "ks", let key = property.key else { return nil }
    return transformProperties.first { $0.key == key }?.name
  }
}
