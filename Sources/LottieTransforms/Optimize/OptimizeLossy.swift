import Foundation
import LottieJSON
import LottieModel

/// How a lossy candidate is checked: the share (0…1) of pixels the candidate's bytes draw
/// differently from `reference`, or why that could not be measured. The reference is the lossless
/// result (the same for every candidate of a file), not the input: the lossless steps may drop a
/// key that only a player outside `--target` reads (rlottie draws a rotated layer without `ddd`
/// differently), and that is no change the lossy steps made.
package typealias OptimizeVerifier = (_ reference: [UInt8], _ candidate: [UInt8]) -> Result<Double, OptimizeVerifyError>

package struct OptimizeVerifyError: Error, Sendable, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}

/// The lossy level of `optimize` (#20), on top of the lossless steps:
/// - **metadata**: keys no player draws with — match names (`mn`), property indices (`ix`, `cix`)
///   and property counts (`np`) — outside effects, in files without expressions (expressions look
///   properties up by `ix` and `mn`);
/// - **precision**: each number rounded to the places its property needs — positions, sizes,
///   paths, angles and percentages to a step chosen from the canvas (0.1 px on a 512 px canvas),
///   colours, gradients, effect values and easing handles to 3 places; identities, references and
///   time (`ip`, `op`, `st`, keyframe `t`, time remapping) are never rounded.
/// Every candidate is rendered against the lossless result by `verify`; one whose share of differing
/// pixels exceeds `maxDiff` is replaced by the next finer precision, and if none passes the lossless
/// result stands (the notes say so).
extension Optimize {
  package struct Options: Sendable {
    /// 0: lossless steps only; 1: metadata and precision, verified by rendering; 2: also the
    /// names of layers, shapes and assets (but `keepNames`); 3: also keyframes the lines between
    /// their neighbours reproduce (`simplifyKeyframes`).
    package var level: Int = 1
    /// Names level 2 keeps: the ones app code uses in keypaths.
    package var keepNames: Set<String> = []
    /// The players the file is for (`--target`, by renderer: "rlottie", "lottie-web", …); nil: every
    /// player. A key whose absence only a player outside them reads differently is also dropped.
    package var players: Set<String>? = nil
    /// Largest share of pixels (0…1) a lossy result may draw differently.
    package var maxDiff: Double = 0.005
    /// `--images webp`: embedded PNGs become WebP at this quality (0…100), or lossless WebP at
    /// level 0 (`webpImages`). The caller checks that every player the file is for decodes WebP.
    package var webpQuality: Float? = nil
    package init() {}
  }

  package static func optimize(_ document: JSONDocument, options: Options, verify: OptimizeVerifier?) -> OptimizeResult {
    let result = levels(document, options: options, verify: verify)
    guard let quality = options.webpQuality else { return result }
    return webpImages(result, quality: quality, losslessOnly: options.level == 0, maxChanged: options.maxDiff)
  }

  /// The lossless steps and, from level 1, the lossy ones, each verified by `verify`.
  static func levels(_ document: JSONDocument, options: Options, verify: OptimizeVerifier?) -> OptimizeResult {
    var result = lossless(document, players: options.players, keepNames: options.keepNames)
    guard options.level >= 1 else { return result }
    guard let verify else {
      result.notes.append("lossy steps not applied: no renderer to verify them")
      return result
    }
    guard let base = try? JSONDocument(parsing: result.bytes) else { return result }
    let hasExpressions = !ExpressionMentions.texts(in: base).isEmpty
    // Keyframe easing names (`n`) are tried without first, then with: rlottie looks a keyframe's
    // curve up by its name (see `removeMetadata`), so removing them may change its picture.
    let variants = hasExpressions ? [false] : (removeMetadata(base, easingNames: true).easingNames > 0 ? [true, false] : [false])
    var prepared: [Bool: (bytes: [UInt8], count: Int, names: Int)] = [:]
    for dropEasingNames in variants {
      var metadata = (bytes: base.bytes, count: 0, easingNames: 0)
      if !hasExpressions { metadata = removeMetadata(base, easingNames: dropEasingNames) }
      var names = 0
      if options.level >= 2, !hasExpressions, let doc = try? JSONDocument(parsing: metadata.bytes) {
        let stripped = Pack.stripNames(doc, keeping: options.keepNames)
        names = metadata.bytes.count - stripped.bytes.count
        metadata.bytes = stripped.bytes
      }
      prepared[dropEasingNames] = (metadata.bytes, metadata.count, names)
    }
    if hasExpressions {
      result.notes.append("metadata kept: the file has expressions, which look properties up by index and match name")
      if options.level >= 2 { result.notes.append("names kept: the file has expressions, which look layers up by name") }
    }
    guard let plain = prepared[false], let plainDoc = try? JSONDocument(parsing: plain.bytes) else { return result }
    let canvas = spatialDecimals(Animation(document: document))
    let inUse = spatialDecimalsInUse(plainDoc)
    // Start at the canvas's step. A file that looks like optimize's own output (no metadata left
    // to remove) starts at the places it already has when those lie within the ladder, so that a
    // second run cannot round what the first one found too coarse (idempotence); a fresh export
    // with 3-decimal positions is still tried at the canvas's step.
    let fresh = plain.count > 0
    if options.level >= 3 && !fresh && !hasExpressions {
      result.notes.append(
        "keyframes kept: the file has no metadata (mn, ix, cix, np) left, so it is taken for optimize's own output, whose keyframes were measured against its original already"
      )
    }
    let first = !fresh && inUse > canvas && inUse <= canvas + 2 ? inUse : canvas
    var finest: Double? = nil
    for decimals in first...(canvas + 2) {
      for dropEasingNames in variants {
        guard let metadata = prepared[dropEasingNames], let stripped = try? JSONDocument(parsing: metadata.bytes) else { continue }
        // Level 3 only on a file that looks like a fresh export (see `lossyCandidate`).
        let simplify = options.level >= 3 && fresh && !hasExpressions
        guard let made = lossyCandidate(stripped, decimals: decimals, simplify: simplify, hasExpressions: hasExpressions) else { continue }
        let bytes = made.bytes, simplified = made.simplified
        switch verify(result.bytes, bytes) {
        case .failure(let error):
          result.notes.append("lossy steps not applied: \(error.description)")
          return result
        case .success(let share):
          finest = finest.map { min($0, share) } ?? share
          guard share <= options.maxDiff else { continue }
          result.steps += acceptedSteps(
            baseSize: base.bytes.count, metadataSize: stripped.written(.minified).count, metadata: metadata,
            keptEasingNames: variants.count == 2 && !dropEasingNames, options: options, share: share, decimals: decimals,
            simplified: simplified, size: bytes.count)
          result.bytes = bytes
          result.level = options.level
          return result
        }
      }
    }
    result.notes.append(
      "lossy steps not applied: the finest candidate still changed \(percent(finest ?? 1)) of pixels (limit \(percent(options.maxDiff))); the lossless result is kept"
    )
    return result
  }

  /// What an accepted candidate reports, step by step: metadata, names (level 2), precision and,
  /// when level 3 removed keyframes, keyframes.
  static func acceptedSteps(
    baseSize: Int, metadataSize: Int, metadata: (bytes: [UInt8], count: Int, names: Int), keptEasingNames: Bool,
    options: Options, share: Double, decimals: Int, simplified: (before: Int, count: Int), size: Int
  ) -> [SizeStep] {
    var steps: [SizeStep] = []
    var detail = metadata.count == 0 ? nil : "\(metadata.count) key\(metadata.count == 1 ? "" : "s")"
    if keptEasingNames {
      detail = (detail.map { $0 + "; " } ?? "") + "keyframe easing names kept: rlottie drew differently without them"
    }
    steps.append(SizeStep(name: "metadata", before: baseSize, after: metadataSize + metadata.names, detail: detail))
    if options.level >= 2 {
      let kept = options.keepNames.isEmpty ? nil : "kept: \(options.keepNames.sorted().joined(separator: ", "))"
      steps.append(SizeStep(name: "names", before: metadataSize + metadata.names, after: metadataSize, detail: kept))
    }
    let pixels = "\(percent(share)) of pixels differ (limit \(percent(options.maxDiff)))"
    let places = "\(decimals) decimal\(decimals == 1 ? "" : "s") for positions and paths, 3 for colours"
    if simplified.count > 0 {
      steps.append(SizeStep(name: "precision", before: metadataSize, after: simplified.before, detail: places))
      steps.append(
        SizeStep(
          name: "keyframes", before: simplified.before, after: size,
          detail: "\(simplified.count) keyframe\(simplified.count == 1 ? "" : "s") a line between their neighbours reproduces; \(pixels)"))
    } else {
      steps.append(SizeStep(name: "precision", before: metadataSize, after: size, detail: "\(places); \(pixels)"))
    }
    return steps
  }

  /// One lossy candidate at these places: rounded; with `simplify`, keyframes a line reproduces
  /// within half a step of them removed (`simplified`: the size before that and how many) — never
  /// on a file that looks like optimize's own output (no metadata left), whose keyframes were
  /// already measured against its original, so that a second run cannot measure against the
  /// first's; then keyframes rounding made equal become a static value and values it brought to
  /// their default go, now, not on the next run. Minified; nil when a step's output does not parse.
  static func lossyCandidate(_ stripped: JSONDocument, decimals: Int, simplify: Bool, hasExpressions: Bool)
    -> (bytes: [UInt8], simplified: (before: Int, count: Int))?
  {
    var rounded = roundNumbers(stripped, spatial: decimals)
    var simplified = (before: 0, count: 0)
    if simplify, let doc = try? JSONDocument(parsing: rounded) {
      let kept = simplifyKeyframes(doc, spatial: decimals)
      if kept.count > 0 {
        simplified = (doc.written(.minified).count, kept.count)
        rounded = kept.bytes
      }
    }
    if !hasExpressions, let doc = try? JSONDocument(parsing: rounded) { rounded = constantAnimations(doc).bytes }
    if let doc = try? JSONDocument(parsing: rounded) { rounded = defaults(doc).bytes }
    guard let candidate = try? JSONDocument(parsing: rounded) else { return nil }
    return (candidate.written(.minified), simplified)
  }

  static func percent(_ share: Double) -> String {
    let p = share * 100
    if p == 0 { return "0%" }
    if p < 0.01 { return "<0.01%" }
    return ((p * 100).rounded() / 100).compactText + "%"
  }

  /// Places for positions and paths: a step of about 1/2000 of the canvas's longer side (0.1 px on
  /// 512 to 2000 px canvases, 0.01 px on 100 px ones), at least one.
  static func spatialDecimals(_ animation: Animation) -> Int {
    let side = max(animation.width ?? 512, animation.height ?? 512, 1)
    var decimals = 1
    var step = 0.1
    while step > side / 2000, decimals < 4 {
      step /= 10
      decimals += 1
    }
    return decimals
  }

  // MARK: metadata

  /// Removes `mn` strings and `ix`/`cix`/`np` numbers, except inside effects (`ef`), whose values
  /// some players look up by index; with `easingNames`, also keyframe easing names (`n`). rlottie
  /// looks a keyframe's easing up by that name, so that keyframes sharing a name share the first
  /// one's curve (Samsung/rlottie src/lottie/lottieparser.cpp, `interpolator`): removing them
  /// changed rlottie's picture of corpus rlottie/example/resource/balloons_with_string.json, so
  /// the caller verifies a candidate without them by rendering and falls back to keeping them.
  /// `count` counts every key removed, `easingNames` the `n`s among them.
  static func removeMetadata(_ document: JSONDocument, easingNames: Bool) -> (bytes: [UInt8], count: Int, easingNames: Int) {
    var edits = JSONEdits(document)
    var count = 0
    var names = 0
    // Nodes inside an effect list, from a difference array over the effects' subtree ranges.
    var depth = [Int32](repeating: 0, count: document.nodeCount + 1)
    for k in document.keyIndices(named: "ef", in: 0..<document.nodeCount) {
      let range = document.node(JSONNode.ID(raw: UInt32(k + 1))).subtreeRange
      depth[range.lowerBound] += 1
      depth[range.upperBound] -= 1
    }
    var inside = [Bool](repeating: false, count: document.nodeCount)
    var running: Int32 = 0
    for i in 0..<document.nodeCount {
      running += depth[i]
      inside[i] = running > 0
    }
    for key in ["mn", "ix", "cix", "np"] {
      for k in document.keyIndices(named: key, in: 0..<document.nodeCount) {
        let value = document.node(JSONNode.ID(raw: UInt32(k + 1)))
        guard let owner = value.parent, owner.isObject, !inside[k], isLottieObject(owner) else { continue }
        guard key == "mn" ? value.isString : value.isNumber else { continue }
        do { try edits.remove(value); count += 1 } catch { continue }
      }
    }
    if easingNames {
      for k in document.keyIndices(named: "n", in: 0..<document.nodeCount) {
        let value = document.node(JSONNode.ID(raw: UInt32(k + 1)))
        guard isKeyframeEasingName(value) else { continue }
        do { try edits.remove(value); count += 1; names += 1 } catch { continue }
      }
    }
    guard count > 0, let bytes = try? edits.apply() else { return (document.bytes, 0, 0) }
    return (bytes, count, names)
  }

  /// A layer, shape, asset or mask (a member of those lists) or a property (an object with a `k`):
  /// where `mn` and `ix` are Lottie's metadata, not an app's own fields of the same names.
  static func isLottieObject(_ object: JSONNode) -> Bool {
    if object["k"] != nil { return true }
    guard let list = object.parent, list.isArray, let key = list.key else { return false }
    return Pack.namedLists.contains(key) || key == "masksProperties"
  }

  /// A keyframe's `n`: a string or an array of strings, in an object with a time `t` that is an
  /// element of a property's keyframe list `k`.
  static func isKeyframeEasingName(_ value: JSONNode) -> Bool {
    guard value.isString || (value.isArray && value.elements.allSatisfy { $0.isString }) else { return false }
    guard let keyframe = value.parent, keyframe.isObject, keyframe["t"]?.isNumber == true,
      let list = keyframe.parent, list.isArray, list.key == "k"
    else { return false }
    return true
  }

  // MARK: precision

  /// Numbers that are identities, references, enumerations, sizes of images and precomps, or time.
  static let exactKeys: Set<String> = [
    "ind", "parent", "refId", "ty", "tp", "td", "tt", "ip", "op", "st", "sr", "t",
    "fr", "dr", "w", "h", "ddd", "ao", "bm", "np", "ix", "cix", "id", "a", "j", "m"
  ]
  /// Subtrees kept exactly: time remapping holds times, slots hold values of any kind, fonts and
  /// glyphs are text (rlottie, the render check, draws no text).
  static let exactSubtrees: Set<String> = ["tm", "slots", "fonts", "chars"]
  /// Subtrees of values in 0…1 (colours, gradient stops) or of unknown units (effects).
  static let fineSubtrees: Set<String> = ["c", "sc", "fc", "g", "ef"]
  static let fineDecimals = 3

  enum Context: UInt8 { case spatial, fine, exact }

  /// Each node's rounding context. Tape order puts every container before its members, so a
  /// node's context follows from its parent's and its own key in one pass. Only property values
  /// are rounded (what lies under a `k`): numbers anywhere else — fields lottiekit does not know,
  /// an app's own data — keep their spelling; so does a text layer's text data (`t`).
  static func contexts(_ document: JSONDocument) -> [Context] {
    let count = document.nodeCount
    var structural = [Context](repeating: .spatial, count: count)
    var underValue = [Bool](repeating: false, count: count)
    var context = [Context](repeating: .exact, count: count)
    for i in 0..<count {
      let node = document.node(JSONNode.ID(raw: UInt32(i)))
      guard let parent = node.parent, !node.isKey else { continue }
      let p = Int(parent.id.raw)
      var c = structural[p]
      underValue[i] = underValue[p]
      if parent.isObject, let key = node.key {
        if key == "k" { underValue[i] = true }
        if c == .exact {
        } else if exactSubtrees.contains(key) || (key == "t" && node.isObject) {
          c = .exact  // a text layer's `t` object is text data (a keyframe's `t` is a number)
        } else if exactKeys.contains(key), !node.isObject {
          c = .exact
        } else if fineSubtrees.contains(key) {
          c = .fine
        } else if key == "i" || key == "o", node.isObject {
          c = .fine  // a keyframe's easing handles
        }
      }
      structural[i] = c
      context[i] = underValue[i] ? c : .exact
    }
    return context
  }

  /// The most decimal places a position or path number has in the document beyond its layer's
  /// extra places (`extraDecimals`; fractions only, an exponent counts as many). A file written by
  /// level 1 at some precision has no more than that, and optimizing it again starts there, so that
  /// a second run cannot round what the first one found too coarse (idempotence).
  static func spatialDecimalsInUse(_ document: JSONDocument) -> Int {
    let context = contexts(document)
    let extra = extraDecimals(document)
    var most = 0
    for i in 0..<document.nodeCount where context[i] == .spatial {
      let node = document.node(JSONNode.ID(raw: UInt32(i)))
      guard node.isNumber else { continue }
      let text = node.sourceBytes
      if text.contains(UInt8(ascii: "e")) || text.contains(UInt8(ascii: "E")) { return 99 }
      guard let dot = text.firstIndex(of: UInt8(ascii: ".")) else { continue }
      most = max(most, text.endIndex - dot - 1 - Int(extra[i]))
    }
    return most
  }

  /// Places each node's numbers need beyond the canvas's step, from how much its layer is scaled
  /// up on the canvas: the layer's own scale, its parents', and the precomp layers that show its
  /// composition (largest keyframe values). A file drawn in unit space and scaled up 51,200 %
  /// (lottie-docs easing.json) needs 3 more places for the same step on the canvas: rounded as
  /// canvas pixels, its 0.01-wide strokes became 0 (ThorVG drew 0.7 % of the pixels differently).
  /// Composition scales are propagated over the precomp references a few times in file order,
  /// which settles any nesting written in order; deeper, unsettled nesting gets fewer places and
  /// the render check decides.
  static func extraDecimals(_ document: JSONDocument) -> [UInt8] {
    let animation = Animation(document: document)
    let compositions = animation.compositions
    var compositionScale: [String: Double] = [:]
    var layerScales: [(range: Range<Int>, scale: Double)] = []
    for pass in 0..<8 {
      var changed = false
      layerScales.removeAll(keepingCapacity: true)
      for composition in compositions {
        let own = composition.id.map { compositionScale[$0] ?? 1 } ?? 1
        let parents = composition.layersByIndex
        var chains: [Int: Double] = [:]
        for layer in composition.layers where layer.node.isObject {
          let above = layer.parentIndex.map { PrecompClip.chainScale($0, parents, &chains) } ?? 1
          let scale = min(own * PrecompClip.largestScale(layer) * above, 1e6)
          layerScales.append((layer.node.subtreeRange, scale))
          if layer.type == .precomp, let id = layer.refId, scale > (compositionScale[id] ?? 1) * 1.0001 {
            compositionScale[id] = scale
            changed = true
          }
        }
      }
      if !changed || pass == 7 { break }
    }
    var extra = [UInt8](repeating: 0, count: document.nodeCount)
    for (range, scale) in layerScales where scale > 1 {
      let places = UInt8(min(6, Int((log10(scale)).rounded(.up))))
      guard places > 0 else { continue }
      for i in range where i < extra.count { extra[i] = places }
    }
    return extra
  }

  /// Rounds every number to its property's places (see the type's comment), where the rounded
  /// spelling is shorter; every other byte is kept.
  static func roundNumbers(_ document: JSONDocument, spatial: Int) -> [UInt8] {
    let context = contexts(document)
    let extra = extraDecimals(document)
    var edits = JSONEdits(document)
    var changed = false
    for i in 0..<document.nodeCount where context[i] != .exact {
      let node = document.node(JSONNode.ID(raw: UInt32(i)))
      guard node.isNumber, !node.isKey else { continue }
      let c = context[i]
      let text = node.sourceBytes
      guard text.contains(UInt8(ascii: ".")) || text.contains(UInt8(ascii: "e")) || text.contains(UInt8(ascii: "E")) else { continue }
      // Colours, easing and effect values do not scale with their layer.
      let places = c == .fine ? max(fineDecimals, spatial) : spatial + Int(extra[i])
      guard let value = node.double, let rounded = Pack.roundedText(value, decimals: places), rounded.count < text.count else { continue }
      edits.replace(node, withRaw: rounded)
      changed = true
    }
    guard changed, let bytes = try? edits.apply() else { return document.bytes }
    return bytes
  }
}
