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

  func check(_ context: LintContext) -> [Finding] {
    guard let w = context.animation.width, let h = context.animation.height else { return [] }
    var findings: [Finding] = []
    for layer in context.animation.rootComposition.layers where layer.typeCode == 4 {
      guard layer.parentIndex == nil, !layer.isHidden, !layer.isMatteSource, let shapes = layer.node["shapes"] else { continue }
      guard let local = ShapeBounds.bounds(Optional(shapes).list), !local.isEmpty, let box = ShapeBounds.transform(local, layer.transform) else { continue }
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
