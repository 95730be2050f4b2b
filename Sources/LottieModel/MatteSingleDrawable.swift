import Foundation
import LottieJSON

/// A layer under a track matte that draws one thing (#18). Debian's librlottie 0.1
/// (0.1+dfsg-4+deb12u2, the library `lottiekit render` links) carries a backport of
/// Samsung/rlottie 194b317 (debian/patches/Improve-rendering-performance.patch) that, when the
/// matted layer has a single drawable, blends the matte only inside that drawable's box and
/// draws the result at the canvas's origin instead of at the box: measured, the layer is not drawn
/// at all unless its one drawable covers the whole canvas, under each of the four matte modes
/// (fixture matte-single-drawable.json: a square drawn by one fill under a disc, 28.5 % of the
/// tile). A second fill or a stroke makes two drawables, and the layer is drawn. Samsung/rlottie's
/// master (0.2, as rlottie-python bundles it) passes the box as the target and draws it right.
extension Animation {
  /// How many things rlottie draws for a layer: one per fill, stroke or gradient of a shape layer
  /// (hidden ones left out), one for a solid layer; nil for anything else (a repeater makes copies,
  /// precomps, images and text are not counted). Stops counting at 2.
  static func drawableCount(of layer: Layer) -> Int? {
    switch layer.typeCode {
    case 1: return 1
    case 4:
      var count = 0
      var stack: [JSONNode] = layer.node["shapes"].map { [$0] } ?? []
      while let list = stack.popLast() {
        guard list.isArray else { continue }
        for item in list.elements where item.isObject && item["hd"]?.truthy != true {
          switch item["ty"]?.string {
          case "gr": if let items = item["it"] { stack.append(items) }
          case "rp": return nil
          case let type? where paintTypes.contains(type):
            count += 1
            if count == 2 { return 2 }
          default: break
          }
        }
      }
      return count
    default: return nil
    }
  }
}

extension FeatureScan {
  /// What a layer under a track matte risks in players that draw mattes by their own rules: shown
  /// while its inverted matte is not (MatteTiming), drawn as one thing (Animation.drawableCount).
  mutating func mattes(_ visit: LayerVisit) {
    invertedMatteTiming(visit)
    guard let tt = visit.layer.node["tt"], let mode = tt.int, (1...4).contains(mode), visit.layer.position > 0,
      Animation.drawableCount(of: visit.layer) == 1
    else { return }
    add(.matteSingleDrawable, nil, tt, visit.path)
  }
}
