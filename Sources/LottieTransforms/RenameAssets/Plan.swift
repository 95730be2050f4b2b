import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a rename plan holds: file actions, rewritten references, collisions and problems.
extension RenameAssets {
  // MARK: - The plan

  /// What happens to one file on disk.
  package struct FileAction: Sendable {
    package enum Kind: String, Sendable {
      /// Renamed in its folder.
      case rename
      /// Copied to the new name; the original stays (something the plan does not rewrite uses it).
      case copy
      /// Removed: its bytes are identical to `sameAs`, which its references now use (`--dedupe`).
      case remove
    }
    package var kind: Kind
    package var from: String
    /// The new file (rename, copy) or the file kept instead (remove).
    package var to: String
    package var bytes: Int
    package var sha256: String
    /// Why a copy or a kept duplicate (who still uses the original).
    package var note: String?
  }

  /// One rewritten `p`.
  package struct AssetChange: Sendable {
    package enum Kind: String, Sendable {
      case renamed, copied
      /// Points at another file with identical bytes (`--dedupe`).
      case deduplicated
    }
    package var kind: Kind
    package var assetID: String
    /// Pointer of the `p` value (`/assets/3/p`).
    package var pointer: String
    /// `u` + `p` before and after.
    package var from: String
    package var to: String
    package var oldP: String
    package var newP: String
  }

  /// An image left as it is on purpose.
  package struct LeftAlone: Sendable {
    package enum Kind: String, Sendable { case embedded, url }
    package var kind: Kind
    package var assetID: String
    package var detail: String
  }

  /// The report for one animation.
  package struct AnimationPlan: Sendable {
    package var path: String
    /// The name the prefix scheme uses for it.
    package var name: String
    package var images: Int
    package var changes: [AssetChange] = []
    package var leftAlone: [LeftAlone] = []
    package var problems: [Problem] = []
  }

  /// A base name shared by files with different bytes.
  package struct Collision: Sendable {
    package struct Member: Sendable {
      package var path: String
      package var bytes: Int
      package var sha256: String?
      /// Whether an animation of the bundle uses it (then it is renamed).
      package var used: Bool
    }
    package var name: String
    package var members: [Member]
    package var distinctContents: Int
  }

  package struct Plan: Sendable {
    package var options: Options
    package var roots: [String]
    package var animations: [AnimationPlan]
    package var collisions: [Collision]
    package var files: [FileAction]
    /// New JSON bytes per animation path, in animation order.
    package var rewrites: [(path: String, bytes: [UInt8])]
    /// Every problem (per-animation ones too), errors first within each animation.
    package var problems: [Problem]
    package var skipped: [(path: String, reason: String)]
    /// Things worth knowing that are not problems.
    package var notes: [String] = []
    /// Distinct image files the animations use.
    package var imageFiles: Int

    package var isEmpty: Bool { files.isEmpty && rewrites.isEmpty }
    /// Whether an error stops the run (nothing may be changed).
    package var stopped: Bool { problems.contains { $0.severity == .error } }
    package var warnings: Int { problems.filter { $0.severity == .warning }.count }
    package var renamed: Int { files.filter { $0.kind == .rename }.count }
    package var copied: Int { files.filter { $0.kind == .copy }.count }
    package var removed: Int { files.filter { $0.kind == .remove }.count }
    /// References that now share another file's bytes (`--dedupe`), files removed or not.
    package var deduplicated: Int { animations.reduce(0) { $0 + $1.changes.filter { $0.kind == .deduplicated }.count } }
    package var references: Int { animations.reduce(0) { $0 + $1.changes.count } }
  }

  /// A use of a file by an image asset that the plan can rewrite.
  struct Reference {
    var animation: Int
    var assetID: String
    var pNode: JSONNode
    /// `u` and `p` as written.
    var u: String
    var p: String
    /// The folder part of `p` (up to its last `/`), kept when `p` is rewritten.
    var pFolder: String
    /// The file's base name as referenced.
    var name: String
    /// The path on disk (the animation's folder joined with `u` + `p`, `.` and `..` resolved).
    var path: String
    var key: FileKey
  }

  /// A file some animation uses.
  struct UsedFile {
    var key: FileKey
    var path: String
    var name: String
    var references: [Int] = []
    /// Uses the plan does not rewrite (who, for the report).
    var outsideUses: [String] = []
  }
}
