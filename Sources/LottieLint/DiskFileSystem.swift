import LottieKitIO
import LottieModel

/// Image lookups on the real disk, confined to the animation's folder (or a root).
package struct DiskFileSystem: AssetFileSystem {
  package var root: String?
  package init(root: String? = nil) { self.root = root }

  package func locate(_ asset: Asset, baseDirectory: String) -> AssetLookup {
    switch AssetPaths.locate(asset, baseDirectory: baseDirectory, root: root) {
    case .embedded: return .embedded
    case .url(let u): return .url(u)
    case .absolute(let p): return .absolute(p)
    case .escapes(let relative, _): return .escapes(relative)
    case .file(let relative, let path): return .file(relative: relative, path: path, exists: FileIO.fileSize(path) != nil)
    case .invalid(let why): return .invalid(why)
    }
  }

  package func read(_ path: String, limit: Int) -> [UInt8]? {
    try? FileIO.read(path, limit: limit)
  }
}
