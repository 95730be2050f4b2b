import LottieJSON
import LottieCompat
import LottieModel
import Synchronization

let compatRules: [any LintRule.Type] = [RendererCompatRule.self]

/// One diagnostic per feature use that a chosen target drops, mangles, draws slowly or refuses,
/// listing every affected target, what each does, and the workaround — from Rules/renderers/.
struct RendererCompatRule: LintRule {
  static let description = RuleDescription(
    code: "LK701", name: "renderer-unsupported-feature",
    summary: "a feature is not (fully) supported by a target renderer chosen with --target",
    rationale:
      "players silently skip what they do not support: an effect is not drawn, an expression does not run, a luma matte becomes an alpha matte; designers see it only on the device (Rules/renderers/ cites each renderer's source). A use that, by lottiekit's bound on what it can change (what its layers cover, or for a use that only moves a layer or a group, a band around the edges it moves), changes less than 2 % of the frame is minor: an info, not a warning. Where no bound tells (a translucent shape layer's overlapping fills and strokes, which Debian's rlottie 0.1 and Telegram's forks fade one by one), the change is measured by drawing the file with the linked rlottie as it is and with those layers precomposed; likewise for expressions (with their values written in: links, numbers, time, loopOut('cycle') and the inertial bounce read as they are, any other run in lottie-web's expression environment in an isolated worker; a file with one that cannot run there, such as wiggle or toComp, is not measured), easing per dimension (written out frame by frame) and rotated stars (their Rotation halved)",
    fixHint: "use the workaround given for the renderer, or drop the target if the app does not use that player",
    category: .compat, defaultSeverity: .warning,
    triggering: [
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"nm":"Glow","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[],"ef":[↓{"ty":29,"nm":"Gaussian Blur","mn":"ADBE Gaussian Blur 2"}]}]}"#,
        targets: ["ios", "rlottie"]),
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"r":{"a":0,"k":0,"x":↓"time*90"}},"shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]}}]}]}"#,
        targets: ["android"]),
      // Minor: the expression turns a 20 px dot on a 512 px canvas, so it can change at most
      // 2 × 400 / 262,144 = 0.31 % of the frame ("at most 0.4 %"): an info, not a warning.
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"r":{"a":0,"k":0,"x":↓"time*90"}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]}}]}]}"#,
        targets: ["android"]),
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ind":1,"td":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]},{"ty":4,"ind":2,"tt":↓3,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]}}]}]}"#,
        targets: ["ios"]),
      // Versioned target: lottie-ios draws Drop Shadow since 4.3.0, so an app pinned to 4.2 loses it.
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[],"ef":[↓{"ty":25,"nm":"Drop Shadow","mn":"ADBE Drop Shadow"}]}]}"#,
        targets: ["ios@4.2"]),
      // rlottie reads a property whose last keyframe has easing handles as 0: the fix drops them.
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":↓{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.2],"y":[0.2]},"i":{"x":[0.8],"y":[0.8]}},{"t":9,"s":[5,5],"o":{"x":[0.2],"y":[0.2]},"i":{"x":[0.8],"y":[0.8]}}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]}}]}]}"#,
        fixed:
          #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.2],"y":[0.2]},"i":{"x":[0.8],"y":[0.8]}},{"t":9,"s":[5,5]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]}}]}]}"#,
        targets: ["rlottie"])
    ],
    nonTriggering: [
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[],"ef":[{"ty":25,"nm":"Drop Shadow","mn":"ADBE Drop Shadow"}]}]}"#,
        targets: ["ios", "android"]),
      Example(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[],"ef":[{"ty":29,"nm":"Gaussian Blur"}]}]}"#
      )
    ])

  func check(_ context: LintContext) -> [Finding] {
    guard !context.targets.isEmpty else { return [] }
    let data = RendererSupport.shared
    let targets = context.targets.compactMap { sel in data.target(sel.name).map { ($0, sel.version) } }
    // What the targets do with a use depends only on the targets and the use's feature, effect
    // type, match name and detail: files repeat the same few combinations thousands of times, so
    // each is worked out once per run (shared by the files linted on both cores).
    let selection = context.targets.map { $0.name + "@" + ($0.version ?? "") }
    var findings: [Finding] = []
    var coverage: Coverage?  // made at the first warning
    for use in context.featureUses {
      let key = UseKey(
        targets: selection, feature: use.feature, type: use.node["ty"]?.int,
        matchName: use.node["mn"]?.string, detail: use.detail)
      let verdict: Verdict?
      if let known = Self.verdicts.withLock({ $0[key] }) {
        verdict = known
      } else {
        verdict = Self.verdict(use, targets: targets, data: data)
        Self.verdicts.withLock { $0[key] = verdict }
      }
      guard let verdict else { continue }
      // A use that changes under 2 % of the frame is an info, not a warning (Coverage).
      var message = verdict.message, severity = verdict.severity
      if severity == .warning {
        if coverage == nil { coverage = Coverage(context.animation, measurer: context.measurer, imagesFolder: context.baseDirectory) }
      }
      if severity == .warning, let share = coverage?.change(of: use), share < Coverage.minorShare {
        message += " (minor: changes " + (coverage?.describe(share, of: use.feature) ?? Coverage.describe(share)) + ")"
        severity = .info
      }
      findings.append(
        Finding(
          use.node, message, help: verdict.help, layerPath: use.layerPath,
          fix: Self.fix(for: use), renderers: verdict.renderers, severity: severity))
    }
    return findings
  }

  static let verdicts = Mutex<[UseKey: Verdict?]>([:])

  /// The one claim a mechanical edit removes without changing what any player draws: easing
  /// handles on the last keyframe, which follow nothing (lottie-web, ThorVG and the format ignore
  /// them; rlottie reads the property as 0 because of them). Safe.
  static func fix(for use: FeatureUse) -> Fix? {
    guard use.feature == .easedLastKeyframe, let k = use.node["k"], k.isArray, k.count > 0,
      let last = k.element(at: k.count - 1)
    else { return nil }
    let pointer = last.pointer
    let operations: [Fix.Operation] = ["i", "o"].filter { last[$0] != nil }.map { .remove(pointer: pointer + "/" + $0) }
    return Fix(summary: "drop the easing handles of the last keyframe", operations: operations)
  }

  struct UseKey: Hashable, Sendable {
    let targets: [String]
    let feature: Feature
    let type: Int?
    let matchName: String?
    let detail: String?
  }

  struct Verdict: Sendable {
    let message: String
    let help: String?
    let renderers: [String]
    let severity: Severity
  }

  /// The finding for one use, or nil when every target supports it.
  static func verdict(_ use: FeatureUse, targets: [(RendererTarget, String?)], data: RendererSupport) -> Verdict? {
    var affected: [(target: RendererTarget, label: String, entry: SupportEntry)] = []
    for (target, version) in targets {
      if let entry = data.lookup(use, in: target, version: version), entry.support != .supported {
        affected.append((target, version.map { "\(target.id)@\($0)" } ?? target.id, entry))
      }
    }
    guard let worst = affected.map(\.entry.support).max(), let severity = worst.severity else { return nil }
    let parts = affected.map { a in
      "\(a.label) \(a.entry.support.word)" + (a.entry.effect.map { ": " + Self.clause($0) } ?? "")
    }
    var workarounds: [String] = []
    for a in affected { if let w = a.entry.workaround.map(Self.clause), !workarounds.contains(w) { workarounds.append(w) } }
    return Verdict(
      message: "\(phrase(use)) — " + parts.joined(separator: "; "),
      help: workarounds.isEmpty ? nil : workarounds.joined(separator: "; "),
      renderers: affected.map(\.label), severity: severity)
  }

  static func phrase(_ use: FeatureUse) -> String {
    let title = use.feature.title
    if let d = use.detail, !d.isEmpty { return "\(title) (\(d))" }
    return title
  }

  /// Lowercase first letter, no trailing period (house style for messages).
  static func clause(_ s: String) -> String {
    var t = s.trimmingCharacters(in: .whitespaces)
    while t.hasSuffix(".") { t.removeLast() }
    guard let first = t.first else { return t }
    // Keep names and acronyms with a capital past their first letter ("ThorVG", "SVG") as written.
    let word = t.prefix { $0 != " " }.dropFirst()
    if first.isUppercase && !word.contains(where: \.isUppercase) { return first.lowercased() + t.dropFirst() }
    return t
  }
}

extension SupportLevel {
  /// The lint severity of a use at this level: a feature that breaks loading (or crashes or hangs
  /// the player) is an error, one that is dropped or drawn differently a warning, a slower path an
  /// info.
  package var severity: Severity? {
    switch self {
    case .supported: return nil
    case .slowFallback: return .info
    case .partial, .ignored: return .warning
    case .unsupported: return .error
    }
  }
}
