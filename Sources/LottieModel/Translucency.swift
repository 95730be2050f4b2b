import LottieJSON

extension Animation {
  /// rlottie draws a shape layer whose opacity is strictly between 0 and 100 offscreen and blits
  /// it with a source-over that also lowers every pixel already drawn by 1/255 (Samsung/rlottie
  /// src/lottie/lottieitem.cpp `ShapeLayer::render`, vpainter `drawBitmap` with a constant alpha).
  /// Past 32 such layers (the lab's tolerance) what lies under them fades visibly: measured with
  /// fixture translucent-layers.json (40 squares at 50 % over a red one, drawn (255,40,40): 19.6 %
  /// of the tile differs; 32 of them 0.7 %; the same at fill opacity 0.0 %); corpus
  /// rlottie/example/resource/confetti.json, 200 particles fading out, 5.2 %. lottie-web and ThorVG
  /// draw them as the format says.
  static let translucentLayerLimit = 32

  /// A shape layer whose opacity is partial at some time: a partial static value or keyframe
  /// value, or keyframes that change (the value passes through partial ones).
  static func erodesInRlottie(_ layer: Layer) -> Bool {
    guard layer.typeCode == 4, let o = layer.node["ks"]?["o"], o.isObject else { return false }
    if holdsPartialOpacity(o) { return true }
    let p = AnimatedProperty(node: o)
    guard p.isAnimated else { return false }
    let values = p.keyframes.flatMap { kf in ["s", "e"].compactMap { kf[$0].flatMap(staticNumberValue) } }
    guard let low = values.min(), let high = values.max() else { return false }
    return high - low > 0.5
  }

  /// The most shape layer instances at a partial opacity at one time, through precomps (a
  /// precomp's layers shifted by its start time and cut to its in and out points), or nil past
  /// `spanLimit` spans (then every instance is taken to overlap: the claim stays). The erosion is
  /// per blit, so only layers translucent at the same frame add up; a layer fading in and out is
  /// partial only while it fades (corpus lottiefiles "download copy": 45 instances, 3 at once,
  /// 1.5 % of the tile differs). Every layer instance is visited once: past `spanLimit` visits (a
  /// precomp shown many times in precomps shown many times) it gives up with nil as well.
  func mostTranslucentAtOnce(spanLimit: Int = 1_000_000) -> Int? {
    mostAtOnce(spanLimit: spanLimit) { $0.typeCode == 4 ? Self.translucentSpans($0) : [] }
  }

  /// The most layer instances at one time that `spans` gives a span there (in the layer's
  /// composition's time), through precomps as `mostTranslucentAtOnce` counts them; nil past
  /// `spanLimit`.
  func mostAtOnce(spanLimit: Int = 1_000_000, spans spansOf: (Layer) -> [Range<Double>]) -> Int? {
    /// What the walk needs of a layer, read once per composition (a precomp shown many times, or
    /// in a cycle, is walked up to `spanLimit` times; reading its layers' keys each time was slow).
    struct Item {
      let ip: Double?, op: Double?, start: Double
      let ref: String?, retimed: Bool
      let spans: [Range<Double>]
    }
    func items(_ layers: [Layer]) -> [Item] {
      layers.filter { $0.node.isObject }.map { layer in
        Item(
          ip: layer.inPoint, op: layer.outPoint, start: layer.startTime ?? 0,
          ref: layer.typeCode == 0 ? layer.refId : nil, retimed: layer.timeRemap != nil || (layer.timeStretch ?? 1) != 1,
          spans: spansOf(layer))
      }
    }
    struct Pending {
      let layers: [Item]
      let offset: Double  // composition time = the layers' time + offset
      let low: Double
      let high: Double
      let depth: Int
      /// Inside a precomp with remapped or stretched time: any inner moment may show at any time
      /// of this range, so a layer translucent at some moment counts over all of it.
      let anyTime: Range<Double>?
    }
    let byID = assetsByID
    var stack = [
      Pending(
        layers: items(rootComposition.layers), offset: 0, low: root["ip"]?.double ?? -.greatestFiniteMagnitude,
        high: root["op"]?.double ?? .greatestFiniteMagnitude, depth: 0, anyTime: nil)
    ]
    var events: [(time: Double, delta: Int)] = []
    var precomps: [String: [Item]] = [:]
    var visits = 0
    while let top = stack.popLast() {
      visits += top.layers.count
      if visits > spanLimit { return nil }
      for layer in top.layers {
        guard let ip = layer.ip, let op = layer.op else { continue }
        let low = max(ip + top.offset, top.low), high = min(op + top.offset, top.high)
        guard high > low else { continue }
        if !layer.spans.isEmpty {
          for span in layer.spans {
            let a = max(span.lowerBound + top.offset, low), b = min(span.upperBound + top.offset, high)
            guard b > a else { continue }
            if let any = top.anyTime {
              events.append((any.lowerBound, 1)); events.append((any.upperBound, -1))
              break
            }
            events.append((a, 1)); events.append((b, -1))
          }
          if events.count > 2 * spanLimit { return nil }
        }
        if let ref = layer.ref, let asset = byID[ref], asset.isPrecomp, top.depth < 64 {
          let inner = precomps[ref] ?? items(Composition(animation: self, node: asset.node, asset: asset).layers)
          precomps[ref] = inner
          if top.anyTime != nil || layer.retimed {
            stack.append(
              Pending(
                layers: inner, offset: 0, low: -.greatestFiniteMagnitude, high: .greatestFiniteMagnitude,
                depth: top.depth + 1, anyTime: top.anyTime ?? (low..<high)))
          } else {
            stack.append(
              Pending(
                layers: inner, offset: top.offset + layer.start, low: low, high: high,
                depth: top.depth + 1, anyTime: nil))
          }
        }
      }
    }
    // Ends before starts at the same time: a layer out at frame 10 and one in at frame 10 do not overlap.
    events.sort { $0.time != $1.time ? $0.time < $1.time : $0.delta < $1.delta }
    var current = 0, most = 0
    for e in events {
      current += e.delta
      most = max(most, current)
    }
    return most
  }

  /// The features of blits that lower what lies under them by 1/255, each past
  /// `translucentLayerLimit` instances at once: rlottie 0.2's translucent shape layers, and
  /// Telegram's forks' matted layers. Too many instances to sweep: the count over the whole
  /// animation, memoized per precomp.
  func erodingBlits() -> [Feature] {
    let translucent =
      mostTranslucentAtOnce() ?? layerInstances(limit: 10_000_000, counting: Animation.erodesInRlottie) ?? Int.max
    let matted = mostAtOnce(spans: Self.matteSpans) ?? layerInstances(limit: 10_000_000, counting: { !Self.matteSpans($0).isEmpty }) ?? Int.max
    return [(translucent, Feature.translucentLayers), (matted, .manyMattes)].filter { $0.0 > Self.translucentLayerLimit }.map(\.1)
  }

  /// A layer drawn through a track matte (`tt` 1 to 4, with a layer before it or `tp` to take
  /// the matte from), over all its time. Telegram's rlottie forks draw each such layer into a
  /// canvas-sized buffer and blit it with a source-over that also lowers every pixel already
  /// drawn by 1/255 (desktop-app/rlottie src/lottie/lottieitem.cpp
  /// `LOTCompLayerItem::renderMatteLayer`, then `drawBitmap`): past `translucentLayerLimit`
  /// mattes at once what lies under them fades (fixture many-mattes.json: 40 mattes over a white
  /// square, 36.0 % of the tile differs; 32, 0.0 %). Samsung/rlottie's master, Debian's 0.1 and
  /// ThorVG keep it.
  static func matteSpans(_ layer: Layer) -> [Range<Double>] {
    guard let tt = layer.matteModeCode, (1...4).contains(tt), layer.position > 0 || layer.matteParent != nil else { return [] }
    return [-Double.greatestFiniteMagnitude..<Double.greatestFiniteMagnitude]
  }

  /// When a shape layer's opacity is partial, in its composition's time (the clock its keyframes
  /// are read on, whatever its start time: `ExpressionBake.clock`): the whole layer for a partial
  /// static value; for keyframes,
  /// each stretch that holds a partial value or moves between two different values, and before
  /// the first and after the last keyframe when that value is partial.
  static func translucentSpans(_ layer: Layer) -> [Range<Double>] {
    guard let o = layer.node["ks"]?["o"], o.isObject else { return [] }
    let partial = isPartialOpacity
    let everywhere = -Double.greatestFiniteMagnitude..<Double.greatestFiniteMagnitude
    let p = AnimatedProperty(node: o)
    guard p.isAnimated else { return partial(staticNumber(o)) ? [everywhere] : [] }
    let keyframes = p.keyframes
    guard !keyframes.isEmpty else { return [] }
    let times = keyframes.map { $0["t"]?.double ?? 0 }
    // A keyframe's value: its `s`, else the previous keyframe's `e` (exports before 5.5).
    var values: [Double?] = []
    for (i, kf) in keyframes.enumerated() {
      values.append(kf["s"].flatMap(staticNumberValue) ?? (i > 0 ? keyframes[i - 1]["e"].flatMap(staticNumberValue) : nil))
    }
    var spans: [Range<Double>] = []
    if partial(values[0]), times[0] > everywhere.lowerBound { spans.append(everywhere.lowerBound..<times[0]) }
    for i in 0..<(keyframes.count - 1) where times[i + 1] > times[i] {
      let a = values[i], b = values[i + 1] ?? keyframes[i]["e"].flatMap(staticNumberValue)
      let hold = keyframes[i]["h"]?.int == 1
      let moves: Bool = {
        guard !hold, let a, let b, a != b else { return false }
        return max(a, b) > 0.5 && min(a, b) < 99.5
      }()
      if moves || partial(a) { spans.append(times[i]..<times[i + 1]) }
    }
    if partial(values[values.count - 1]), let last = times.last, last < everywhere.upperBound {
      spans.append(last..<everywhere.upperBound)
    }
    return spans
  }

  /// The layer a track matte (`tt`) takes its matte from: the one `tp` names by index, else the
  /// layer just before it in its composition (`layers`, `byIndex`: the composition's, built once).
  static func matteSource(of layer: Layer, layers: [Layer], byIndex: [Int: Layer]) -> Layer? {
    if let tp = layer.matteParent { return byIndex[tp] }
    guard layer.position > 0, layer.position - 1 < layers.count else { return nil }
    return layers[layer.position - 1]
  }

  /// Whether a matte layer draws anything half-transparent: its opacity, a fill's or stroke's
  /// opacity, or, for a precomp, the same in the layers it shows (one level). rlottie takes a luma
  /// matte's luminance after undoing the alpha (Samsung/rlottie src/vector/vbitmap.cpp
  /// `updateLuma`), so a white matte at 30 % counts as white, not as 30 % grey: measured with
  /// fixture luma-matte-translucent.json (36.0 % of the tile differs; lottie-web and ThorVG weight
  /// by alpha, 0.0 %); corpus lottie-android lottiefiles/loading.json (a precomp matte with layers
  /// at 18 %).
  /// `compositions` remembers the answer per precomp id, so each is looked at once.
  static func drawsTranslucent(_ matte: Layer, in animation: Animation, compositions: inout [String: Bool]) -> Bool {
    func own(_ layer: Layer) -> Bool {
      if layer.node["ks"]?["o"].map({ holdsPartialOpacity($0) || erodesInRlottie(layer) }) == true { return true }
      var partial = false
      Shape.walk(layer.shapes, path: []) { shape, _ in
        guard !partial, [.fill, .stroke, .gradientFill, .gradientStroke].contains(shape.type), let o = shape.node["o"] else { return }
        if holdsPartialOpacity(o) { partial = true }
      }
      return partial
    }
    if own(matte) { return true }
    guard matte.typeCode == 0, let id = matte.refId else { return false }
    if let known = compositions[id] { return known }
    let answer = animation.composition(id: id)?.layers.contains { $0.node.isObject && own($0) } ?? false
    compositions[id] = answer
    return answer
  }
}

extension Animation {
  /// A shown shape layer at a partial opacity at some time with two or more fills or strokes that
  /// are not hidden. Debian's librlottie 0.1 and Telegram's forks apply the layer's opacity to
  /// each paint as they draw it, not to the layer once drawn (desktop-app/rlottie
  /// src/lottie/lottieitem.cpp `LOTShapeLayerItem::updateContent` hands `combinedAlpha()` to every
  /// drawable; only a precomp of more than one layer is drawn offscreen): where paints overlap,
  /// the lower one shows through (fixture translucent-layer-overlap.json, 18.0 % of the tile).
  /// Whether they overlap, and against what colour, no bound tells: the change is measured by
  /// drawing (Coverage's `ChangeMeasuring`).
  package static func fadesPaintsOneByOne(_ layer: Layer) -> Bool {
    guard !layer.isHidden, erodesInRlottie(layer), let shapes = layer.node["shapes"] else { return false }
    return paints(in: shapes, atLeast: 2) >= 2
  }

  /// The fills and strokes (plain or gradient) in a shape list and its shown groups, counted up
  /// to `atLeast`.
  static func paints(in list: JSONNode, atLeast enough: Int) -> Int {
    var count = 0
    var pending: [JSONNode] = [list]
    var visited = 0
    while let items = pending.popLast(), count < enough, visited < 100_000 {
      for item in items.elements where item["hd"]?.truthy != true {
        visited += 1
        switch item["ty"]?.string {
        case "fl", "st", "gf", "gs": count += 1
        case "gr": if let inner = item["it"], inner.isArray { pending.append(inner) }
        default: break
        }
      }
    }
    return count
  }
}
