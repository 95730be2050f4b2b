import ArgumentParser
import Foundation
import LottieCompat
import LottieJSON
import LottieKitIO
import LottieKitFrontend
import LottieLint

/// Options every reporting command shares.
struct OutputOptions: ParsableArguments {
  @Option(name: .long, help: "Colour: auto, always or never (NO_COLOR is honoured).")
  var color: ColorChoice = .auto

  @Flag(name: [.short, .long], help: "Print only what was asked for: no summary or progress lines (lint leaves out its count line).")
  var quiet = false
}

extension ColorChoice: ExpressibleByArgument {}

/// `--allow-empty`, for commands that walk folders: a pipeline that expects no animations says so;
/// otherwise finding none is an error (a misconfigured CI path must not stay green).
struct EmptyInputOption: ParsableArguments {
  @Flag(
    name: .customLong("allow-empty"), help: "Succeed when the given folders hold no animation, only other files or JSON that is not Lottie (default: exit 2).")
  var allowEmpty = false
}

/// `--target`, one option in every command that knows renderers (lint, pack, compat, diff): repeatable,
/// comma lists, NAME@VERSION; checked by the one parser before any file is read, a wrong name or
/// version being a usage error (exit 64).
struct TargetOptions: ParsableArguments {
  @Option(
    name: .customLong("target"),
    help:
      "Renderers, comma separated or repeated: ios, ios-main-thread, android, web (web-svg), web-canvas, web-html, skottie, rlottie, telegram-desktop (tdesktop), telegram-ios, thorvg; NAME@VERSION uses the data for that version (ios@4.4)."
  )
  var values: [String] = []

  /// The names as given, comma lists split.
  var list: [String] { commaSeparated(values) }

  func validate() throws { try validateTargets(values) }
}

/// `--sticker-emoji` and `--sticker-30fps`: the Telegram sticker rules' two variants (lint's
/// telegram-sticker profile, pack to .tgs).
struct StickerOptions: ParsableArguments {
  @Flag(name: .customLong("sticker-emoji"), help: "Telegram sticker rules: expect a 100×100 custom emoji canvas.")
  var emoji = false

  @Flag(name: .customLong("sticker-30fps"), help: "Telegram sticker rules: allow 30 fps as well as 60.")
  var allow30fps = false

  var any: Bool { emoji || allow30fps }
  var variant: StickerVariant { StickerVariant(emoji: emoji, allow30fps: allow30fps) }
}

/// Values of a repeatable option that also takes comma lists (`--target ios,web --target skottie`).
func commaSeparated(_ values: [String]) -> [String] {
  values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
}

/// Checks `--target` values (comma lists allowed) with the one parser every command shares, as a
/// usage error (exit 64) when a name or version is wrong.
@discardableResult
func validateTargets(_ values: [String]) throws -> [TargetSelection] {
  do throws(TargetError) {
    return try TargetSelection.parseList(values)
  } catch {
    throw ValidationError(error.message)
  }
}

/// The one place where a job's failures become the command's exit: `ExitStatus` its code (after
/// the job said why); a `UsageError` is said with the command's usage by `LottieKit.main` (exit 64).
func commandError(_ error: Error) -> Error {
  switch error {
  case let status as ExitStatus: return ExitCode(status.code)
  default: return error
  }
}

/// Help text written in the source at source width, laid out for swift-argument-parser, which wraps
/// prose to the terminal itself: lines of a paragraph are joined; indented lines (examples, lists)
/// and headings ending in ":" before them keep their own lines; a blank line comes before a heading
/// and after an indented block.
func prose(_ text: String) -> String {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  var out = ""
  var previousWasProse = false
  for (k, line) in lines.enumerated() {
    let indented = line.first == " "
    let nextIndented = k + 1 < lines.count && lines[k + 1].first == " "
    let heading = !indented && line.hasSuffix(":") && nextIndented
    if line.isEmpty {
      out += "\n\n"
      previousWasProse = false
    } else if indented {
      out += "\n" + line
      previousWasProse = false
    } else if heading {
      out += (out.isEmpty ? "" : out.hasSuffix("\n\n") ? "" : "\n\n") + line
      previousWasProse = false
    } else if previousWasProse {
      out += " " + line
    } else {
      out += (out.isEmpty || out.hasSuffix("\n\n") ? "" : "\n\n") + line
      previousWasProse = true
    }
  }
  return out
}
