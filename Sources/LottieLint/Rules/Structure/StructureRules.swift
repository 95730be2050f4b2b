import LottieJSON
import LottieModel

let structureRules: [any LintRule.Type] = [
  NotLottieRule.self, MissingFieldRule.self, WrongTypeRule.self, EmptyFrameRangeRule.self, CanvasSizeRule.self,
  FrameRateRule.self, LayerOutsideCompositionRule.self, KeyframeOrderRule.self, UnknownLayerTypeRule.self,
  UnknownShapeTypeRule.self,
]

/// Keys of an object that a player needs, and what kind of value each must be.
enum Requirement {
  case number, string, array, object, numberOrString

  func accepts(_ node: JSONNode) -> Bool {
    switch self {
    case .number: return node.isNumber
    case .string: return node.isString
    case .array: return node.isArray
    case .object: return node.isObject
    case .numberOrString: return node.isNumber || node.isString
    }
  }

  var noun: String {
    switch self {
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    case .numberOrString: return "a number or a string"
    }
  }
}

extension LintContext {
  /// Every animated property (objects with `a: 1` or keyframe-shaped `k`) in the layers of every
  /// composition, with its keyframe objects. Computed once per file (see `animatedProperties`).
  func forEachAnimatedProperty(_ body: (JSONNode, [JSONNode]) -> Void) {
    for entry in animatedProperties { body(entry.property, entry.frames) }
  }
}

struct NotLottieRule: LintRule {
  static let description = RuleDescription(
    code: "LK100", name: "not-lottie",
    summary: "the JSON is not a Lottie animation",
    rationale: "players fail to load it; files named .json in an animation folder are sometimes something else (an array, a config file, an HTML page)",
    fixHint: "check that this is the exported animation and not another JSON file",
    category: .structure, defaultSeverity: .error,
    triggering: [Example(#"↓[{"layers":[]}]"#), Example(#"↓{"name":"config","items":[1,2]}"#)],
    nonTriggering: [Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    let root = context.document.root
    if !root.isObject {
      return [Finding(root, "the top-level value is \(root.kind == .array ? "an" : "a") \(root.kind), not a Lottie animation object")]
    }
    let markers = ["layers", "fr", "op", "ip", "v", "assets"].filter { root[$0] != nil }
    if markers.count < 2 && root["layers"] == nil {
      return [Finding(root, "this JSON object has none of a Lottie animation's fields (layers, fr, ip, op)")]
    }
    return []
  }
}

struct MissingFieldRule: LintRule {
  static let description = RuleDescription(
    code: "LK101", name: "missing-field",
    summary: "a field that players require is missing",
    rationale: "lottie-ios and lottie-android refuse the whole file when a required field is absent (top level v, fr, ip, op, w, h, layers; layers ty, ip, op and ks for visual layers; keyframes t)",
    fixHint: "re-export the animation; a hand-edited file needs the field back",
    category: .structure, defaultSeverity: .error,
    triggering: [
      Example(#"↓{"v":"5.7.4","fr":30,"ip":0,"w":10,"h":10,"layers":[]}"#),
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[↓{"ty":4,"ip":0,"op":60,"shapes":[]}]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[↓{"s":[0]},{"t":60,"s":[100]}]}}}]}"#),
    ],
    nonTriggering: [
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[]},{"ty":6,"ip":0,"op":60}]}"#),
    ])

  static let topLevel = ["v", "fr", "ip", "op", "w", "h", "layers"]

  func check(_ context: LintContext) -> [Finding] {
    let root = context.document.root
    guard context.animation.looksLikeLottie || root["layers"] != nil else { return [] }
    var findings: [Finding] = []
    let missing = Self.topLevel.filter { root[$0] == nil }
    if !missing.isEmpty {
      findings.append(Finding(root, "the animation has no \(missing.map { "\"\($0)\"" }.joined(separator: ", "))",
                              layerPath: []))
    }
    for visit in context.layerVisits {
      let layer = visit.layer
      guard layer.node.isObject else { continue }
      var fields = ["ty", "ip", "op"].filter { layer.node[$0] == nil }
      if let type = layer.type, type.isVisual, layer.node["ks"] == nil { fields.append("ks") }
      if !fields.isEmpty {
        findings.append(Finding(layer.node, "layer \(layer.label) in \"\(visit.composition.displayName)\" has no \(fields.map { "\"\($0)\"" }.joined(separator: ", "))",
                                layerPath: visit.path))
      }
    }
    context.forEachAnimatedProperty { property, frames in
      for frame in frames where frame["t"] == nil {
        findings.append(Finding(frame, "keyframe has no time \"t\"",
                                help: "every keyframe needs \"t\" (its frame); players reject the property without it"))
      }
    }
    return findings
  }
}

struct WrongTypeRule: LintRule {
  static let description = RuleDescription(
    code: "LK102", name: "wrong-type",
    summary: "a field has the wrong type of value",
    rationale: "players decode fields by type; a string where a number belongs (\"fr\": \"30\") makes lottie-ios and lottie-android reject the file",
    fixHint: "write the value with the type the format expects",
    category: .structure, defaultSeverity: .error,
    triggering: [
      Example(#"{"v":"5.7.4","fr":↓"30","ip":0,"op":60,"w":10,"h":10,"layers":[]}"#),
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":↓{}}"#),
      Example(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ip":0,"op":60,"ks":{},"nm":↓7,"parent":↓"1"}]}"#),
    ],
    nonTriggering: [Example(#"{"v":"5.7.4","fr":29.97,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ip":0,"op":60,"ks":{},"nm":"a","ind":1}]}"#)])

  static let topLevel: [(String, Requirement)] = [("v", .string), ("fr", .number), ("ip", .number), ("op", .number),
                                                  ("w", .number), ("h", .number), ("layers", .array), ("assets", .array),
                                                  ("nm", .string), ("markers", .array), ("fonts", .object)]
  static let layerFields: [(String, Requirement)] = [("ty", .number), ("ip", .number), ("op", .number), ("st", .number),
                                                     ("ind", .number), ("parent", .number), ("nm", .string), ("ks", .object),
                                                     ("shapes", .array), ("refId", .numberOrString), ("sr", .number),
                                                     ("tt", .number), ("tp", .number), ("ef", .array),
                                                     ("masksProperties", .array), ("w", .number), ("h", .number)]

  func check(_ context: LintContext) -> [Finding] {
    let root = context.document.root
    guard root.isObject else { return [] }
    var findings: [Finding] = []
    func verify(_ object: JSONNode, _ fields: [(String, Requirement)], _ what: String) {
      for (key, requirement) in fields {
        guard let value = object[key], !requirement.accepts(value) else { continue }
        findings.append(Finding(value, "\"\(key)\" of \(what) is \(value.kind == .array || value.kind == .object ? "an" : "a") \(value.kind), it must be \(requirement.noun)"))
      }
    }
    verify(root, Self.topLevel, "the animation")
    for asset in root["assets"].list where asset.isObject {
      verify(asset, [("id", .numberOrString), ("layers", .array), ("p", .string), ("u", .string), ("w", .number), ("h", .number)],
             "asset \(asset["id"]?.sourceText ?? "?")")
    }
    for visit in context.layerVisits where visit.layer.node.isObject {
      verify(visit.layer.node, Self.layerFields, "layer \(visit.layer.label)")
    }
    for visit in context.layerVisits where !visit.layer.node.isObject {
      findings.append(Finding(visit.layer.node, "an entry of \"layers\" is \(visit.layer.node.kind == .array ? "an" : "a") \(visit.layer.node.kind), it must be an object"))
    }
    return findings
  }
}

struct EmptyFrameRangeRule: LintRule {
  static let description = RuleDescription(
    code: "LK103", name: "empty-frame-range",
    summary: "in-point is not before out-point (the animation's: error; a layer's: warning)",
    rationale: "an animation with ip >= op has no frames and players show nothing, so that is an error; a layer with ip >= op is never visible, which costs bytes and loading time but breaks nothing else, so that is a warning",
    fixHint: "set \"op\" after \"ip\" (op is one past the last frame)",
    category: .structure, defaultSeverity: .error,
    triggering: [
      Example(#"{"v":"5","fr":30,"ip":60,"op":↓60,"w":10,"h":10,"layers":[]}"#),
      Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"nm":"n","ip":30,"op":↓10,"ks":{}}]}"#),
    ],
    nonTriggering: [Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ip":0,"op":60,"ks":{}}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    let root = context.document.root
    if let ip = root["ip"]?.double, let opNode = root["op"], let op = opNode.double, ip >= op {
      findings.append(Finding(opNode, "the animation's out-point \(opNode.sourceText) is not after its in-point \(root["ip"]?.sourceText ?? "")"))
    }
    for visit in context.layerVisits {
      let layer = visit.layer
      guard let ip = layer.inPoint, let opNode = layer.node["op"], let op = opNode.double, ip >= op else { continue }
      let ipText = layer.node["ip"]?.sourceText ?? ""
      let what = ip == op ? "starts and ends at the same frame (ip \(ipText), op \(opNode.sourceText))"
                          : "ends (op \(opNode.sourceText)) before it starts (ip \(ipText))"
      findings.append(Finding(opNode, "layer \(layer.label) \(what): it is never visible",
                              help: "set the layer's \"op\" after its \"ip\", or remove the layer", layerPath: visit.path,
                              severity: .warning))
    }
    return findings
  }
}

struct CanvasSizeRule: LintRule {
  static let description = RuleDescription(
    code: "LK104", name: "canvas-size",
    summary: "the canvas size is not positive, or absurdly large",
    rationale: "a zero or negative size draws nothing; above 8192 px a side, players allocate huge bitmaps (lottie-android renders to a bitmap of the composition size in software mode)",
    fixHint: "set \"w\" and \"h\" to the composition's real size in pixels",
    category: .structure, defaultSeverity: .error,
    triggering: [Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":↓0,"h":100,"layers":[]}"#),
                 Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":100,"h":↓20000,"layers":[]}"#)],
    nonTriggering: [Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":1920,"h":1080,"layers":[]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for key in ["w", "h"] {
      guard let node = context.document.root[key], let v = node.double else { continue }
      if v <= 0 {
        findings.append(Finding(node, "canvas \(key == "w" ? "width" : "height") is \(node.sourceText): nothing can be drawn"))
      } else if v > 8192 {
        findings.append(Finding(node, "canvas \(key == "w" ? "width" : "height") is \(node.sourceText) px, larger than any screen",
                                severity: .warning))
      }
    }
    return findings
  }
}

struct FrameRateRule: LintRule {
  static let description = RuleDescription(
    code: "LK105", name: "frame-rate",
    summary: "the frame rate is not positive, or implausibly high",
    rationale: "with fr <= 0 players divide by zero or never advance; above 240 fps the file was probably written wrong (exports use 15–120)",
    fixHint: "set \"fr\" to the composition's frame rate (usually 24, 25, 30 or 60)",
    category: .structure, defaultSeverity: .error,
    triggering: [Example(#"{"v":"5","fr":↓0,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#),
                 Example(#"{"v":"5","fr":↓1000,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)],
    nonTriggering: [Example(#"{"v":"5","fr":29.97,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    guard let node = context.document.root["fr"], let fr = node.double else { return [] }
    if fr <= 0 { return [Finding(node, "frame rate is \(node.sourceText): the animation cannot play")] }
    if fr > 240 { return [Finding(node, "frame rate is \(node.sourceText) fps, far above what exports use", severity: .warning)] }
    return []
  }
}

struct LayerOutsideCompositionRule: LintRule {
  static let description = RuleDescription(
    code: "LK106", name: "layer-outside-composition",
    summary: "a layer's frames lie entirely outside the animation's frames",
    rationale: "the layer is never shown but still costs parsing and memory in every player",
    fixHint: "move the layer's in/out points inside the animation's range, or remove the layer",
    category: .structure, defaultSeverity: .warning,
    triggering: [Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[↓{"ty":3,"nm":"late","ip":90,"op":120,"ks":{}}]}"#)],
    nonTriggering: [Example(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ip":-10,"op":5,"ks":{}}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    guard let ip = context.animation.inPoint, let op = context.animation.outPoint, ip < op else { return [] }
    var findings: [Finding] = []
    for layer in context.animation.rootComposition.layers {
      guard let lip = layer.inPoint, let lop = layer.outPoint, lip < lop else { continue }
      if lop <= ip || lip >= op {
        findings.append(Finding(layer.node, "layer \(layer.label) spans frames \(lip.compactText)–\(lop.compactText), outside the animation's \(ip.compactText)–\(op.compactText)"))
      }
    }
    return findings
  }
}

struct KeyframeOrderRule: LintRule {
  static let description = RuleDescription(
    code: "LK107", name: "keyframes-not-ascending",
    summary: "keyframe times go backwards",
    rationale: "players interpolate between neighbours assuming ascending times; out-of-order keyframes jump or freeze differently in each player",
    fixHint: "sort the keyframes by \"t\" (re-export usually fixes it)",
    category: .structure, defaultSeverity: .warning,
    triggering: [Example(#"{"layers":[{"ty":3,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[50]},↓{"t":20,"s":[100]}]}}}]}"#)],
    nonTriggering: [Example(#"{"layers":[{"ty":3,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[50]},{"t":30,"s":[100]}]}}}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    context.forEachAnimatedProperty { _, frames in
      var previous: Double? = nil
      for frame in frames {
        guard let t = frame["t"]?.double else { continue }
        if let p = previous, t < p {
          findings.append(Finding(frame, "keyframe at frame \(t.compactText) comes after one at frame \(p.compactText)"))
        }
        previous = t
      }
    }
    return findings
  }
}

struct UnknownLayerTypeRule: LintRule {
  static let description = RuleDescription(
    code: "LK108", name: "unknown-layer-type",
    summary: "a layer has a type no player knows",
    rationale: "players skip layers of unknown type (some older lottie-android versions throw)",
    fixHint: "check the exporter; layer types are 0–15",
    category: .structure, defaultSeverity: .info,
    triggering: [Example(#"{"layers":[{"ty":↓42,"ip":0,"op":60}]}"#)],
    nonTriggering: [Example(#"{"layers":[{"ty":15,"ip":0,"op":60}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    context.layerVisits.compactMap { visit in
      guard case .unknown(let code)? = visit.layer.type, let ty = visit.layer.node["ty"] else { return nil }
      return Finding(ty, "layer \(visit.layer.label) has unknown type \(code)", layerPath: visit.path)
    }
  }
}

struct UnknownShapeTypeRule: LintRule {
  static let description = RuleDescription(
    code: "LK109", name: "unknown-shape-type",
    summary: "a shape item has a type no player knows",
    rationale: "players skip unknown shape items, so whatever it was meant to draw is missing",
    fixHint: "check the exporter; known shape types are gr, sh, rc, el, sr, fl, st, gf, gs, tr, tm, rd, rp, mm, pb, zz, op, tw, no",
    category: .structure, defaultSeverity: .info,
    triggering: [Example(#"{"layers":[{"ty":4,"ip":0,"op":60,"shapes":[{"ty":"gr","it":[{"ty":↓"xx"}]}]}]}"#)],
    nonTriggering: [Example(#"{"layers":[{"ty":4,"ip":0,"op":60,"shapes":[{"ty":"gr","it":[{"ty":"el"},{"ty":"fl"},{"ty":"tr"}]}]}]}"#)])
  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    for visit in context.layerVisits {
      Shape.forEach(visit.layer.shapes) { shape in
        guard shape.type == nil, let ty = shape.node["ty"] else { return }
        findings.append(Finding(ty, "shape \"\(shape.name ?? "?")\" has unknown type \(ty.sourceText)"))
      }
    }
    return findings
  }
}

extension Double {
  public var compactText: String {
    if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
    return String(self)
  }
}
