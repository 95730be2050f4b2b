import LottieJSON

/// Values written with another JSON type than the format gives their key, at the keys a typed
/// parser reads (#18). rlottie reads every key it knows with a typed getter and refuses the whole
/// file at the first value of another type (Samsung/rlottie src/lottie/lottieparser.cpp:
/// `GetInt` also wants a number written without a fraction, so `"w": 512.0` is refused; `GetBool`
/// wants `true` or `false`, so `"hd": 0` is refused; `parseProperty` wants an object with `k` a
/// number, an array or a path). lottie-web reads all of them. Measured with rlottie 1.3.8 on
/// mistyped-value.json and one fixture per case below; the tables are rlottie's parser's, key for
/// key, so that a key it skips (a root `nm`, a group's `hd`, a shape's key written before its
/// `ty`) is never named.
package enum ValueTypes {
  /// What the key's value must be. In the tables, `value`, `list` and `path` name the kinds of
  /// property: one number, several (a point, a colour, a gradient's stops), a path.
  package enum Expected: String, Sendable {
    case integer = "whole number"
    case boolean = "true or false"
    case text
    case number
    case value = "property value"
    /// A whole number written with a fraction (or past 32 bits) that is not 0, at a key ThorVG
    /// also reads as an integer: RapidJSON's `GetInt` on such a number gives the low 32 bits of
    /// its double, 0 for 4.0 (thorvg/thorvg src/loaders/lottie/tvgLottieParserHandler.cpp
    /// `getInt`). Measured: a layer's `"ty": 4.0` is read as a precomp and not drawn, `"tt": 1.0`
    /// as no matte, `"bm": 1.0` as normal, `"parent": 1.0` or `"ind": 1.0` as no parent.
    case wholeNotZero = "whole number, not 0"
    /// A shape layer's `ty` written with a fraction: ThorVG reads it as 0, a precomp, and then
    /// takes the layer's shapes for layers (undefined): measured, it crashes on rectangles
    /// written as Bodymovin writes them, `d` before `ty` (mistyped-value-layer-type.json), and
    /// draws nothing of the layer with `ty` first (mistyped-value-fraction.json).
    case shapeLayerType = "whole number, a shape layer's type"
    /// A keyframe's value of a property of several numbers, written as one number.
    case list = "list of numbers"
    /// An object as the value of a property that is not a path.
    case numbers = "number or list"
    /// An easing handle's `x` or `y` written as an empty list: rlottie refuses the file, ThorVG
    /// leaves the layer out (measured, mistyped-value-empty-easing.json).
    case easing = "numbers in an easing handle"
    case path
  }

  /// One value of the wrong type: the value, what it should be.
  package struct Mistyped: Sendable {
    package let value: JSONNode
    package let expected: Expected
  }

  static let root: [String: Expected] = ["v": .text, "w": .integer, "h": .integer, "ip": .number, "op": .number, "fr": .number]
  static let marker: [String: Expected] = ["cm": .text, "tm": .number, "dr": .number]
  static let asset: [String: Expected] = ["w": .integer, "h": .integer, "p": .text, "u": .text, "e": .integer]
  static let layer: [String: Expected] = [
    "ty": .integer, "nm": .text, "ind": .integer, "ddd": .integer, "parent": .integer, "refId": .text, "sr": .number,
    "ip": .number, "op": .number, "st": .number, "bm": .integer, "w": .integer, "h": .integer, "sw": .integer,
    "sh": .integer, "sc": .text, "tt": .integer, "hasMask": .boolean, "ao": .integer, "hd": .boolean
  ]
  static let mask: [String: Expected] = ["inv": .boolean, "mode": .text, "pt": .path, "o": .value, "x": .value]
  static let transform: [String: Expected] = [
    "nm": .text, "a": .list, "r": .value, "s": .list, "o": .value, "hd": .boolean, "rx": .value, "ry": .value, "rz": .value
  ]
  /// Per shape type, the keys read after `ty` (`p` of a transform and `tr`, `d`, `g` of some
  /// shapes are objects of their own, checked apart).
  static let shapes: [String: [String: Expected]] = [
    "gr": ["nm": .text],
    "rc": ["nm": .text, "p": .list, "s": .list, "r": .value, "d": .integer, "hd": .boolean],
    "rd": ["nm": .text, "r": .value, "hd": .boolean],
    "el": ["nm": .text, "p": .list, "s": .list, "d": .integer, "hd": .boolean],
    "sh": ["nm": .text, "ks": .path, "d": .integer, "hd": .boolean],
    "sr": [
      "nm": .text, "p": .list, "pt": .value, "ir": .value, "is": .value, "or": .value, "os": .value, "r": .value,
      "sy": .integer, "d": .integer, "hd": .boolean
    ],
    "tm": ["nm": .text, "s": .value, "e": .value, "o": .value, "m": .integer, "hd": .boolean],
    "rp": ["nm": .text, "c": .value, "o": .value, "hd": .boolean],
    "tr": transform,
    "fl": ["nm": .text, "c": .list, "o": .value, "fillEnabled": .boolean, "r": .integer, "hd": .boolean],
    "st": [
      "nm": .text, "c": .list, "o": .value, "w": .value, "fillEnabled": .boolean, "lc": .integer, "lj": .integer,
      "ml": .number, "hd": .boolean
    ],
    "gf": ["nm": .text, "r": .integer, "t": .integer, "o": .value, "s": .list, "e": .list, "h": .value, "a": .value, "hd": .boolean],
    "gs": [
      "nm": .text, "w": .value, "lc": .integer, "lj": .integer, "ml": .number, "t": .integer, "o": .value, "s": .list,
      "e": .list, "h": .value, "a": .value, "hd": .boolean
    ]
  ]
  static let repeaterTransform: [String: Expected] = ["a": .list, "p": .list, "r": .value, "s": .list, "so": .value, "eo": .value]

  /// Every mistyped value of the animation, in document order of its objects.
  package static func mistyped(_ animation: Animation) -> [Mistyped] {
    var out: [Mistyped] = []
    let root = animation.root
    guard root.isObject else { return [] }
    check(root, Self.root, thorvgInts: false, &out)
    for m in root["markers"].list where m.isObject { check(m, marker, &out) }
    for a in root["assets"].list where a.isObject {
      check(a, asset, &out)
      if let id = a["id"], !id.isString, !isInteger(id) { out.append(Mistyped(value: id, expected: .text)) }
    }
    for c in animation.compositions {
      for l in c.layers where l.node.isObject { layerValues(l.node, &out) }
    }
    return out
  }

  static func layerValues(_ node: JSONNode, _ out: inout [Mistyped]) {
    let first = out.count
    check(node, layer, &out)
    if let ty = node["ty"], node["shapes"].list.isEmpty == false {
      for i in first..<out.count where out[i].expected == .wholeNotZero && out[i].value.id == ty.id {
        out[i] = Mistyped(value: ty, expected: .shapeLayerType)
      }
    }
    if let ks = node["ks"] {
      if ks.isObject { transformValues(ks, &out) } else { out.append(Mistyped(value: ks, expected: .value)) }
    }
    if let tm = node["tm"] { property(tm, &out) }
    for m in node["masksProperties"].list where m.isObject { check(m, mask, &out) }
    shapeList(node["shapes"], depth: 0, &out)
  }

  static func transformValues(_ t: JSONNode, _ out: inout [Mistyped]) {
    check(t, transform, &out)
    guard let p = t["p"] else { return }
    guard p.isObject else { return out.append(Mistyped(value: p, expected: .value)) }
    if let s = p["s"], s.kind != .bool { out.append(Mistyped(value: s, expected: .boolean)) }
    if p["s"]?.kind == .bool {
      for key in ["x", "y"] { if let v = p[key] { property(v, &out) } }
    }
    if let k = p["k"] { propertyValue(k, kind: .list, &out) }
  }

  static func shapeList(_ list: JSONNode?, depth: Int, _ out: inout [Mistyped]) {
    guard let list, list.isArray, depth < 64 else { return }
    for item in list.elements where item.isObject {
      // The keys before `ty` are skipped unread; the type itself must be text.
      var afterType = false
      var type: String?
      for member in item.members {
        if !afterType {
          if member.key == "ty" {
            afterType = true
            type = member.value.string
            if !member.value.isString { out.append(Mistyped(value: member.value, expected: .text)) }
          }
          continue
        }
        guard let type, let expected = shapes[type]?[member.key] else { continue }
        verify(member.value, expected, &out)
      }
      guard afterType, let type else { continue }
      shapeParts(item, type: type, depth: depth, &out)
    }
  }

  /// The objects inside a shape read by their own rules: a group's items, a transform's
  /// position, a repeater's transform, a stroke's dashes, a gradient's colours.
  static func shapeParts(_ item: JSONNode, type: String, depth: Int, _ out: inout [Mistyped]) {
    switch type {
    case "gr": shapeList(item["it"], depth: depth + 1, &out)
    case "tr": transformValues(item, &out)
    case "rp": if let tr = item["tr"], tr.isObject { check(tr, repeaterTransform, &out) }
    case "st", "gs":
      for dash in item["d"].list where dash.isObject { if let v = dash["v"] { property(v, &out) } }
    default: break
    }
    if type == "gf" || type == "gs", let g = item["g"], g.isObject {
      if let p = g["p"] { verify(p, .integer, &out) }
      if let k = g["k"] { property(k, kind: .list, &out) }
    }
  }

  /// Keys of a table that ThorVG reads as numbers, not integers (sizes): there a whole number
  /// with a fraction is read right.
  static let floatsInThorVG: Set<String> = ["w", "h", "sw", "sh"]

  /// Checks the keys of an object that the table names.
  static func check(_ object: JSONNode, _ table: [String: Expected], thorvgInts: Bool = true, _ out: inout [Mistyped]) {
    for member in object.members {
      guard let expected = table[member.key] else { continue }
      verify(member.value, expected, thorvgInt: thorvgInts && !floatsInThorVG.contains(member.key), &out)
    }
  }

  /// `thorvgInt`: ThorVG reads the key as an integer too (Expected.wholeNotZero).
  static func verify(_ value: JSONNode, _ expected: Expected, thorvgInt: Bool = true, _ out: inout [Mistyped]) {
    switch expected {
    case .value, .list, .path, .numbers: property(value, kind: expected, &out)
    case .integer, .wholeNotZero, .shapeLayerType:
      guard !isInteger(value) else { return }
      let misread = thorvgInt && value.isNumber && value.double != 0
      out.append(Mistyped(value: value, expected: misread ? .wholeNotZero : .integer))
    case .boolean: if value.kind != .bool { out.append(Mistyped(value: value, expected: .boolean)) }
    case .text: if !value.isString { out.append(Mistyped(value: value, expected: .text)) }
    case .number: if !value.isNumber { out.append(Mistyped(value: value, expected: .number)) }
    case .easing: if value.isArray, value.count == 0 { out.append(Mistyped(value: value, expected: .easing)) }
    }
  }

  /// A property: an object whose `k` is a number, an array (values or keyframes) or, for a path
  /// (`kind` .path), a path; whose keyframes' times are numbers and holds whole numbers; and,
  /// for a property of several numbers (`kind` .list), whose keyframes' values are lists
  /// (rlottie's point, colour and gradient readers step into an array; measured: a colour's,
  /// a position's or a scale's keyframe `"s": 1` is refused, and an opacity's `"k": {…}`).
  static func property(_ node: JSONNode, kind: Expected = .value, _ out: inout [Mistyped]) {
    guard node.isObject else { return out.append(Mistyped(value: node, expected: .value)) }
    if let k = node["k"] { propertyValue(k, kind: kind, &out) }
  }

  static func propertyValue(_ k: JSONNode, kind: Expected, _ out: inout [Mistyped]) {
    guard k.isNumber || k.isArray || k.isObject else { return out.append(Mistyped(value: k, expected: .value)) }
    guard !k.isObject || kind == .path else { return out.append(Mistyped(value: k, expected: .numbers)) }
    pathClosed(k, &out)
    guard k.isArray else { return }
    for keyframe in k.elements where keyframe.isObject {
      if let t = keyframe["t"], !t.isNumber { out.append(Mistyped(value: t, expected: .number)) }
      if let h = keyframe["h"] { verify(h, .integer, &out) }
      for handle in ["i", "o"] {
        guard let easing = keyframe[handle], easing.isObject else { continue }
        for axis in ["x", "y"] { if let v = easing[axis] { verify(v, .easing, &out) } }
      }
      for key in ["s", "e"] {
        if kind == .list, let value = keyframe[key], value.isNumber { out.append(Mistyped(value: value, expected: .list)) }
        for shape in keyframe[key].list { pathClosed(shape, &out) }
      }
    }
  }

  /// A path holds only `i`, `o`, `v` and `c` (rlottie's `parsePathInfo` stops at any other key),
  /// and its `c` (closed) is true or false.
  static func pathClosed(_ path: JSONNode, _ out: inout [Mistyped]) {
    guard path.isObject, path["v"] != nil else { return }
    for member in path.members {
      switch member.key {
      case "i", "o", "v": break
      case "c": if member.value.kind != .bool { out.append(Mistyped(value: member.value, expected: .boolean)) }
      default: out.append(Mistyped(value: member.value, expected: .value))
      }
    }
  }

  /// A number written without a fraction or exponent that fits in 32 bits, as rlottie's JSON
  /// reader (RapidJSON's `IsInt`) takes it.
  static func isInteger(_ value: JSONNode) -> Bool {
    guard value.isNumber, let text = value.numberText, !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
      let n = Int(text)
    else { return false }
    return n >= Int(Int32.min) && n <= Int(Int32.max)
  }
}
