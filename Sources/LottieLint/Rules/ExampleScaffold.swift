/// The pieces the rules' examples share, so that each example shows only what its rule is about.
extension Example {
  /// The top-level keys of a small example animation: 10×10 px, 30 fps, frames 0 to 60.
  static let header = #""v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10"#
  /// A valid, empty Telegram sticker: 512×512 px, 60 fps, 3 seconds.
  static let sticker = #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[]}"#
  /// A keyframe's ease-in-out handles.
  static let ease = #""i":{"x":[0.5],"y":[1]},"o":{"x":[0.5],"y":[0]}"#
  /// An animation with one slot, "accent", holding `value` (its property's "k"), and one fill whose
  /// colour names the slot `sid` (JSON text, so that a ↓ marker may sit in either).
  static func slotted(_ value: String, sid: String = #""accent""#) -> String {
    #"{\#(header),"slots":{"accent":{"p":{"a":0,"k":\#(value)}}},"layers":[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"fl","c":{"a":0,"k":[0,0,0,1],"sid":\#(sid)}}]}]}"#
  }
}
