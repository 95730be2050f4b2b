import LottieKitIO
import LottieModel

/// Image lookups on the real disk, confined to the animation's folder (or a root).
public struct DiskFileSystem: AssetFileSystem {
  public var root: String?
  public init(root: String? = nil) { self.root = root }

  public func locate(_ asset: Asset, baseDirectory: String) -> AssetLookup {
    switch AssetPaths.locate(asset, baseDirectory: baseDirectory, root: root) {
    case .embedded: return .embedded
    case .url(let u): return .url(u)
    case .absolute(let p): return .absolute(p)
    case .escapes(let relative, _): return .escapes(relative)
    case .file(let relative, let path): return .file(relative: relative, path: path, exists: FileIO.fileSize(path) != nil)
    case .invalid(let why): return .invalid(why)
    }
  }

  public func read(_ path: String, limit: Int) -> [UInt8]? {
    try? FileIO.read(path, limit: limit)
  }
}
