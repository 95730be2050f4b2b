import LottieKitIO

/// A thin wrapper so tests read containers the way the tool does.
enum LottieKitIOShim {
  static func load(_ path: String) throws -> [(entry: String?, bytes: [UInt8])] {
    try Inputs.load(path).map { ($0.entryName, $0.bytes) }
  }
}
