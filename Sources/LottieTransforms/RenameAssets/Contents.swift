import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading image files once: size, SHA-256 and exact byte comparison.
extension RenameAssets {
  // MARK: - Contents

  struct Digest {
    var size: Int
    var sha256: String
  }

  /// Reads each file once and remembers its size and SHA-256.
  struct ContentCache {
    private var digests: [String: Digest?] = [:]

    mutating func digest(_ path: String) -> Digest? {
      if let known = digests[path] { return known }
      let d = (try? FileIO.read(path)).map { Digest(size: $0.count, sha256: SHA256.hex($0)) }
      digests[path] = d
      return d
    }

    /// Exact byte equality (what `--dedupe` promises), not only equal hashes.
    func sameBytes(_ a: String, _ b: String) -> Bool {
      guard let x = try? FileIO.read(a), let y = try? FileIO.read(b) else { return false }
      return x == y
    }
  }
}
