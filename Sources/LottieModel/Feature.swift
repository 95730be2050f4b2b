import Foundation
import LottieJSON

/// Renderer-relevant features a file can use. The raw values are stable ids used in `Rules/` data
/// and in JSON output.
public enum Feature: String, Sendable, CaseIterable, Comparable {
  case effect
  case layerStyle = "layer-style"
  case expression
  case matteAlpha = "matte-alpha"
  case matteAlphaInverted = "matte-alpha-inverted"
  case matteLuma = "matte-luma"
  case matteLumaInverted = "matte-luma-inverted"
  case matteParent = "matte-tp"
  case mask
  case maskModeIntersect = "mask-intersect"
  case maskModeLightenDarkenDifference = "mask-lighten-darken-difference"
  case maskInverted = "mask-inverted"
  case maskExpansion = "mask-expansion"
  case maskFeather = "mask-feather"
  case maskOpacity = "mask-opacity"
  case blendMode = "blend-mode"
  case mergePaths = "merge-paths"
  case puckerBloat = "pucker-bloat"
  case zigZag = "zig-zag"
  case offsetPath = "offset-path"
  case twist
  case repeater
  case trimPaths = "trim-paths"
  case roundedCorners = "rounded-corners"
  case gradientFill = "gradient-fill"
  case gradientStroke = "gradient-stroke"
  case polystar
  case textLayer = "text-layer"
  case textAnimator = "text-animator"
  case layer3D = "3d-layer"
  case timeRemap = "time-remap"
  case timeStretch = "time-stretch"
  case autoOrient = "auto-orient"
  case cameraLayer = "camera-layer"
  case lightLayer = "light-layer"
  case audioLayer = "audio-layer"
  case videoLayer = "video-layer"
  case imageLayer = "image-layer"
  case solidLayer = "solid-layer"
  case adjustmentLayer = "adjustment-layer"
  case precompLayer = "precomp-layer"
  case imageExternal = "image-external"
  case imageEmbedded = "image-embedded"
  case solidLayerOpacity = "solid-layer-opacity"
  case shapeBlendMode = "shape-blend-mode"
  case skew
  case textWithoutGlyphs = "text-without-glyphs"
  case imageDataURLUnflagged = "image-data-url-unflagged"
  case imageWebP = "image-webp"
  case gradientOpacityStops = "gradient-opacity-stops"
  case noVersion = "no-version"
  case textRandomizeOrder = "text-randomize-order"
  case repeaterRunawayScale = "repeater-runaway-scale"
  case slot
  case duplicateKey = "duplicate-key"
  case mistypedValue = "mistyped-value"
  case byteOrderMark = "byte-order-mark"
  case headerMisread = "header-misread"
  case threeDKeyIn2DTransform = "3d-key-in-2d-transform"
  case easingPerDimension = "easing-per-dimension"
  case singleKeyframePath = "single-keyframe-path"
  case easedLastKeyframe = "eased-last-keyframe"
  case dashOffsetFirst = "dash-offset-first"
  case zeroLengthDashes = "zero-length-dashes"
  case solidColorNotHex = "solid-color-not-hex"
  case precompClipOversized = "precomp-clip-oversized"
  case maskAddAfterSubtract = "mask-add-after-subtract"
  case strokeUnevenScale = "stroke-uneven-scale"
  case keyBeforeType = "key-before-type"
  case rotationWithoutDDD = "rotation-without-ddd"
  case legacyColors = "legacy-colors"
  case repeaterNested = "repeater-nested"
  case blurTransparentEdges = "blur-transparent-edges"
  case translucentLayers = "translucent-layers"
  case lumaMatteTranslucent = "luma-matte-translucent"
  case maskInvertedFrame = "mask-inverted-frame"
  case maskInvertedAfterMode = "mask-inverted-after-mode"
  case parentCycle = "parent-cycle"

  public static func < (a: Feature, b: Feature) -> Bool {
    (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
  }

  /// Words for people.
  public var title: String {
    switch self {
    case .effect: return "effects"
    case .layerStyle: return "layer styles"
    case .expression: return "expressions"
    case .matteAlpha: return "alpha mattes"
    case .matteAlphaInverted: return "inverted alpha mattes"
    case .matteLuma: return "luma mattes"
    case .matteLumaInverted: return "inverted luma mattes"
    case .matteParent: return "mattes by tp"
    case .mask: return "masks"
    case .maskModeIntersect: return "intersect masks"
    case .maskModeLightenDarkenDifference: return "lighten/darken/difference masks"
    case .maskInverted: return "inverted masks"
    case .maskExpansion: return "mask expansion"
    case .maskFeather: return "mask feather"
    case .maskOpacity: return "mask opacity"
    case .blendMode: return "blend modes"
    case .mergePaths: return "merge paths"
    case .puckerBloat: return "pucker/bloat"
    case .zigZag: return "zig zag"
    case .offsetPath: return "offset path"
    case .twist: return "twist"
    case .repeater: return "repeaters"
    case .trimPaths: return "trim paths"
    case .roundedCorners: return "rounded corners"
    case .gradientFill: return "gradient fills"
    case .gradientStroke: return "gradient strokes"
    case .polystar: return "polystars"
    case .textLayer: return "text layers"
    case .textAnimator: return "text animators"
    case .layer3D: return "3D layers"
    case .timeRemap: return "time remap"
    case .timeStretch: return "time stretch"
    case .autoOrient: return "auto-orient"
    case .cameraLayer: return "camera layers"
    case .lightLayer: return "light layers"
    case .audioLayer: return "audio layers"
    case .videoLayer: return "video layers"
    case .imageLayer: return "image layers"
    case .solidLayer: return "solid layers"
    case .adjustmentLayer: return "adjustment layers"
    case .precompLayer: return "precomp layers"
    case .imageExternal: return "external images"
    case .imageEmbedded: return "embedded images"
    case .solidLayerOpacity: return "solid layers with opacity"
    case .shapeBlendMode: return "blend modes on fills, strokes and groups"
    case .skew: return "skew"
    case .textWithoutGlyphs: return "text without embedded glyphs"
    case .imageDataURLUnflagged: return "data-URL images without e: 1"
    case .imageWebP: return "WebP images"
    case .gradientOpacityStops: return "gradients with opacity stops"
    case .noVersion: return "no Bodymovin version (v)"
    case .textRandomizeOrder: return "text selectors with Randomize Order"
    case .repeaterRunawayScale: return "repeaters whose last copy is scaled beyond 10^5 times"
    case .slot: return "slots"
    case .duplicateKey: return "keys written twice in one object"
    case .mistypedValue: return "values of another JSON type than the format's"
    case .byteOrderMark: return "a byte order mark before the JSON"
    case .headerMisread: return "a header (fr, ip, op, w, h) ThorVG's text scan misreads"
    case .threeDKeyIn2DTransform: return "3D rotation keys (rx, ry, rz) in a 2D transform"
    case .easingPerDimension: return "keyframes eased per dimension"
    case .singleKeyframePath: return "paths animated with a single keyframe"
    case .easedLastKeyframe: return "last keyframes with easing handles"
    case .dashOffsetFirst: return "stroke dashes with the offset written first"
    case .zeroLengthDashes: return "zero-length dashes with round or square caps"
    case .solidColorNotHex: return "solid colours not written #rrggbb"
    case .precompClipOversized: return "precomps clipped to 40,000 px or more"
    case .maskAddAfterSubtract: return "add masks after a subtract mask"
    case .strokeUnevenScale: return "strokes under a non-uniform scale"
    case .keyBeforeType: return "shape properties written before the shape's ty"
    case .rotationWithoutDDD: return "rotated layers without \"ddd\": 0 before \"ks\""
    case .legacyColors: return "colours written 0-255 (files before 4.1.9)"
    case .repeaterNested: return "repeaters over painted repeater copies"
    case .blurTransparentEdges: return "Gaussian Blur on a precomp, Repeat Edge Pixels off"
    case .translucentLayers: return "more than 32 translucent shape layers"
    case .lumaMatteTranslucent: return "translucent layers used as a luma matte"
    case .maskInvertedFrame: return "inverted masks against lottie-web's frame"
    case .maskInvertedAfterMode: return "inverted masks with \"inv\" written after \"mode\""
    case .parentCycle: return "parent loops, or a layer its own parent"
    }
  }
}

/// One use of a feature, at a place in the file.
public struct FeatureUse: Sendable {
  public let feature: Feature
  /// What exactly: an effect's name, a blend mode, a mask mode…
  public let detail: String?
  public let node: JSONNode
  public let layerPath: [String]

  public var location: LottieLocation { LottieLocation(pointer: node.pointer, layerPath: layerPath) }
}
