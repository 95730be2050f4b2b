import Foundation
import LottieJSON

/// How far an expression's value can be from the exported one that a player without expressions
/// plays (#18), for the forms whose values are known without running them; for CoverageMotion.
/// - `loopOut`/`loopIn` cycling or ping-ponging: the loop replays the keyframes, so both readings
///   stay among the keyframes' values: at most the width of their range (with easing overshoot
///   and spatial tangents).
/// - The inertial bounce most After Effects templates use, as Bodymovin writes it
///   (`value + v·amp·sin(freq·t·2π)/e^(decay·t)`, v the velocity just before the last keyframe
///   passed, literal `amp`, `freq` and `decay` ≥ 0): at most |amp| times the fastest speed into a
///   keyframe, times the largest |sin(2π·freq·t)|/e^(decay·t) reaches.
/// - Ease and Wizz (the After Effects script most character rigs use), as it writes itself: between
///   two keyframes, the value goes from the first's to the second's along a named Penner easing.
///   The easings that do not overshoot (Quad, Cubic, Quart, Quint, Sine, Expo, Circ, in, out or in
///   and out) stay among the keyframes' values: at most the width of their range, as a loop; `inBack`
///   and `outBack` with Penner's s = 1.70158 go 10.001 % of a step past either end: 1.201 times it;
///   `inOutBack`, which grows s at every call, at most 32.9 %: 1.658 times it.
/// Anything else: unknown.
extension ExpressionEffect {
  package static func deviation(_ code: String, property: JSONNode, frameRate: Double?) -> Double? {
    guard AnimatedProperty(node: property).isAnimated else { return nil }
    // Ease and Wizz is read once here: `staysWithinKeyframes` would read it again.
    if let reach = easeAndWizzReach(code) { return spread(property).map { $0 * reach } }
    if Coverage.loopsWithinKeyframes(code) { return spread(property) }
    guard let (amp, freq, decay, _) = bounceNumbers(code), let frameRate, frameRate > 0,
      let speed = fastestArrival(property, frameRate: frameRate)
    else { return nil }
    let bound = abs(amp) * speed * bouncePeak(freq: freq, decay: decay)
    return bound.isFinite ? bound : nil
  }

  /// The largest |sin(2π·freq·t)|/e^(decay·t) reaches for t ≥ 0: at its first peak, where
  /// tan(ωt) = ω/decay (ω = 2π·freq), it is ω/√(ω² + decay²)·e^(−decay·atan(ω/decay)/ω); 1 when
  /// nothing damps it, 0 when it does not swing.
  static func bouncePeak(freq: Double, decay: Double) -> Double {
    let omega = abs(2 * Double.pi * freq)
    guard omega > 0 else { return 0 }
    guard decay > 0 else { return 1 }
    let first = atan(omega / decay) / omega
    let peak = omega / (omega * omega + decay * decay).squareRoot() * exp(-decay * first)
    return peak.isFinite ? min(1, peak) : 1
  }

  /// The first two dimensions' values over the keyframes: the diagonal of their range.
  static func spread(_ property: JSONNode) -> Double? {
    var low: [Double] = [], high: [Double] = []
    var finite = true
    func include(_ v: [Double]) {
      for (i, x) in v.prefix(2).enumerated() {
        finite = finite && x.isFinite
        if i >= low.count {
          low.append(x)
          high.append(x)
        }
        low[i] = min(low[i], x)
        high[i] = max(high[i], x)
      }
    }
    for span in AnimatedProperty(node: property).spans {
      guard let a = span.start.numbers else { return nil }
      include(a)
      guard let end = span.end, let b = end.numbers else { continue }
      include(b)
      let kf = span.keyframe
      let out = kf["to"]?.numbers ?? [], into = kf["ti"]?.numbers ?? []
      let bends = (out + into).contains { $0 != 0 }
      if bends {
        include(zip(a, out).map { $0 + $1 })
        include(zip(b, into).map { $0 + $1 })
      }
      let (lo, hi) = span.mix
      if lo < 0 || hi > 1 {
        if bends { return nil }
        include(zip(a, b).map { (1 - lo) * $0 + lo * $1 })
        include(zip(a, b).map { (1 - hi) * $0 + hi * $1 })
      }
    }
    guard finite, !low.isEmpty else { return nil }
    let width = zip(low, high).map { $1 - $0 }
    let result = width.count > 1 ? hypot(width[0], width[1]) : width[0]
    return result.isFinite ? result : nil
  }

  /// The bounce's form once its numbers, braces, declarations and intermediate results are taken
  /// out (the templates differ only in those, and in how long the bounce lasts).
  static let bounceForm =
    "var $bm_rt; n = 0; if (numKeys > 0) n = nearestKey(time).index; if (key(n).time > time) n--; if (n == 0) t = 0; "
    + "else t = sub(time, key(n).time); if (n > 0) v = velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10))); "
    + "$bm_rt = sum(value, div(mul(mul(v, amp), Math.sin(mul(mul(mul(freq, t), 2), Math.PI))), Math.exp(mul(decay, t)))); "
    + "else $bm_rt = value;"

  static let bounceNumbers = try? NSRegularExpression(
    pattern: #"(?:\$bm_rt = )?\b(amp|freq|decay|time_max) = (-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?); "#)

  static let bounceVariables: Set<String> = ["amp", "freq", "decay", "n", "t", "v", "time_max"]

  /// amp, freq and decay of an inertial bounce, and how long after a keyframe it swings (`t < 1`,
  /// `t < time_max`; nil: for ever), or nil when the code is not one.
  static func bounceNumbers(_ code: String) -> (amp: Double, freq: Double, decay: Double, until: Double?)? {
    guard code.utf8.count < 4096, code.contains("velocityAtTime"), let pattern = bounceNumbers else { return nil }
    var s = code.replacingOccurrences(of: "{", with: " ").replacingOccurrences(of: "}", with: " ")
    s = s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ") + " "
    var values: [String: [Double]] = [:]
    let ns = s as NSString
    // The numbers are set before the bounce reads them.
    let use = ns.range(of: "sum(value, div(mul(mul(v, amp)")
    guard use.location != NSNotFound else { return nil }
    for match in pattern.matches(in: s, range: NSRange(location: 0, length: ns.length)) {
      guard match.range.location < use.location, let value = Double(ns.substring(with: match.range(at: 2))), value.isFinite
      else { return nil }
      values[ns.substring(with: match.range(at: 1)), default: []].append(value)
    }
    s = pattern.stringByReplacingMatches(in: s, range: NSRange(location: 0, length: ns.length), withTemplate: "")
    if s.hasPrefix("var $bm_rt; var "), let end = s.firstIndex(of: ";").flatMap({ s[s.index(after: $0)...].firstIndex(of: ";") }) {
      // Only the bounce's own variables: another name (`value`, `Math`, `time`) would shadow
      // what the bounce reads.
      let names = s[s.index(s.startIndex, offsetBy: 16)..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard names.allSatisfy({ Self.bounceVariables.contains($0) }) else { return nil }
      s = "var $bm_rt;" + s[s.index(after: end)...]
    }
    s = s.replacingOccurrences(of: "$bm_rt = n = ", with: "n = ").replacingOccurrences(of: "$bm_rt = t = ", with: "t = ")
    var until: Double?
    if s.contains("(n > 0 && t < 1)") { until = 1 }
    if s.contains("(n > 0 && t < time_max)") { until = values["time_max"]?.first ?? -1 }
    s = s.replacingOccurrences(of: "(n > 0 && t < 1)", with: "(n > 0)").replacingOccurrences(of: "(n > 0 && t < time_max)", with: "(n > 0)")
    s = s.trimmingCharacters(in: .whitespaces)
    guard s == bounceForm, values["amp"]?.count == 1, values["decay"]?.count == 1, values["freq"]?.count == 1,
      let amp = values["amp"]?.first, let decay = values["decay"]?.first, decay >= 0, (values["time_max"]?.count ?? 0) <= 1,
      let freq = values["freq"]?.first, (until ?? 0) >= 0
    else { return nil }
    return (amp, freq, decay, until)
  }

  /// The fastest the value moves (units per second) within half a frame before a keyframe, the
  /// speed the bounce reads (`velocityAtTime` a tenth of a frame before it), or nil.
  static func fastestArrival(_ property: JSONNode, frameRate: Double) -> Double? {
    let keyframes = AnimatedProperty(node: property).keyframes
    var fastest = 0.0
    for n in 0..<max(0, keyframes.count - 1) {
      let kf = keyframes[n]
      guard kf["h"]?.int != 1 else { continue }
      guard let from = kf["t"]?.double, let to = keyframes[n + 1]["t"]?.double, let start = kf["s"]?.numbers,
        let endNode = kf["e"] ?? keyframes[n + 1]["s"], let end = endNode.numbers
      else { return nil }
      guard to > from else { continue }
      let duration = (to - from) / frameRate  // seconds
      let window = min(1, 0.5 / (to - from))  // half a frame, as a share of the segment
      // Per dimension: how far it goes (along the spatial curve's control polygon when it bends).
      let out = kf["to"]?.numbers ?? [], into = kf["ti"]?.numbers ?? []
      var reach = zip(start, end).prefix(2).map { abs($1 - $0) }
      if (out + into).contains(where: { $0 != 0 }), out.count >= 2, into.count >= 2, start.count >= 2, end.count >= 2 {
        let polygon =
          hypot(out[0], out[1]) + hypot(end[0] + into[0] - start[0] - out[0], end[1] + into[1] - start[1] - out[1])
          + hypot(into[0], into[1])
        reach = [polygon]
      }
      var speed = [Double]()
      for (d, distance) in reach.enumerated() {
        guard let out = kf["o"], let into = kf["i"], let curve = EasingPerDimension.curve(out, into, d) else {
          speed.append(distance / duration)  // no easing: linear
          continue
        }
        var slope = 0.0
        let steps = 50
        for step in 0..<steps {
          let x0 = 1 - window * Double(steps - step) / Double(steps), x1 = 1 - window * Double(steps - step - 1) / Double(steps)
          let rise = abs(EasingPerDimension.progress(curve, at: x1) - EasingPerDimension.progress(curve, at: x0)) / (x1 - x0)
          guard rise.isFinite else { return nil }
          slope = max(slope, rise)
        }
        speed.append(distance * slope / duration)
      }
      let magnitude = speed.count > 1 ? hypot(speed[0], speed[1]) : speed.first ?? 0
      guard magnitude.isFinite else { return nil }
      fastest = max(fastest, magnitude)
    }
    return fastest.isFinite ? fastest : nil
  }
}

// MARK: - Ease and Wizz

extension ExpressionEffect {
  /// Ease and Wizz's code with whitespace, the easing's definition, its parameters' settings
  /// (`var p = 0.81; var a = 50; var s = 1.70158;`) and the `var` list taken out, and the easing
  /// called `EASE` with the four arguments it reads: every version of the script seen writes this.
  static let easeAndWizzForm =
    "var$bm_rt;functioneaseAndWizz(){varn=0;if(numKeys>0){n=nearestKey(time).index;if(key(n).time>time){n--;}}"
    + "try{varkey1=key(n);varkey2=key(sum(n,1));}catch(e){returnnull;}vardim=1;"
    + "try{key(1)[1].length;dim=2;key(1)[2].length;dim=3;}catch(e){}t=sub(time,key1.time);d=sub(key2.time,key1.time);"
    + "sX=key1[0];eX=sub(key2[0],key1[0]);if(dim>=2){sY=key1[1];eY=sub(key2[1],key1[1]);"
    + "if(dim>=3){sZ=key1[2];eZ=sub(key2[2],key1[2]);}}if(time<key1.time||time>key2.time){returnvalue;}"
    + "else{val1=EASE(t,sX,eX,d);switch(dim){case1:returnval1;break;case2:val2=EASE(t,sY,eY,d);return[val1,val2];break;"
    + "case3:val2=EASE(t,sY,eY,d);val3=EASE(t,sZ,eZ,d);return[val1,val2,val3];break;default:returnnull;}}}"
    + "$bm_rt=easeAndWizz()||value;"

  /// Penner's easings that never leave [b, b + c] for t in [0, d].
  static let containedEasings: Set<String> = Set(
    ["Quad", "Cubic", "Quart", "Quint", "Sine", "Expo", "Circ"].flatMap { ["in\($0)", "out\($0)", "inOut\($0)"] })

  /// What an easing's body may name: its parameters, Bodymovin's arithmetic and `Math`'s.
  static let easingWords: Set<String> = [
    "t", "b", "c", "d", "a", "p", "s", "var", "return", "if", "sum", "sub", "mul", "div", "$bm_neg", "Math", "pow", "sin",
    "cos", "sqrt", "PI", "OUT_EXPO_CORRECTION"
  ]

  /// How far past its keyframes' range an Ease and Wizz expression takes the value, as a multiple
  /// of the range's width (1: not past it; 1.201: `inBack`/`outBack`, 10.001 % past either end), or nil
  /// when the code is not Ease and Wizz with an easing known by its name.
  static func easeAndWizzReach(_ code: String) -> Double? {
    guard code.utf8.count < 16_384, code.contains("easeAndWizz") else { return nil }
    // Bytes without whitespace; every form seen writes only ASCII whitespace.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(code.utf8.count)
    for byte in code.utf8 where !(byte == 0x20 || (0x09...0x0D).contains(byte)) { bytes.append(byte) }
    // The two functions: easeAndWizz and one easing, defined before it or inside it; each read
    // once, so the scan stays linear.
    let keyword = Array("function".utf8)
    var easing: (name: String, body: String)?
    var definition: Range<Int>?
    var script = false
    var from = 0
    while let start = bytes[from...].firstRange(of: keyword)?.lowerBound {
      let nameStart = start + keyword.count
      guard let open = bytes[nameStart...].firstIndex(of: UInt8(ascii: "(")),
        let brace = bytes[open...].firstIndex(of: UInt8(ascii: "{"))
      else { return nil }
      let name = String(decoding: bytes[nameStart..<open], as: UTF8.self)
      if name == "easeAndWizz" {
        guard !script else { return nil }
        script = true
        from = brace + 1
        continue
      }
      let parameters = String(decoding: bytes[open..<brace], as: UTF8.self)
      guard easing == nil, parameters == "(t,b,c,d)" || parameters == "(t,b,c,d,a,p)" else { return nil }
      var depth = 0
      var end: Int?
      for j in brace..<bytes.count {
        if bytes[j] == UInt8(ascii: "{") { depth += 1 }
        if bytes[j] == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 {
            end = j + 1
            break
          }
        }
      }
      guard let end else { return nil }
      easing = (name, String(decoding: bytes[(brace + 1)..<(end - 1)], as: UTF8.self))
      definition = start..<end
      from = end
    }
    guard script, let definition else { return nil }
    bytes.removeSubrange(definition)
    var s = String(decoding: bytes, as: UTF8.self)
    guard let easing else { return nil }
    let kind = easing.name.hasPrefix("easeandwizz_") ? String(easing.name.dropFirst(12)) : easing.name
    guard let reach = reach(ofEasing: kind), easingBodyIsArithmetic(easing.body, s: reach > 1, grows: kind == "inOutBack") else { return nil }
    // Its parameters' settings, and the script's own variables.
    for setting in ["varp=", "vara=", "vars="] {
      guard let r = s.range(of: setting) else { continue }
      guard let semicolon = s[r.upperBound...].firstIndex(of: ";"), Double(s[r.upperBound..<semicolon]) != nil else { return nil }
      if setting == "vars=", reach > 1, s[r.upperBound..<semicolon] != "1.70158" { return nil }
      s.removeSubrange(r.lowerBound...semicolon)
    }
    if let r = s.range(of: "vart,d,"), let semicolon = s[r.upperBound...].firstIndex(of: ";") {
      let names = s[r.upperBound..<semicolon].split(separator: ",")
      guard names.allSatisfy({ ["sX", "eX", "sY", "eY", "sZ", "eZ", "val1", "val2", "val3"].contains($0) }) else { return nil }
      s.removeSubrange(r.lowerBound...semicolon)
    }
    s = s.replacingOccurrences(of: "if(n>1&&n<numKeys-1){returnnull;}", with: "")
    s = s.replacingOccurrences(of: easing.name + "(", with: "EASE(")
    for axis in ["X", "Y", "Z"] {
      s = s.replacingOccurrences(of: "EASE(t,s\(axis),e\(axis),d,a,p,s)", with: "EASE(t,s\(axis),e\(axis),d)")
    }
    return s == easeAndWizzForm ? reach : nil
  }

  /// How far a Penner easing known by its name takes a value past its keyframes' range, as a
  /// multiple of the range's width, or nil for an easing not known.
  static func reach(ofEasing kind: String) -> Double? {
    if containedEasings.contains(kind) { return 1 }
    if kind == "inBack" || kind == "outBack" { return 1.201 }  // outBack peaks at 1.100 01
    // inOutBack multiplies the script's own s by 1.525 at every call (`s *= 1.525`), and the
    // script calls it once per dimension, three times at most, each time the expression runs from
    // s = 1.70158: s ≤ 1.70158 × 1.525³ ≈ 6.035, whose dip before the start, 2s³/(27(s + 1)²), is
    // 32.9 % of a step, and its overshoot past the end as much.
    if kind == "inOutBack" { return 1.658 }
    return nil
  }

  /// An easing's body reads only its parameters, numbers and arithmetic: nothing from the
  /// property, the layer or the clock (`s` only for Back, set in the body or before it to
  /// Penner's 1.70158 and never changed: `*=` grows it with every call, which only inOutBack's
  /// own `s *= 1.525` may, `grows`). Its guard `if (s == null) s = 1.70158;` changes nothing.
  static func easingBodyIsArithmetic(_ body: String, s: Bool, grows: Bool = false) -> Bool {
    var body = body.replacingOccurrences(of: "if(s==null)s=1.70158;", with: "")
    if grows { body = body.replacingOccurrences(of: "s*=1.525", with: "s") }
    guard !body.contains("*="), !body.contains("function") else { return false }
    var word = ""
    var words: [String] = []
    for ch in body + ";" {
      if ch.isLetter || ch == "_" || ch == "$" || (ch.isNumber && !word.isEmpty) {
        word.append(ch)
      } else {
        if !word.isEmpty { words.append(word) }
        word = ""
      }
    }
    // With whitespace gone, `return b` reads `returnb` and `var s` reads `vars`.
    let names = words.map { w -> String in
      for keyword in ["return", "var"] where w.hasPrefix(keyword) && w != keyword { return String(w.dropFirst(keyword.count)) }
      return w
    }
    if let r = body.range(of: "vars=") {
      guard s, body[r.upperBound...].hasPrefix("1.70158;") else { return false }
    }
    return names.allSatisfy { easingWords.contains($0) }
      && (s || !names.contains("s"))
  }
}
