import LottieJSON
import LottieModel

/// The outcome of optimizing one animation.
package struct OptimizeResult: Sendable {
  package var bytes: [UInt8]
  package var steps: [SizeStep]
  /// Things worth knowing (steps skipped and why).
  package var notes: [String]
  package var inputBytes: Int
  /// The level the result reached: 0 lossless, 1 metadata and precision (verified by rendering).
  package var level: Int = 0
}

/// `lottiekit optimize --lossless` (#20): the smallest file that draws exactly the same, by
/// construction. Each step is a surgical edit of the previous step's bytes, then everything is
/// minified:
/// - **invisible layers**: layers no player draws are removed — hidden, nulls without children,
///   opacity 0 or scale 0 in x and y throughout, outside the animation's frames — unless another layer uses
///   them as parent, track matte or effect input, or `keepNames` names them (`invisibleLayers`);
/// - **duplicate images**: layers that use a copy of an earlier image asset (the same `u`, `p`,
///   `w` and `h`) use the first instead (`duplicateImages`), and the copy becomes unused;
/// - **unused assets**: precomps and images no layer uses (`Pack.prune`, which keeps what an
///   expression names);
/// - **embedded PNGs**: re-encoded with the same pixels when that is smaller (`PNGRecompress`:
///   libpng's per-row filters and zlib's best level; every chunk but the image data kept);
/// - **invisible keyframes**: keyframes of a layer's properties before the last one at or before
///   the layer's first visible frame (a value is interpolated from the two keyframes around it);
///   what the corpus showed a player to read differently is kept (see `invisibleKeyframes`);
/// - **constant animations**: an animated property whose keyframes all hold the same value (and,
///   for positions, no spatial tangents) becomes that static value;
/// - **defaults**: keys written with the value every player assumes without them (`defaults`), or
///   every player the file is for (`players`);
/// - **minify**.
/// Files with expressions keep their layers and keyframes (an expression may look a layer up by
/// name or read a keyframe), and properties with a slot id or an expression are never touched.
package enum Optimize {
  package static func lossless(_ document: JSONDocument, players: Set<String>? = nil, keepNames: Set<String> = []) -> OptimizeResult {
    var steps: [SizeStep] = []
    var notes: [String] = []
    var doc = document
    let hasExpressions = !ExpressionMentions.texts(in: document).isEmpty
    func advance(_ name: String, _ bytes: [UInt8], _ detail: String?) {
      steps.append(SizeStep(name: name, before: doc.bytes.count, after: bytes.count, detail: detail))
      if bytes != doc.bytes, let next = try? JSONDocument(parsing: bytes) { doc = next }
    }

    if hasExpressions {
      notes.append("layers and keyframes kept: the file has expressions, which may look layers up by name or read keyframes")
    } else {
      let invisible = invisibleLayers(doc, keepNames: keepNames)
      let count = invisible.removed.count
      advance(
        "invisible layers", invisible.bytes,
        count == 0 ? nil : "\(count) layer\(count == 1 ? "" : "s"): \(invisible.removed.prefix(5).joined(separator: "; "))")
    }
    let merged = duplicateImages(doc)
    advance("duplicate images", merged.bytes, merged.count == 0 ? nil : "\(merged.count) image\(merged.count == 1 ? "" : "s")")
    let pruned = Pack.prune(doc)
    for id in pruned.kept { notes.append("asset \"\(id)\" looks unused but an expression names it: kept") }
    advance("unused assets", pruned.bytes, pruned.removed.isEmpty ? nil : "\(pruned.removed.count): \(pruned.removed.prefix(5).joined(separator: ", "))")
    let images = recompressedImages(doc)
    advance("embedded PNGs", images.bytes, images.count == 0 ? nil : "\(images.count) image\(images.count == 1 ? "" : "s")")
    if !hasExpressions {
      let trimmed = invisibleKeyframes(doc)
      advance("invisible keyframes", trimmed.bytes, trimmed.count == 0 ? nil : "\(trimmed.count) keyframe\(trimmed.count == 1 ? "" : "s")")
      let constant = constantAnimations(doc)
      advance("constant animations", constant.bytes, constant.count == 0 ? nil : "\(constant.count) propert\(constant.count == 1 ? "y" : "ies")")
    }
    let unwritten = defaults(doc, players: players)
    advance("defaults", unwritten.bytes, unwritten.count == 0 ? nil : "\(unwritten.count) key\(unwritten.count == 1 ? "" : "s")")
    advance("minify", doc.written(.minified), nil)
    return OptimizeResult(bytes: doc.bytes, steps: steps, notes: notes, inputBytes: document.bytes.count)
  }

  /// Removes the layers no player draws that nothing uses (Strip's plan with `neverDrawn`: hidden,
  /// nulls without children, opacity 0 or scale 0 in x and y throughout, outside the animation's frames; see
  /// `NeverDrawn`), but those named in `keepNames` (app code may show them through a keypath).
  static func invisibleLayers(_ document: JSONDocument, keepNames: Set<String>) -> (bytes: [UInt8], removed: [String]) {
    var options = StripOptions()
    options.neverDrawn = true
    options.keepNames = keepNames
    options.keepAssets = true
    let plan = Strip.plan(Animation(document: document), options: options)
    guard !plan.removals.isEmpty, !plan.refused, let bytes = try? Strip.apply(plan, to: document) else {
      return (document.bytes, [])
    }
    return (bytes, plan.removals.map { "\($0.layer.label), \($0.reason)" })
  }

  /// Keyframes before the time a layer can be seen (its ip, within the root composition's),
  /// except the last of them, which defines the value at the layer's first frame. Kept, because
  /// the corpus showed rlottie draw differently without them: keyframes after the visible time
  /// (rlottie reads a cut tail differently, even inside the visible time), and every keyframe of a
  /// layer with a start time (players disagree on its clock) or a time stretch. A parent's keyframes
  /// are all kept: its transform moves its children whenever they are seen, also before its own ip
  /// (lottie-web and rlottie evaluate it then).
  static func invisibleKeyframes(_ document: JSONDocument) -> (bytes: [UInt8], count: Int) {
    let animation = Animation(document: document)
    var edits = JSONEdits(document)
    var count = 0
    for composition in animation.compositions {
      let parents = Set(composition.layers.compactMap(\.parentIndex))
      for layer in composition.layers where !(layer.index.map(parents.contains) ?? false) {
        count += trimInvisibleKeyframes(of: layer, in: composition, animation, &edits)
      }
    }
    guard count > 0, let bytes = try? edits.apply() else { return (document.bytes, 0) }
    return (bytes, count)
  }

  /// One layer's part of `invisibleKeyframes`: the keyframes removed.
  static func trimInvisibleKeyframes(of layer: Layer, in composition: Composition, _ animation: Animation, _ edits: inout JSONEdits) -> Int {
    let document = animation.document
    var count = 0
    let node = layer.node
    guard node.isObject, let ip = layer.inPoint, let op = layer.outPoint, (node["sr"]?.double ?? 1) == 1,
      (layer.startTime ?? 0) == 0
    else { return 0 }
    let start = composition.isRoot ? max(ip, animation.inPoint ?? ip) : ip
    guard op > start else { return 0 }
    for keyIndex in document.keyIndices(named: "k", in: node.subtreeRange) {
      let k = document.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
      guard let property = k.parent, property.isObject, property["k"] == k, property.key != "d",
        AnimatedProperty(node: property).isAnimated, k.isArray
      else { continue }
      let frames = Array(k.elements)
      let times = frames.map { $0.isObject ? $0["t"]?.double : nil }
      guard frames.count > 2, times.allSatisfy({ $0 != nil }) else { continue }
      let t = times.map { $0! }
      // Ascending times only: out of order, players disagree on what is shown.
      guard zip(t, t.dropFirst()).allSatisfy({ $0 <= $1 }) else { continue }
      guard let first = t.lastIndex(where: { $0 <= start }), first > 0, first < t.count - 1 else { continue }
      for frame in frames[..<first] {
        do { try edits.remove(frame); count += 1 } catch { continue }
      }
    }
    return count
  }

  /// Animated properties whose keyframes all hold one value, written as that static value.
  static func constantAnimations(_ document: JSONDocument) -> (bytes: [UInt8], count: Int) {
    var edits = JSONEdits(document)
    var count = 0
    for keyIndex in document.keyIndices(named: "k", in: document.root.subtreeRange) {
      let k = document.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
      guard let property = k.parent, property.isObject, property["k"] == k,
        let value = constantValue(of: property)
      else { continue }
      if let a = property["a"] { edits.replace(a, with: .int(0)) }
      edits.replace(k, withRaw: value)
      count += 1
    }
    guard count > 0, let bytes = try? edits.apply() else { return (document.bytes, 0) }
    return (bytes, count)
  }

  /// The static `k` an animated property can be written as: the bytes of the one value all its
  /// keyframes hold, or nil.
  static func constantValue(of property: JSONNode) -> [UInt8]? {
    // Text documents stay keyframes (players read "d" only as keyframes); slots and expressions
    // act on the keyframes.
    guard property.key != "d", property["x"] == nil, property["sid"] == nil else { return nil }
    let p = AnimatedProperty(node: property)
    let frames = p.keyframes
    guard p.isAnimated, frames.count >= 2, frames.allSatisfy({ $0.isObject }) else { return nil }
    var value: JSONNode? = nil
    var text: [UInt8]? = nil
    for frame in frames {
      // Spatial tangents can move a position between two equal values.
      for key in ["to", "ti"] {
        if let tangent = frame[key], !(tangent.isArray && tangent.elements.allSatisfy { $0.double == 0 }) { return nil }
      }
      for key in ["s", "e"] {
        guard let v = frame[key] else { continue }
        let bytes = v.document.minifiedText(of: v)
        if let text, text != bytes { return nil }
        if text == nil { text = bytes; value = v }
      }
    }
    guard let value, let text else { return nil }
    // Keyframe values are arrays; a one-number array is a scalar property (opacity, rotation),
    // and a one-path array a shape: the static form holds the element itself.
    if value.isArray, value.count == 1, let only = value.element(at: 0), only.isNumber || only.isObject {
      return only.document.minifiedText(of: only)
    }
    return text
  }
}
