import LottieJSON
import LottieModel

/// Markers (`markers`: `{"tm": start frame, "cm": name, "dr": duration in frames}`) are how apps
/// play one segment of an animation by name: lottie-ios `play(fromMarker:toMarker:)` and
/// `play(marker:)`, lottie-android `setMinAndMaxFrame(markerName)`, lottie-web
/// `goToAndPlay(markerName)`, dotLottie's `segment`/`marker` setting.
let markerRules: [any LintRule.Type] = [DuplicateMarkerNameRule.self, MarkerOutsideFramesRule.self, ZeroLengthMarkerRule.self]

/// A marker with its name, start and duration where they are readable.
struct MarkerView {
  let node: JSONNode
  let name: String?
  let start: Double?
  let duration: Double?

  init(_ node: JSONNode) {
    self.node = node
    name = node["cm"]?.string
    start = node["tm"]?.double
    duration = node["dr"]?.double
  }

  /// Apps can play only named markers by name; an unnamed one is a plain note on the timeline.
  var isNamed: Bool { !(name ?? "").isEmpty }

  var label: String {
    if let name, !name.isEmpty { return "marker \(JSONStringCodec.quoted(name))" }
    return start.map { "unnamed marker at frame \($0.compactText)" } ?? "unnamed marker"
  }

  static func all(_ context: LintContext) -> [MarkerView] {
    context.animation.markers.filter(\.isObject).map(MarkerView.init)
  }
}
