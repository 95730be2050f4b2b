import Crypto

/// SHA-256 of content, for content-addressed names (`rename-assets --scheme hash`) and the pack
/// manifest. Computed by swift-crypto (BoringSSL on Linux, CryptoKit on Apple platforms) over the
/// caller's bytes, without copying them.
package enum SHA256 {
  package static func digest(_ message: [UInt8]) -> [UInt8] {
    Array(Crypto.SHA256.hash(data: message))
  }

  /// Lowercase hex of the digest.
  package static func hex(_ message: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for b in Crypto.SHA256.hash(data: message) {
      out.append(digits[Int(b >> 4)])
      out.append(digits[Int(b & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
