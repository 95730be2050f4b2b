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
  public struct FileAction: Sendable {
    public enum Kind: String, Sendable {
      /// Renamed in its folder.
      case rename
      /// Copied to the new name; the original stays (something the plan does not rewrite uses it).
      case copy
      /// Removed: its bytes are identical to `sameAs`, which its references now use (`--dedupe`).
      case remove
    }
    public var kind: Kind
    public var from: String
    /// The new file (rename, copy) or the file kept instead (remove).
    public var to: String
    public var bytes: Int
    public var sha256: String
    /// Why a copy or a kept duplicate (who still uses the original).
    public var note: String?
  }

  /// One rewritten `p`.
  public struct AssetChange: Sendable {
    public enum Kind: String, Sendable {
      case renamed, copied
      /// Points at another file with identical bytes (`--dedupe`).
      case deduplicated
    }
    public var kind: Kind
    public var assetID: String
    /// Pointer of the `p` value (`/assets/3/p`).
    public var pointer: String
    /// `u` + `p` before and after.
    public var from: String
    public var to: String
    public var oldP: String
    public var newP: String
  }

  /// An image left as it is on purpose.
  public struct LeftAlone: Sendable {
    public enum Kind: String, Sendable { case embedded, url }
    public var kind: Kind
    public var assetID: String
    public var detail: String
  }

  /// The report for one animation.
  public struct AnimationPlan: Sendable {
    public var path: String
    /// The name the prefix scheme uses for it.
    public var name: String
    public var images: Int
    public var changes: [AssetChange] = []
    public var leftAlone: [LeftAlone] = []
    public var problems: [Problem] = []
  }

  /// A base name shared by files with different bytes.
  public struct Collision: Sendable {
    public struct Member: Sendable {
      public var path: String
      public var bytes: Int
      public var sha256: String?
      /// Whether an animation of the bundle uses it (then it is renamed).
      public var used: Bool
    }
    public var name: String
    public var members: [Member]
    public var distinctContents: Int
  }

  public struct Plan: Sendable {
    public var options: Options
    public var roots: [String]
    public var animations: [AnimationPlan]
    public var collisions: [Collision]
    public var files: [FileAction]
    /// New JSON bytes per animation path, in animation order.
    public var rewrites: [(path: String, bytes: [UInt8])]
    /// Every problem (per-animation ones too), errors first within each animation.
    public var problems: [Problem]
    public var skipped: [(path: String, reason: String)]
    /// Things worth knowing that are not problems.
    public var notes: [String] = []
    /// Distinct image files the animations use.
    public var imageFiles: Int

    public var isEmpty: Bool { files.isEmpty && rewrites.isEmpty }
    /// Whether an error stops the run (nothing may be changed).
    public var stopped: Bool { problems.contains { $0.severity == .error } }
    public var warnings: Int { problems.filter { $0.severity == .warning }.count }
    public var renamed: Int { files.filter { $0.kind == .rename }.count }
    public var copied: Int { files.filter { $0.kind == .copy }.count }
    public var removed: Int { files.filter { $0.kind == .remove }.count }
    /// References that now share another file's bytes (`--dedupe`), files removed or not.
    public var deduplicated: Int { animations.reduce(0) { $0 + $1.changes.filter { $0.kind == .deduplicated }.count } }
    public var references: Int { animations.reduce(0) { $0 + $1.changes.count } }
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
