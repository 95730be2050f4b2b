import LottieJSON
import LottieKitIO
import LottieModel

/// The JSON edits pack makes: pruning unused assets, stripping names, rounding numbers.
extension Pack {
  // MARK: prune

  /// Removes precomp and image assets that no layer reachable from the root composition uses
  /// (following precomps, as `Strip` does when it prunes). An asset whose id or name appears in an
  /// expression is kept: `comp("name")` can reach it without a `refId`.
  package static func prune(_ document: JSONDocument) -> (bytes: [UInt8], removed: [String], kept: [String]) {
    let animation = Animation(document: document)
    var used = Set<String>()
    var queue: [Composition] = [animation.rootComposition]
    var seen = Set<String>()
    while let comp = queue.popLast() {
      for layer in comp.layers {
        guard let ref = layer.refId else { continue }
        used.insert(ref)
        if layer.typeCode == 0, !seen.contains(ref), let inner = animation.composition(id: ref) {
          seen.insert(ref)
          queue.append(inner)
        }
      }
    }
    let unused = animation.assets.filter { a in
      guard let id = a.id, a.isPrecomp || a.isImage else { return false }
      return !used.contains(id)
    }
    guard !unused.isEmpty else { return (document.bytes, [], []) }
    // An expression that quotes an unused asset's id or name may look it up: keep it. Every
    // quoted spelling of every asset is looked for in one pass; `owner` maps a spelling to its asset.
    var spellings: [String] = []
    var owner: [Int] = []
    for (a, asset) in unused.enumerated() {
      for name in [asset.id ?? "?"] + (asset.name.map { [$0] } ?? []) {
        spellings += ["\"\(name)\"", "'\(name)'"]
        owner += [a, a]
      }
    }
    let quoted = Set(ExpressionMentions(spellings).found(inAnyOf: ExpressionMentions.texts(in: document)).map { owner[$0] })
    var edits = JSONEdits(document)
    var removed: [String] = []
    var kept: [String] = []
    for (a, asset) in unused.enumerated() {
      let id = asset.id ?? "?"
      if quoted.contains(a) {
        kept.append(id)
        continue
      }
      do { try edits.remove(asset.node) } catch { continue }
      removed.append(id)
    }
    guard let bytes = try? edits.apply() else { return (document.bytes, [], kept) }
    return (bytes, removed, kept)
  }

  // MARK: strip names

  /// Removes the `nm` and `mn` strings of layers, shapes and assets (the members of `layers`,
  /// `shapes`, `it` and `assets` lists), except names in `keeping` (the names app code looks
  /// layers and shapes up by). Every other name stays: effects' and their values' (lottie-android
  /// and lottie-ios find a drop shadow's colour, distance… by name, Skottie its effects), masks',
  /// the animation's own, and anything lottiekit does not know.
  package static func stripNames(_ document: JSONDocument, keeping: Set<String> = []) -> (bytes: [UInt8], hasExpressions: Bool) {
    var edits = JSONEdits(document)
    for key in ["nm", "mn"] {
      for k in document.keyIndices(named: key, in: 0..<document.nodeCount) {
        let value = document.node(JSONNode.ID(raw: UInt32(k + 1)))
        guard let name = value.string, key == "mn" || !keeping.contains(name) else { continue }
        guard let list = value.parent?.parent, list.isArray, let owner = list.key, namedLists.contains(owner) else { continue }
        try? edits.remove(value)
      }
    }
    let hasExpressions = !ExpressionMentions.texts(in: document).isEmpty
    guard !edits.isEmpty, let bytes = try? edits.apply() else { return (document.bytes, hasExpressions) }
    return (bytes, hasExpressions)
  }

  /// The lists whose members' names `stripNames` removes.
  static let namedLists: Set<String> = ["layers", "shapes", "it", "assets"]

  // MARK: precision

  /// Keys whose numbers are never rounded: identities and references (`ind`, `parent`, `refId`,
  /// `tp`, `td`, `tt`), types and enumerations (`ty`), and time (`ip`, `op`, `st`, `sr`, keyframe `t`,
  /// the frame rate, marker `tm`/`dr`), where a rounded frame moves a keyframe or cuts a layer.
  /// Time remapping (`tm` on a layer) holds times in its keyframe values, so its whole subtree is kept.
  static let protectedKeys: Set<String> = [
    "ind", "parent", "refId", "ty", "tp", "td", "tt", "ip", "op", "st", "sr", "t",
    "fr", "tm", "dr", "w", "h", "v", "ddd", "ao", "bm", "np", "ix", "cix", "id"
  ]

  /// Rounds numbers to `decimals` places where it is safe, and only where the rounded spelling is
  /// shorter than the original: a number already short enough keeps its exact text.
  ///
  /// Done with `JSONEdits` (one replacement per shortened number) rather than by writing a new
  /// document: every other byte — key order, duplicate keys, escapes, the spelling of integers and of
  /// the protected numbers — stays exactly as it was, and the step can be measured on its own.
  package static func roundNumbers(_ document: JSONDocument, decimals: Int) -> [UInt8] {
    let digits = max(0, min(decimals, 15))
    var edits = JSONEdits(document)
    var changed = false
    let root = document.root
    for k in 0..<document.nodeCount {
      let node = document.node(JSONNode.ID(raw: UInt32(k)))
      guard node.isNumber, node != root else { continue }
      let text = node.sourceBytes
      // Only numbers with a fraction or an exponent can get shorter.
      guard text.contains(UInt8(ascii: ".")) || text.contains(UInt8(ascii: "e")) || text.contains(UInt8(ascii: "E")) else { continue }
      if isProtected(node) { continue }
      let places = isEasingHandle(node) ? max(digits, minimumEasingDecimals) : digits
      guard let value = node.double, let rounded = roundedText(value, decimals: places), rounded.count < text.count else { continue }
      edits.replace(node, withRaw: rounded)
      changed = true
    }
    guard changed, let bytes = try? edits.apply() else { return document.bytes }
    return bytes
  }

  /// Easing handles (a keyframe's `i`/`o` `x` and `y`, in 0…1) shape the whole interval between two
  /// keyframes: at 2 decimals a corpus file moved visibly (1.1% of pixels), so they keep at least 3.
  static let minimumEasingDecimals = 3

  /// Whether a number is an easing handle: its key is `x` or `y` (directly, or in an array), in an
  /// object that is the value of `i` or `o` (a shape's vertex tangents are arrays under `i`/`o`,
  /// not objects, and are not matched).
  static func isEasingHandle(_ node: JSONNode) -> Bool {
    var current = node
    if let parent = current.parent, parent.isArray { current = parent }
    guard let key = current.key, key == "x" || key == "y", let handle = current.parent, handle.isObject,
      let handleKey = handle.key
    else { return false }
    return handleKey == "i" || handleKey == "o"
  }

  /// Whether a number is protected: its own key (the nearest member key above it, through arrays)
  /// is a protected key, or it lies anywhere inside a time remap (`tm`). Only the nearest key counts
  /// otherwise, so that a text layer's `t` object (text data) is rounded while a keyframe's `t` is not.
  /// A number that is not a property value (under no `k`: a field lottiekit does not know, an app's
  /// own data) is protected too.
  static func isProtected(_ node: JSONNode) -> Bool {
    var current = node
    var nearest = true
    var inValue = false
    while let parent = current.parent {
      if parent.isObject, let key = current.key {
        if nearest {
          if protectedKeys.contains(key) { return true }
          nearest = false
        } else if key == "tm" {
          return true
        }
        if key == "k" { inValue = true }
      }
      current = parent
    }
    return !inValue
  }

  /// `value` rounded half away from zero to `decimals` places, written without trailing zeros or an
  /// exponent (`0.5`, `-12`, `3.142`); nil when the magnitude is too large to round exactly.
  static func roundedText(_ value: Double, decimals: Int) -> [UInt8]? {
    guard value.isFinite else { return nil }
    var scale: Double = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 9.0e15 else { return nil }
    var integer = Int(scaled)
    if integer == 0 { return Array("0".utf8) }
    let negative = integer < 0
    integer = abs(integer)
    var digits = Array(String(integer).utf8)
    // Split into whole and fraction parts, padding the fraction with leading zeros.
    while digits.count <= decimals { digits.insert(UInt8(ascii: "0"), at: 0) }
    let whole = digits[0..<(digits.count - decimals)]
    var fraction = Array(digits[(digits.count - decimals)...])
    while let last = fraction.last, last == UInt8(ascii: "0") { fraction.removeLast() }
    var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    out.append(contentsOf: whole)
    if !fraction.isEmpty {
      out.append(UInt8(ascii: "."))
      out.append(contentsOf: fraction)
    }
    return out
  }
}
