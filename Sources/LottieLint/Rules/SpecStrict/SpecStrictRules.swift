import LottieJSON
import LottieModel

let specStrictRules: [any LintRule.Type] = [
  KeyframeMissingStartRule.self, AnimatedFlagMissingRule.self, StaticValueMarkedAnimatedRule.self,
  ImageAssetWithoutSizeRule.self, NonIntegerSizeRule.self, SchemaViolationRule.self, KeyframeMissingEasingRule.self
]

/// Shared by the spec-strict rules: the legacy forms that the Lottie 1.0 schema rejects and players
/// accept. Their fixes must not change what any player draws, so each rule fixes only the cases
/// where every player reads the old and the new form alike (or where the one that differs already
/// draws the file wrongly and the fix makes it agree with all the others).
enum SpecStrict {
  static let profiles = ["spec-strict"]

  private enum SchemaKey {}

  /// The official schema's violations in this file, computed once for the spec-strict rules.
  static func schemaViolations(in context: LintContext) -> (all: [SchemaViolation], at: Set<Int>) {
    context.shared(SchemaKey.self) {
      guard let schema = SchemaViolationRule.schema else { return ([], []) }
      let all = SchemaValidator(schema: schema).violations(of: context.document.root)
      return (all, Set(all.map { $0.instance.span.lowerBound }))
    }
  }

  /// Whether the schema finds something wrong at one of these values: the legacy-form rules
  /// report only what the schema rejects (the schema allows, for example, text-animator and
  /// repeater keyframes without "s").
  static func schemaRejects(_ nodes: JSONNode?..., in context: LintContext) -> Bool {
    let at = schemaViolations(in: context).at
    return nodes.contains { $0.map { at.contains($0.span.lowerBound) } ?? false }
  }

  /// What a property's `k` holds, judged by its shape: lottie-web, lottie-android, lottie-ios,
  /// rlottie and ThorVG decide this way and ignore `a`; Skottie trusts `a` when it is present.
  enum ValueForm: Equatable {
    case keyframes
    case staticValue
    /// Empty, or neither numbers nor keyframe objects: no fix can know what was meant.
    case unclear
  }

  static func form(of k: JSONNode) -> ValueForm {
    if k.isNumber || k.isObject { return .staticValue }
    guard k.isArray, let first = k.element(at: 0) else { return .unclear }
    if first.isNumber { return k.elements.allSatisfy({ $0.isNumber }) ? .staticValue : .unclear }
    if first.isObject && first["t"] != nil && k.elements.allSatisfy({ $0.isObject }) { return .keyframes }
    return .unclear
  }

  /// One property (an object with `k`) inside a layer, with what the messages say about it.
  struct Property {
    let node: JSONNode
    /// Its `k` (the last one when the key repeats).
    let k: JSONNode
    /// Index of its layer in the context's layer visits.
    let visitIndex: Int
  }

  /// Every property inside the layers of every composition, except wrappers whose `k` is itself a
  /// property (gradient colours: `"g": {"p": 3, "k": {"a": 0, "k": […]}}`). Found once per file for
  /// all the spec-strict rules by a byte scan for `"k"` keys.
  static func properties(in context: LintContext) -> [Property] {
    context.shared(PropertiesKey.self) {
      let document = context.document
      var result: [Property] = []
      for (v, visit) in context.layerVisits.enumerated() where visit.layer.node.isObject {
        for keyIndex in document.keyIndices(named: "k", in: visit.layer.node.subtreeRange) {
          let k = document.node(JSONNode.ID(raw: UInt32(keyIndex + 1)))
          // With a repeated "k", only the last one counts (as in every player).
          guard let candidate = k.parent, candidate.isObject, candidate["k"] == k else { continue }
          if k.isObject && k["k"] != nil { continue }
          result.append(Property(node: candidate, k: k, visitIndex: v))
        }
      }
      return result
    }
  }
  private enum PropertiesKey {}

  /// Builds the words for findings on properties: `property ks/o of layer "Dot" (ind 1) in
  /// composition "Main"`, from pointers the rule has already computed (each layer's part is built once).
  final class Describer {
    private let visits: [LayerVisit]
    private var layers: [Int: (pointer: String, suffix: String)] = [:]

    init(_ context: LintContext) { visits = context.layerVisits }

    func describe(_ property: Property, pointer: String) -> String {
      let layer: (pointer: String, suffix: String)
      if let known = layers[property.visitIndex] {
        layer = known
      } else {
        let visit = visits[property.visitIndex]
        layer = (
          visit.layer.node.pointer + "/",
          " of layer \(visit.layer.label) in composition \"\(visit.composition.displayName)\""
        )
        layers[property.visitIndex] = layer
      }
      let relative = pointer.utf8.starts(with: layer.pointer.utf8) ? String(pointer.utf8.dropFirst(layer.pointer.utf8.count)) ?? pointer : pointer
      return "property " + relative + layer.suffix
    }
  }
}
