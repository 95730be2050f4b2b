import Foundation
import LottieJSON

/// The values of the expressions whose result is known without running them (#18), for a
/// measurement: the file with them written in is what a player that runs expressions draws, the
/// file as it is what a player that ignores them draws. The forms:
/// - a link to another property of the same composition, as After Effects writes it
///   (`thisComp.layer('Arm').content('Shape 1').content('Path 1').path`, `parent(…)('Transform')
///   ('Position')`, `effect('Slider Control')('Slider')`, `content('dress').transform.scale`), on
///   the same clock: the same layer, a static property, or layers not stretched in time;
/// - numbers, `index`, `thisComp.width` and `.height` (the root composition's), arrays of them;
/// - `time` (seconds, the composition's);
/// - `mul`, `div`, `sum`, `add` and `sub` of one of the above and a number;
/// - `loopOut()` and `loopOut('cycle')` over all keyframes, written as the keyframes repeated;
/// - the inertial bounce (`ExpressionEffect.bounceNumbers`) on keyframes that do not bend in
///   space, written frame by frame.
/// A layer's own keyframes, `time`, `key(n).time` and a linked property are all read on the
/// composition's clock, whatever the layer's start time (`clock`): only a precomp layer's start
/// time moves the clock of the composition inside it.
/// Anything else is unknown, and then the whole file is (`rewrite` gives nil); so is an expression
/// in what rlottie, which draws the measurement, does not draw (text, effects, layer styles, 3D
/// layers, a rotation it drops for want of `ddd`).
package enum ExpressionBake {
  /// What an expression evaluates to.
  enum Value {
    case numbers([Double])
    /// Another property's values, each number `x` read as `x·scale + offset`.
    case linked(JSONNode, scale: Double, offset: Double)
    /// `time·perSecond + offset`, time in seconds.
    case time(perSecond: Double, offset: Double)
    case cycle
    /// The inertial bounce After Effects templates use (`ExpressionEffect.bounceNumbers`).
    case bounce(amp: Double, freq: Double, decay: Double, until: Double?)
  }

  /// The measurement behind "the composition's clock": Tests/Fixtures/compat/layer-start-clock.json,
  /// drawn at frame 20 by lottie-web 5.7.5, Debian's librlottie 0.1, rlottie 0.2 (rlottie-python
  /// 1.3.8) and ThorVG 1.0.4 alike: a fade from 0 to 100 over frames 0–40 shows 50 % in a layer
  /// starting at 0 and in one starting at 20, and so does a layer starting at 20 that links to the
  /// first's opacity, and a precomp layer starting at 10 with that fade on itself; lottie-web also
  /// gives the same `time`, `loopOut('cycle')` and inertial bounce at starts of 0 and 20.
  static let clock = "Tests/Fixtures/compat/layer-start-clock.json"

  /// At most this many keyframes written for one looped property.
  static let maxLoopKeyframes = 20_000

  /// The file with every expression that changes its property written in as the values it gives;
  /// nil when one of them is unknown, or none changes anything.
  package static func rewrite(_ animation: Animation) -> [UInt8]? { copies(animation)?.drawn }

  /// An expression the forms above do not cover, to be run (`ExpressionEngine`, in the
  /// isolated worker) at the whole frames `first...last` of its composition's clock.
  package struct Ask: Sendable, Equatable {
    package let code: JSONNode.ID
    package let first: Int
    package let last: Int
  }

  /// `rewrite`, and the same with the edited layers hidden (`MeasureRewrite.Copies`).
  package static func copies(_ animation: Animation) -> MeasureRewrite.Copies? {
    var asks: [Ask]? = nil
    return copies(animation, evaluated: [:], asks: &asks)
  }

  /// `copies`, with the values `evaluated` gives (per frame from an `Ask`'s first) for the
  /// expressions the forms do not cover. With `asks` not nil, such an expression is not a
  /// refusal: it is added to `asks` and left as it is.
  package static func copies(_ animation: Animation, evaluated: [JSONNode.ID: [[Double]]], asks: inout [Ask]?) -> MeasureRewrite.Copies? {
    var layersOf: [Int: Layers] = [:]
    return MeasureRewrite.rewriting(animation, key: "x", refusingUndrawn: true) { value, layer, composition, end, edits in
      guard let code = value.string, let property = value.parent, property["k"] != nil else { return .skipped }
      let span = ExpressionEffect.Span.visible(layer, isRoot: composition.isRoot, root: animation.root)
      if ExpressionEffect.isInert(code, property: property, visible: span) { return .skipped }
      // rlottie, which draws the measurement, draws no effect or layer style (nor text or 3D:
      // `refusingUndrawn`), nor a rotation its layer's keys make it drop (it reads a layer as 3D,
      // turned by `rz`, unless `ddd` comes before `ks`: rotation-without-ddd): what such an
      // expression changes it cannot show.
      // An expression control (an effect of type 5: sliders, points, checkboxes) draws nothing:
      // its expression counts only through the expressions that read it (`ExpressionEngine`
      // runs it for them).
      if let controls = layer.node["ef"]?.elements.filter({ $0["ty"]?.int == 5 }),
        controls.contains(where: { $0.subtreeRange.contains(value.subtreeRange.lowerBound) })
      {
        return .skipped
      }
      let notDrawn = [layer.node["ef"], layer.node["sy"]].compactMap { $0?.subtreeRange }
      let dddFirst = layer.node.members.first { $0.key == "ddd" || $0.key == "ks" }?.key == "ddd"
      if layer.typeCode == 5 || layer.is3D || notDrawn.contains(where: { $0.contains(value.subtreeRange.lowerBound) })
        || (!dddFirst && property == layer.node["ks"]?["r"])
      {
        return .refused
      }
      let layers = layersOf[composition.node.subtreeRange.lowerBound] ?? Layers(composition)
      layersOf[composition.node.subtreeRange.lowerBound] = layers
      let context = Context(animation: animation, composition: composition, layers: layers, compositionEnd: end, layer: layer, property: property)
      let bounce = ExpressionEffect.bounceNumbers(code).map { Value.bounce(amp: $0.amp, freq: $0.freq, decay: $0.decay, until: $0.until) }
      let known = (bounce ?? ExpressionEffect.returnedExpression(code).flatMap(context.evaluate)).flatMap(context.write)
      guard let replacement = known ?? evaluated[value.id].flatMap(context.written) else {
        guard asks != nil, let range = context.sampledFrames else { return .refused }
        asks?.append(Ask(code: value.id, first: range.first, last: range.last))
        return .skipped
      }
      do {
        if let k = replacement.k, let old = property["k"] { edits.replace(old, withRaw: k) }
        if let a = replacement.a { try edits.set("a", to: .number(a), in: property) }
      } catch { return .refused }
      return .written(replacement.k?.count ?? 0)
    }
  }

  /// A composition's layers by name (the first of each) and by index (`Composition.layersByIndex`),
  /// looked up by links.
  struct Layers {
    var byName: [String: Layer] = [:]
    let byIndex: [Int: Layer]
    init(_ composition: Composition) {
      byIndex = composition.layersByIndex
      for layer in composition.layers { if let name = layer.name, byName[name] == nil { byName[name] = layer } }
    }
  }

  /// One expression's surroundings.
  struct Context {
    let animation: Animation
    let composition: Composition
    let layers: Layers
    /// The composition's last frame (its layers' latest out point; the root's own).
    let compositionEnd: Double?
    let layer: Layer
    let property: JSONNode

    func evaluate(_ body: String) -> Value? {
      var parser = Parser(tokens: Token.split(body), context: self)
      guard let value = parser.expression(), parser.atEnd else { return nil }
      return value
    }
  }
}

extension ExpressionEffect.Span {
  /// A layer's visible time on its keyframes' clock, when known: its in and out points, within
  /// the animation's for a root layer; unknown with a time stretch. That clock is its
  /// composition's, whatever the layer's start time (`ExpressionBake.clock`).
  static func visible(_ layer: Layer, isRoot: Bool, root: JSONNode) -> Self? {
    visible(layer, within: isRoot ? root["ip"]?.double.flatMap { ip in root["op"]?.double.map { Self(start: ip, end: $0) } } : nil)
  }

  /// `layer`'s in and out points within `shown`, the time its composition is shown at (nil:
  /// unknown, all of it); nil with a time stretch, or when the two do not meet (a layer never
  /// shown: unknown, as before the walk knew when compositions are shown).
  static func visible(_ layer: Layer, within shown: Self?) -> Self? {
    guard let ip = layer.inPoint, let op = layer.outPoint, (layer.node["sr"]?.double ?? 1) == 1 else { return nil }
    let start = max(ip, shown?.start ?? ip), end = min(op, shown?.end ?? op)
    return start < end ? Self(start: start, end: end) : nil
  }
}

/// The words of an expression: names (`thisComp`, `$bm_mul`), numbers, quoted strings and marks.
enum Token: Equatable {
  case name(String)
  case number(Double)
  case text(String)
  case mark(Character)

  static func split(_ s: String) -> [Token] {
    var tokens: [Token] = []
    let chars = Array(s)
    var i = 0
    func isNameChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "$" }
    while i < chars.count {
      let c = chars[i]
      if c == " " {
        i += 1
      } else if c == "'" || c == "\"" {
        var j = i + 1
        while j < chars.count, chars[j] != c, chars[j] != "\\" { j += 1 }
        guard j < chars.count, chars[j] == c else { return [.mark("?")] }
        tokens.append(.text(String(chars[(i + 1)..<j])))
        i = j + 1
      } else if c.isNumber || (c == "." && i + 1 < chars.count && chars[i + 1].isNumber) {
        var j = i
        while j < chars.count,
          chars[j].isNumber || chars[j] == "." || chars[j] == "e"
            || ((chars[j] == "-" || chars[j] == "+") && j > i && chars[j - 1] == "e")
        { j += 1 }
        guard let v = Double(String(chars[i..<j])) else { return [.mark("?")] }
        tokens.append(.number(v))
        i = j
      } else if isNameChar(c) {
        var j = i
        while j < chars.count, isNameChar(chars[j]) { j += 1 }
        tokens.append(.name(String(chars[i..<j])))
        i = j
      } else {
        tokens.append(.mark(c))
        i += 1
      }
    }
    return tokens
  }
}
