import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// New names: safe components, extensions, the animation names the prefix scheme uses.
extension RenameAssets {
  // MARK: - Names

  /// The name the prefix scheme gives each animation: its file name without the extension, or its
  /// path inside the bundle folder when that file name is not unique in the bundle.
  static func animationNames(_ animations: [BundleAnimation]) -> [String] {
    let stems = animations.map { fold(splitExtension(Paths.fileName(of: $0.relativePath)).stem) }
    var count: [String: Int] = [:]
    for s in stems { count[s, default: 0] += 1 }
    return animations.enumerated().map { k, a in
      let stem = splitExtension(Paths.fileName(of: a.relativePath)).stem
      if count[stems[k], default: 0] <= 1 { return safeComponent(stem, fallback: "animation") }
      let folders = Paths.directory(of: a.relativePath)
      let joined = folders == "." ? stem : folders.replacingOccurrences(of: "/", with: "_") + "_" + stem
      return safeComponent(joined, fallback: "animation", maxLength: 120)
    }
  }

  /// ASCII letters, digits, `_` and `-`: accents dropped (é → e), anything else (spaces, `@`, `.`,
  /// other scripts) becomes one `_`; no `_`/`-` at either end, so a name never starts with `-` (an
  /// option to many tools) or `.` (hidden).
  package static func safeComponent(_ text: String, fallback: String, maxLength: Int = 80) -> String {
    var out = ""
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      let category = scalar.properties.generalCategory
      if category == .nonspacingMark || category == .enclosingMark || category == .spacingMark { continue }
      if scalar.isASCII, ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
        out.unicodeScalars.append(scalar)
      } else if !out.hasSuffix("_") {
        out += "_"
      }
    }
    var trimmed = Substring(out)
    while let c = trimmed.first, c == "_" || c == "-" { trimmed = trimmed.dropFirst() }
    if trimmed.count > maxLength { trimmed = trimmed.prefix(maxLength) }
    while let c = trimmed.last, c == "_" || c == "-" { trimmed = trimmed.dropLast() }
    return trimmed.isEmpty ? fallback : String(trimmed)
  }

  /// `.png` from `.PNG`; letters and digits only; empty when there is none.
  static func safeExtension(_ ext: String) -> String {
    let kept = ext.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    var s = ""
    s.unicodeScalars.append(contentsOf: kept)
    return s.isEmpty ? "" : "." + s.lowercased()
  }

  /// `("img_0", "png")`; a leading dot does not start an extension.
  static func splitExtension(_ name: String) -> (stem: String, ext: String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
    return (String(name[..<dot]), String(name[name.index(after: dot)...]))
  }

  /// A file name as a case-insensitive file system compares it. Swift's string equality and hashing
  /// already treat canonically equivalent spellings (NFC, NFD) as equal, like APFS.
  package static func fold(_ name: String) -> String { name.lowercased() }

  static func bytesBefore(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }

  static func errnoText(_ code: Int32) -> String {
    guard let s = strerror(code) else { return "error \(code)" }
    return String(cString: s).lowercased()
  }
}
