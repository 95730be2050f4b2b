import Foundation
import Testing
import LottieJSON
@testable import LottieCompat
import LottieModel
@testable import LottieLint

/// A minimal animation that uses one feature, shaped by an entry's match (first ty/mn/detail).
func fixture(for entry: SupportEntry) -> String? {
  let ty = entry.types?.first
  let mn = entry.matchNames?.first
  let detail = entry.details?.first
  func layer(_ extra: String, ty layerType: Int = 4, shapes: String = "[]") -> String {
    "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"layers\":[{\"ty\":\(layerType),\"nm\":\"L\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":\(shapes)\(extra.isEmpty ? "" : "," + extra)}]}"
  }
  func shape(_ code: String) -> String { layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"\(code)\",\"nm\":\"S\"}]}]") }
  let blendCodes = [
    "normal", "multiply", "screen", "overlay", "darken", "lighten", "color dodge", "color burn", "hard light",
    "soft light", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "add", "hard mix"
  ]
  let maskCodes = ["none": "n", "add": "a", "subtract": "s", "intersect": "i", "lighten": "l", "darken": "d", "difference": "f"]
  switch Feature(rawValue: entry.feature) {
  case .effect?:
    var members: [String] = []
    if let ty { members.append("\"ty\":\(ty)") } else if mn == nil { members.append("\"ty\":99") }
    if let mn { members.append("\"mn\":\(JSONStringCodec.quoted(mn))") }
    return layer("\"ef\":[{\(members.joined(separator: ","))}]")
  case .layerStyle?: return layer("\"sy\":[{\"ty\":\(ty ?? 9)}]")
  case .expression?:
    let code = detail == "no effect" ? "var $bm_rt; $bm_rt = value;" : "var $bm_rt; $bm_rt = 50;"
    if detail == "in layer style" {
      return layer("\"sy\":[{\"ty\":0,\"c\":{\"a\":0,\"k\":[0,0,0,1],\"x\":\"\(code)\"}}]")
    }
    return layer("").replacingOccurrences(of: "\"ks\":{}", with: "\"ks\":{\"o\":{\"a\":0,\"k\":100,\"x\":\"\(code)\"}}")
  case .matteAlpha?: return layer("\"tt\":1")
  case .matteAlphaInverted?: return layer("\"tt\":2")
  case .matteLuma?: return layer("\"tt\":3")
  case .matteLumaInverted?: return layer("\"tt\":4")
  case .matteParent?: return layer("\"tp\":1")
  case .mask?: return layer("\"masksProperties\":[{\"mode\":\"\(maskCodes[detail ?? "add"] ?? "a")\"}]")
  case .maskModeIntersect?: return layer("\"masksProperties\":[{\"mode\":\"i\"}]")
  case .maskModeLightenDarkenDifference?: return layer("\"masksProperties\":[{\"mode\":\"\(maskCodes[detail ?? "lighten"] ?? "l")\"}]")
  case .maskInverted?:
    let other = detail == "combined" ? "{\"mode\":\"a\"}," : ""
    return layer("\"masksProperties\":[\(other){\"mode\":\"a\",\"inv\":true}]")
  case .maskInvertedAfterMode?: return layer("\"masksProperties\":[{\"mode\":\"a\",\"inv\":true}]")
  case .maskInvertedFrame?:
    // A square at (-20, -20)-(20, 20) in the layer's coordinates is outside lottie-web's frame; a
    // path listed (10, 10), (30, 10), (30, 30), (10, 30) winds clockwise on screen.
    var corners = ["[10,10]", "[30,10]", "[30,30]", "[10,30]"]
    if detail?.contains("clockwise") != true { corners.reverse() }
    let zeros = "[[0,0],[0,0],[0,0],[0,0]]"
    let mask = "{\"mode\":\"a\",\"inv\":true,\"pt\":{\"a\":0,\"k\":{\"c\":true,\"v\":[\(corners.joined(separator: ","))],\"i\":\(zeros),\"o\":\(zeros)}}}"
    let at = detail?.contains("outside") == true ? "[0,0]" : "[50,50]"
    return layer("\"masksProperties\":[\(mask)]", shapes: "[{\"ty\":\"rc\",\"p\":{\"a\":0,\"k\":\(at)},\"s\":{\"a\":0,\"k\":[40,40]}}]")
  case .maskExpansion?: return layer("\"masksProperties\":[{\"mode\":\"a\",\"x\":{\"a\":0,\"k\":5}}]")
  case .maskFeather?: return layer("\"masksProperties\":[{\"mode\":\"a\",\"f\":{\"a\":0,\"k\":[5,5]}}]")
  case .maskOpacity?: return layer("\"masksProperties\":[{\"mode\":\"a\",\"o\":{\"a\":0,\"k\":50}}]")
  case .blendMode?: return layer("\"bm\":\(blendCodes.firstIndex(of: detail ?? "multiply") ?? 1)")
  case .mergePaths?: return shape("mm")
  case .puckerBloat?: return shape("pb")
  case .zigZag?: return shape("zz")
  case .offsetPath?: return shape("op")
  case .twist?: return shape("tw")
  case .repeater?:
    // Three copies, offset 1 before the fill, -1 after it, or -1 before it.
    guard let detail else { return shape("rp") }
    let negative = detail.hasPrefix("negative"), beforePaint = detail.hasSuffix("before its paint")
    let repeater = "{\"ty\":\"rp\",\"c\":{\"a\":0,\"k\":3},\"o\":{\"a\":0,\"k\":\(negative ? -1 : 1)}}"
    let items = beforePaint ? ["{\"ty\":\"rc\"}", repeater, "{\"ty\":\"fl\"}"] : ["{\"ty\":\"rc\"}", "{\"ty\":\"fl\"}", repeater]
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[\(items.joined(separator: ","))]}]")
  case .trimPaths?:
    if let detail, detail.hasPrefix("unknown mode") {
      // Mode 0; one path, or two kept 0-50 %.
      let paths = detail == "unknown mode" ? "{\"ty\":\"el\"}" : "{\"ty\":\"el\"},{\"ty\":\"rc\"}"
      return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[\(paths),{\"ty\":\"tm\",\"m\":0,\"e\":{\"a\":0,\"k\":50}}]}]")
    }
    if detail == "looped individually" {
      // Kept 0-30 %, turned by 300°: the kept part runs across the path's start.
      return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"el\"},{\"ty\":\"tm\",\"m\":2,\"e\":{\"a\":0,\"k\":30},\"o\":{\"a\":0,\"k\":300}}]}]")
    }
    // Three paths, kept 0-50 % one after another.
    return detail == "individually"
      ? layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"el\"},{\"ty\":\"rc\"},{\"ty\":\"el\"},{\"ty\":\"tm\",\"m\":2,\"e\":{\"a\":0,\"k\":50}}]}]")
      : shape("tm")
  case .roundedCorners?:
    guard let detail else { return shape("rd") }
    let radius = detail == "sharp corners" ? 30 : 1
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"sr\"},{\"ty\":\"rd\",\"r\":{\"a\":0,\"k\":\(radius)}}]}]")
  case .gradientFill?:
    guard detail == "moved midpoint" else { return shape("gf") }
    // Red, a midpoint stop at 20 % of the span, blue.
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"gf\",\"g\":{\"p\":3,\"k\":{\"a\":0,\"k\":[0,1,0,0,0.2,0.5,0,0.5,1,0,0,1]}}}]}]")
  case .gradientStroke?: return shape("gs")
  case .polystar?:
    guard let detail else { return shape("sr") }
    if detail == "negative points" {
      return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"sr\",\"sy\":2,\"pt\":{\"a\":0,\"k\":-5}}]}]")
    }
    if detail == "fractional points" {
      return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"sr\",\"sy\":1,\"pt\":{\"a\":0,\"k\":7.5}}]}]")
    }
    let radius = detail == "rotated" ? 40 : 6
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"sr\",\"r\":{\"a\":0,\"k\":15},\"or\":{\"a\":0,\"k\":\(radius)}}]}]")
  case .textLayer?: return layer("\"t\":{\"d\":{\"k\":[]}}", ty: 5)
  case .textAnimator?: return layer("\"t\":{\"d\":{\"k\":[]},\"a\":[{}]}", ty: 5)
  case .layer3D?: return layer("\"ddd\":1")
  case .timeRemap?:
    // A 2-second animation remapped to 3…4 s ("past the end"), held at 0 s ("static"), or
    // remapped to 0…1 s.
    let keyframes =
      detail == "past the end"
      ? "{\"a\":1,\"k\":[{\"t\":0,\"s\":[3]},{\"t\":60,\"s\":[4]}]}"
      : detail == "static" ? "{\"a\":0,\"k\":0}" : "{\"a\":1,\"k\":[{\"t\":0,\"s\":[0]},{\"t\":60,\"s\":[1]}]}"
    return layer("\"tm\":\(keyframes)", ty: 0)
  case .timeStretch?: return layer("\"sr\":2")
  case .autoOrient?: return layer("\"ao\":1")
  case .cameraLayer?: return layer("", ty: 13)
  case .lightLayer?: return layer("", ty: 14)
  case .audioLayer?: return layer("", ty: 6)
  case .videoLayer?: return layer("", ty: 9)
  case .imageLayer?: return layer("", ty: 2)
  case .solidLayer?: return layer("", ty: 1)
  case .adjustmentLayer?: return layer("", ty: 12)
  case .precompLayer?: return layer("\"refId\":\"c\"", ty: 0)
  case .imageExternal?: return "{\"layers\":[],\"assets\":[{\"id\":\"i\",\"u\":\"images/\",\"p\":\"a.png\",\"e\":0}]}"
  case .imageEmbedded?: return "{\"layers\":[],\"assets\":[{\"id\":\"i\",\"u\":\"\",\"p\":\"data:image/png;base64,AAAA\",\"e\":1}]}"
  case .solidLayerOpacity?: return layer("\"ks\":{\"o\":{\"a\":0,\"k\":50}}", ty: 1).replacingOccurrences(of: "\"ks\":{},", with: "")
  case .shapeBlendMode?:
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"fl\",\"bm\":\(blendCodes.firstIndex(of: detail ?? "darken") ?? 4)}]}]")
  case .skew?: return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"tr\",\"sk\":{\"a\":0,\"k\":30}}]}]")
  case .textWithoutGlyphs?: return layer("\"t\":{\"d\":{\"k\":[]}}", ty: 5)
  case .imageDataURLUnflagged?: return "{\"layers\":[],\"assets\":[{\"id\":\"i\",\"u\":\"\",\"p\":\"data:image/png;base64,AAAA\"}]}"
  case .imageWebP?: return "{\"layers\":[],\"assets\":[{\"id\":\"i\",\"u\":\"\",\"p\":\"data:image/webp;base64,AAAA\",\"e\":1}]}"
  case .gradientOpacityStops?:
    // Per detail, stops measured so (GradientStopsTests, gradient-opacity-skipped.json).
    let values =
      switch detail {
      case "small opacity steps, opacity stops skipped by older rlottie":
        "7,\"k\":{\"a\":0,\"k\":[0.007,0.984,0.847,0.482,0.193,0.969,0.657,0.325,0.375,0.953,0.467,0.169,0.545,0.882,0.263,0.314,0.715,0.812,0.059,0.459,0.857,0.688,0.135,0.539,1,0.565,0.212,0.62,0,1,0.259,1,0.517,1,0.75,0.5,0.983,0]}"
      case "opacity stops skipped by older rlottie": "2,\"k\":{\"a\":0,\"k\":[0,0.9,0.2,0.2,1,0.2,0.2,0.9,0,1,1,0]}"
      default: "1,\"k\":{\"a\":0,\"k\":[0,1,0,0,0,0.5]}"
      }
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"gf\",\"g\":{\"p\":\(values)}}]}]")
  case .noVersion?: return "{\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"layers\":[]}"
  case .textRandomizeOrder?: return layer("\"t\":{\"d\":{\"k\":[]},\"a\":[{\"s\":{\"rn\":1},\"a\":{}}]}", ty: 5)
  case .repeaterRunawayScale?:
    return layer("", shapes: "[{\"ty\":\"rp\",\"c\":{\"a\":0,\"k\":18},\"tr\":{\"s\":{\"a\":0,\"k\":[900,100]}}}]")
  case .slot?:
    let shape = detail == "path" ? "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":{},\"sid\":\"s\"}}" : "{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[1,0,0,1],\"sid\":\"s\"}}"
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[\(shape)]}]").replacingOccurrences(of: "{\"v\":", with: "{\"slots\":{\"s\":{\"p\":{}}},\"v\":")
  case .duplicateKey?:
    let values =
      switch detail {
      case "keyframes, then a static value": "[{\"t\":0}],\"k\":100"
      case "keyframes twice": "[{\"t\":0,\"s\":[100]}],\"k\":[{\"t\":0,\"s\":[10]}]"
      case "an array, then a number": "[100],\"k\":10"
      default: "10,\"k\":100"
      }
    let shape = "{\"ty\":\"fl\",\"o\":{\"a\":0,\"k\":\(values)}}"
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[\(shape)]}]")
  case .byteOrderMark?:
    return "\u{FEFF}" + layer("")
  case .mistypedValue?:
    switch detail {
    case "number or list":
      return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"fl\",\"o\":{\"a\":0,\"k\":{\"v\":100}}}]}]")
    case "list of numbers":
      return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"fl\",\"c\":{\"a\":1,\"k\":[{\"t\":0,\"s\":0.5},{\"t\":60}]}}]}]")
    case "whole number, not 0": return layer("").replacingOccurrences(of: "\"ty\":4,", with: "\"ty\":4.0,")
    case "whole number, a shape layer's type":
      return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"rc\"}]}]").replacingOccurrences(of: "\"ty\":4,", with: "\"ty\":4.0,")
    case "numbers in an easing handle":
      return layer(
        "",
        shapes:
          "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"fl\",\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\"i\":{\"x\":[],\"y\":[]},\"o\":{\"x\":[],\"y\":[]}},{\"t\":60,\"s\":[100]}]}}]}]"
      )
    default: return layer("").replacingOccurrences(of: "\"w\":100", with: "\"w\":100.0")
    }
  case .headerMisread?:
    // ThorVG's header scan: "fr" with a space before its colon, or "w" after a "{" in a name.
    if detail == "size" { return String(layer("").replacingOccurrences(of: "\"w\":100,", with: "\"nm\":\"a{\",").dropLast()) + ",\"w\":100}" }
    return layer("").replacingOccurrences(of: "\"fr\":30", with: "\"fr\" :30")
  case .threeDKeyIn2DTransform?:
    return layer("").replacingOccurrences(of: "\"ks\":{}", with: "\"ddd\":0,\"ks\":{\"rz\":{\"a\":0,\"k\":0}}")
  case .easingPerDimension?:
    let end = detail == "slight" ? 12 : 100
    let size =
      "{\"a\":1,\"k\":[{\"t\":-10,\"s\":[10,10],\"e\":[100,\(end)],\"o\":{\"x\":[0.167,0.9],\"y\":[0.167,0]},\"i\":{\"x\":[0.833,0.1],\"y\":[0.833,1]}},{\"t\":30,\"s\":[100,\(end)]}]}"
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"rc\",\"s\":\(size)}]}]")
  case .hiddenShape?:
    let hidden =
      detail == "modifier"
      ? "{\"ty\":\"el\"},{\"ty\":\"tm\",\"hd\":true},{\"ty\":\"st\"}" : "{\"ty\":\"gr\",\"hd\":true,\"it\":[{\"ty\":\"el\"},{\"ty\":\"fl\"}]}"
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[\(hidden)]}]")
  case .invertedMatteSourceOut?:
    let shapes = "[{\"ty\":\"el\"},{\"ty\":\"fl\"}]"
    return
      "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":30,\"op\":60,\"ks\":{},\"shapes\":\(shapes)},{\"ty\":4,\"ind\":2,\"tt\":2,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":\(shapes)}]}"
  case .matteSingleDrawable?:
    let shapes = "[{\"ty\":\"el\"},{\"ty\":\"fl\"}]"
    return
      "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"layers\":[{\"ty\":4,\"ind\":1,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":\(shapes)},{\"ty\":4,\"ind\":2,\"tt\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":\(shapes)}]}"
  case .repeaterOpacity?:
    let repeater = "{\"ty\":\"rp\",\"c\":{\"a\":0,\"k\":4},\"tr\":{\"ty\":\"tr\",\"so\":{\"a\":0,\"k\":100},\"eo\":{\"a\":0,\"k\":20}}}"
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"rc\"},{\"ty\":\"fl\"},\(repeater)]}]")
  case .strokeThinnerThanFixedPoint?:
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"el\"},{\"ty\":\"st\",\"w\":{\"a\":0,\"k\":0.01}}]}]")
  case .pathFromClosedStart?:
    // A closed triangle from (0, 0) heading right, then a curve from (0, 0) heading right too, stroked.
    let square = "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":{\"i\":[[0,0],[0,0],[0,0]],\"o\":[[0,0],[0,0],[0,0]],\"v\":[[0,0],[9,0],[9,9]],\"c\":true}}}"
    let curve = "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":{\"i\":[[0,0],[-3,0]],\"o\":[[3,0],[0,0]],\"v\":[[0,0],[6,6]],\"c\":false}}}"
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[\(square),\(curve),{\"ty\":\"st\"}]}]")
  case .dashOffsetFirst?, .zeroLengthDashes?:
    let dashes =
      entry.feature == "dash-offset-first"
      ? "[{\"n\":\"o\",\"v\":{\"a\":0,\"k\":0}},{\"n\":\"d\",\"v\":{\"a\":0,\"k\":9}},{\"n\":\"g\",\"v\":{\"a\":0,\"k\":0}}]"
      : "[{\"n\":\"d\",\"v\":{\"a\":0,\"k\":0}},{\"n\":\"g\",\"v\":{\"a\":0,\"k\":9}},{\"n\":\"o\",\"v\":{\"a\":0,\"k\":0}}]"
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"el\"},{\"ty\":\"st\",\"lc\":2,\"d\":\(dashes)}]}]")
  case .strokeUnevenScale?:
    // A 60 px circle stroked 12 px under layer scale [250, 80] (for "slight", 10 px stroked 6 px under [150, 100]).
    let (size, width, scale) = detail == "slight" ? (10, 6, "[150,100]") : detail == "collapsed" ? (60, 12, "[0,100]") : (60, 12, "[250,80]")
    return layer(
      "", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"el\",\"s\":{\"a\":0,\"k\":[\(size),\(size)]}},{\"ty\":\"st\",\"w\":{\"a\":0,\"k\":\(width)}}]}]"
    )
    .replacingOccurrences(of: "\"ks\":{}", with: "\"ks\":{\"s\":{\"a\":0,\"k\":\(scale)}}")
  case .keyBeforeType?:
    // A reversed ellipse written "d" first, cut out of a rectangle under a non-zero fill; a fill
    // whose colour comes before its "ty" otherwise.
    let shape =
      detail == "direction"
      ? "{\"ty\":\"rc\",\"s\":{\"a\":0,\"k\":[9,9]}},{\"d\":3,\"ty\":\"el\"},{\"ty\":\"fl\",\"r\":1}"
      : "{\"ty\":\"rc\"},{\"c\":{\"a\":0,\"k\":[1,0,0,1]},\"ty\":\"fl\"}"
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[\(shape)]}]")
  case .rotationWithoutDDD?:
    return layer("").replacingOccurrences(of: "\"ks\":{}", with: "\"ks\":{\"r\":{\"a\":0,\"k\":30}}")
  case .legacyColors?:
    return layer("", shapes: "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"rc\"},{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[200,30,30,255]}}]}]")
      .replacingOccurrences(of: "\"v\":\"5.7.4\"", with: "\"v\":\"4.0.0\"")
  case .repeaterNested?:
    return layer("", shapes: "[{\"ty\":\"rc\"},{\"ty\":\"rp\"},{\"ty\":\"fl\"},{\"ty\":\"rp\"}]")
  case .blurTransparentEdges?:
    return layer(
      "\"w\":100,\"h\":100,\"refId\":\"p\",\"ef\":[{\"ty\":29,\"ef\":[{\"ty\":0,\"v\":{\"a\":0,\"k\":20}},{\"ty\":7,\"v\":{\"a\":0,\"k\":1}},{\"ty\":7,\"v\":{\"a\":0,\"k\":0}}]}]",
      ty: 0)
  case .translucentLayers?:
    let one = "{\"ty\":4,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":0,\"k\":50}},\"shapes\":[]}"
    return "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"layers\":[\(Array(repeating: one, count: 33).joined(separator: ","))]}"
  case .manyMattes?:
    // 33 layers, each drawn through the matte of the layer before it.
    let pair = "{\"ty\":4,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[]},{\"ty\":4,\"tt\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[]}"
    return "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"layers\":[\(Array(repeating: pair, count: 33).joined(separator: ","))]}"
  case .translucentLayerOverlap?:
    // Two overlapping squares, each with its fill, in one shape layer at opacity 50.
    let square = { (x: Int) in "{\"ty\":\"gr\",\"it\":[{\"ty\":\"rc\",\"p\":{\"a\":0,\"k\":[\(x),50]},\"s\":{\"a\":0,\"k\":[40,40]}},{\"ty\":\"fl\"}]}" }
    return layer("", shapes: "[\(square(40)),\(square(60))]").replacingOccurrences(of: "\"ks\":{}", with: "\"ks\":{\"o\":{\"a\":0,\"k\":50}}")
  case .lumaMatteTranslucent?:
    return
      "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"layers\":[{\"ty\":4,\"td\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":0,\"k\":30}},\"shapes\":[]},{\"ty\":4,\"tt\":3,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[]}]}"
  case .maskAddAfterSubtract?: return layer("\"masksProperties\":[{\"mode\":\"s\"},{\"mode\":\"a\"}]")
  case .effectWithoutEnabled?: return layer("\"ef\":[{\"ty\":\(ty ?? 21)}]")
  case .effectDisabled?: return layer("\"ef\":[{\"ty\":\(ty ?? 21),\"en\":0}]")
  case .missingKey?:
    // The layer writes "st" unless "st" is the key left out (the layer's use comes first).
    func started(_ json: String) -> String { json.replacingOccurrences(of: "\"ind\":1,", with: "\"ind\":1,\"st\":0,") }
    switch detail {
    case "d"?: return started(layer("", shapes: "[{\"ty\":\"rc\",\"s\":{\"a\":0,\"k\":[9,9]}},{\"ty\":\"tm\",\"e\":{\"a\":0,\"k\":50}}]"))
    case "lc/lj"?: return started(layer("", shapes: "[{\"ty\":\"st\",\"w\":{\"a\":0,\"k\":4}}]"))
    case "mode"?: return started(layer("\"masksProperties\":[{\"inv\":false}]"))
    case "e"?: return started(layer("", shapes: "[{\"ty\":\"tm\",\"s\":{\"a\":0,\"k\":0}}]"))
    case "property"?: return started(layer("", shapes: "[{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[1,0,0]}}]"))
    case "tr"?: return started(layer("", shapes: "[{\"ty\":\"gr\",\"it\":[]}]"))
    case "fc"?:
      let text = started(layer("\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":{\"t\":\"A\",\"s\":20,\"f\":\"F\",\"sc\":[1,0,0],\"sw\":2}}]}}", ty: 5))
      return text.replacingOccurrences(of: "\"layers\":", with: "\"chars\":[{\"ch\":\"A\",\"fFamily\":\"F\",\"size\":20,\"w\":10}],\"layers\":")
    default: return layer("")  // no "st"
    }
  case .parentCycle?:
    if detail == "self" { return layer("\"parent\":1") }
    let one = "{\"ty\":4,\"ind\":1,\"parent\":2,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[]}"
    let two = "{\"ty\":4,\"ind\":2,\"parent\":1,\"ip\":0,\"op\":60,\"ks\":{},\"shapes\":[]}"
    return "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"layers\":[\(one),\(two)]}"
  case .precompClipOversized?:
    return layer("\"w\":200,\"h\":200,\"refId\":\"p\"", ty: 0).replacingOccurrences(of: "\"ks\":{}", with: "\"ks\":{\"s\":{\"a\":0,\"k\":[20000,20000]}}")
  case .solidColorNotHex?: return layer("\"sc\":\"\(detail == "empty" ? "" : "#36c")\"", ty: 1)
  case .easedLastKeyframe?:
    let ease = "\"i\":{\"x\":[0.8],\"y\":[0.8]},\"o\":{\"x\":[0.2],\"y\":[0.2]}"
    return layer("").replacingOccurrences(of: "\"ks\":{}", with: "\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[100],\(ease)},{\"t\":9,\"s\":[50],\(ease)}]}}")
  case .singleKeyframePath?:
    return layer(
      "",
      shapes:
        "[{\"ty\":\"gr\",\"it\":[{\"ty\":\"sh\",\"ks\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[{\"c\":true,\"v\":[[0,0],[9,0],[9,9]],\"i\":[[0,0],[0,0],[0,0]],\"o\":[[0,0],[0,0],[0,0]]}]}]}}]}]"
    )
  case nil: return nil
  }
}

struct EntryCase: CustomTestStringConvertible, Sendable {
  let target: String
  let index: Int
  var testDescription: String {
    guard let t = RendererSupport.shared.target(target) else { return target }
    let e = t.entries[index]
    return "\(target) \(e.feature) \(e.types.map { "ty\($0)" } ?? "") \(e.matchNames?.first ?? "") \(e.details?.first ?? "")"
  }
}

@Suite("Renderer compatibility data and lookup")
struct CompatTests {
  @Test func dataIsWellFormedAndCovered() {
    let data = RendererSupport.shared
    #expect(data.problems.isEmpty, "\(data.problems)")
    let ids = Set(data.targets.map(\.id))
    for required in ["ios", "ios-main-thread", "android", "web-svg", "web-canvas", "web-html", "skottie", "rlottie", "thorvg"] {
      #expect(ids.contains(required), "missing target \(required)")
    }
    #expect(data.target("web")?.id == "web-svg")
    for t in data.targets {
      #expect(!t.entries.isEmpty)
      for e in t.entries {
        #expect(!e.source.isEmpty)
        if e.support != .supported { #expect(e.effect != nil && e.workaround != nil, "\(t.id) \(e.feature)") }
        if let s = e.since { #expect(t.versions.contains(s) || t.versions.isEmpty, "\(t.id) \(e.feature) since \(s) not in versions") }
      }
    }
  }

  /// A fork inherits its base's entries at one version after its own (a lookup takes the first
  /// that applies); inherited measurements name both players; an unknown base is a problem.
  @Test func aForkInheritsItsBasesEntriesAfterItsOwn() throws {
    let base =
      #"{"renderer":"r","targets":[{"id":"base","versions":["1","2"],"features":["#
      + #"{"feature":"skew","support":"ignored","effect":"e","workaround":"w","source":"s","measured":{"fixture":"skew.json","player":"P","reference":"R","frames":[0],"seen":"seen"}},"#
      + #"{"feature":"blend-mode","support":"ignored","until":"2","effect":"e","workaround":"w","source":"old"},"#
      + #"{"feature":"merge-paths","support":"ignored","effect":"e","workaround":"w","source":"s"}]},"#
      + #"{"id":"fork","versions":[],"inherits":{"target":"base","version":"2","player":"F","checked":"c"},"features":["#
      + #"{"feature":"merge-paths","support":"supported","source":"own"}]},"#
      + #"{"id":"forkfork","inherits":{"target":"fork","player":"G","checked":"c"},"features":["#
      + #"{"feature":"skew","support":"supported","source":"own2"}]},"#
      + #"{"id":"orphan","inherits":{"target":"nowhere","player":"F","checked":"c"},"features":[]},"#
      + #"{"id":"a","inherits":{"target":"b","player":"F","checked":"c"},"features":[]},"#
      + #"{"id":"b","inherits":{"target":"a","player":"F","checked":"c"},"features":[]}]}"#
    let data = RendererSupport.load(["renderers/r.json": base])
    #expect(
      Set(data.problems) == [
        "orphan: inherits nowhere, which is no target, or inherits it back", "a: inherits b, which is no target, or inherits it back",
        "b: inherits a, which is no target, or inherits it back"
      ])
    let fork = try #require(data.target("fork"))
    #expect(fork.entries.map(\.feature) == ["merge-paths", "skew", "merge-paths"])
    #expect(fork.entries.map(\.source) == ["own", "s", "s"])
    #expect(fork.entries[1].evidence.summary == "measured with P and F: seen (fixture Tests/Fixtures/compat/skew.json)")
    #expect(data.level(of: .mergePaths, in: fork) == .supported)
    #expect(data.level(of: .blendMode, in: fork) == .supported)
    // A fork of the fork: its own entries, then the fork's whole list, evidence naming all three.
    let forkfork = try #require(data.target("forkfork"))
    #expect(forkfork.entries.map(\.source) == ["own2", "own", "s", "s"])
    #expect(forkfork.entries[2].evidence.summary == "measured with P and F and G: seen (fixture Tests/Fixtures/compat/skew.json)")
    #expect(data.level(of: .skew, in: forkfork) == .supported)
    #expect(data.level(of: .skew, in: fork) == .ignored)
  }

  static let entries: [EntryCase] = RendererSupport.shared.targets.flatMap { t in
    t.entries.indices.map { EntryCase(target: t.id, index: $0) }
  }

  /// Every entry has a fixture built from its own match; the lookup answers with this entry, or
  /// with an earlier entry of the same feature that also matches (first match wins).
  @Test(arguments: entries)
  func everyEntryIsReachableFromAFixture(_ c: EntryCase) throws {
    let data = RendererSupport.shared
    let target = try #require(data.target(c.target))
    let entry = target.entries[c.index]
    let json = try #require(fixture(for: entry), "no fixture for \(entry.feature)")
    let animation = Animation(document: try JSONDocument(parsing: json))
    let use = try #require(animation.featureUses().first { $0.feature.rawValue == entry.feature }, "fixture does not use \(entry.feature)")
    let version = entry.since ?? (entry.until.flatMap { u in target.versions.last { RendererSupport.compare($0, u) < 0 } })
    let found = data.lookup(use, in: target, version: version)
    if entry.until == nil && entry.since == nil {
      #expect(found != nil)
    }
    guard let found else { return }
    let earlier = target.entries[..<c.index].contains {
      $0.feature == found.feature && $0.source == found.source && $0.support == found.support && $0.note == found.note
    }
    #expect(
      (found.source == entry.source && found.support == entry.support && found.note == entry.note) || earlier,
      "\(c.testDescription): lookup gave \(found.support) from \(found.source)")
  }

  /// An effect's text becomes a clause: first letter lowered, unless the first word is a name
  /// with a capital past its first letter; no final period.
  @Test(arguments: [
    ("The property is lost.", "the property is lost"), ("ThorVG hangs on the frame.", "ThorVG hangs on the frame"),
    ("SVG filters are slow", "SVG filters are slow"), ("rlottie refuses it", "rlottie refuses it")
  ])
  func effectsBecomeClauses(text: String, clause: String) {
    #expect(RendererCompatRule.clause(text) == clause)
  }

  @Test func versionsSelectTheDataValidThen() {
    #expect(RendererSupport.compare("4.10.0", "4.4") > 0)
    #expect(RendererSupport.compare("4.4", "4.4.0") == 0)
    #expect(TargetSelection(parsing: "ios@4.4") == TargetSelection(parsing: "ios@4.4"))
    #expect(TargetSelection(parsing: "ios@4.4").version == "4.4")
  }

  @Test func lintNamesEveryAffectedTargetOnce() throws {
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"nm":"Glow","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[],"ef":[{"ty":29,"nm":"Gaussian Blur","mn":"ADBE Gaussian Blur 2","en":1}]}]}"#
    var options = LintOptions()
    options.targets = ["ios", "android", "rlottie", "thorvg"].map(TargetSelection.init(parsing:))
    let d = Linter(options: options, rules: [RendererCompatRule.self]).lint(path: "x", bytes: Array(json.utf8), baseDirectory: nil)
    #expect(d.count == 1)
    #expect(d.first?.renderers == ["ios", "rlottie"])
    #expect(d.first?.pointer == "/layers/0/ef/0")
    #expect(d.first?.message.hasPrefix("effects (Gaussian Blur) — ios ignored") == true)
  }
}
