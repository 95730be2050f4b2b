import LottieCompat
import LottieJSON
import LottieKitIO
import LottieModel
import LottieRender

/// Output formats of `compat`.
package enum CompatOutputFormat: String, CaseIterable, Sendable { case text, json, markdown }

/// `lottiekit compat`: for every file, the features it uses (how often, where first) with each
/// target's verdict (the worst over the uses) and how it is known; as text, JSON or Markdown.
package struct CompatJob {
  package var inputs: [String]
  /// `--target` values; none: every target.
  package var target: [String] = []
  package var format = CompatOutputFormat.text
  package var allowEmpty = false

  package init(inputs: [String]) { self.inputs = inputs }

  struct Row {
    var feature: Feature
    var detail: String?
    var count = 0
    var first: String = ""
    var cells: [(target: String, entry: SupportEntry?)] = []
    var node: JSONNode
    /// The largest share of the frame a use of this row can change (Coverage), nil when unknown
    /// for one of them; worked out only where a target draws it differently.
    var change: Double? = 0
    var changeAsked = false
    /// Whether `change` was measured by drawing the file (Coverage.measurable), not bounded.
    var measured = false

    /// Every target that is not fine with it only draws it differently (a warning under
    /// `lint --target`), and no use changes 2 % of the frame: an info.
    var isMinor: Bool {
      guard changeAsked, let change, change < Coverage.minorShare else { return false }
      return cells.allSatisfy { $0.entry?.support != .unsupported }
    }
  }

  func selections() throws -> [(RendererTarget, String?)] {
    let data = RendererSupport.shared
    let selections: [TargetSelection]
    do throws(TargetError) { selections = try TargetSelection.parseList(target) } catch { throw UsageError(error.message) }
    if selections.isEmpty { return data.targets.map { ($0, nil) } }
    noteUncoveredTargetVersions(target, quiet: false)
    return selections.compactMap { sel in data.target(sel.name).map { ($0, sel.version) } }
  }

  package func run() throws {
    let targets = try selections()
    let selection = try expandInputs(inputs, whenNoPath: .currentFolder, allowEmpty: allowEmpty)
    var tables: [(path: String, rows: [Row])] = []
    let failed = try selection.parseEach(quiet: false, { $0 }) { _, animations in
      for a in animations { tables.append((a.source.displayPath, rows(a, targets: targets))) }
    }
    switch format {
    case .json: printOut(json(tables, targets: targets))
    case .markdown: printOut(markdown(tables, targets: targets))
    case .text: printOut(text(tables, targets: targets))
    }
    if failed { throw Exit.failure }
  }

  /// One animation's table: a row per feature (and detail) it uses, with the worst verdict over
  /// its uses per target, and how much of the picture a target that draws it differently changes.
  func rows(_ a: ParsedAnimation, targets: [(RendererTarget, String?)]) -> [Row] {
    let data = RendererSupport.shared
    var rows: [Row] = []
    var index: [String: Int] = [:]
    var coverage: Coverage?  // made at the first use a target draws differently
    let animation = Animation(document: a.document)
    for use in animation.featureUses() {
      let key = use.feature.rawValue + "\u{0}" + (use.detail ?? "")
      if index[key] == nil {
        index[key] = rows.count
        let where_ = use.node.pointer
        rows.append(Row(feature: use.feature, detail: use.detail, first: where_, node: use.node))
      }
      guard let k = index[key] else { continue }
      rows[k].count += 1
      // The worst verdict over the uses of this row, per target.
      var cells: [(String, SupportEntry?)] = []
      for (n, (t, version)) in targets.enumerated() {
        let entry = data.lookup(use, in: t, version: version)
        let previous = rows[k].cells.count > n ? rows[k].cells[n].entry : nil
        let worse = (entry?.support ?? .supported) > (previous?.support ?? .supported) ? entry : previous
        cells.append((t.id + (version.map { "@" + $0 } ?? ""), worse))
      }
      rows[k].cells = cells
      if cells.contains(where: { $0.1?.support == .partial || $0.1?.support == .ignored }) {
        if coverage == nil { coverage = Coverage(animation, measurer: DrawingMeasure(), imagesFolder: a.source.baseDirectory) }
        let change = coverage?.change(of: use)
        rows[k].change = rows[k].change.flatMap { old in change.map { max(old, $0) } }
        rows[k].changeAsked = true
        // Drawing measures all the file's uses at once.
        if let measured = coverage?.measuredShare(use.feature) {
          rows[k].change = measured
          rows[k].measured = true
        }
      }
    }
    rows.sort { ($0.feature, $0.detail ?? "") < ($1.feature, $1.detail ?? "") }
    return rows
  }

  /// A minor row's change: measured, or lottiekit's bound.
  static func describe(_ r: Row) -> String { Coverage.describe(r.change ?? 0, of: r.feature, measured: r.measured) }

  static func mark(_ e: SupportEntry?) -> String {
    switch e?.support ?? .supported {
    case .supported: return "yes"
    case .partial: return "partial"
    case .slowFallback: return "slow"
    case .ignored: return "ignored"
    case .unsupported: return "NO"
    }
  }

  /// A row's name for text and Markdown (a detail names the file's effects: their control
  /// characters are shown, not obeyed).
  static func label(_ r: Row) -> String { JSONStringCodec.controlCharactersEscaped(r.feature.title + (r.detail.map { " (\($0))" } ?? "")) }

  func targetLabel(_ t: RendererTarget, _ v: String?) -> String { t.id + (v.map { "@" + $0 } ?? "") }

  func text(_ tables: [(path: String, rows: [Row])], targets: [(RendererTarget, String?)]) -> String {
    var out: [String] = []
    for (path, rows) in tables {
      out.append(JSONStringCodec.controlCharactersEscaped(path))
      if rows.isEmpty {
        out.append("  no renderer-relevant features")
        continue
      }
      let labels = rows.map { Self.label($0) + " ×\($0.count)" }
      let width = min(44, max(8, labels.map(\.count).max() ?? 8))
      let heads = targets.map { targetLabel($0.0, $0.1) }
      let colWidths = heads.map { max($0.count, 7) }
      out.append(
        "  " + "feature".padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + zip(heads, colWidths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined(separator: " "))
      for (r, l) in zip(rows, labels) {
        let name = l.count > width ? String(l.prefix(width - 1)) + "…" : l
        out.append(
          "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            + zip(r.cells, colWidths).map { Self.mark($0.0.entry).padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined(separator: " "))
      }
      for r in rows where r.isMinor {
        out.append("  \(Self.label(r)): minor, changes \(Self.describe(r)) (an info under lint --target)")
      }
      for r in rows where r.measured && !r.isMinor { out.append("  \(Self.label(r)): changes \(Self.describe(r))") }
      // How each verdict other than "yes" is known.
      var said: Set<String> = []
      for r in rows {
        for cell in r.cells {
          guard let e = cell.entry, e.support != .supported else { continue }
          let line = "  \(cell.target), \(r.feature.title): \(e.evidence.summary)"
          if said.insert(line).inserted { out.append(line) }
        }
      }
    }
    if let note = Self.documentedOnlyNote(targets.map(\.0)) { out.append(note) }
    return out.joined(separator: "\n")
  }

  func markdown(_ tables: [(path: String, rows: [Row])], targets: [(RendererTarget, String?)]) -> String {
    var out: [String] = ["## Lottie renderer compatibility", ""]
    let icons: [SupportLevel: String] = [.supported: "✅", .partial: "⚠️ partial", .slowFallback: "🐢 slow", .ignored: "❌ ignored", .unsupported: "⛔ unsupported"]
    var sources: [String] = []
    for (path, rows) in tables {
      out.append("### \(Markdown.code(path))")
      out.append("")
      if rows.isEmpty {
        out.append("No renderer-relevant features.")
        out.append("")
        continue
      }
      out.append("| feature | uses | " + targets.map { targetLabel($0.0, $0.1) }.joined(separator: " | ") + " |")
      out.append("|---|---:|" + targets.map { _ in "---|" }.joined())
      for r in rows {
        let cells = r.cells.map { cell -> String in
          guard let e = cell.entry, e.support != .supported else { return "✅" }
          let said = e.evidence.summary
          if !sources.contains(said) { sources.append(said) }
          let n = (sources.firstIndex(of: said) ?? 0) + 1
          return "\(icons[e.support] ?? e.support.rawValue) [\(n)]"
        }
        let name = Markdown.cell(Self.label(r) + (r.isMinor ? " (minor: \(Self.describe(r)))" : r.measured ? " (changes \(Self.describe(r)))" : ""))
        out.append("| \(name) | \(r.count) | " + cells.joined(separator: " | ") + " |")
      }
      out.append("")
    }
    if !sources.isEmpty {
      out.append("Evidence:")
      for (k, s) in sources.enumerated() { out.append("\(k + 1). \(s)") }
    }
    if let note = Self.documentedOnlyNote(targets.map(\.0)) {
      out.append("")
      out.append(note)
    }
    return out.joined(separator: "\n")
  }

  static func evidenceJSON(_ e: Evidence) -> JSONValue {
    switch e {
    case let .measured(fixture, player, reference, frames, seen):
      return .object([
        ("kind", .string("measured")), ("player", .string(player)), ("reference", .string(reference)),
        ("fixture", .string("Tests/Fixtures/compat/" + fixture)), ("frames", .array(frames.map { .int($0) })),
        ("seen", .string(seen))
      ])
    case let .documented(source):
      return .object([("kind", .string("documented")), ("source", .string(source))])
    }
  }

  /// Targets that no player here can render (lottie-ios, lottie-android…) have only documented
  /// entries: say so, rather than let their verdicts look measured.
  static func documentedOnlyNote(_ targets: [RendererTarget]) -> String? {
    var named = Set<String>()
    // `--target ios@4.2,ios` is two columns of one renderer: named once here.
    let documented = targets.filter { t in !t.entries.contains { $0.evidence.kind == "measured" } }.map(\.id).filter { named.insert($0).inserted }
    guard !documented.isEmpty else { return nil }
    return "Documented only (no entry measured by rendering): \(documented.joined(separator: ", "))."
  }

  /// Each target's `id` is the key of its cells in every feature's `support` (`ios@4.4` for a
  /// version: two versions of one renderer are two columns).
  func json(_ tables: [(path: String, rows: [Row])], targets: [(RendererTarget, String?)]) -> String {
    JSONValue.object([
      ("version", .int(1)),
      ("targets", .array(targets.map { .object([("id", .string(targetLabel($0.0, $0.1))), ("name", .string($0.0.name))]) })),
      (
        "files",
        .array(
          tables.map { table in
            .object([
              ("path", .string(table.path)),
              (
                "features",
                .array(
                  table.rows.map { r in
                    .object([
                      ("feature", .string(r.feature.rawValue)), ("detail", r.detail.map { .string($0) } ?? .null),
                      ("count", .int(r.count)), ("first", .string(r.first)),
                      ("change", r.changeAsked ? (r.change.map { .number((($0 * 10_000).rounded(.up) / 10_000).compactText) } ?? .null) : .null),
                      ("minor", .bool(r.isMinor)), ("measured", .bool(r.measured)),
                      ("line", .int(r.node.location.line)), ("column", .int(r.node.location.column)),
                      (
                        "support",
                        .object(
                          r.cells.map { cell in
                            (
                              cell.target,
                              .object([
                                ("level", .string((cell.entry?.support ?? .supported).rawValue)),
                                ("effect", cell.entry?.effect.map { .string($0) } ?? .null),
                                ("workaround", cell.entry?.workaround.map { .string($0) } ?? .null),
                                ("source", cell.entry.map { .string($0.source) } ?? .null),
                                ("evidence", cell.entry.map { Self.evidenceJSON($0.evidence) } ?? .null)
                              ])
                            )
                          })
                      )
                    ])
                  })
              )
            ])
          })
      )
    ]).prettyString
  }
}
