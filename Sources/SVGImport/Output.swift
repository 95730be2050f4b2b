import Foundation
import LottieJSON

/// Writing Lottie values: static properties, transforms, paths and numbers straight to bytes.
extension SVGConverter {
  // MARK: output helpers

  func staticValue(_ v: JSONValue) -> JSONValue { .object([("a", .int(0)), ("k", v)]) }

  /// A group transform that carries only an opacity, written straight to bytes (every element has
  /// one: a tree of `JSONValue`s per item would cost about a kilobyte each).
  func transformItem(opacity: Double) -> JSONValue {
    var out: [UInt8] = []
    out.reserveCapacity(180)
    out += Array(#"{"ty":"tr","nm":"Transform","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":"#.utf8)
    SVGConverter.appendOpacity(opacity, to: &out)
    out += Array(#"},"sk":{"a":0,"k":0},"sa":{"a":0,"k":0}}"#.utf8)
    return .raw(out)
  }

  /// A path item (`sh`), written straight to bytes: paths are most of the output.
  func pathItem(_ s: Subpath, name: String) -> JSONValue {
    var vertices: [Point] = [s.start]
    var ins: [Point] = [.zero]
    var outs: [Point] = []
    vertices.reserveCapacity(s.segments.count + 1)
    ins.reserveCapacity(s.segments.count + 1)
    outs.reserveCapacity(s.segments.count + 1)
    var current = s.start
    for seg in s.segments {
      outs.append(seg.isLine ? .zero : seg.control1 - current)
      vertices.append(seg.to)
      ins.append(seg.isLine ? .zero : seg.control2 - seg.to)
      current = seg.to
    }
    outs.append(.zero)
    // A closed subpath that ends where it started: the last vertex is the first.
    if s.closed, vertices.count > 1, let last = vertices.last, last.isClose(to: s.start, tolerance: 1e-6) {
      ins[0] = ins[ins.count - 1]
      vertices.removeLast()
      ins.removeLast()
      outs.removeLast()
    }
    var out: [UInt8] = []
    out.reserveCapacity(64 + vertices.count * 3 * 16)
    out += Array(#"{"ty":"sh","nm":"#.utf8)
    JSONStringCodec.appendQuoted(name, to: &out)
    out += Array(#","ks":{"a":0,"k":{"i":"#.utf8)
    SVGConverter.appendPoints(ins, to: &out)
    out += Array(#","o":"#.utf8)
    SVGConverter.appendPoints(outs, to: &out)
    out += Array(#","v":"#.utf8)
    SVGConverter.appendPoints(vertices, to: &out)
    out += Array((s.closed ? #","c":true}}}"# : #","c":false}}}"#).utf8)
    return .raw(out)
  }

  static func appendPoints(_ points: [Point], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (k, p) in points.enumerated() {
      if k > 0 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "["))
      appendCoordinate(p.x, to: &out)
      out.append(UInt8(ascii: ","))
      appendCoordinate(p.y, to: &out)
      out.append(UInt8(ascii: "]"))
    }
    out.append(UInt8(ascii: "]"))
  }

  func point(_ p: Point) -> JSONValue { .array([number(p.x), number(p.y)]) }

  func colorValue(_ c: RGBA) -> JSONValue { .array([number4(c.r), number4(c.g), number4(c.b), .int(1)]) }

  /// A coordinate or length: rounded to 3 decimals (a thousandth of a pixel), written without
  /// trailing zeros, unless it lies on the 1/64-pixel grid (`appendCoordinate`).
  func number(_ v: Double) -> JSONValue { Self.written { Self.appendCoordinate(v, to: &$0) } }
  func number4(_ v: Double) -> JSONValue { SVGConverter.decimal(v, places: 4) }

  /// An opacity (0…1) as a Lottie percentage, as `appendOpacity` writes it.
  func opacity(_ fraction: Double) -> JSONValue { Self.written { Self.appendOpacity(fraction, to: &$0) } }

  /// An opacity (0…1) as a Lottie percentage that players draw with the 8-bit alpha SVG renderers
  /// give it. resvg and ThorVG's SVG loader round opacity × 255 to the nearest (a tie to even: .3
  /// gives 76); ThorVG's and rlottie's Lottie loaders truncate percentage × 2.55. Measured at every
  /// whole percent: where the two differ, 48 of 99, the players drew one step less (127 for 50 %,
  /// which put a half-opacity disc's whole area on the other side of a 0.5 alpha cut). There the
  /// percentage is written a quarter step above the rounded alpha (50 % as 50.294, drawn 128 by both
  /// players and by SVG renderers); elsewhere as it is, to 4 decimals.
  static func appendOpacity(_ fraction: Double, to out: inout [UInt8]) {
    let f = fraction.isFinite ? min(1, max(0, fraction)) : 1
    let alpha = f * 255
    let drawn = alpha.rounded(.toNearestOrEven)
    if drawn > alpha.rounded(.down) {
      appendDecimal(min(100, (drawn + 0.25) / 2.55), places: 3, to: &out)
    } else {
      appendDecimal(f * 100, places: 4, to: &out)
    }
  }
  func fmt(_ v: Double) -> String { String(decoding: SVGConverter.decimal(v, places: 3).minified, as: UTF8.self) }

  static func decimal(_ v: Double, places: Int) -> JSONValue { written { appendDecimal(v, places: places, to: &$0) } }

  /// A number as one of the `append…` writers spells it.
  static func written(_ write: (inout [UInt8]) -> Void) -> JSONValue {
    var out: [UInt8] = []
    write(&out)
    return .number(String(decoding: out, as: UTF8.self))
  }

  /// A coordinate, as `number` writes it. One on the 1/64-pixel grid (within 10⁻⁶: 9.46875,
  /// 0.015625, what icon sets drawn on a pixel grid use) is written exactly, in at most 6 decimals;
  /// any other is rounded to 3. Players rasterise in fixed point and truncate: ThorVG's
  /// `TO_SWCOORD` (src/renderer/cpu_engine/tvgSwCommon.h, `int32_t(val * 64.0f)`) and rlottie's
  /// `TO_FT_COORD` (src/vector/vraster.cpp, `SW_FT_Pos(x * 64)`). Rounded to 3 decimals, a point on
  /// that grid lands just below it as often as not, is truncated a whole 1/64 step, and a 45° edge
  /// through pixel corners tilts: Adwaita's window-close-symbolic lost 14 edge pixels at 8× against
  /// ThorVG's own SVG rendering.
  static func appendCoordinate(_ v: Double, to out: inout [UInt8]) {
    let sixtyFourths = (v * 64).rounded()
    if abs(v * 64 - sixtyFourths) <= 64e-6 {
      appendDecimal(sixtyFourths / 64, places: 6, to: &out)
    } else {
      appendDecimal(v, places: 3, to: &out)
    }
  }

  /// `v` rounded to `places` decimals, without trailing zeros or an exponent (`0`, `-1.5`, `0.003`).
  static func appendDecimal(_ v: Double, places: Int, to out: inout [UInt8]) {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = v.isFinite ? (v * scale).rounded() : 0
    guard abs(scaled) < 9e15 else {
      out += Array(String(v).utf8)
      return
    }
    var n = Int(scaled)
    if n == 0 {
      out.append(UInt8(ascii: "0"))
      return
    }
    if n < 0 {
      out.append(UInt8(ascii: "-"))
      n = -n
    }
    let unit = Int(scale)
    out += Array(String(n / unit).utf8)
    var fraction = n % unit
    if fraction != 0 {
      var digits = places
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let f = Array(String(fraction).utf8)
      out.append(UInt8(ascii: "."))
      for _ in 0..<(digits - f.count) { out.append(UInt8(ascii: "0")) }
      out += f
    }
  }
}
