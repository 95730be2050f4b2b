import Foundation
import LottieJSON
import LottieModel
import Synchronization

/// Measures, by drawing the file with the rlottie `lottiekit render` links, what a player's way
/// with a feature changes: the file as it is against the file as it should be drawn, at its first
/// frame and at 10, 35, 60 and 85 % of its time (the lab's frames, and the frame After Effects'
/// reference renders show; for what changes with time, 12 frames more spread over it), 200 pixels
/// on its larger side; the share of the tile that differs as the
/// lab compares players, with what it counts as anti-aliasing left out
/// (`RenderCheck.tileShareBeyondAntiAliasing`, worst frame), is the change. Nil (lottiekit's bound
/// decides, as without it) for a file it cannot rewrite so.
/// - `translucent-layer-overlap`: Debian's librlottie 0.1 and Telegram's forks fade a translucent
///   shape layer's paints one by one (`Animation.fadesPaintsOneByOne`); each such layer
///   precomposed is the measured workaround, which these players fade as a whole. Only when the
///   linked rlottie is seen to fade paints one by one (a built-in probe, once per run). On the
///   corpus's 123 files with such layers it passes 2 % on exactly two, fingerprint_scanner.json
///   (2.4 %) and trophy.json (2.3 %), both drawn apart from lottie-web by Telegram Desktop's fork;
///   on Telegram's own stickers it stays at 1.6 % or under (docs/compat-evidence.md).
/// - `easing-per-dimension`: rlottie and ThorVG ease every dimension on the first curve; the
///   property written out frame by frame as lottie-web reads it is what they should draw. Only
///   when the linked rlottie is seen to (a built-in probe, once per run).
/// - `polystar`: rlottie turns a star by twice its Rotation (a polygon too, 1.5708° short); the
///   file with those Rotations halved (`MeasureRewrite.stars`) is what it should draw. Only when
///   the linked rlottie is seen to (a built-in probe, once per run).
/// - `expression`: rlottie runs no expression; the file with its expressions' values written in
///   (`ExpressionBake`, for the forms whose values are known without running them) is what a
///   player that runs them draws.
package struct DrawingMeasure: ChangeMeasuring {
  package var renderer: IsolatedRenderer

  /// A render that takes longer than 20 s (a file rlottie hangs on) ends the measurement: the
  /// bound decides.
  package init(renderer: IsolatedRenderer = IsolatedRenderer(timeout: 20)) { self.renderer = renderer }

  package func change(of feature: Feature, in animation: Animation, imagesFrom folder: String?) -> Double? {
    let copies: MeasureRewrite.Copies?
    switch feature {
    case .translucentLayerOverlap:
      guard Self.fadesPaints(renderer), let precomposed = Precompose.rewrites(animation, where: Animation.fadesPaintsOneByOne) else { return nil }
      return try? check(animation.document.bytes, folder, spread: 0).tileShare(ofAll: precomposed)
    case .expression:
      copies = expressionCopies(animation)
    case .polystar:
      guard Self.doublesStarRotation(renderer) else { return nil }
      copies = MeasureRewrite.stars(animation)
    case .easingPerDimension:
      guard Self.easesOnFirstCurve(renderer) else { return nil }
      copies = MeasureRewrite.easing(animation)
    default:
      return nil
    }
    // Expressions, easing and turns change with time, and a loop may come round to the same phase
    // at every one of the lab's frames (corpus location_marker.json: a pulse every 50 of 1,000
    // frames, 37 % at frames those miss): 12 frames more, spread over the time.
    // What the lab counts as anti-aliasing (an edge moved by a pixel or two, edges covered more
    // or less) is left out, as the lab leaves it out of its disagreements: corpus countdown.json's
    // and play_and_like_it.json's bounces measured 2.3 % and 2.4 % with the one-pixel tolerance
    // alone, and the lab counts those files' differences in rlottie and ThorVG as anti-aliasing.
    guard let copies, let share = try? check(animation.document.bytes, folder, spread: 12).tileShareBeyondAntiAliasing(ofAll: [copies.drawn]) else {
      return nil
    }
    if share >= Coverage.minorShare { return share }
    // Too small to see: trusted only where rlottie draws what changed (`MeasureRewrite.Copies`).
    guard let shown = try? check(copies.drawn, folder, spread: 12).tileShare(ofAll: [copies.hidden]), shown > 0 else { return nil }
    return share
  }

  /// `ExpressionBake.copies`, with the expressions its forms do not cover run in the worker
  /// (`ExpressionEngine`); nil when one of them cannot be run.
  func expressionCopies(_ animation: Animation) -> MeasureRewrite.Copies? {
    var asks: [ExpressionBake.Ask]? = []
    let known = ExpressionBake.copies(animation, evaluated: [:], asks: &asks)
    guard let wanted = asks, !wanted.isEmpty else { return known }
    let evaluated = renderer.evaluate(wanted, in: animation.document.bytes)
    guard evaluated.count == wanted.count else { return nil }
    var none: [ExpressionBake.Ask]? = nil
    return ExpressionBake.copies(animation, evaluated: evaluated, asks: &none)
  }

  /// A comparison of `original` with rewrites, as the lab compares players.
  func check(_ original: [UInt8], _ folder: String?, spread: Int) throws(RenderError) -> RenderCheck {
    try RenderCheck(original: original, imagesFrom: folder, shownAs: "measure", renderer: renderer, maxSide: 200, firstFrame: true, spread: spread)
  }

  /// Whether the linked rlottie fades each paint of a translucent layer: two overlapping squares in
  /// one layer at 50 %, drawn as they are and precomposed, differ (0.1: by a quarter of the
  /// picture; Samsung/rlottie's master draws both alike).
  static func fadesPaints(_ renderer: IsolatedRenderer) -> Bool {
    let square = { (x: Int, colour: String) in
      #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[\#(x),20]},"s":{"a":0,"k":[20,30]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[\#(colour),1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
    }
    let probe =
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":40,"h":40,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"sr":1,"ks":{"o":{"a":0,"k":50},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"shapes":[\#(square(15, "0,0,1")),\#(square(25, "1,0,0"))]}]}"#
    return seen(.translucentLayerOverlap, probe, renderer) { Precompose.rewrites($0, where: Animation.fadesPaintsOneByOne) }
  }

  /// Whether the linked rlottie eases every dimension on the first curve: a square that moves
  /// right on an early curve and down on a late one, drawn as it is and written out frame by
  /// frame, differs (rlottie 0.1 and 0.2 alike; lottie-web eases each dimension on its own).
  static func easesOnFirstCurve(_ renderer: IsolatedRenderer) -> Bool {
    let probe =
      #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":40,"h":40,"layers":[{"ddd":0,"ty":4,"ind":1,"ip":0,"op":10,"st":0,"sr":1,"ks":{"o":{"a":0,"k":100},"p":{"a":1,"k":[{"t":0,"s":[5,5],"e":[35,35],"o":{"x":[0,0.9],"y":[0.9,0]},"i":{"x":[0.1,1],"y":[1,0.1]}},{"t":10}]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}"#
    return seen(.easingPerDimension, probe, renderer) { MeasureRewrite.easing($0).map { [$0.drawn] } }
  }

  /// Whether the linked rlottie turns a star by twice its Rotation: a star at 15° draws as the
  /// star at 0° in a group turned 30°, and not as one turned 15°.
  static func doublesStarRotation(_ renderer: IsolatedRenderer) -> Bool {
    let star = { (r: Int, group: Int) in
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ddd":0,"ty":4,"ind":1,"ip":0,"op":10,"st":0,"sr":1,"ks":{"o":{"a":0,"k":100},"p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"shapes":[{"ty":"gr","it":[{"ty":"sr","sy":1,"d":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":\#(r)},"or":{"a":0,"k":40},"os":{"a":0,"k":0},"ir":{"a":0,"k":18},"is":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":\#(group)},"o":{"a":0,"k":100}}]}]}]}"#
    }
    let doubled = seen(.polystar, star(15, 0), renderer) { _ in [Array(star(0, 15).utf8)] }
    let same = !seen(.polystar, star(15, 0), renderer, key: "same") { _ in [Array(star(0, 30).utf8)] }
    return doubled && same
  }

  /// Whether the linked rlottie draws `probe` and its rewrite apart (on more than 5 % of the
  /// picture), found once per run for each feature.
  static func seen(_ feature: Feature, _ probe: String, _ renderer: IsolatedRenderer, key: String = "", _ rewrite: (Animation) -> [[UInt8]]?) -> Bool {
    let name = feature.rawValue + key
    if let known = probed.withLock({ $0[name] }) { return known }
    var seen = false
    if let document = try? JSONDocument(parsing: Array(probe.utf8)), let rewrites = rewrite(Animation(document: document)),
      let check = try? RenderCheck(original: document.bytes, imagesFrom: nil, shownAs: "probe", renderer: renderer),
      let share = try? check.tileShare(ofAll: rewrites)
    {
      seen = share > 0.05
    }
    probed.withLock { $0[name] = seen }
    return seen
  }

  static let probed = Mutex<[String: Bool]>([:])
}

/// Precomposes layers for a measurement: each chosen layer becomes a precomp layer with the
/// layer's opacity, blend mode, parent, matte, index and times, over a new precomp asset that
/// holds the layer (at full opacity) and an empty null (a precomp of one layer is not drawn
/// offscreen). The precomp layer has no size, so rlottie does not clip it. A chosen layer that is
/// another's parent stays in its place with nothing to draw, for its children. Nil when
/// nothing is chosen, or a chosen layer is a matte parent (`tp`) or animates its opacity on a
/// stretched clock.
package enum Precompose {
  /// A chosen layer, and the free index its precomp layer takes when the layer stays for its children.
  typealias Pick = (layer: Layer, index: Int?)

  /// One rewrite per `batch` chosen layers: Telegram's forks and rlottie 0.1 lower what lies
  /// under a translucent precomp of several layers by 1/255 each time they draw one, so that
  /// precomposing more than 32 layers at once would itself change the picture (corpus
  /// bitcoin_to_the_moon.json: its 37 translucent stars, all precomposed, lighten the sky; any
  /// six of them, nothing).
  ///
  /// More than `batch × maxBatches` chosen layers are not measured (nil): each rewrite is a copy of
  /// the file drawn at four frames, and a file of thousands of such layers would take minutes.
  package static func rewrites(_ animation: Animation, where chosen: (Layer) -> Bool, batch: Int = 8, maxBatches: Int = 8) -> [[UInt8]]? {
    var picks: [Pick] = []
    for composition in animation.compositions {
      let layers = composition.layers
      let parents = Set(layers.compactMap(\.parentIndex)), matteParents = Set(layers.compactMap(\.matteParent))
      var free = (layers.compactMap(\.index).max() ?? 0) + 1
      for layer in layers where chosen(layer) {
        if let i = layer.index, matteParents.contains(i) { return nil }
        // The precomp runs on its composition's clock and the layer keeps its own times. A shape
        // layer's own keyframes are read on its composition's clock whatever its start time (so
        // rlottie 0.1, Telegram's fork and lottie-web draw it: a fade from 0 at frame 0 to 100 at
        // 40 in a layer starting at 10 is at 50 % at frame 20), and so is the precomp layer's
        // opacity; a stretch might not be, so a stretched layer's animated opacity is not moved.
        if (layer.timeStretch ?? 1) != 1, let o = layer.node["ks"]?["o"], AnimatedProperty(node: o).isAnimated { return nil }
        if let i = layer.index, parents.contains(i) {
          guard free < Int.max else { return nil }
          picks.append((layer, free))
          free += 1
        } else {
          picks.append((layer, nil))
        }
      }
    }
    guard picks.count <= max(1, batch) * maxBatches else { return nil }
    var result: [[UInt8]] = []
    for start in stride(from: 0, to: picks.count, by: max(1, batch)) {
      guard let bytes = rewrite(animation, Array(picks[start..<min(picks.count, start + max(1, batch))])) else { return nil }
      result.append(bytes)
    }
    return result.isEmpty ? nil : result
  }

  static func rewrite(_ animation: Animation, _ picks: [Pick]) -> [UInt8]? {
    let document = animation.document
    var edits = JSONEdits(document)
    var assets: [JSONValue] = []
    let taken = animation.assetsByID
    for (serial, pick) in picks.enumerated() {
      let layer = pick.layer
      var id = "lottiekit-precomposed-\(serial)"
      while taken[id] != nil { id += "-" }
      assets.append(.object([("id", .string(id)), ("layers", .array([innerLayer(layer), emptyNull(layer)]))]))
      if let free = pick.index {
        // Its children keep hanging from it, emptied.
        edits.replace(layer.node, withRaw: standIn(layer).minified + Array(",".utf8) + precompLayer(layer, id: id, index: free).minified)
      } else {
        edits.replace(layer.node, with: precompLayer(layer, id: id, index: nil))
      }
    }
    guard !assets.isEmpty else { return nil }
    do {
      if let list = document.root["assets"], list.isArray {
        for asset in assets { try edits.insertElement(asset, into: list, at: list.count) }
      } else {
        try edits.set("assets", to: .array(assets), in: document.root)
      }
      return try edits.apply()
    } catch { return nil }
  }

  static func raw(_ node: JSONNode) -> JSONValue { .raw(Array(node.document.bytes[node.span])) }
  static func members(_ layer: Layer, _ keys: [String]) -> [(String, JSONValue)] {
    keys.compactMap { key in layer.node[key].map { (key, raw($0)) } }
  }
  static let identity: [(String, JSONValue)] = [
    ("r", .object([("a", .int(0)), ("k", .int(0))])), ("p", .object([("a", .int(0)), ("k", .array([.int(0), .int(0), .int(0)]))])),
    ("a", .object([("a", .int(0)), ("k", .array([.int(0), .int(0), .int(0)]))])),
    ("s", .object([("a", .int(0)), ("k", .array([.int(100), .int(100), .int(100)]))]))
  ]

  /// The layer at full opacity, without what now belongs to the precomp layer.
  static func innerLayer(_ layer: Layer) -> JSONValue {
    let dropped: Set<String> = ["parent", "tt", "td", "tp", "bm"]
    var members: [(String, JSONValue)] = []
    for member in layer.node.members where !dropped.contains(member.key) {
      if member.key == "ks", member.value.isObject {
        var transform: [(String, JSONValue)] = member.value.members.filter { $0.key != "o" }.map { ($0.key, raw($0.value)) }
        transform.append(("o", .object([("a", .int(0)), ("k", .int(100))])))
        members.append(("ks", .object(transform)))
      } else {
        members.append((member.key, raw(member.value)))
      }
    }
    return .object(members)
  }

  /// An empty null beside it, for as long as it is shown.
  static func emptyNull(_ layer: Layer) -> JSONValue {
    .object([("ty", .int(3))] + members(layer, ["ip", "op"]) + [("st", .int(0)), ("sr", .int(1)), ("ks", .object(identity))])
  }

  /// The layer itself with nothing to draw and no matte, for its children. (Not a null with its
  /// transform: rlottie 0.1 places the children of corpus win_result_2.json's "body" elsewhere,
  /// 3.9 % of the tile, when they hang from such a null.)
  static func standIn(_ layer: Layer) -> JSONValue {
    .object(layer.node.members.filter { !["tt", "td", "tp"].contains($0.key) }.map { ($0.key, $0.key == "shapes" ? .array([]) : raw($0.value)) })
  }

  /// The precomp layer in the layer's place: its opacity, blend mode, parent, matte, index, times.
  static func precompLayer(_ layer: Layer, id: String, index: Int?) -> JSONValue {
    var members: [(String, JSONValue)] = [("ty", .int(0)), ("refId", .string(id))]
    members += index.map { [("ind", .int($0))] } ?? Self.members(layer, ["ind"])
    members += Self.members(layer, ["parent", "tt", "td", "tp", "bm", "ip", "op"])
    var transform = identity
    if let o = layer.node["ks"]?["o"] { transform.append(("o", raw(o))) }
    members += [("st", .int(0)), ("sr", .int(1)), ("ks", .object(transform))]
    return .object(members)
  }
}
