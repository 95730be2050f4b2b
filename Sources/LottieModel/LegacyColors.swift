import LottieJSON

extension Animation {
  /// Files from Bodymovin before 4.1.9 write fill and stroke colours as 0–255 (`[8,7,7,255]`):
  /// lottie-web (`dataManager.checkColors`) and lottie-android scale them down; rlottie and ThorVG
  /// read them as 0–1 and wrap each channel (200 becomes 56, 8 becomes 248), so a black shape is
  /// drawn near-white (#18, measured with fixture legacy-colors-255.json: 64 % of the tile differs
  /// in both; the same colours / 255 in a 4.1.9 file agree). Corpus: the dalek copies, gatin,
  /// adrock, navidad, happy2016 — every file before 4.1.9 has such a colour.
  static let colorsScaledBefore = [4, 1, 9]

  /// Whether the file's version `v` is before 4.1.9 (nil when it has none or it does not parse).
  var writesLegacyColors: Bool {
    guard let v = version else { return false }
    let parts = v.split(separator: ".").map { Int($0) }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return false }
    let numbers = parts.map { $0! }
    for (a, b) in zip(numbers + [0, 0, 0], Self.colorsScaledBefore) where a != b { return a < b }
    return false
  }

  /// The colour property of a fill or stroke when one of its values has a channel above 1.
  static func legacyColor(_ paint: JSONNode) -> JSONNode? {
    guard let c = paint["c"], let k = c["k"] else { return nil }
    func above(_ v: JSONNode?) -> Bool { v.map { $0.isArray && $0.elements.contains { ($0.double ?? 0) > 1 } } ?? false }
    if k.isArray, let first = k.element(at: 0), first.isObject {
      return k.elements.contains { above($0["s"]) || above($0["e"]) } ? c : nil
    }
    return above(k) ? c : nil
  }
}
