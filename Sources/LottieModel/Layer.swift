import LottieJSON

/// Layer types (`ty`).
public enum LayerType: Sendable, Hashable, CustomStringConvertible {
  case precomp, solid, image, null, shape, text, audio, videoPlaceholder, imageSequence, video,
    imagePlaceholder, guide, adjustment, camera, light, data
  case unknown(Int)

  public init(code: Int) {
    switch code {
    case 0: self = .precomp
    case 1: self = .solid
    case 2: self = .image
    case 3: self = .null
    case 4: self = .shape
    case 5: self = .text
    case 6: self = .audio
    case 7: self = .videoPlaceholder
    case 8: self = .imageSequence
    case 9: self = .video
    case 10: self = .imagePlaceholder
    case 11: self = .guide
    case 12: self = .adjustment
    case 13: self = .camera
    case 14: self = .light
    case 15: self = .data
    default: self = .unknown(code)
    }
  }

  public var description: String {
    switch self {
    case .precomp: return "precomp"
    case .solid: return "solid"
    case .image: return "image"
    case .null: return "null"
    case .shape: return "shape"
    case .text: return "text"
    case .audio: return "audio"
    case .videoPlaceholder: return "video placeholder"
    case .imageSequence: return "image sequence"
    case .video: return "video"
    case .imagePlaceholder: return "image placeholder"
    case .guide: return "guide"
    case .adjustment: return "adjustment"
    case .camera: return "camera"
    case .light: return "light"
    case .data: return "data"
    case .unknown(let c): return "unknown (ty \(c))"
    }
  }

  /// Layers that draw and therefore need a transform (`ks`).
  public var isVisual: Bool {
    switch self {
    case .precomp, .solid, .image, .shape, .text, .imageSequence, .video, .imagePlaceholder, .null, .adjustment:
      return true
    default:
      return false
    }
  }
}

/// Track matte modes (`tt`).
public enum MatteMode: Int, Sendable {
  case alpha = 1, alphaInverted = 2, luma = 3, lumaInverted = 4

  public var description: String {
    switch self {
    case .alpha: return "alpha"
    case .alphaInverted: return "inverted alpha"
    case .luma: return "luma"
    case .lumaInverted: return "inverted luma"
    }
  }
}

/// A view of one layer.
public struct Layer: Sendable {
  public let node: JSONNode
  /// Position in its composition's `layers` array.
  public let position: Int

  public init(node: JSONNode, position: Int) {
    self.node = node
    self.position = position
  }

  public var typeCode: Int? { node["ty"]?.int }
  public var type: LayerType? { typeCode.map(LayerType.init(code:)) }
  public var name: String? { node["nm"]?.string }
  public var index: Int? { node["ind"]?.int }
  public var parentIndex: Int? { node["parent"]?.int }
  public var inPoint: Double? { node["ip"]?.double }
  public var outPoint: Double? { node["op"]?.double }
  public var startTime: Double? { node["st"]?.double }
  public var timeStretch: Double? { node["sr"]?.double }
  public var refId: String? { node["refId"]?.string ?? node["refId"]?.numberText }
  public var isHidden: Bool { node["hd"]?.truthy == true }
  public var is3D: Bool { node["ddd"]?.truthy == true }
  public var autoOrient: Bool { node["ao"]?.truthy == true }
  public var blendMode: Int? { node["bm"]?.int }
  /// `tt`: this layer is matted by another.
  public var matteMode: MatteMode? { node["tt"]?.int.flatMap(MatteMode.init(rawValue:)) }
  public var matteModeCode: Int? { node["tt"]?.int }
  /// `td`: this layer is a matte source.
  public var isMatteSource: Bool { node["td"]?.truthy == true }
  /// `tp`: explicit matte parent (`ind` of the source).
  public var matteParent: Int? { node["tp"]?.int }
  public var transform: JSONNode? { node["ks"] }
  public var timeRemap: JSONNode? { node["tm"] }

  public var masks: [JSONNode] { node["masksProperties"].map { Array($0.elements) } ?? [] }
  public var effects: [Effect] { node["ef"].map { $0.elements.map(Effect.init(node:)) } ?? [] }
  public var styles: [JSONNode] { node["sy"].map { Array($0.elements) } ?? [] }
  public var shapes: [Shape] { node["shapes"].map { $0.elements.map(Shape.init(node:)) } ?? [] }
  /// Text layer data (`t`).
  public var textData: JSONNode? { node["t"] }

  /// A name for messages: `"Bubble" (ind 4)`.
  public var label: String {
    var s = name.map { "\"\($0)\"" } ?? "#\(position)"
    if let ind = index { s += " (ind \(ind))" }
    return s
  }
}

/// Shape item types (`ty` of shapes).
public enum ShapeType: String, Sendable, CaseIterable {
  case group = "gr", path = "sh", rectangle = "rc", ellipse = "el", polystar = "sr", fill = "fl",
    stroke = "st", gradientFill = "gf", gradientStroke = "gs", transform = "tr", trim = "tm",
    roundedCorners = "rd", repeater = "rp", merge = "mm", puckerBloat = "pb", zigZag = "zz",
    offsetPath = "op", twist = "tw", noStyle = "no"

  public var displayName: String {
    switch self {
    case .group: return "group"
    case .path: return "path"
    case .rectangle: return "rectangle"
    case .ellipse: return "ellipse"
    case .polystar: return "polystar"
    case .fill: return "fill"
    case .stroke: return "stroke"
    case .gradientFill: return "gradient fill"
    case .gradientStroke: return "gradient stroke"
    case .transform: return "transform"
    case .trim: return "trim paths"
    case .roundedCorners: return "rounded corners"
    case .repeater: return "repeater"
    case .merge: return "merge paths"
    case .puckerBloat: return "pucker/bloat"
    case .zigZag: return "zig zag"
    case .offsetPath: return "offset path"
    case .twist: return "twist"
    case .noStyle: return "no style"
    }
  }
}

/// A shape item (inside a shape layer's `shapes` or a group's `it`).
public struct Shape: Sendable {
  public let node: JSONNode
  public init(node: JSONNode) { self.node = node }
  public var typeCode: String? { node["ty"]?.string }
  public var type: ShapeType? { typeCode.flatMap(ShapeType.init(rawValue:)) }
  public var name: String? { node["nm"]?.string }
  public var isHidden: Bool { node["hd"]?.truthy == true }
  /// Children of a group.
  public var items: [Shape] { node["it"].map { $0.elements.map(Shape.init(node:)) } ?? [] }
}

/// An effect (`ef[]`).
public struct Effect: Sendable {
  public let node: JSONNode
  public init(node: JSONNode) { self.node = node }
  public var typeCode: Int? { node["ty"]?.int }
  public var name: String? { node["nm"]?.string }
  public var matchName: String? { node["mn"]?.string }
  public var isEnabled: Bool { node["en"]?.truthy ?? true }
}
