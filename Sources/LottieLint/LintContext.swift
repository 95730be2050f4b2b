import LottieJSON
import LottieCompat
import LottieModel

/// Limits for the performance and asset rules. Defaults are the renderers' own thresholds.
package struct Budgets: Sendable, Equatable {
  /// lottie-android switches to software rendering above 4 masks + mattes (RenderMode.java).
  package var maxMasksAndMattes = 4
  /// lottie-android warns at more than 4 image layers.
  package var maxImageLayers = 4
  /// Bodymovin's export report warns for images wider or taller than 1500 px.
  package var maxImageSide = 1500
  /// Total decoded bytes of embedded images (base64 costs memory and decode time on devices).
  package var maxEmbeddedImageBytes = 1_000_000
  /// The JSON file itself (after decompression for .tgs/.lottie).
  package var maxFileBytes = 2_000_000
  /// Width × height of a composition; Bodymovin warns for 1000×1000 matte/effect layers and above.
  package var maxCompositionArea = 4_194_304
  /// Nesting of precomps inside precomps.
  package var maxPrecompDepth = 5

  package init() {}

  /// The default budgets with one of them changed (the budget rules' examples).
  static func with(_ budget: WritableKeyPath<Budgets, Int>, _ value: Int) -> Budgets {
    var budgets = Budgets()
    budgets[keyPath: budget] = value
    return budgets
  }

  /// Budget keys as written in `.lottiekit.yml`.
  package static let keys = [
    "max-masks-and-mattes", "max-image-layers", "max-image-side", "max-embedded-image-bytes",
    "max-file-bytes", "max-composition-area", "max-precomp-depth"
  ]

  /// `key: value` for each budget that differs from the default, in `keys` order (what a rule
  /// example needs in `.lottiekit.yml` to trigger).
  package var changedFromDefaults: [String] {
    let defaults = Budgets()
    let all: [(String, Int, Int)] = [
      ("max-masks-and-mattes", maxMasksAndMattes, defaults.maxMasksAndMattes),
      ("max-image-layers", maxImageLayers, defaults.maxImageLayers),
      ("max-image-side", maxImageSide, defaults.maxImageSide),
      ("max-embedded-image-bytes", maxEmbeddedImageBytes, defaults.maxEmbeddedImageBytes),
      ("max-file-bytes", maxFileBytes, defaults.maxFileBytes),
      ("max-composition-area", maxCompositionArea, defaults.maxCompositionArea),
      ("max-precomp-depth", maxPrecompDepth, defaults.maxPrecompDepth)
    ]
    return all.filter { $0.1 != $0.2 }.map { "\($0.0): \($0.1)" }
  }

  package mutating func set(_ key: String, _ value: Int) -> Bool {
    switch key {
    case "max-masks-and-mattes": maxMasksAndMattes = value
    case "max-image-layers": maxImageLayers = value
    case "max-image-side": maxImageSide = value
    case "max-embedded-image-bytes": maxEmbeddedImageBytes = value
    case "max-file-bytes": maxFileBytes = value
    case "max-composition-area": maxCompositionArea = value
    case "max-precomp-depth": maxPrecompDepth = value
    default: return false
    }
    return true
  }
}

/// Reads a file from disk for rules that look at images (injected so that the lint library needs
/// no I/O module and tests can fake it).
package protocol AssetFileSystem: Sendable {
  /// Where `u` + `p` points, and whether lottiekit may read it.
  func locate(_ asset: Asset, baseDirectory: String) -> AssetLookup
  func read(_ path: String, limit: Int) -> [UInt8]?
  /// Whether this file system gives absolute-looking paths a meaning of its own (a dotLottie
  /// archive's `/i/`), so that they are looked up rather than reported as absolute.
  var resolvesAbsolutePaths: Bool { get }
}

extension AssetFileSystem {
  package var resolvesAbsolutePaths: Bool { false }
}

package enum AssetLookup: Sendable {
  case embedded
  case url(String)
  case absolute(String)
  case escapes(String)
  case file(relative: String, path: String, exists: Bool)
  case invalid(String)
}

/// What a rule sees: the file, its document and model, the budgets, and cached walks.
package final class LintContext: @unchecked Sendable {
  package let path: String
  package let document: JSONDocument
  package let animation: Animation
  /// Folder image paths resolve against (nil for stdin and archives).
  package let baseDirectory: String?
  package let budgets: Budgets
  package let fileSystem: AssetFileSystem?
  /// Renderers to check compatibility for (`--target`).
  package var targets: [TargetSelection] = []
  /// The telegram-sticker profile's variant.
  package var sticker = StickerVariant()
  /// Draws what a feature changes where no bound can tell (Coverage.measurable); nil: bounds only.
  package var measurer: (any ChangeMeasuring)?
  /// Size of the JSON text.
  package var jsonBytes: Int { document.bytes.count }

  package init(
    path: String, document: JSONDocument, baseDirectory: String?, budgets: Budgets = Budgets(),
    fileSystem: AssetFileSystem? = nil
  ) {
    self.path = path
    self.document = document
    self.animation = Animation(document: document)
    self.baseDirectory = baseDirectory
    self.budgets = budgets
    self.fileSystem = fileSystem
  }

  private var _featureUses: [FeatureUse]?
  /// Feature uses, computed once per file.
  package var featureUses: [FeatureUse] {
    if let f = _featureUses { return f }
    let f = animation.featureUses()
    _featureUses = f
    return f
  }

  private var cache: [ObjectIdentifier: Any] = [:]
  /// A per-file value shared by several rules, computed the first time one asks. Keyed by a type
  /// that only the owner can name, so two rules cannot collide by accident.
  package func shared<Key, Value>(_ key: Key.Type, _ compute: () -> Value) -> Value {
    if let v = cache[ObjectIdentifier(key)] as? Value { return v }
    let v = compute()
    cache[ObjectIdentifier(key)] = v
    return v
  }

  /// Every `sid` on a property (three slot rules read them), computed once per file.
  package var slotUses: [SlotUse] { shared(SlotUsesKey.self) { animation.slotUses } }
  private enum SlotUsesKey {}

  private var _animated: [(property: JSONNode, frames: [JSONNode])]?
  /// Animated properties with their keyframe objects, in document order, computed once per file.
  package var animatedProperties: [(property: JSONNode, frames: [JSONNode])] {
    if let a = _animated { return a }
    var result: [(property: JSONNode, frames: [JSONNode])] = []
    for visit in layerVisits where visit.layer.node.isObject {
      // Properties are the objects that hold a "k" whose value is an array; each once, by the
      // value players read (the last `k`: looking the object up once per copy of a `k` written
      // thousands of times would be quadratic).
      var seen = Set<JSONNode.ID>()
      for keyIndex in document.keyIndices(named: "k", in: visit.layer.node.subtreeRange) {
        let written = document.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
        guard written.isArray, let candidate = written.parent, candidate.isObject, seen.insert(candidate.id).inserted,
          let value = candidate["k"], value.isArray, AnimatedProperty(node: candidate).isAnimated
        else { continue }
        let frames = value.elements.filter { $0.isObject }
        if !frames.isEmpty { result.append((candidate, frames)) }
      }
    }
    _animated = result
    return result
  }

  private var _layerVisits: [LayerVisit]?
  /// Every layer of every composition, computed once per file.
  package var layerVisits: [LayerVisit] {
    if let v = _layerVisits { return v }
    var v: [LayerVisit] = []
    animation.forEachLayer { v.append($0) }
    _layerVisits = v
    return v
  }
}
