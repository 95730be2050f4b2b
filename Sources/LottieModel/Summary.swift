import LottieJSON

/// What `lottiekit info` reports about one animation. Computed from the model only (no file
/// access): the caller adds what needs the disk (external image sizes).
public struct AnimationSummary: Sendable {
  public var isLottie: Bool
  public var version: String?
  public var generator: String?
  public var name: String?
  public var frameRate: Double?
  public var width: Double?
  public var height: Double?
  public var inPoint: Double?
  public var outPoint: Double?
  public var frames: Double?
  public var duration: Double?
  public var compositions: Int
  public var layerCount: Int
  /// Layer counts by type name, in a stable order (most frequent first, then by name).
  public var layersByType: [(type: String, count: Int)]
  public var precompAssets: Int
  public var imageAssets: [Asset]
  public var otherAssets: Int
  /// Feature counts (ordered as `Feature.allCases`), with distinct details (effect names, modes…).
  public var features: [(feature: Feature, count: Int, details: [String])]
  public var hasBOM: Bool
  public var duplicateKeys: Int
  public var markers: Int
  public var fonts: Int

  public init(animation: Animation) {
    let doc = animation.document
    isLottie = animation.looksLikeLottie
    version = animation.version
    generator = animation.generator
    name = animation.name
    frameRate = animation.frameRate
    width = animation.width
    height = animation.height
    inPoint = animation.inPoint
    outPoint = animation.outPoint
    frames = animation.frameCount
    duration = animation.duration
    let comps = animation.compositions
    compositions = comps.count
    var byType: [String: Int] = [:]
    var total = 0
    for comp in comps {
      for layer in comp.layers {
        total += 1
        byType[layer.type?.description ?? "untyped", default: 0] += 1
      }
    }
    layerCount = total
    layersByType = byType.map { ($0.key, $0.value) }.sorted { ($1.count, $0.type) < ($0.count, $1.type) }
    let assets = animation.assets
    precompAssets = assets.filter { $0.isPrecomp }.count
    imageAssets = assets.filter { $0.isImage }
    otherAssets = assets.count - precompAssets - imageAssets.count
    var counts: [Feature: (Int, [String])] = [:]
    var seen: Set<[String]> = []  // (feature, detail) pairs already listed
    for use in animation.featureUses() {
      counts[use.feature, default: (0, [])].0 += 1
      if let d = use.detail, use.feature != .precompLayer, use.feature != .imageExternal, use.feature != .imageEmbedded,
        use.feature != .matteParent, use.feature != .timeStretch, seen.insert([use.feature.rawValue, d]).inserted
      {
        counts[use.feature, default: (0, [])].1.append(d)
      }
    }
    features = Feature.allCases.compactMap { f in counts[f].map { (f, $0.0, $0.1) } }
    hasBOM = doc.hasBOM
    duplicateKeys = doc.duplicateKeys.count
    markers = animation.markers.count
    fonts = animation.fontNames.count
  }
}

extension Asset {
  /// Bytes of an embedded image (decoded size computed from the base64 length, without decoding).
  public var embeddedByteCount: Int? {
    guard isEmbedded, let p = fileName, let comma = p.firstIndex(of: ",") else { return nil }
    let payload = p.utf8.count - p.utf8.distance(from: p.utf8.startIndex, to: comma.samePosition(in: p.utf8) ?? p.utf8.startIndex) - 1
    let padding = p.hasSuffix("==") ? 2 : (p.hasSuffix("=") ? 1 : 0)
    return max(0, payload / 4 * 3 - padding)
  }
}
