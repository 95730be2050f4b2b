import LottieJSON
import LottieModel

/// Telegram: "objects must not leave the canvas". Told statically only where everything is static:
/// root shape layers without parent, with static transforms (no rotation), and static rectangles,
/// ellipses and paths in groups with static transforms. Anything animated is skipped, so a finding
/// is certain (path vertices are used, not curve extremes, which can only understate the bounds).
struct StickerCanvasBoundsRule: LintRule {
  static let description = RuleDescription(
    code: "LK806", name: "sticker-leaves-canvas",
    summary: "a Telegram sticker draws outside its canvas",
    rationale:
      "Telegram requires objects to stay inside the 512×512 canvas; parts outside are cut off in the chat and stickers that leave the canvas can be refused",
    fixHint: "move or scale the artwork inside the canvas",
    category: .compat, defaultSeverity: .warning, profiles: ["telegram-sticker"],
    triggering: [
      Example(
        #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[↓{"ty":4,"nm":"Ball","ind":1,"ip":0,"op":180,"ks":{"p":{"a":0,"k":[480,256]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},"shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},{"ty":"tr","p":{"a":0,"k":[0,0]}}]}]}]}"#
      )
    ],
    nonTriggering: [
      Example(
        #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[{"ty":4,"nm":"Ball","ind":1,"ip":0,"op":180,"ks":{"p":{"a":0,"k":[256,256]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},"shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},{"ty":"tr","p":{"a":0,"k":[0,0]}}]}]}]}"#
      ),
      Example(
        #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[{"ty":4,"nm":"Moving","ind":1,"ip":0,"op":180,"ks":{"p":{"a":1,"k":[{"t":0,"s":[600,256]},{"t":180,"s":[256,256]}]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}]}]}"#
      )
    ])

  struct Box {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    var isEmpty: Bool { minX > maxX }
    mutating func add(_ x: Double, _ y: Double) {
      minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
    }
    mutating func add(_ b: Box) {
      guard !b.isEmpty else { return }
      add(b.minX, b.minY); add(b.maxX, b.maxY)
    }
  }

  /// A static 2D value (`k` numbers), or nil when animated or not numbers.
  static func vector(_ property: JSONNode?, _ defaultValue: [Double]) -> [Double]? {
    guard let p = property else { return defaultValue }
    guard p.isObject, !AnimatedProperty(node: p).isAnimated, let k = p["k"] else { return nil }
    if let d = k.double { return [d, d] }
    let values = k.elements.compactMap(\.double)
    return values.count >= 2 ? values : nil
  }

  /// Maps a box through a static transform (anchor, position, scale; no rotation or skew).
  static func transform(_ box: Box, _ tr: JSONNode?) -> Box? {
    guard let tr else { return box }
    guard tr.isObject, let a = vector(tr["a"], [0, 0]), let p = vector(tr["p"], [0, 0]),
      let s = vector(tr["s"], [100, 100]), let r = vector(tr["r"], [0, 0]), r[0] == 0
    else { return nil }
    if tr["p"]?["s"]?.truthy == true || (tr["sk"].flatMap { vector($0, [0, 0]) }?[0] ?? 0) != 0 { return nil }
    if tr["rx"] != nil || tr["ry"] != nil || tr["rz"] != nil || tr["or"] != nil { return nil }
    var out = Box()
    for (x, y) in [(box.minX, box.minY), (box.maxX, box.maxY)] {
      out.add((x - a[0]) * s[0] / 100 + p[0], (y - a[1]) * s[1] / 100 + p[1])
    }
    return out
  }

  /// Bounds of a list of shape items (nil: something there cannot be told statically).
  static func bounds(_ items: [JSONNode], depth: Int = 0) -> Box? {
    guard depth < 64 else { return nil }
    var box = Box()
    var strokeHalf = 0.0
    var groupTransform: JSONNode?
    for item in items where item.isObject && item["hd"]?.truthy != true {
      switch item["ty"]?.string {
      case "rc", "el":
        guard let p = vector(item["p"], [0, 0]), let s = vector(item["s"], [0, 0]) else { return nil }
        box.add(p[0] - s[0] / 2, p[1] - s[1] / 2)
        box.add(p[0] + s[0] / 2, p[1] + s[1] / 2)
      case "sh":
        guard let ks = item["ks"], ks.isObject, !AnimatedProperty(node: ks).isAnimated, let path = ks["k"], path.isObject else { return nil }
        for v in path["v"].list {
          guard let x = v.element(at: 0)?.double, let y = v.element(at: 1)?.double else { return nil }
          box.add(x, y)
        }
      case "gr":
        guard let inner = bounds(item["it"].list, depth: depth + 1) else { return nil }
        box.add(inner)
      case "st":
        guard let w = item["w"], let width = vector(w, [0, 0]) else { return nil }
        strokeHalf = max(strokeHalf, width[0] / 2)
      case "tr":
        groupTransform = item
      case "fl", "gf", "gs", "tm", "rd", "no":
        continue
      default:
        return nil  // modifiers, repeaters, polystars…: not static geometry we can bound exactly
      }
    }
    if strokeHalf > 0 && !box.isEmpty {
      box.add(box.minX - strokeHalf, box.minY - strokeHalf)
      box.add(box.maxX + strokeHalf, box.maxY + strokeHalf)
    }
    guard !box.isEmpty else { return box }
    return transform(box, groupTransform)
  }

  func check(_ context: LintContext) -> [Finding] {
    guard let w = context.animation.width, let h = context.animation.height else { return [] }
    var findings: [Finding] = []
    for layer in context.animation.rootComposition.layers where layer.typeCode == 4 {
      guard layer.parentIndex == nil, !layer.isHidden, !layer.isMatteSource, let shapes = layer.node["shapes"] else { continue }
      guard let local = Self.bounds(Optional(shapes).list), !local.isEmpty, let box = Self.transform(local, layer.transform) else { continue }
      let slack = 0.5
      if box.minX < -slack || box.minY < -slack || box.maxX > w + slack || box.maxY > h + slack {
        let f = { (v: Double) in String(format: "%.0f", v) }
        findings.append(
          Finding(
            layer.node,
            "layer \(layer.label) draws from (\(f(box.minX)), \(f(box.minY))) to (\(f(box.maxX)), \(f(box.maxY))), outside the \(w.compactText)×\(h.compactText) canvas",
            renderers: ["rlottie"]))
      }
    }
    return findings
  }
}
