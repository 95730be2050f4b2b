import LottieJSON
import LottieLint

/// `lottiekit rules`: every rule's code, name, category, default severity and summary.
package enum RuleCatalog {
  package static func listing(_ format: TextOrJSON) -> String {
    var out: [String] = []
    let rules = RuleRegistry.all.map { $0.description }
    switch format {
    case .json:
      out.append(
        JSONValue.array(
          rules.map { d in
            .object([
              ("code", .string(d.code)), ("name", .string(d.name)), ("category", .string(d.category.rawValue)),
              ("severity", .string(d.defaultSeverity.rawValue)), ("summary", .string(d.summary)),
              ("profiles", .array(d.profiles.map { .string($0) })), ("fixable", .bool(d.isFixable))
            ])
          }
        ).prettyString)
    case .text:
      for d in rules {
        let profile = d.profiles.isEmpty ? "" : " [\(d.profiles.joined(separator: ","))]"
        out.append(
          "\(d.code)  \(d.name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(d.category.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(d.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(d.summary)\(profile)"
        )
      }
    }
    return out.joined(separator: "\n")
  }
}
