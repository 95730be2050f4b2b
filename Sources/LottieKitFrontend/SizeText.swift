/// `WxH` text as commands take it (`--size 512x512`, `--sheet 4x3`; the `x` in either case): the
/// one parser of it. Each caller bounds the sides itself.
package enum SizeText {
  /// The two sides read as `T` (`Int` or `Double`), or nil unless the text is two of them around an `x`.
  package static func parse<T: LosslessStringConvertible>(_ text: String, as type: T.Type = T.self) -> (T, T)? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = T(String(parts[0])), let h = T(String(parts[1])) else { return nil }
    return (w, h)
  }
}
