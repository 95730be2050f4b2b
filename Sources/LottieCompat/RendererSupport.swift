import LottieJSON
import LottieModel

/// How a renderer handles a feature (Rules/renderers/*.json).
package enum SupportLevel: String, Sendable, CaseIterable, Comparable {
  case supported, partial
  case slowFallback = "slow-fallback"
  case ignored, unsupported

  /// Ordered from harmless to worst.
  package var rank: Int {
    switch self {
    case .supported: return 0
    case .slowFallback: return 1
    case .partial: return 2
    case .ignored: return 3
    case .unsupported: return 4
    }
  }
  package static func < (a: SupportLevel, b: SupportLevel) -> Bool { a.rank < b.rank }

  package var word: String {
    switch self {
    case .supported: return "supported"
    case .partial: return "partly supported"
    case .slowFallback: return "falls back to a slower engine"
    case .ignored: return "ignored"
    case .unsupported: return "unsupported"
    }
  }
}

/// One fact: what a target does with a feature (optionally narrowed by effect type, match name or
/// detail), from which version, and where that is written in the renderer's source.
package struct SupportEntry: Sendable {
  package let feature: String
  package let types: [Int]?
  package let matchNames: [String]?
  package let details: [String]?
  package let isDefault: Bool
  package let support: SupportLevel
  package let since: String?
  package let until: String?
  package let note: String?
  package let effect: String?
  package let workaround: String?
  package let source: String
  /// How the entry is known: seen in a render (with its fixture), or written in a source.
  package let evidence: Evidence
}

/// How a renderer entry is known (#18): `measured` by rendering a fixture with the player, or
/// `documented` in the source the entry names. Where both exist, the measurement set the level.
package enum Evidence: Sendable, Equatable {
  /// A fixture under `Tests/Fixtures/compat/`, rendered by `player` at `frames` and compared with
  /// `reference`; `seen` says what the render showed.
  case measured(fixture: String, player: String, reference: String, frames: [Int], seen: String)
  case documented(source: String)

  package var kind: String {
    switch self {
    case .measured: return "measured"
    case .documented: return "documented"
    }
  }

  /// One line for people: `measured with ThorVG (thorvg-python 1.1.3): … (fixture x.json)` or
  /// `documented: <source>`.
  package var summary: String {
    switch self {
    case let .measured(fixture, player, _, _, seen):
      return "measured with \(player): \(seen) (fixture Tests/Fixtures/compat/\(fixture))"
    case let .documented(source):
      return "documented: \(source)"
    }
  }
}

package struct RendererTarget: Sendable {
  package let id: String
  package let name: String
  package let aliases: [String]
  package let renderer: String
  package let versions: [String]
  package let entries: [SupportEntry]
}

/// The renderer support data compiled into the binary.
package struct RendererSupport: Sendable {
  package let targets: [RendererTarget]
  /// Problems found while loading (an empty list is what the data test expects).
  package let problems: [String]

  package static let shared = RendererSupport.load(RendererData.files)

  /// Loads every `renderers/*.json` file of the given Rules/ contents.
  package static func load(_ files: [String: String]) -> RendererSupport {
    var targets: [RendererTarget] = []
    var problems: [String] = []
    var inherited: [(index: Int, from: String, version: String?, player: String)] = []
    for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasPrefix("renderers/") {
      guard let doc = try? JSONDocument(parsing: text) else {
        problems.append("\(path): not valid JSON")
        continue
      }
      let renderer = doc.root["renderer"]?.string ?? path
      for t in doc.root["targets"].list {
        guard let id = t["id"]?.string else {
          problems.append("\(path): a target without id")
          continue
        }
        var entries: [SupportEntry] = []
        for (k, e) in t["features"].list.enumerated() {
          let at = "\(path) \(id) features[\(k)]"
          guard let feature = e["feature"]?.string else { problems.append("\(at): no feature"); continue }
          guard Feature(rawValue: feature) != nil else { problems.append("\(at): unknown feature id \(feature)"); continue }
          guard let level = e["support"]?.string.flatMap(SupportLevel.init(rawValue:)) else {
            problems.append("\(at): support must be one of \(SupportLevel.allCases.map(\.rawValue).joined(separator: ", "))")
            continue
          }
          guard let source = e["source"]?.string, !source.isEmpty else { problems.append("\(at): no source"); continue }
          if level != .supported && (e["effect"]?.string ?? "").isEmpty { problems.append("\(at): no effect text") }
          if level != .supported && (e["workaround"]?.string ?? "").isEmpty { problems.append("\(at): no workaround") }
          let match = e["match"]
          var evidence = Evidence.documented(source: source)
          if let m = e["measured"] {
            if let fixture = m["fixture"]?.string, let player = m["player"]?.string, let seen = m["seen"]?.string,
              let reference = m["reference"]?.string, let frames = m["frames"], frames.isArray
            {
              evidence = .measured(
                fixture: fixture, player: player, reference: reference,
                frames: frames.elements.compactMap(\.int), seen: seen)
            } else {
              problems.append("\(at): measured needs fixture, player, reference, frames and seen")
            }
          }
          entries.append(
            SupportEntry(
              feature: feature,
              types: match?["ty"].map { $0.elements.compactMap(\.int) },
              matchNames: match?["mn"].map { $0.elements.compactMap(\.string) },
              details: match?["detail"].map { $0.elements.compactMap(\.string) },
              isDefault: match?["default"]?.bool ?? false,
              support: level, since: e["since"]?.string, until: e["until"]?.string,
              note: e["note"]?.string, effect: e["effect"]?.string, workaround: e["workaround"]?.string, source: source,
              evidence: evidence))
        }
        if let base = t["inherits"] {
          guard let from = base["target"]?.string, let player = base["player"]?.string, let checked = base["checked"]?.string, !checked.isEmpty
          else {
            problems.append("\(path) \(id): inherits needs target, player and checked")
            continue
          }
          inherited.append((targets.count, from, base["version"]?.string, player))
        }
        targets.append(
          RendererTarget(
            id: id, name: t["name"]?.string ?? id, aliases: t["aliases"].list.compactMap(\.string),
            renderer: renderer, versions: t["versions"].list.compactMap(\.string), entries: entries))
      }
    }
    inherit(&targets, inherited, &problems)
    return RendererSupport(targets: targets, problems: problems)
  }

  /// A fork (Telegram Desktop's rlottie) inherits what another target's data says at one version,
  /// its own entries first (a lookup takes the first entry that applies); a fork of a fork
  /// (Telegram iOS's) inherits the first fork's, resolved first. An inherited entry that was
  /// measured was measured with the fork too (`checked` says how): its evidence names both.
  static func inherit(
    _ targets: inout [RendererTarget], _ inherited: [(index: Int, from: String, version: String?, player: String)], _ problems: inout [String]
  ) {
    var pending = inherited
    while !pending.isEmpty {
      // A base that is itself still waiting for its own base is taken up in a later round.
      let ready = pending.filter { p in targets.contains { $0.id == p.from } && !pending.contains { targets[$0.index].id == p.from } }
      guard !ready.isEmpty else {
        for p in pending { problems.append("\(targets[p.index].id): inherits \(p.from), which is no target, or inherits it back") }
        return
      }
      for (index, from, version, player) in ready {
        let t = targets[index]
        guard let base = targets.first(where: { $0.id == from }) else { continue }
        let taken = base.entries.filter { Self.applies($0, at: version) }.map { e in
          var evidence = e.evidence
          if case let .measured(fixture, basePlayer, reference, frames, seen) = e.evidence {
            evidence = .measured(fixture: fixture, player: basePlayer + " and " + player, reference: reference, frames: frames, seen: seen)
          }
          return SupportEntry(
            feature: e.feature, types: e.types, matchNames: e.matchNames, details: e.details, isDefault: e.isDefault, support: e.support,
            since: nil, until: nil, note: e.note, effect: e.effect, workaround: e.workaround, source: e.source, evidence: evidence)
        }
        targets[index] = RendererTarget(
          id: t.id, name: t.name, aliases: t.aliases, renderer: t.renderer, versions: t.versions, entries: t.entries + taken)
      }
      pending.removeAll { p in ready.contains { $0.index == p.index } }
    }
  }

  /// Every id and alias a user may write.
  package var targetNames: Set<String> { Set(targets.flatMap { [$0.id] + $0.aliases }) }

  /// A target by id or alias, e.g. `ios`, `web` (alias of web-svg).
  package func target(_ name: String) -> RendererTarget? {
    targets.first { $0.id == name } ?? targets.first { $0.aliases.contains(name) }
  }

  /// What `target` (at `version`, default the newest) does with one feature use. Nil: supported
  /// (features not listed are supported).
  package func lookup(_ use: FeatureUse, in target: RendererTarget, version: String? = nil) -> SupportEntry? {
    // A use in a layer or shape no player draws cannot be drawn differently (NeverDrawn).
    if use.detail == FeatureUse.notDrawn { return nil }
    let effectType = use.node["ty"]?.int
    let matchName = use.node["mn"]?.string
    for entry in target.entries where entry.feature == use.feature.rawValue && Self.applies(entry, at: version) {
      if entry.isDefault { return entry }
      var constrained = false
      if let types = entry.types {
        constrained = true
        if let t = effectType, types.contains(t) { return entry }
      }
      if let names = entry.matchNames {
        constrained = true
        if let m = matchName, names.contains(m) { return entry }
      }
      if let details = entry.details {
        constrained = true
        if let d = use.detail, details.contains(d) { return entry }
      }
      if !constrained { return entry }
    }
    return nil
  }

  /// What `target` does with every use of `feature`, as far as the entries that name no effect
  /// type, match name or detail say (supported when none does).
  package func level(of feature: Feature, in target: RendererTarget, version: String? = nil) -> SupportLevel {
    let entry = target.entries.first {
      $0.feature == feature.rawValue && Self.applies($0, at: version) && $0.types == nil && $0.matchNames == nil && $0.details == nil
    }
    return entry?.support ?? .supported
  }

  /// Whether an entry speaks for `version` (nil: the newest, where entries that ended do not).
  static func applies(_ entry: SupportEntry, at version: String?) -> Bool {
    guard let v = version else { return entry.until == nil }
    if let since = entry.since, compare(v, since) < 0 { return false }
    if let until = entry.until, compare(v, until) >= 0 { return false }
    return true
  }

  /// What to tell the user when a `NAME@VERSION` lies outside the versions the data covers (nil
  /// when it is covered, or has no version, or names no target).
  package func uncoveredVersionNote(_ selection: TargetSelection) -> String? {
    guard let version = selection.version, let t = target(selection.name),
      let oldest = t.versions.min(by: { Self.compare($0, $1) < 0 }),
      let newest = t.versions.max(by: { Self.compare($0, $1) < 0 })
    else { return nil }
    if Self.compare(version, newest) > 0 {
      return "no data for \(selection.name)@\(version): lottiekit knows \(t.renderer) \(oldest) to \(newest); what it knows of \(newest) is used"
    }
    if Self.compare(version, oldest) < 0 {
      return
        "no data for \(selection.name)@\(version): lottiekit knows \(t.renderer) \(oldest) to \(newest); what it knows of \(oldest) is used, and older versions may lack more"
    }
    return nil
  }

  /// Compares dotted versions numerically ("4.10" > "4.4"); non-numeric parts compare as text.
  static func compare(_ a: String, _ b: String) -> Int {
    let pa = a.split(separator: "."), pb = b.split(separator: ".")
    for k in 0..<max(pa.count, pb.count) {
      let x = k < pa.count ? String(pa[k]) : "0", y = k < pb.count ? String(pb[k]) : "0"
      if let ix = Int(x), let iy = Int(y) {
        if ix != iy { return ix < iy ? -1 : 1 }
      } else if x != y {
        return x < y ? -1 : 1
      }
    }
    return 0
  }
}

/// A target list that names an unknown renderer or a malformed version.
package struct TargetError: Error, Sendable, Equatable {
  package let message: String
}

/// A target chosen on the command line: `ios` or `ios@4.4` (a version picks the data valid then).
package struct TargetSelection: Sendable, Equatable {
  /// The one parser for `--target` (every command) and `targets:` (configuration): values may hold
  /// comma-separated lists; each name must be a target id or alias of the data, each version a
  /// dotted number.
  package static func parseList(_ values: [String], data: RendererSupport = .shared) throws(TargetError) -> [TargetSelection] {
    // An empty value (`--target "$TARGETS"` with the variable unset) would check no target at all.
    if values.contains(where: { $0.split(separator: ",").allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }) {
      throw TargetError(message: "an empty target; known targets: \(data.targetNames.sorted().joined(separator: ", "))")
    }
    let names = values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    var out: [TargetSelection] = []
    for name in names {
      let selection = TargetSelection(parsing: name)
      guard data.target(selection.name) != nil else {
        throw TargetError(message: "unknown target '\(name)'; known targets: \(data.targetNames.sorted().joined(separator: ", "))")
      }
      if let v = selection.version, v.isEmpty || !v.allSatisfy({ $0.isNumber || $0 == "." }) {
        throw TargetError(message: "target version '\(v)' must be a version number like 4.4")
      }
      out.append(selection)
    }
    return out
  }

  package let name: String
  package let version: String?
  package init(parsing text: String) {
    // `ios@` keeps its empty version, which parseList refuses.
    let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    name = parts.first ?? text
    version = parts.count == 2 ? parts[1] : nil
  }
}
