import LottieJSON
import LottieModel

extension Optimize {
  /// Keys written with the value every player assumes when the key is missing (#20), removed
  /// losslessly. Each was read in the players' parsers — lottie-web (5.7.0 and 5.12), rlottie,
  /// ThorVG, lottie-android, lottie-ios and Skottie — and docs/optimize-defaults.md gives the
  /// file and function for each; only values that every one of them defaults to the same thing
  /// are listed:
  /// - layers: `"ao": 0`, `"sr": 1`, `"hd": false`, `"ct": 0`, `"hasMask": false`, and
  ///   `"bm": 0` when no layer of the file has another blend mode (lottie-web's canvas renderer
  ///   keeps the previous layer's mode for a layer without `bm`);
  /// - shape items: `"hd": false`, `"bm": 0`, `"d": 1` on paths, ellipses, rectangles and stars,
  ///   a fill's `"r": 1`;
  /// - the root: `"ddd": 0` and an empty `"markers"`;
  /// - static transform properties at their default (see below; not in files with expressions).
  /// Left as written, because a player reads their absence differently: a layer's `ddd` (rlottie
  /// takes a layer without it as 3D and drops its rotation; dropped when `players`, the renderers
  /// the file is for, leave rlottie out), `st` (lottie-web hides the layer,
  /// lottie-ios refuses the file), a stroke's `ml`, a fill rule 0, and `a` (the Lottie schema
  /// requires it, and lottie-web's expressions read it).
  static func defaults(_ document: JSONDocument, players: Set<String>? = nil) -> (bytes: [UInt8], count: Int) {
    let animation = Animation(document: document)
    var edits = JSONEdits(document)
    var count = 0
    // An object that writes a key twice is left as it is: players disagree on which value they
    // read (rlottie refuses some, ThorVG drops the property), so removing one would change that.
    // The parser already lists every repeated key (escapes decoded): their objects, once.
    let repeating = Set(document.duplicateKeys.compactMap { document.node(JSONNode.ID(raw: $0.raw + 1)).parent?.id.raw })
    func drop(_ owner: JSONNode, _ key: String, _ matches: (JSONNode) -> Bool) {
      guard let value = owner[key], !repeating.contains(owner.id.raw), !repeating.contains(value.id.raw), matches(value) else { return }
      do { try edits.remove(value); count += 1 } catch {}
    }
    let zero = { (v: JSONNode) in v.isNumber && v.double == 0 }
    let one = { (v: JSONNode) in v.isNumber && v.double == 1 }
    let no = { (v: JSONNode) in v.bool == false }
    var layerBlends = false
    animation.forEachLayer { visit in
      if let bm = visit.layer.node["bm"], !(bm.isNumber && bm.double == 0) { layerBlends = true }
    }
    animation.forEachLayer { visit in
      let node = visit.layer.node
      guard node.isObject else { return }
      drop(node, "ao", zero)
      // Only rlottie reads a layer without "ddd" as 3D (and then drops its rotation): for files
      // that are not for rlottie, a 2D layer's "ddd": 0 is what every other player assumes.
      if let players, !players.contains("rlottie") { drop(node, "ddd", zero) }
      drop(node, "sr", one)
      drop(node, "hd", no)
      drop(node, "ct", zero)
      drop(node, "hasMask", no)
      if !layerBlends { drop(node, "bm", zero) }
      Shape.walk(visit.layer.shapes, path: []) { shape, _ in
        let item = shape.node
        guard item.isObject, let type = shape.type else { return }
        drop(item, "hd", no)
        drop(item, "bm", zero)
        switch type {
        case .path, .ellipse, .rectangle, .polystar: drop(item, "d", one)
        case .fill: drop(item, "r", one)
        default: break
        }
      }
    }
    // Transforms (docs/optimize-defaults.md, "Transforms"): a static anchor, position, rotation
    // or skew of 0, a scale of 100 %, and a layer's opacity of 100 %. A shape group's opacity
    // stays (lottie-web 5.7 and later fail to load a group transform without "o"), a skew axis
    // goes only with its skew (lottie-web reads "sa" whenever "sk" is there), a camera keeps its
    // position, and files with expressions keep every transform property (lottie-web's
    // expressions read them by index, and report a missing layer opacity as 0).
    if ExpressionMentions.texts(in: document).isEmpty {
      animation.forEachLayer { visit in
        let node = visit.layer.node
        guard node.isObject else { return }
        if let ks = node["ks"], ks.isObject {
          transformDefaults(ks, opacity: true, position: node["ty"]?.int != 13, drop: drop)
        }
        Shape.walk(visit.layer.shapes, path: []) { shape, _ in
          if shape.type == .transform { transformDefaults(shape.node, opacity: false, position: true, drop: drop) }
          if shape.type == .repeater, let tr = shape.node["tr"], tr.isObject {
            transformDefaults(tr, opacity: false, position: true, drop: drop)
          }
        }
      }
    }
    let root = document.root
    if root.isObject {
      drop(root, "ddd", zero)
      drop(root, "markers", { $0.isArray && $0.count == 0 })
    }
    guard count > 0, let bytes = try? edits.apply() else { return (document.bytes, 0) }
    return (bytes, count)
  }

  /// The transform properties of `transform` that hold their default (see `defaults`).
  static func transformDefaults(
    _ transform: JSONNode, opacity: Bool, position: Bool,
    drop: (JSONNode, String, (JSONNode) -> Bool) -> Void
  ) {
    func holds(_ values: Double) -> (JSONNode) -> Bool {
      { property in
        guard property.isObject, property["x"] == nil, property["sid"] == nil,
          !AnimatedProperty(node: property).isAnimated, let k = property["k"]
        else { return false }
        if k.isNumber { return k.double == values }
        return k.isArray && k.count > 0 && k.elements.allSatisfy { $0.isNumber && $0.double == values }
      }
    }
    drop(transform, "a", holds(0))
    if position { drop(transform, "p", holds(0)) }
    drop(transform, "s", holds(100))
    drop(transform, "r", holds(0))
    if opacity { drop(transform, "o", holds(100)) }
    if let sk = transform["sk"], holds(0)(sk), transform["sa"].map(holds(0)) ?? true {
      drop(transform, "sk", holds(0))
      drop(transform, "sa", holds(0))
    }
  }
}
