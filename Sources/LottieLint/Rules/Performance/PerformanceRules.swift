import LottieJSON
import LottieModel

let performanceRules: [any LintRule.Type] = [
  MasksAndMattesBudgetRule.self, ImageLayersBudgetRule.self, FileSizeBudgetRule.self, CompositionSizeBudgetRule.self,
  PrecompDepthBudgetRule.self
]

/// Words shared by the budget rules.
enum BudgetText {
  /// Whose number a budget's default is.
  enum Source {
    /// A renderer's own threshold (`lottie-android`).
    case renderer(String)
    /// lottiekit's default, not a renderer's.
    case lottiekit
  }

  /// `lottie-android's threshold of 4` when the budget is the default, `the configured budget of 2
  /// (lottie-android's own threshold is 4)` when `.lottiekit.yml` changed it.
  static func limit(_ value: Int, default defaultValue: Int, source: Source, unit: String = "") -> String {
    let configured = value != defaultValue
    switch (source, configured) {
    case (.renderer(let name), false):
      return "\(name)'s threshold of \(grouped(value))\(unit)"
    case (.renderer(let name), true):
      return "the configured budget of \(grouped(value))\(unit) (\(name)'s own threshold is \(grouped(defaultValue))\(unit))"
    case (.lottiekit, false):
      return "lottiekit's default budget of \(grouped(value))\(unit)"
    case (.lottiekit, true):
      return "the configured budget of \(grouped(value))\(unit)"
    }
  }

  /// `4,194,304`
  static func grouped(_ n: Int) -> String {
    let digits = Array(String(n.magnitude))
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return n < 0 ? "-" + out : out
  }

  /// `1st`, `2nd`, `5th`, `11th`, `22nd`
  static func ordinal(_ n: Int) -> String {
    let tens = n % 100
    if tens >= 11 && tens <= 13 { return "\(n)th" }
    switch n % 10 {
    case 1: return "\(n)st"
    case 2: return "\(n)nd"
    case 3: return "\(n)rd"
    default: return "\(n)th"
    }
  }

  /// `"Main" 3, "Card" 2` (compositions with a zero count left out).
  static func breakdown(_ counts: [(String, Int)]) -> String {
    counts.filter { $0.1 > 0 }.map { "\"\($0.0)\" \($0.1)" }.joined(separator: ", ")
  }
}
