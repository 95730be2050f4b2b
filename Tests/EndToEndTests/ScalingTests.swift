import Foundation
import Testing

/// Resource bounds on hostile shapes (issue #10): each input is made at 1×, 10× and 100× its base
/// size; CPU time and peak memory must grow about linearly (a quadratic step would be 100× for a
/// 10× input; the bar is 25×), and so must peak memory.
@Suite("resource bounds: 1×, 10×, 100× inputs", .serialized)
struct ScalingTests {
  struct Cost {
    var cpu: Double
    var rssMB: Double
  }

  /// CPU seconds (user + sys) and peak RSS of one run, from /usr/bin/time.
  func measure(_ arguments: [String], cwd: String) throws -> Cost {
    let r = try run("/usr/bin/time", ["-f", "lottiekit-cost %U %S %M"] + [lottiekitBinary] + arguments, cwd: cwd)
    #expect([0, 1, 2].contains(r.status) && !r.crashed, "\(arguments): \(r.status) \(r.stderr.suffix(300))")
    guard let line = r.stderr.split(separator: "\n").last(where: { $0.hasPrefix("lottiekit-cost ") }) else { return Cost(cpu: 0, rssMB: 0) }
    let f = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard f.count == 3 else { return Cost(cpu: 0, rssMB: 0) }
    return Cost(cpu: f[0] + f[1], rssMB: f[2] / 1024)
  }

  typealias Shape = (name: String, base: Int, file: String, make: @Sendable (Int) -> [UInt8], arguments: @Sendable (String) -> [String])

  static let shapes: [Shape] = [
    (
      "lint: layers array of n empty objects", 5_000, "layers.json",
      { n in
        Array(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["#.utf8) + Array(repeating: Array("{},".utf8), count: n).flatMap { $0 }
          + Array("{}]}".utf8)
      }, { ["lint", "--format", "json", $0] }
    ),
    (
      "lint: a string of n×20 bytes", 5_000, "string.json",
      { n in
        Array(#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"nm":""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: n * 20)
          + Array(#"","layers":[]}"#.utf8)
      }, { ["lint", $0] }
    ),
    // #21.3: every repeat of a key shadows the ones before it; the linter skipped findings inside
    // shadowed values by testing every finding against every pair (2,000 repeats: 2.4 s, 10,000: 2 min).
    (
      "lint (every rule): one key repeated n times", 100, "duplicates.json",
      { n in
        Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[],"# + Array(repeating: #""ip":0"#, count: n).joined(separator: ",") + "}").utf8)
      }, { ["lint", "--format", "json", "--profile", "spec-strict", "--profile", "telegram-sticker", "--target", "ios", $0] }
    ),
    (
      "format: n shape layers", 300, "shapes.json",
      { n in
        let layer =
          #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[1.5,2.25]},{"t":60,"s":[3,4]}]}},"shapes":[{"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":2}}]}"#
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + Array(repeating: layer, count: n).joined(separator: ",") + "]}").utf8)
      }, { ["format", "--pretty", $0, "-o", "out.json"] }
    ),
    // 5,000 × 100 segments stay under libxml2's 10 MB limit for one attribute (beyond it: exit 2).
    (
      "svg: one path of n segments", 5_000, "path.svg",
      { n in
        Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><path d="M0 0"#.utf8)
          + Array(repeating: Array("l1 1a1 1 0 0 1 1 1".utf8), count: n).flatMap { $0 } + Array(#""/></svg>"#.utf8)
      }, { ["svg", $0, "-o", "out.json"] }
    ),
    // Graphs: every layer's parent is the one before it; every precomp holds the next one. Walks
    // that followed each chain from each layer were quadratic (2,000 parents: 48 s).
    (
      "lint (every rule): n layers in one parent chain", 200, "parents.json",
      { n in
        var layers: [String] = []
        for k in 1...n { layers.append(#"{"ty":3,"ind":\#(k),"ip":0,"op":60,"ks":{}\#(k > 1 ? ",\"parent\":\(k - 1)" : "")}"#) }
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + layers.joined(separator: ",") + "]}").utf8)
      }, { ["lint", "--format", "json", "--profile", "spec-strict", "--profile", "telegram-sticker", "--target", "ios", $0] }
    ),
    (
      "lint (every rule): n precomps nested in one chain", 40, "precomps.json",
      { n in
        var assets: [String] = []
        for k in 0..<n {
          let inner = k + 1 < n ? #"{"ty":0,"ind":1,"refId":"p\#(k + 1)","ip":0,"op":60,"ks":{}}"# : ""
          assets.append(#"{"id":"p\#(k)","layers":[\#(inner)]}"#)
        }
        return Array(
          (#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"assets":["# + assets.joined(separator: ",")
            + #"],"layers":[{"ty":0,"ind":1,"refId":"p0","ip":0,"op":60,"ks":{}}]}"#).utf8)
      }, { ["lint", "--format", "json", "--profile", "spec-strict", "--profile", "telegram-sticker", "--target", "ios", $0] }
    ),
    // #22: every fix re-applied the whole file (O(fixes × size)).
    (
      "lint --fix: n fixable properties", 200, "fixes.json",
      { n in
        let layer = #"{"ty":3,"ind":1,"ip":0,"op":60,"ks":{"o":{"a":1,"k":100}}}"#
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + Array(repeating: layer, count: n).joined(separator: ",") + "]}").utf8)
      }, { ["lint", "--fix", "--profile", "spec-strict", "--format", "json", $0] }
    ),
    // A path of n vertices with rounded corners and a gradient of n opacity stops, on a layer a
    // target draws differently: per-vertex and per-stop lookups by position walked each array from
    // its start (100,000 vertices: 75 s).
    (
      "lint --target: a path and a gradient of n points", 1_000, "points.json",
      { n in
        let vertices = (0..<n).map { "[\($0 % 500),\($0 * 7 % 500)]" }.joined(separator: ",")
        let zeros = Array(repeating: "[0,0]", count: n).joined(separator: ",")
        let stops = Array(repeating: "0.5,0.5", count: n).joined(separator: ",")
        let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[\#(vertices)],"i":[\#(zeros)],"o":[\#(zeros)]}}}"#
        let gradient =
          #"{"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[1,1]},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,\#(stops)]}}}"#
        let layer =
          #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"bm":3,"ks":{},"shapes":[{"ty":"gr","it":[\#(path),{"ty":"rd","r":{"a":0,"k":5}},\#(gradient),{"ty":"tr"}]}]}"#
        return Array((#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512,"layers":[\#(layer)]}"#).utf8)
      }, { ["lint", "--format", "json", "--target", "rlottie", "--target", "thorvg", "--target", "web", $0] }
    ),
    // Image rules looked each image asset up by its position in `assets` (a walk from the start;
    // 100,000 embedded 1×1 PNGs: 88 s).
    (
      "lint: n embedded image assets", 1_000, "images.json",
      { n in
        let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="
        let assets = (0..<n).map { #"{"id":"i\#($0)","w":1,"h":1,"u":"","p":"\#(png)","e":1}"# }.joined(separator: ",")
        return Array((#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"assets":[\#(assets)],"layers":[]}"#).utf8)
      }, { ["lint", "--format", "json", $0] }
    ),
    // Found by a hunt for superlinear costs (#22's "nothing quadratic"), each measured before the fix:
    // a missing parent's help listed every layer per finding (3,000 layers: 6.7 s).
    (
      "lint: n layers naming a missing parent", 300, "parents-missing.json",
      { n in
        let layers = (1...n).map { #"{"ty":3,"ind":\#($0),"parent":\#(n + $0),"ip":0,"op":60,"ks":{}}"# }
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + layers.joined(separator: ",") + "]}").utf8)
      }, { ["lint", "--format", "json", $0] }
    ),
    // Every image asset without a size filtered all layers for its users (20,000: over 120 s).
    (
      "lint --profile spec-strict: n image assets without a size", 200, "images-no-size.json",
      { n in
        let assets = (0..<n).map {
          #"{"id":"i\#($0)","u":"","p":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=","e":1}"#
        }
        let layers = (0..<n).map { #"{"ty":2,"ind":\#($0 + 1),"refId":"i\#($0)","ip":0,"op":60,"ks":{}}"# }
        return Array(
          (#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"assets":["# + assets.joined(separator: ",") + #"],"layers":["#
            + layers.joined(separator: ",") + "]}").utf8)
      }, { ["lint", "--format", "json", "--profile", "spec-strict", $0] }
    ),
    // Each name with edge whitespace trimmed every sibling's name again (6,000 siblings: 6.8 s).
    (
      "lint: n sibling layers named with spaces", 200, "spaces.json",
      { n in
        let layers = (1...n).map { #"{"ty":3,"nm":" Layer \#($0) ","ind":\#($0),"ip":0,"op":60,"ks":{}}"# }
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + layers.joined(separator: ",") + "]}").utf8)
      }, { ["lint", "--format", "json", $0] }
    ),
    // Each `sid` looked its slot up in the whole `slots` object (90,000: 31.7 s).
    (
      "info: n layers with slots", 300, "slots.json",
      { n in
        let slots = (0..<n).map { #""s\#($0)":{"p":{"a":0,"k":50}}"# }
        let layers = (0..<n).map { #"{"ty":3,"ind":\#($0 + 1),"ip":0,"op":60,"ks":{"o":{"a":0,"k":100,"sid":"s\#($0)"}}}"# }
        return Array(
          (#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"slots":{"# + slots.joined(separator: ",") + #"},"layers":["#
            + layers.joined(separator: ",") + "]}").utf8)
      }, { ["info", $0] }
    ),
    // A feature's details were kept in an array copied and searched per use (60,000 fonts: 10.7 s).
    (
      "info: n text layers with their own fonts", 300, "fonts.json",
      { n in
        let fonts = (0..<n).map { #"{"fName":"F\#($0)","fFamily":"F\#($0)","fStyle":"Regular","ascent":75}"# }
        let layers = (0..<n).map {
          #"{"ty":5,"ind":\#($0 + 1),"ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"s":{"s":12,"f":"F\#($0)","t":"Hi","j":0,"tr":0,"lh":14,"ls":0,"fc":[0,0,0]},"t":0}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}"#
        }
        return Array(
          (#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"fonts":{"list":["# + fonts.joined(separator: ",") + #"]},"layers":["#
            + layers.joined(separator: ",") + "]}").utf8)
      }, { ["info", $0] }
    ),
    // Each repeat of a key worked out its layer's path, reading the layer's name past every repeat
    // (100,000 repeats: 17.3 s).
    (
      "compat: one layer writing a key n times", 1_000, "repeats.json",
      { n in
        let repeats = Array(repeating: #""ind":1"#, count: n).joined(separator: ",")
        return Array((#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"ip":0,"op":60,"ks":{},"# + repeats + "}]}").utf8)
      }, { ["compat", "--format", "json", "--target", "rlottie,thorvg", $0] }
    ),
    // Every matte source filtered all layers for its users, on every pass (30,000: over 120 s).
    (
      "strip --dry-run: n layers in matte pairs", 100, "mattes.json",
      { n in
        let layers = (0..<(2 * n)).map { k in #"{"ty":3,"nm":"L\#(k)","ind":\#(k + 1),\#(k % 2 == 0 ? #""td":1"# : #""tt":1"#),"ip":0,"op":60,"ks":{}}"# }
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + layers.joined(separator: ",") + "]}").utf8)
      }, { ["strip", "--dry-run", "--layer", "L1", $0] }
    ),
    // A removed parent's children were each checked against every child listed (120,000: 6.7 s).
    (
      "strip --dry-run: n children of one removed layer", 1_000, "children.json",
      { n in
        let children = (2...(n + 1)).map { #"{"ty":3,"nm":"C\#($0)","ind":\#($0),"parent":1,"ip":0,"op":60,"ks":{}}"# }
        return Array(
          (#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":3,"nm":"P","ind":1,"ip":0,"op":60,"ks":{}},"#
            + children.joined(separator: ",") + "]}").utf8)
      }, { ["strip", "--dry-run", "--layer", "P", $0] }
    ),
    // --cascade went over every layer once per pass, and a chain of children listed before their
    // parents takes a pass per link (3,000 links: 4.8 s).
    (
      "strip --cascade --dry-run: a chain of n children listed before their parents", 30, "chain.json",
      { n in
        let layers = (0..<n).map { i -> String in
          let k = n - i
          return #"{"ty":3,"nm":"L\#(k)","ind":\#(k),"ip":0,"op":60,"ks":{}\#(k > 1 ? ",\"parent\":\(k - 1)" : "")}"#
        }
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + layers.joined(separator: ",") + "]}").utf8)
      }, { ["strip", "--dry-run", "--cascade", "--layer", "L1", $0] }
    ),
    // Names against expressions: each name was looked for in every expression (3,000 of each:
    // lint 10.6 s, pack --prune 23.1 s, strip 23.4 s).
    (
      "lint: n names with spaces and n expressions", 30, "spaces.json",
      { n in
        let named = (0..<n).map { #"{"ty":3,"nm":" N\#($0) ","ind":\#($0 + 1),"ip":0,"op":60,"ks":{}}"# }
        return Array(
          (#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + (named + ScalingTests.expressionLayers(n, from: n + 1)).joined(separator: ",")
            + "]}").utf8)
      }, { ["lint", "--format", "json", $0] }
    ),
    (
      "pack --prune: n unused images and n expressions", 30, "unused.json",
      { n in
        let images = (0..<n).map { #"{"id":"image_\#($0)","w":1,"h":1,"u":"images/","p":"img_\#($0).png","e":0}"# }
        return Array(
          (#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"assets":["# + images.joined(separator: ",") + #"],"layers":["#
            + ScalingTests.expressionLayers(n, from: 1).joined(separator: ",") + "]}").utf8)
      }, { ["pack", "--prune", $0, "-o", "out.json"] }
    ),
    (
      "strip --dry-run: n removed layers and n expressions", 30, "named.json",
      { n in
        let removed = (0..<n).map { #"{"ty":3,"nm":"R\#($0)","ind":\#($0 + 1),"ip":0,"op":60,"ks":{}}"# }
        return Array(
          (#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + (removed + ScalingTests.expressionLayers(n, from: n + 1)).joined(separator: ",")
            + "]}").utf8)
      }, { ["strip", "--dry-run", "--layer", "R*", $0] }
    ),
    // A descendant selector was tried along every path of ancestors (six compounds, 200 levels:
    // over 120 s).
    (
      "svg: a descendant selector over n nested groups", 2, "nested.svg",
      { n in
        let open = String(repeating: "<g>", count: n), close = String(repeating: "</g>", count: n)
        return Array(
          (#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><style>svg g g g g rect{fill:red}</style>"# + open
            + #"<rect width="5" height="5"/>"# + close + "</svg>").utf8)
      }, { ["svg", $0, "-o", "out.json"] }
    ),
    // Every rule was tested against every element (20,000 rules and elements: over 120 s).
    (
      "svg: n class rules and n elements", 100, "classes.svg",
      { n in
        let rules = (0..<n).map { ".c\($0){fill:#\(String(format: "%06x", $0 * 97 % 0xFFFFFF))}" }.joined()
        let rects = (0..<n).map { #"<rect class="c\#($0)" x="\#($0 % 9)" width="1" height="1"/>"# }.joined()
        return Array((#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><style>"# + rules + "</style>" + rects + "</svg>").utf8)
      }, { ["svg", $0, "-o", "out.json"] }
    ),
    // Each feature use was tested against every hidden group of its layer (80,000 groups: 7.5 s).
    (
      "lint --target rlottie: n hidden groups in one layer", 1_000, "hidden.json",
      { n in
        let group = #"{"ty":"gr","hd":true,"it":[{"ty":"rc","s":{"a":0,"k":[1,1]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}}]}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":["# + Array(repeating: group, count: n).joined(separator: ",") + "]}"
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + layer + "]}").utf8)
      }, { ["lint", "--format", "json", "--target", "rlottie", $0] }
    ),
    // Each copy of a property's "k" written n times looked the property up again (100,000
    // copies: 90 s; keyframes first, then static values, as rlottie refuses them).
    (
      "lint --target rlottie: one property's k written n times", 1_000, "keys.json",
      { n in
        let keys = String(repeating: #","k":[{"t":0,"s":[1]}]"#, count: n / 2) + String(repeating: #","k":5"#, count: n / 2)
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":0"# + keys + "}},\"shapes\":[]}"
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + layer + "]}").utf8)
      }, { ["lint", "--format", "json", "--target", "rlottie", $0] }
    ),
    // ThorVG's header scan (HeaderScan) jumps to the next comma after each "fr": it matches; a
    // name holding the key n times and no comma must not search to the end each time.
    (
      "lint --target thorvg: a name holding \"fr\": n times", 10_000, "header.json",
      { n in
        let name = String(repeating: #"\"fr\":"#, count: n)
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"nm":""# + name + #"","layers":[]}"#).utf8)
      }, { ["lint", "--format", "json", "--target", "thorvg", $0] }
    ),
    // Each "trim individually" counted the paths of its list again (16,000 trims: 42 s).
    (
      "lint --target rlottie: n paths and n individual trims in one list", 100, "trims.json",
      { n in
        let pair =
          #"{"ty":"rc","s":{"a":0,"k":[9,9]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"tm","s":{"a":0,"k":10},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":2}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":["# + Array(repeating: pair, count: n).joined(separator: ",") + "]}"
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["# + layer + "]}").utf8)
      }, { ["lint", "--format", "json", "--target", "rlottie", $0] }
    ),
    // Each moving layer's band bound needs the edges of all its children (CoverageMotion): worked
    // out once per composition, not once per use down a chain of parents.
    (
      "lint --target rlottie: n looping layers, each the parent of the next", 100, "chain.json",
      { n in
        let loop = #""a":1,"x":"var $bm_rt; $bm_rt = loopOut('cycle');","k":[{"t":0,"s":[0,0],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":10,"s":[2,0]}]"#
        let dot =
          #"{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[4,4]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]}},{"ty":"tr","p":{\#(loop)}}]}"#
        let layers = (0..<n).map { i in
          #"{"ty":4,"ind":\#(i + 1),"ip":0,"op":60,"st":0,\#(i > 0 ? "\"parent\":\(i)," : "")"ks":{"p":{\#(loop)}},"shapes":[\#(dot)]}"#
        }
        return Array((#"{"v":"5","fr":30,"ip":0,"op":60,"w":512,"h":512,"layers":["# + layers.joined(separator: ",") + "]}").utf8)
      }, { ["lint", "--format", "json", "--target", "rlottie", $0] }
    ),
    (
      "svg: n styled elements", 1_000, "elements.svg",
      { n in
        var s = #"<svg xmlns="http://www.w3.org/2000/svg" width="99" height="99"><style>.a{fill:red}</style>"#
        for k in 0..<n { s += "<g class=\"a\"><circle cx=\"\(k % 99)\" cy=\"5\" r=\"2\"/></g>" }
        return Array((s + "</svg>").utf8)
      }, { ["svg", $0, "-o", "out.json"] }
    )
  ]

  /// n layers whose opacity expressions each look up a layer no one is named (`M0`, `M1`…).
  static func expressionLayers(_ n: Int, from ind: Int) -> [String] {
    (0..<n).map { #"{"ty":3,"nm":"E\#($0)","ind":\#(ind + $0),"ip":0,"op":60,"ks":{"o":{"a":0,"k":100,"x":"thisComp.layer('M\#($0)').transform.opacity"}}}"# }
  }

  @Test(arguments: Array(ScalingTests.shapes.indices))
  func growsLinearly(_ index: Int) throws {
    let shape = Self.shapes[index]
    let dir = try makeTemporaryDirectory()
    var costs: [Cost] = []
    var sizes: [Int] = []
    for factor in [1, 10, 100] {
      let bytes = shape.make(shape.base * factor)
      sizes.append(bytes.count)
      try write(bytes, to: dir + "/" + shape.file)
      costs.append(try measure(shape.arguments(shape.file), cwd: dir))
    }
    let line = zip(sizes, costs).map { String(format: "%.1f MB: %.2f s, %.0f MB", Double($0) / 1e6, $1.cpu, $1.rssMB) }
    print("resource bounds: \(shape.name): " + line.joined(separator: " | "))
    // CPU: from 10× to 100× the input, at most 25× the time (process start-up makes small runs
    // look slower, so the floor is 0.2 s).
    #expect(costs[2].cpu <= 25 * max(costs[1].cpu, 0.2), "\(shape.name): \(line)")
    // Memory likewise: proportional to the input (lint's also to its findings, which are).
    #expect(costs[2].rssMB <= 25 * max(costs[1].rssMB, 40), "\(shape.name): \(line)")
  }
}
