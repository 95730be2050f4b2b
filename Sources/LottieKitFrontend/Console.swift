import Foundation
import LottieJSON
import LottieKitIO

// What the command jobs share: where their words go, how they end, and how they read their inputs.
// The jobs (`PackJob`, `LintJob`, `SVGJob`…) hold the policy and orchestration of a command; the
// executable parses arguments, calls one job and maps `ExitStatus` and `UsageError` to its exit.

/// Markdown for reports (compat's and diff's tables for a pull request).
package enum Markdown {
  /// One table cell: `\` and `|` escaped (`a\|b` ended the cell), and control characters shown
  /// as escapes (a line break in a layer's name ended the row).
  package static func cell(_ s: String) -> String {
    JSONStringCodec.controlCharactersEscaped(s.replacingOccurrences(of: "\\", with: "\\\\")).replacingOccurrences(of: "|", with: "\\|")
  }

  /// A code span (`path`), fenced with more backticks than any run in the text (a file name with a
  /// backtick closed the span early).
  package static func code(_ s: String) -> String {
    var longest = 0
    var run = 0
    for c in s {
      run = c == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = longest > 0 ? " " + s + " " : s
    return fence + JSONStringCodec.controlCharactersEscaped(padded) + fence
  }
}

/// Writes a line to stderr.
package func printError(_ s: String) {
  FileHandle.standardError.write(Data((s + "\n").utf8))
}

/// Writes a line to stdout without buffering surprises (reports can be large).
package func printOut(_ s: String) {
  try? FileIO.writeStandardOutput(Array((s + "\n").utf8))
}

/// Writes to stdout without a newline.
package func printRaw(_ s: String) {
  try? FileIO.writeStandardOutput(Array(s.utf8))
}

package func printRaw(_ bytes: [UInt8]) {
  try? FileIO.writeStandardOutput(bytes)
}

/// How a job ends when it does not succeed, after it has said why on stderr.
package struct ExitStatus: Error, Equatable, Sendable {
  package let code: Int32
  package init(code: Int32) { self.code = code }
}

/// The exit statuses: 1 for findings at or above the failing level (or a refusal), 2 for input,
/// I/O, configuration and internal errors.
package enum Exit {
  package static let findings = ExitStatus(code: 1)
  package static let failure = ExitStatus(code: 2)

  /// Says `message` on stderr as lottiekit's error line (`lottiekit: error: …`) and gives the
  /// failure status to throw.
  package static func error(_ message: String) -> ExitStatus {
    printError("lottiekit: error: \(message)")
    return failure
  }
}

/// A mistake in how the command was called, found only once the job looked at its inputs (exit 64,
/// with the usage, as a failed argument check).
package struct UsageError: Error, Sendable {
  package let message: String
  package init(_ message: String) { self.message = message }
}

/// `--color`: auto, always or never.
package enum ColorChoice: String, CaseIterable, Sendable {
  case auto, always, never
}

/// ANSI styling for text output, off unless the stream is a terminal (or `--color always`).
package struct Style {
  package let enabled: Bool

  package init(_ choice: ColorChoice, fd: Int32 = 1) {
    switch choice {
    case .always: enabled = true
    case .never: enabled = false
    case .auto: enabled = isatty(fd) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }
  }

  package func bold(_ s: String) -> String { enabled ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
  package func dim(_ s: String) -> String { enabled ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
  package func red(_ s: String) -> String { enabled ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
  package func yellow(_ s: String) -> String { enabled ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
  package func cyan(_ s: String) -> String { enabled ? "\u{1B}[36m\(s)\u{1B}[0m" : s }
}

/// `[12/340] linting…` on stderr, rewritten in place (only on a terminal).
package final class ProgressLine {
  let total: Int
  let enabled: Bool
  var done = 0
  package init(total: Int, enabled: Bool) {
    self.total = total
    self.enabled = enabled
  }
  package func tick() {
    done += 1
    if enabled && (done % 10 == 0 || done == total) {
      FileHandle.standardError.write(Data("\r\u{1B}[K[\(done)/\(total)] linting…".utf8))
    }
  }
  package func finish() {
    if enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}

/// `1.5 KB`, `2.0 MB`.
package func formatBytes(_ n: Int) -> String {
  if n < 1024 { return "\(n) B" }
  if n < 1024 * 1024 { return String(format: "%.1f KB", Double(n) / 1024) }
  return String(format: "%.1f MB", Double(n) / (1024 * 1024))
}
