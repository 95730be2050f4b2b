import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes image file names unique across a bundle: every animation (`.json`) under one or more
/// folders that end up in one app bundle or one assets folder.
///
/// Why: Bodymovin names every export's images `img_0.png, img_1.png …`. Xcode flattens resources
/// into the bundle root and lottie-ios falls back to the bundle root and `UIImage(named: p)`;
/// lottie-android loads `imagesFolder + p` and ignores `u`. Either way only the file *name* counts,
/// so two different `img_0.png` in two folders overwrite each other (and `IMG_0.png` is the same
/// name on macOS's case-insensitive file system).
///
/// Decisions:
/// - **What collides.** Files are grouped by their base name folded the way macOS compares names
///   (case-insensitively; Swift string equality also makes NFC and NFD spellings equal, as APFS
///   does). A group collides when it holds two or more different contents (byte comparison) and at
///   least one of its files is used by an animation of the bundle. Same name with the same bytes is
///   not a collision: flattening keeps one copy of identical files. Every file under the bundle
///   takes part, used or not (hidden entries and symlinked folders are skipped, as in every
///   command's folder walk): an unused `img_0.png` still overwrites or is overwritten.
/// - **What is renamed.** Every *used* file of a colliding group, not all-but-one: keeping the
///   first would make the result depend on which animations happen to be in the bundle (adding
///   one later could rename a file that was left alone before). Files no animation uses are never
///   renamed, moved or removed.
/// - **Where files go.** Nowhere: a file is renamed in its own folder and only `p` is rewritten
///   (its folder part, if any, is kept); `u` is left byte-identical. lottie-android ignores `u`,
///   iOS flattens it away, and players that do use it (lottie-web, rlottie, Skottie, ThorVG) still
///   find the file where it was. Moving a file would only be needed to share one file between
///   folders, and that would point `u` outside the animation's folder, which `AssetPaths` confines
///   and lottiekit refuses elsewhere: identical files in different folders share a *name* instead
///   (with `--dedupe`), which a flattened bundle turns into one file.
/// - **Names.** `--scheme prefix` (default): `<animation>_<original stem>.<ext>`, the animation
///   being its file name without `.json` (or, when several animations of the bundle have the same
///   file name — every Bodymovin export is `data.json` — its path inside the bundle folder,
///   `camptravel/data.json` → `camptravel_data`). `--scheme hash`: `<original stem>-<first 12 hex
///   digits of the SHA-256 of the bytes>.<ext>`. Both are made safe for file systems and for iOS
///   resource names: ASCII letters, digits, `_` and `-` (accents dropped, anything else becomes
///   `_`), no leading `-`, at most 80 characters per part, and a lowercase extension (iOS devices
///   are case-sensitive; one spelling avoids `.PNG`/`.png` surprises). A file used by several
///   animations keeps one file and takes the name of the first of them (paths sorted).
/// - **Never an existing name.** A new name is never one that any file of the bundle has (folded),
///   nor one chosen for other bytes in this run; when taken, `_2`, `_3` … is appended to the stem.
///   A name may be chosen twice only for identical bytes in different folders.
/// - **Deduplication** (`--dedupe`): renamed files with identical bytes (exact comparison) get the
///   same name; in the same folder they become one file (the others are removed and their
///   references point at the one kept).
/// - **Copies.** When a file must be renamed but something the plan does not rewrite still uses it
///   (an animation whose path to it leaves its own folder, or whose file name starts in `u`), the
///   file is copied to its new name instead and the original stays.
/// - **Determinism and idempotence.** Animations, files and references are processed in sorted
///   (byte) order, so the same bundle always gives the same plan. After a run no used name
///   collides any more, so a second run plans nothing and changes nothing.
/// - **Problems.** A missing or unreadable image, or an animation that cannot be read or parsed,
///   stops everything before any change (errors). Absolute paths, paths leaving the animation's
///   folder and unusable `p` values are warnings: those assets are left alone. Embedded images
///   and URLs are left alone and listed.
package enum RenameAssets {
  package enum Scheme: String, Sendable, CaseIterable {
    case prefix, hash
  }

  package struct Options: Sendable {
    package var scheme: Scheme
    package var dedupe: Bool
    package init(scheme: Scheme = .prefix, dedupe: Bool = false) {
      self.scheme = scheme
      self.dedupe = dedupe
    }
  }
}
