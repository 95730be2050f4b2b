import CLottieJS
import Foundation
import LottieJSON
import LottieModel

/// Runs the expressions `ExpressionBake` cannot read in Duktape (#18), in lottie-web's environment
/// as `ExpressionPrelude` writes it, to sample their values frame by frame. Only the
/// `expression-worker` subcommand uses it: an expression is a program from the input file, so it
/// runs in a child process that has a CPU-time limit and dies with lottiekit (`IsolatedRenderer`),
/// with at most `memoryLimit` bytes for the interpreter.
package final class ExpressionEngine {
  let animation: Animation
  let frameRate: Double
  /// Per layer (by its node): its composition's position in `animation.compositions`.
  private var layerComposition: [JSONNode.ID: Int] = [:]
  private var readers: [JSONNode.ID: KeyframeReader] = [:]
  /// Set when the expression asked for something this environment does not have.
  private var unknown = false
  /// Why the last `sample` gave nil (what was asked for, or the script's error).
  package private(set) var problem = ""
  private var js: OpaquePointer?

  package static let memoryLimit = 256 << 20

  package struct StartError: Error, CustomStringConvertible {
    package let description: String
  }

  package init(_ animation: Animation, memoryLimit: Int = ExpressionEngine.memoryLimit) throws(StartError) {
    guard let fr = animation.frameRate, fr > 0, fr.isFinite else { throw StartError(description: "no frame rate") }
    self.animation = animation
    frameRate = fr
    for (c, composition) in animation.compositions.enumerated() {
      for layer in composition.layers where layer.node.isObject { layerComposition[layer.node.id] = c }
    }
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard
      let js = lk_js_new(
        memoryLimit,
        { context, request in
          guard let context, let request else { return nil }
          let engine = Unmanaged<ExpressionEngine>.fromOpaque(context).takeUnretainedValue()
          guard let answer = engine.answer(String(cString: request)) else {
            if !engine.unknown { engine.problem = "asked for " + engine.described(String(cString: request)) }
            engine.unknown = true
            return nil
          }
          return strdup(answer)
        }, context)
    else { throw StartError(description: "Duktape could not start") }
    self.js = js
    guard run(ExpressionPrelude.source + "\nnull;") != nil else { throw StartError(description: "the prelude failed: \(problem)") }
  }

  deinit { lk_js_destroy(js) }

  /// Runs global code; its completion value as JSON text, nil on an error.
  private func run(_ source: String) -> String? {
    var out: UnsafeMutablePointer<CChar>?
    let failed = lk_js_eval(js, source, &out)
    defer { lk_js_free_text(out) }
    guard failed == 0, let out else {
      if !unknown { problem = out.map { String(cString: $0) } ?? "failed" }
      return nil
    }
    return String(cString: out)
  }

  /// The values of the expression `code` (an `x` string) at the whole frames `first...last` of its
  /// composition's clock; nil when it fails, gives something other than numbers, or asks for
  /// anything this environment does not have.
  package func sample(_ code: JSONNode, first: Int, last: Int) -> [[Double]]? {
    guard let text = code.string, let property = code.parent, last >= first,
      let (layer, c) = owner(of: code)
    else { return nil }
    let composition = animation.compositions[c]
    let width = (composition.isRoot ? animation.width : composition.node["w"]?.double) ?? 0
    let height = (composition.isRoot ? animation.height : composition.node["h"]?.double) ?? 0
    unknown = false
    problem = ""
    let body = Self.reportingCaughtErrors(text)
    let source =
      "__sample(\(JSONStringCodec.quoted(body)), \(property.id.raw), \(layer.node.id.raw), \(c), \(Self.json(frameRate)), \(Self.json(width)), \(Self.json(height)), \(first), \(last))"
    guard let json = run(source), !unknown, let document = try? JSONDocument(parsing: json) else { return nil }
    var values: [[Double]] = []
    for frame in document.root.elements {
      guard let numbers = frame.numbers else { return nil }
      values.append(numbers)
    }
    return values.count == last - first + 1 ? values : nil
  }

  /// `catch (e) {` also tells the environment what was caught (`__caught`).
  static func reportingCaughtErrors(_ code: String) -> String {
    code.replacingOccurrences(
      of: #"catch\s*\(\s*([A-Za-z_$][A-Za-z0-9_$]*)\s*\)\s*\{"#, with: "catch ($1) { __caught($1);", options: .regularExpression)
  }

  private func owner(of node: JSONNode) -> (Layer, Int)? {
    for (c, composition) in animation.compositions.enumerated() {
      for layer in composition.layers where layer.node.subtreeRange.contains(node.subtreeRange.lowerBound) { return (layer, c) }
    }
    return nil
  }

  // MARK: The host: what the prelude asks (a JSON array), answered as JSON text.

  private func answer(_ request: String) -> String? {
    guard let document = try? JSONDocument(parsing: request), let verb = document.root.element(at: 0)?.string else { return nil }
    let args = Array(document.root.elements.dropFirst())
    // A script may call `__host` itself with anything: every argument is checked.
    func arg(_ i: Int) -> JSONNode? { i < args.count ? args[i] : nil }
    func node(_ i: Int) -> JSONNode? {
      guard let raw = arg(i)?.int, raw >= 0, raw < animation.document.nodeCount else { return nil }
      return animation.document.node(JSONNode.ID(raw: UInt32(raw)))
    }
    switch verb {
    case "value":
      guard let p = node(0), let f = arg(1)?.double, f.isFinite, let v = numbers(p, at: f) else { return nil }
      return Self.json(v)
    case "velocity":
      guard let p = node(0), let f = arg(1)?.double, f.isFinite else { return nil }
      if let v = reader(p)?.velocity(at: f, frameRate: frameRate, alongCurves: true) { return Self.json(v) }
      // A position with its dimensions apart: each dimension's.
      let parts = Self.dimensions(p).map { reader($0)?.velocity(at: f, frameRate: frameRate, alongCurves: true) }
      guard !parts.isEmpty, parts.allSatisfy({ $0?.count == 1 }) else { return nil }
      return Self.json(parts.compactMap { $0?.first })
    case "code":
      guard let p = node(0) else { return nil }
      return p["x"]?.string.map { JSONStringCodec.quoted(Self.reportingCaughtErrors($0)) } ?? "null"
    case "owner":
      guard let p = node(0), let (layer, c) = owner(of: p) else { return nil }
      let composition = animation.compositions[c]
      let width = (composition.isRoot ? animation.width : composition.node["w"]?.double) ?? 0
      let height = (composition.isRoot ? animation.height : composition.node["h"]?.double) ?? 0
      return #"{"layer":\#(layer.node.id.raw),"comp":\#(c),"width":\#(Self.json(width)),"height":\#(Self.json(height))}"#
    case "scalar":
      guard let p = node(0) else { return nil }
      return ExpressionBake.isScalar(p) ? "true" : "false"
    case "keys":
      guard let p = node(0), let r = reader(p) else { return nil }
      var keys: [String] = []
      for (i, t) in r.times.enumerated() {
        guard let v = r.numbersAlongCurves(at: t) ?? r.frames[i]["s"]?.numbers else { return nil }
        keys.append("[\(Self.json(t)),\(Self.json(v))]")
      }
      return "[" + keys.joined(separator: ",") + "]"
    case "layer":
      guard let c = arg(0)?.int, c >= 0, c < animation.compositions.count, let which = arg(1) else { return nil }
      let layers = animation.compositions[c].layers
      let found: Layer? =
        if let name = which.string { layers.first { $0.name == name } } else if let i = which.int { layers.first { $0.index == i } } else { nil }
      return found.map { String($0.node.id.raw) }
    case "numLayers":
      guard let c = arg(0)?.int, c >= 0, c < animation.compositions.count else { return nil }
      return String(animation.compositions[c].layers.count)
    case "layerInfo":
      guard let l = node(0), let c = layerComposition[l.id] else { return nil }
      let layer = Layer(node: l, position: l.arrayIndex ?? 0)
      let parent = layer.parentIndex.flatMap { p in animation.compositions[c].layers.first { $0.index == p } }
      let name = layer.name.map { JSONStringCodec.quoted($0) } ?? "null"
      return """
        {"index":\(layer.index.map(String.init) ?? "null"),"inPoint":\(Self.json((layer.inPoint ?? 0) / frameRate)),\
        "outPoint":\(Self.json((layer.outPoint ?? 0) / frameRate)),"startTime":\(Self.json((layer.startTime ?? 0) / frameRate)),\
        "name":\(name),"parent":\(parent.map { String($0.node.id.raw) } ?? "null")}
        """
    case "member":
      guard let owner = node(0), let name = arg(1), let (found, kind) = member(of: owner, name) else { return nil }
      return #"{"id":\#(found.id.raw),"kind":"\#(kind)"}"#
    default:
      return nil
    }
  }

  /// A property's numbers at frame `f` (its keyframes', without its expression); a position
  /// with its dimensions apart (`"s": true`) reads each.
  private func numbers(_ p: JSONNode, at f: Double) -> [Double]? {
    if let r = reader(p) { return r.numbersAlongCurves(at: f) }
    let parts = Self.dimensions(p).map { reader($0)?.numbers(at: f) }
    guard !parts.isEmpty, parts.allSatisfy({ $0?.count == 1 }) else { return nil }
    return parts.compactMap { $0?.first }
  }

  /// The dimensions of a position written apart (`x`, `y`, maybe `z`); empty for any other.
  static func dimensions(_ p: JSONNode) -> [JSONNode] {
    guard p.isObject, p["s"]?.truthy == true, p["k"] == nil, let x = p["x"], let y = p["y"], x.isObject, y.isObject else { return [] }
    return [x, y] + (p["z"].map { [$0] } ?? [])
  }

  /// A request with the node it names as a JSON pointer, for LOTTIEKIT_EXPRESSION_TRACE.
  func described(_ request: String) -> String {
    guard let document = try? JSONDocument(parsing: request), let raw = document.root.element(at: 1)?.int, raw >= 0,
      raw < animation.document.nodeCount, document.root.element(at: 0)?.string != "layer"
    else { return request }
    return request + " " + animation.document.node(JSONNode.ID(raw: UInt32(raw))).pointer
  }

  private func reader(_ property: JSONNode) -> KeyframeReader? {
    if let r = readers[property.id] { return r }
    guard property.isObject, property["k"] != nil, let r = KeyframeReader(property) else { return nil }
    readers[property.id] = r
    return r
  }

  /// What `owner(name)` (or `owner.name`) is, after After Effects' names and match names.
  private func member(of owner: JSONNode, _ name: JSONNode) -> (JSONNode, String)? {
    let text = name.string
    let number = name.int
    if layerComposition[owner.id] != nil {
      switch text {
      case "transform", "Transform", "ADBE Transform Group": return owner["ks"].map { ($0, "group") }
      case "content", "Contents", "ADBE Root Vectors Group": return owner["shapes"].map { ($0, "group") }
      case "effect", "Effects", "ADBE Effect Parade": return owner["ef"].map { ($0, "group") }
      default: break
      }
      switch number {
      case 2: return owner["shapes"].map { ($0, "group") }
      case 4: return owner["ef"].map { ($0, "group") }
      default: return property(of: owner["ks"], text)
      }
    }
    if owner.isArray {
      let items = Array(owner.elements)
      let item: JSONNode? =
        if let number { number >= 1 && number <= items.count ? items[number - 1] : nil } else {
          items.first { $0["nm"]?.string == text } ?? items.first { $0["mn"]?.string == text }
        }
      guard let item else { return nil }
      // An effect's control: its value.
      if item["v"] != nil, item["ty"]?.int != nil, item["ef"] == nil { return item["v"].map { ($0, "property") } }
      return (item, "group")
    }
    guard owner.isObject else { return nil }
    if owner["ef"] != nil, owner["ty"]?.int != nil { return member(of: owner["ef"]!, name) }
    if owner["ty"]?.string == "gr" {
      switch text {
      case "content", "Contents", "ADBE Vectors Group": return owner["it"].map { ($0, "group") }
      case "transform", "Transform", "ADBE Vector Transform Group":
        return owner["it"]?.elements.first { $0["ty"]?.string == "tr" }.map { ($0, "group") }
      default: return property(of: owner["it"]?.elements.first { $0["ty"]?.string == "tr" }, text)
      }
    }
    return property(of: owner, text)
  }

  /// A transform's or a shape item's property by its expression name.
  private func property(of owner: JSONNode?, _ name: String?) -> (JSONNode, String)? {
    guard let owner, let name else { return nil }
    let type = owner["ty"]?.string
    let key: String?
    switch name {
    case "anchorPoint", "Anchor Point", "ADBE Anchor Point", "ADBE Vector Anchor": key = "a"
    case "position", "Position", "ADBE Position", "ADBE Vector Position", "ADBE Vector Rect Position", "ADBE Vector Ellipse Position",
      "ADBE Vector Star Position":
      key = "p"
    case "scale", "Scale", "ADBE Scale", "ADBE Vector Scale": key = type == nil || type == "tr" ? "s" : nil
    case "rotation", "Rotation", "ADBE Rotate Z", "ADBE Vector Rotation", "ADBE Vector Star Rotation":
      key = owner["r"] == nil && owner["rz"] != nil ? "rz" : "r"
    case "opacity", "Opacity", "ADBE Opacity", "ADBE Vector Group Opacity", "ADBE Vector Fill Opacity", "ADBE Vector Stroke Opacity": key = "o"
    case "skew", "Skew", "ADBE Vector Skew": key = "sk"
    case "skewAxis", "Skew Axis", "ADBE Vector Skew Axis": key = "sa"
    case "size", "Size", "ADBE Vector Rect Size", "ADBE Vector Ellipse Size": key = type == "rc" || type == "el" ? "s" : nil
    case "roundness", "Roundness", "ADBE Vector Rect Roundness": key = type == "rc" ? "r" : nil
    case "start", "Start", "ADBE Vector Trim Start": key = type == "tm" ? "s" : nil
    case "end", "End", "ADBE Vector Trim End": key = type == "tm" ? "e" : nil
    case "offset", "Offset", "ADBE Vector Trim Offset": key = type == "tm" ? "o" : nil
    case "color", "Color", "ADBE Vector Fill Color", "ADBE Vector Stroke Color": key = "c"
    case "strokeWidth", "Stroke Width", "ADBE Vector Stroke Width": key = "w"
    case "points", "Points", "ADBE Vector Star Points": key = type == "sr" ? "pt" : nil
    case "innerRadius", "Inner Radius", "ADBE Vector Star Inner Radius": key = "ir"
    case "outerRadius", "Outer Radius", "ADBE Vector Star Outer Radius": key = "or"
    case "innerRoundness", "Inner Roundness", "ADBE Vector Star Inner Roundess": key = "is"
    case "outerRoundness", "Outer Roundness", "ADBE Vector Star Outer Roundess": key = "os"
    case "xPosition", "X Position", "ADBE Position_0": return owner["p"]?["x"].map { ($0, "property") }
    case "yPosition", "Y Position", "ADBE Position_1": return owner["p"]?["y"].map { ($0, "property") }
    default: key = nil
    }
    guard let key, let p = owner[key], p.isObject, p["k"] != nil else { return nil }
    return (p, "property")
  }

  static func json(_ v: [Double]) -> String { "[" + v.map(json).joined(separator: ",") + "]" }
  static func json(_ d: Double) -> String { d.isFinite ? d.compactText : "null" }
}
