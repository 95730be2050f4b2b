import Foundation

/// Contact sheets and pixel differences, made from rendered frames.
package enum Sheets {
  /// A grid of frames, each labelled with its frame number under it.
  package static func contactSheet(
    _ frames: [(number: Int, image: RGBAImage)], columns: Int,
    background: (UInt8, UInt8, UInt8)
  ) -> RGBAImage {
    guard let first = frames.first?.image else { return RGBAImage(width: 1, height: 1) }
    let cols = max(1, min(columns, frames.count))
    let rows = (frames.count + cols - 1) / cols
    let gap = 8, label = 16
    let cellW = first.width, cellH = first.height + label
    var sheet = RGBAImage(
      width: cols * cellW + (cols + 1) * gap, height: rows * cellH + (rows + 1) * gap,
      fill: (background.0, background.1, background.2, 255))
    let ink = inkColor(on: background)
    for (k, frame) in frames.enumerated() {
      let x = gap + (k % cols) * (cellW + gap)
      let y = gap + (k / cols) * (cellH + gap)
      sheet.draw(frame.image.flattened(over: background), x: x, y: y)
      sheet.text("\(frame.number)", x: x, y: y + first.height + 4, scale: 2, color: ink)
    }
    return sheet
  }

  /// Black ink on light backgrounds, white on dark ones.
  static func inkColor(on bg: (UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8, UInt8) {
    let luma = 0.2126 * Double(bg.0) + 0.7152 * Double(bg.1) + 0.0722 * Double(bg.2)
    return luma > 128 ? (20, 20, 20, 255) : (235, 235, 235, 255)
  }

  /// Pixels that differ between two renders of the same size (any channel, after flattening on
  /// `background`), as a share of all pixels, and an image showing them: unchanged pixels faded,
  /// changed ones in magenta.
  package static func difference(_ a: RGBAImage, _ b: RGBAImage, background: (UInt8, UInt8, UInt8)) -> (share: Double, image: RGBAImage) {
    let fa = a.flattened(over: background), fb = b.flattened(over: background)
    guard fa.width == fb.width, fa.height == fb.height, fa.width * fa.height > 0 else {
      return (1, RGBAImage(width: max(fa.width, fb.width), height: max(fa.height, fb.height), fill: (255, 0, 255, 255)))
    }
    var out = fb.pixels
    var changed = 0
    var i = 0
    while i + 3 < out.count {
      let same = fa.pixels[i] == fb.pixels[i] && fa.pixels[i + 1] == fb.pixels[i + 1] && fa.pixels[i + 2] == fb.pixels[i + 2]
      if same {
        let grey = UInt8((Int(fb.pixels[i]) + Int(fb.pixels[i + 1]) + Int(fb.pixels[i + 2])) / 3)
        let faded = UInt8(200 + Int(grey) * 55 / 255)
        out[i] = faded; out[i + 1] = faded; out[i + 2] = faded; out[i + 3] = 255
      } else {
        changed += 1
        out[i] = 230; out[i + 1] = 0; out[i + 2] = 160; out[i + 3] = 255
      }
      i += 4
    }
    return (Double(changed) / Double(fa.width * fa.height), RGBAImage(width: fa.width, height: fa.height, pixels: out))
  }

  /// OLD | NEW | DIFF per frame, one row per frame, labelled, with the changed share per row.
  package static func sideBySide(_ rows: [(number: Int, old: RGBAImage, new: RGBAImage)], background: (UInt8, UInt8, UInt8))
    -> (image: RGBAImage, shares: [Double])
  {
    guard let first = rows.first else { return (RGBAImage(width: 1, height: 1), []) }
    let gap = 8, label = 16
    let w = max(first.old.width, first.new.width), h = max(first.old.height, first.new.height)
    var sheet = RGBAImage(width: 3 * w + 4 * gap, height: label + gap + rows.count * (h + label + gap) + gap, fill: (255, 255, 255, 255))
    let ink: (UInt8, UInt8, UInt8, UInt8) = (20, 20, 20, 255)
    for (c, title) in ["OLD", "NEW", "DIFF"].enumerated() { sheet.text(title, x: gap + c * (w + gap), y: gap, scale: 2, color: ink) }
    var shares: [Double] = []
    for (k, row) in rows.enumerated() {
      let y = label + gap + k * (h + label + gap) + gap
      let diff = difference(row.old, row.new, background: background)
      shares.append(diff.share)
      sheet.draw(row.old.flattened(over: background), x: gap, y: y)
      sheet.draw(row.new.flattened(over: background), x: 2 * gap + w, y: y)
      sheet.draw(diff.image, x: 3 * gap + 2 * w, y: y)
      let percent = (diff.share * 1000).rounded() / 10
      sheet.text("\(row.number)", x: gap, y: y + h + 4, scale: 2, color: ink)
      sheet.text("\(percent)%", x: 3 * gap + 2 * w, y: y + h + 4, scale: 2, color: ink)
    }
    return (sheet, shares)
  }

  /// `count` frame numbers spread evenly over first ..< end, first and last included.
  package static func evenlySpaced(_ count: Int, first: Int, end: Int) -> [Int] {
    let last = max(first, end - 1)
    guard count > 1, last > first else { return [first] }
    var out: [Int] = []
    for k in 0..<count {
      let f = first + Int((Double(k) * Double(last - first) / Double(count - 1)).rounded())
      if out.last != f { out.append(f) }
    }
    return out
  }

  /// `#rgb`, `#rrggbb`, a few names, or `transparent` (nil).
  package static func parseColor(_ text: String) -> (UInt8, UInt8, UInt8)?? {
    let t = text.lowercased().trimmingCharacters(in: .whitespaces)
    let names: [String: (UInt8, UInt8, UInt8)] = [
      "white": (255, 255, 255), "black": (0, 0, 0), "grey": (128, 128, 128),
      "gray": (128, 128, 128), "red": (255, 0, 0), "green": (0, 128, 0), "blue": (0, 0, 255)
    ]
    if t == "transparent" || t == "none" { return .some(nil) }
    if let c = names[t] { return .some(c) }
    var hex = t
    if hex.hasPrefix("#") { hex.removeFirst() }
    guard hex.allSatisfy(\.isHexDigit) else { return nil }
    if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
    guard hex.count == 6, let v = UInt32(hex, radix: 16) else { return nil }
    return .some((UInt8(v >> 16), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)))
  }
}
