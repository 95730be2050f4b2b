import Foundation
import LottieJSON
import LottieKitIO
import LottieModel

/// Renders an animation and candidate rewrites of it with rlottie (through `IsolatedRenderer`)
/// and says how much of the picture each rewrite changes: what `optimize` uses to verify a lossy
/// step. The original is rendered once; frames at 10, 35, 60 and 85 % of its time, at its own
/// size up to `maxSide`. A pixel counts as changed when a channel differs by more than
/// `tolerance`; a rewrite's share is its worst frame's.
package final class RenderCheck {
  package let renderer: IsolatedRenderer
  package let maxSide: Int
  package let tolerance: Int
  let scratch: String
  let frames: [Int]
  let width: Int
  let height: Int
  let name: String
  var reference: [RGBAImage]?
  var candidates = 0

  /// `original`: the animation's bytes; `imagesFrom`: the folder its external images resolve
  /// against (linked into a scratch folder, so rewrites see the same images), nil for none;
  /// `firstFrame`: frame 0 as well (the frame a still, and After Effects' reference renders, show);
  /// `spread`: that many frames more, at the golden ratio's multiples of the time (none a round
  /// share of it, so that a motion that repeats every tenth of the time is not caught at one phase).
  package init(
    original: [UInt8], imagesFrom folder: String?, shownAs name: String, renderer: IsolatedRenderer = IsolatedRenderer(),
    maxSide: Int = 256, tolerance: Int = 16, firstFrame: Bool = false, spread: Int = 0
  ) throws(RenderError) {
    self.renderer = renderer
    self.maxSide = maxSide
    self.tolerance = tolerance
    self.name = name
    guard let document = try? JSONDocument(parsing: original) else { throw RenderError("\(name): not valid JSON") }
    let animation = Animation(document: document)
    let w = min(max(1, animation.width ?? 1), 1e6), h = min(max(1, animation.height ?? 1), 1e6)
    let scale = min(1, Double(maxSide) / max(w, h))
    width = max(1, Int((w * scale).rounded()))
    height = max(1, Int((h * scale).rounded()))
    // Bounded, so that a hostile op cannot overflow the frame numbers (rlottie clamps them anyway).
    let span = (animation.outPoint ?? 1) - (animation.inPoint ?? 0)
    let total = span.isFinite ? min(max(1, span), 1_000_000) : 1
    var picked: [Int] = firstFrame ? [0] : []
    let golden = (5.0.squareRoot() - 1) / 2
    for f in [0.10, 0.35, 0.60, 0.85] + (0..<max(0, min(spread, 64))).map({ (Double($0 + 1) * golden).truncatingRemainder(dividingBy: 1) }) {
      let frame = Int(total * f)
      if !picked.contains(frame) { picked.append(frame) }
    }
    frames = picked
    scratch = NSTemporaryDirectory() + "lottiekit-check-" + UUID().uuidString
    do {
      try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    } catch { throw RenderError("cannot create a temporary folder: \(error.localizedDescription)") }
    if let folder { linkImages(animation, from: folder) }
    reference = try render(original, as: "original.json")
  }

  deinit { try? FileManager.default.removeItem(atPath: scratch) }

  /// The share (0…1) of pixels `candidate` draws differently from the original, worst frame.
  package func changedShare(_ candidate: [UInt8]) throws(RenderError) -> Double {
    candidates += 1
    let images = try render(candidate, as: "candidate-\(candidates).json")
    guard let reference else { return 1 }
    var worst = 0.0
    for (a, b) in zip(reference, images) { worst = max(worst, Self.changedShare(a, b, tolerance: tolerance)) }
    return worst
  }

  /// The share of pixels where a channel (premultiplied RGBA) differs by more than `tolerance`.
  package static func changedShare(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int) -> Double {
    guard a.width == b.width, a.height == b.height, a.width * a.height > 0 else { return 1 }
    var changed = 0
    a.pixels.withUnsafeBufferPointer { pa in
      b.pixels.withUnsafeBufferPointer { pb in
        var i = 0
        while i + 3 < pa.count {
          for c in 0..<4 where abs(Int(pa[i + c]) - Int(pb[i + c])) > tolerance {
            changed += 1
            break
          }
          i += 4
        }
      }
    }
    return Double(changed) / Double(a.width * a.height)
  }

  /// The share of the square tile of the larger side where `rewrites` draw differently from the
  /// original, as the lab measures players (Scripts/compat-lab.py, docs/compat-evidence.md): each
  /// picture laid on white and on black, a pixel differs when no pixel of the other within one
  /// pixel comes within 32 on every channel, either way round (anti-aliasing that moves an edge by
  /// a pixel is no difference). Where any rewrite differs counts; the worst frame's share.
  package func tileShare(ofAll rewrites: [[UInt8]]) throws(RenderError) -> Double {
    guard let reference else { return 1 }
    var union = reference.map { [Bool](repeating: false, count: $0.width * $0.height) }
    for rewrite in rewrites {
      candidates += 1
      let images = try render(rewrite, as: "candidate-\(candidates).json")
      for (k, (a, b)) in zip(reference, images).enumerated() {
        let differs = Self.tileDifference(a, b)
        for i in union[k].indices where i >= differs.count || differs[i] { union[k][i] = true }
      }
    }
    let side = max(width, height)
    return union.map { Double($0.count { $0 }) / Double(side * side) }.max() ?? 0
  }

  /// `tileShare`, with what the lab counts as anti-aliasing left out (its `noise_only`): a frame's
  /// difference counts only as far as it stays both with a two-pixel tolerance and when a pixel may
  /// be a blend of two colours next to it in the other picture (an edge covered more or less,
  /// pixelmatch's anti-aliasing test): the smaller of those two shares, worst frame. A bounce that
  /// moves a layer by a pixel or two is no difference the viewer sees, nor one the lab counts.
  package func tileShareBeyondAntiAliasing(ofAll rewrites: [[UInt8]]) throws(RenderError) -> Double {
    guard let reference else { return 1 }
    let side = Double(max(width, height) * max(width, height))
    var wide = reference.map { [Bool](repeating: false, count: $0.width * $0.height) }
    var edges = wide
    for rewrite in rewrites {
      candidates += 1
      let images = try render(rewrite, as: "candidate-\(candidates).json")
      for (k, (a, b)) in zip(reference, images).enumerated() {
        let (twoPixels, blends) = Self.tileDifferenceBeyondAntiAliasing(a, b)
        for i in wide[k].indices {
          if i >= twoPixels.count || twoPixels[i] { wide[k][i] = true }
          if i >= blends.count || blends[i] { edges[k][i] = true }
        }
      }
    }
    return zip(wide, edges).map { Double(min($0.count { $0 }, $1.count { $0 })) / side }.max() ?? 0
  }

  /// Pixel by pixel, whether two pictures differ as the lab measures (`tileShare`); all of them
  /// for pictures of different sizes.
  package static func tileDifference(_ a: RGBAImage, _ b: RGBAImage) -> [Bool] {
    guard a.width == b.width, a.height == b.height else { return [Bool](repeating: true, count: a.width * a.height) }
    let la = laid(a), lb = laid(b)
    let ua = unmatched(la, lb, a.width, a.height), ub = unmatched(lb, la, a.width, a.height)
    return zip(ua, ub).map { $0 || $1 }
  }

  /// Pixel by pixel, the two differences the lab's anti-aliasing test asks about
  /// (`tileShareBeyondAntiAliasing`): with a two-pixel tolerance, and with a one-pixel tolerance
  /// where a blend of two colours within one pixel also matches.
  package static func tileDifferenceBeyondAntiAliasing(_ a: RGBAImage, _ b: RGBAImage) -> (twoPixels: [Bool], blends: [Bool]) {
    guard a.width == b.width, a.height == b.height else {
      let all = [Bool](repeating: true, count: a.width * a.height)
      return (all, all)
    }
    let la = laid(a), lb = laid(b), w = a.width, h = a.height
    // A pixel matched within one pixel is matched both ways: only the rest are looked at again.
    let ua = unmatched(la, lb, w, h), ub = unmatched(lb, la, w, h)
    let twoPixels = zip(unmatched(la, lb, w, h, radius: 2, only: ua), unmatched(lb, la, w, h, radius: 2, only: ub)).map { $0 || $1 }
    let blends = zip(unblended(la, lb, w, h, ua), unblended(lb, la, w, h, ub)).map { $0 || $1 }
    return (twoPixels, blends)
  }

  /// Of the pixels `unmatched` flags (`x`'s with no pixel of `y` within one pixel and 32 on every
  /// channel), those that are no blend of two of those nine pixels either, within 32 (the point
  /// of the segment between them nearest to it).
  static func unblended(_ x: [Int16], _ y: [Int16], _ w: Int, _ h: Int, _ unmatched: [Bool]) -> [Bool] {
    var result = unmatched
    var near = [Double](repeating: 0, count: 54)
    var p = [Double](repeating: 0, count: 6)
    for row in 0..<h {
      for col in 0..<w where result[row * w + col] {
        let i = (row * w + col) * 6
        var k = 0
        for dy in -1...1 {
          let r = min(h - 1, max(0, row + dy))
          for dx in -1...1 {
            let j = (r * w + min(w - 1, max(0, col + dx))) * 6
            for c in 0..<6 { near[k * 6 + c] = Double(y[j + c]) }
            k += 1
          }
        }
        for c in 0..<6 { p[c] = Double(x[i + c]) }
        search: for m in 0..<9 {
          for n in (m + 1)..<9 {
            var dd = 0.0, dot = 0.0
            for c in 0..<6 {
              let d = near[n * 6 + c] - near[m * 6 + c]
              dd += d * d
              dot += (p[c] - near[m * 6 + c]) * d
            }
            let t = min(1, max(0, dot / max(dd, 1e-9)))
            var close = true
            for c in 0..<6 where abs(p[c] - (near[m * 6 + c] + t * (near[n * 6 + c] - near[m * 6 + c]))) > 32 {
              close = false
              break
            }
            if close {
              result[row * w + col] = false
              break search
            }
          }
        }
      }
    }
    return result
  }

  /// Six channels a pixel: on white, then on black.
  static func laid(_ image: RGBAImage) -> [Int16] {
    var out = [Int16](repeating: 0, count: image.width * image.height * 6)
    image.pixels.withUnsafeBufferPointer { p in
      for i in 0..<(image.width * image.height) {
        let alpha = Int(p[i * 4 + 3])
        for c in 0..<3 {
          let v = (Int(p[i * 4 + c]) * alpha + 127) / 255
          out[i * 6 + c] = Int16(v + 255 - alpha)
          out[i * 6 + 3 + c] = Int16(v)
        }
      }
    }
    return out
  }

  /// Pixels of `x` with no pixel of `y` within `radius` pixels (edges repeated) and 32 on every
  /// channel; with `only`, of the pixels it flags (the others match). The pixel itself is tried
  /// first: most pixels match there.
  static func unmatched(_ x: [Int16], _ y: [Int16], _ w: Int, _ h: Int, radius: Int = 1, only: [Bool]? = nil) -> [Bool] {
    var result = [Bool](repeating: false, count: w * h)
    for row in 0..<h {
      for col in 0..<w where only?[row * w + col] ?? true {
        let i = (row * w + col) * 6
        var same = true
        for c in 0..<6 where abs(Int(x[i + c]) - Int(y[i + c])) > 32 {
          same = false
          break
        }
        if same { continue }
        var matched = false
        search: for dy in -radius...radius {
          let r = min(h - 1, max(0, row + dy))
          for dx in -radius...radius {
            let j = (r * w + min(w - 1, max(0, col + dx))) * 6
            var close = true
            for c in 0..<6 where abs(Int(x[i + c]) - Int(y[j + c])) > 32 {
              close = false
              break
            }
            if close {
              matched = true
              break search
            }
          }
        }
        result[row * w + col] = !matched
      }
    }
    return result
  }

  func render(_ bytes: [UInt8], as file: String) throws(RenderError) -> [RGBAImage] {
    let path = scratch + "/" + file
    do { try FileIO.writeAtomically(bytes, to: path) } catch { throw RenderError(error.description) }
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try renderer.render(file: path, frames: frames, width: width, height: height, shownAs: name)
  }

  /// Links the first folder (or file) of each external image's relative path into the scratch
  /// folder, so that the original and its rewrites find the same images. Absolute paths, URLs and
  /// paths that climb out of the folder are left alone (missing alike for both).
  func linkImages(_ animation: Animation, from folder: String) {
    var linked = Set<String>()
    for asset in animation.assets where asset.isImage && !asset.isURL {
      guard let relative = asset.relativePath, !relative.hasPrefix("/"), !relative.contains(".."),
        let first = relative.split(separator: "/").first.map(String.init), !first.isEmpty, !linked.contains(first)
      else { continue }
      linked.insert(first)
      let target = (folder.isEmpty ? "." : folder) + "/" + first
      guard FileManager.default.fileExists(atPath: target) else { continue }
      let absolute = Paths.absolute(target)
      try? FileManager.default.createSymbolicLink(atPath: scratch + "/" + first, withDestinationPath: absolute)
    }
  }
}
