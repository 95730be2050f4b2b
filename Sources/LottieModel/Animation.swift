import Foundation
import LottieJSON

/// A read-only view of a Lottie animation over its JSON document. Nothing is copied: every accessor
/// reads the tape on demand, and every value can say where it is (pointer, line, column).
public struct Animation: Sendable {
  public let document: JSONDocument
  public let root: JSONNode

  private let cache = Cache()

  public init(document: JSONDocument) {
    self.document = document
    self.root = document.root
  }

  /// Values derived from the document, computed on first use (the document never changes).
  final class Cache: @unchecked Sendable {
    private let lock = NSLock()
    private var byID: [String: Asset]?

    func assetsByID(_ compute: () -> [String: Asset]) -> [String: Asset] {
      lock.lock()
      defer { lock.unlock() }
      if let byID { return byID }
      let value = compute()
      byID = value
      return value
    }
  }

  /// Whether this looks like a Lottie animation at all (an object with `layers`, or `v`/`fr`/`ip`/`op`).
  public var looksLikeLottie: Bool {
    guard root.isObject else { return false }
    if root["layers"]?.isArray == true { return true }
    return root["fr"] != nil && root["op"] != nil
  }

  /// Whether this JSON is meant as a Lottie animation at all, however broken: an object with
  /// `layers`, or with two of `fr`, `ip`, `op`, `v`, `w`, `h` and `assets` (a half-written export
  /// counts). JSON that is not (an array, a
  /// `package.json`, an Xcode `Contents.json`) is what LK100 reports in a file a user names, and
  /// what a folder walk skips.
  public var mayBeLottie: Bool {
    guard root.isObject else { return false }
    if root["layers"] != nil { return true }
    return ["fr", "op", "ip", "v", "w", "h", "assets"].filter { root[$0] != nil }.count >= 2
  }

  /// Whether JSON `bytes` (`document`: them parsed, nil when they do not parse) are not meant as an animation: what a folder walk
  /// skips. That is JSON that parses but is not `mayBeLottie` (a `package.json`, an Xcode
  /// `Contents.json`), or JSON with comments that does not parse (a `tsconfig.json`, VS Code's
  /// `settings.json`) and has no `"layers"` key. Any other JSON that does not parse is a broken
  /// animation (a truncated export), not other JSON.
  public static func isOtherJSON(_ bytes: [UInt8], document: JSONDocument?) -> Bool {
    guard let document else { return commentedWithoutLayers(bytes) }
    return !Animation(document: document).mayBeLottie
  }

  /// One pass over the bytes: whether a `//` or `/*` comment stands outside strings, and no string
  /// `"layers"` does (a comment's text is skipped, quotes in it too).
  static func commentedWithoutLayers(_ bytes: [UInt8]) -> Bool {
    let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
    let layers = Array("layers".utf8)
    var comment = false
    var i = 0
    let n = bytes.count
    while i < n {
      let c = bytes[i]
      if c == quote {
        let start = i + 1
        i = start
        while i < n && bytes[i] != quote { i += bytes[i] == backslash ? 2 : 1 }
        if i - start == layers.count && bytes[start..<min(i, n)].elementsEqual(layers) { return false }
        i += 1
      } else if c == slash && i + 1 < n && bytes[i + 1] == slash {
        comment = true
        while i < n && bytes[i] != 0x0A { i += 1 }
      } else if c == slash && i + 1 < n && bytes[i + 1] == star {
        comment = true
        i += 2
        while i + 1 < n && !(bytes[i] == star && bytes[i + 1] == slash) { i += 1 }
        i += 2
      } else {
        i += 1
      }
    }
    return comment
  }

  public var version: String? { root["v"]?.string }
  public var name: String? { root["nm"]?.string }
  public var frameRate: Double? { root["fr"]?.double }
  public var inPoint: Double? { root["ip"]?.double }
  public var outPoint: Double? { root["op"]?.double }
  public var width: Double? { root["w"]?.double }
  public var height: Double? { root["h"]?.double }
  public var is3D: Bool { root["ddd"]?.truthy == true }
  /// `meta.g`, the exporter that wrote the file.
  public var generator: String? { root["meta"]?["g"]?.string }

  /// Frames (`op − ip`) and seconds, when both are numbers.
  public var frameCount: Double? {
    guard let ip = inPoint, let op = outPoint else { return nil }
    return op - ip
  }
  public var duration: Double? {
    guard let frames = frameCount, let fr = frameRate, fr > 0 else { return nil }
    return frames / fr
  }

  /// The root composition (the top-level `layers`).
  public var rootComposition: Composition {
    Composition(animation: self, node: root, asset: nil)
  }

  /// Every asset, in file order.
  public var assets: [Asset] {
    guard let list = root["assets"], list.isArray else { return [] }
    return list.elements.map { Asset(node: $0) }
  }

  /// Assets by id (the last one wins on duplicate ids, as in players). Built once per animation:
  /// walks over precomps look ids up once per layer, and rebuilding it each time made them
  /// quadratic (4,000 chained precomps: 2.1 s of lint).
  public var assetsByID: [String: Asset] {
    cache.assetsByID {
      var result: [String: Asset] = [:]
      for asset in assets {
        if let id = asset.id { result[id] = asset }
      }
      return result
    }
  }

  /// The root composition followed by every precomp asset, in file order.
  public var compositions: [Composition] {
    [rootComposition] + assets.filter { $0.isPrecomp }.map { Composition(animation: self, node: $0.node, asset: $0) }
  }

  /// The composition defined by a precomp asset id.
  public func composition(id: String) -> Composition? {
    guard let asset = assetsByID[id], asset.isPrecomp else { return nil }
    return Composition(animation: self, node: asset.node, asset: asset)
  }

  /// Fonts declared in `fonts.list` by `fName`.
  public var fontNames: [String] {
    guard let list = root["fonts"]?["list"], list.isArray else { return [] }
    return list.elements.compactMap { $0["fName"]?.string }
  }

  public var markers: [JSONNode] {
    guard let list = root["markers"], list.isArray else { return [] }
    return Array(list.elements)
  }
}

/// A composition: the root, or a precomp asset with its own `layers`.
public struct Composition: Sendable {
  public let animation: Animation
  /// The object that holds `layers` (the root object or the asset).
  public let node: JSONNode
  /// The precomp asset, or nil for the root composition.
  public let asset: Asset?

  public var isRoot: Bool { asset == nil }
  public var id: String? { asset?.id }

  /// A name for people: the asset's `nm`, else its id; the animation's `nm` (or "root") for the root.
  public var displayName: String {
    if let asset {
      return asset.name ?? asset.id ?? "precomp"
    }
    return animation.name ?? "root"
  }

  public var layersNode: JSONNode? {
    guard let layers = node["layers"], layers.isArray else { return nil }
    return layers
  }

  public var layers: [Layer] {
    guard let layers = layersNode else { return [] }
    return layers.elements.enumerated().map { Layer(node: $0.element, position: $0.offset) }
  }

  /// Layers by `ind` (first occurrence wins).
  public var layersByIndex: [Int: Layer] {
    var result: [Int: Layer] = [:]
    for layer in layers {
      if let ind = layer.index, result[ind] == nil { result[ind] = layer }
    }
    return result
  }

  /// A loop in the parent chains: `inds` in the order the chain runs, from where it was entered;
  /// `first` is the loop's layer that comes first in the file.
  public struct ParentLoop: Sendable {
    public let inds: [Int]
    public let first: Layer
  }

  /// The loops in the layers' parent chains, by `ind` (first occurrence wins, as layersByIndex);
  /// a layer naming itself is not a loop here. Each layer has at most one parent, so the layers
  /// form chains that end, or end in one loop. Every ind is walked once: a walk stops at the
  /// first layer an earlier walk has seen (its chain is known), and finds a loop when it meets a
  /// layer of its own walk — linear, however long the chains (a chain of 2,000 parents took 48 s
  /// when every layer walked its own).
  public func parentLoops(byIndex: [Int: Layer]) -> [ParentLoop] {
    var loops: [ParentLoop] = []
    var walkOf: [Int: Int] = [:]
    for (walk, layer) in layers.enumerated() {
      guard let start = layer.index, walkOf[start] == nil, byIndex[start]?.position == layer.position else { continue }
      var chain: [Int] = [start]
      var place: [Int: Int] = [start: 0]
      walkOf[start] = walk
      var current = layer
      while let parent = current.parentIndex, parent != current.index, let next = byIndex[parent] {
        if let seen = walkOf[parent] {
          if seen == walk, let k = place[parent] {
            let inds = Array(chain[k...])
            if let first = inds.compactMap({ byIndex[$0] }).min(by: { $0.position < $1.position }) {
              loops.append(ParentLoop(inds: inds, first: first))
            }
          }
          break
        }
        walkOf[parent] = walk
        place[parent] = chain.count
        chain.append(parent)
        current = next
      }
    }
    return loops
  }
}

/// An entry of `assets`: an image, a precomposition, or something else (sounds, data).
public struct Asset: Sendable {
  public let node: JSONNode
  public init(node: JSONNode) { self.node = node }

  public var id: String? {
    // Ids are strings in the spec; some exporters write numbers.
    if let s = node["id"]?.string { return s }
    return node["id"]?.numberText
  }
  public var name: String? { node["nm"]?.string }
  public var isPrecomp: Bool { node["layers"]?.isArray == true }
  /// Images: a `p` and no `layers`; sounds and data (footage) assets have `p` too.
  public var isImage: Bool { !isPrecomp && node["p"] != nil && !isSound && !isData }
  /// Data (footage) assets, `t: 3` in Bodymovin's export (a JSON file beside the images).
  public var isData: Bool {
    if node["t"]?.int == 3 { return true }
    guard let p = node["p"]?.string?.lowercased() else { return false }
    return p.hasSuffix(".json") || p.hasPrefix("data:application/json")
  }
  public var isSound: Bool {
    guard !isPrecomp, let p = node["p"]?.string?.lowercased() else { return false }
    return p.hasSuffix(".mp3") || p.hasSuffix(".wav") || p.hasSuffix(".ogg") || p.hasSuffix(".m4a")
      || p.hasPrefix("data:audio/")
  }

  public var folder: String? { node["u"]?.string }
  public var fileName: String? { node["p"]?.string }
  public var width: Double? { node["w"]?.double }
  public var height: Double? { node["h"]?.double }
  /// Embedded when `p` is a data URI (what players check; `e` is only a hint).
  public var isEmbedded: Bool { fileName?.hasPrefix("data:") == true }
  public var embeddedFlag: Bool? { node["e"]?.truthy }
  /// A WebP picture: a data URI that says `image/webp` or whose bytes start as WebP's do (RIFF …
  /// WEBP, whatever the header says), or a file named `.webp`.
  public var isWebP: Bool {
    guard let p = fileName else { return false }
    guard isEmbedded else { return p.lowercased().hasSuffix(".webp") }
    guard let comma = p.firstIndex(of: ",") else { return false }
    if p[..<comma].lowercased().hasPrefix("data:image/webp") { return true }
    // The first 16 base64 characters are the first 12 bytes.
    let head = p[p.index(after: comma)...].prefix(16)
    guard head.count == 16, let bytes = Data(base64Encoded: String(head)) else { return false }
    return Array(bytes.prefix(4)) == Array("RIFF".utf8) && Array(bytes.dropFirst(8).prefix(4)) == Array("WEBP".utf8)
  }
  public var isURL: Bool {
    let joined = ((folder ?? "") + (fileName ?? "")).lowercased()
    return joined.hasPrefix("http://") || joined.hasPrefix("https://") || joined.contains("://")
  }
  /// `u` + `p` as players join them (no separator added).
  public var relativePath: String? {
    guard let p = fileName, !isEmbedded else { return nil }
    return (folder ?? "") + p
  }
}
