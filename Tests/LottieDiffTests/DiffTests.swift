import Testing
import LottieCompat
import LottieJSON
@testable import LottieDiff

/// A small animation: layers given as JSON objects.
private func anim(_ layers: [String], w: Int = 100, op: Int = 60, assets: String = "[]") throws -> JSONDocument {
  try JSONDocument(
    parsing: #"{"v":"5.7.4","fr":30,"ip":0,"op":\#(op),"w":\#(w),"h":100,"nm":"Main","assets":\#(assets),"layers":[\#(layers.joined(separator: ","))]}"#)
}

private func layer(_ name: String, ind: Int, ip: Int = 0, op: Int = 60, parent: Int? = nil, extra: String = "") -> String {
  #"{"ty":4,"nm":"\#(name)","ind":\#(ind),"ip":\#(ip),"op":\#(op),"st":0,"ks":{},"shapes":[]\#(parent.map { ",\"parent\":\($0)" } ?? "")\#(extra)}"#
}

private func kinds(_ d: AnimationDiff) -> [String] { d.changes.map { "\($0.kind.rawValue) \($0.subject)" } }

@Suite("diff: structural changes a reviewer reads")
struct DiffTests {
  @Test func identicalFilesHaveNoChange() throws {
    let a = try anim([layer("A", ind: 1), layer("B", ind: 2)])
    #expect(AnimationDiff(old: a, new: a).isEmpty)
  }

  @Test func retimedLayer() throws {
    let d = AnimationDiff(old: try anim([layer("A", ind: 1)]), new: try anim([layer("A", ind: 1, ip: 10, op: 50)]))
    #expect(kinds(d) == [#"layer-retimed root › "A""#])
    #expect(d.changes.first?.detail == "retimed: frames 0–60 → 10–50")
  }

  @Test func renamedLayerIsMatchedByInd() throws {
    let d = AnimationDiff(old: try anim([layer("Logo", ind: 1)]), new: try anim([layer("Logo Mark", ind: 1)]))
    #expect(kinds(d) == [#"layer-renamed root › "Logo Mark""#])
    #expect(d.changes.first?.detail == #"renamed from "Logo""#)
  }

  @Test func reorderedLayersAreMovesNotRemovalsAndAdditions() throws {
    let d = AnimationDiff(
      old: try anim([layer("A", ind: 1), layer("B", ind: 2), layer("C", ind: 3)]),
      new: try anim([layer("C", ind: 3), layer("A", ind: 1), layer("B", ind: 2)]))
    #expect(!d.changes.contains { $0.kind == .layerAdded || $0.kind == .layerRemoved })
    #expect(d.changes.allSatisfy { $0.kind == .layerMoved })
    #expect(kinds(d).contains(#"layer-moved root › "C""#))
    // Without ind, names still match.
    let e = AnimationDiff(
      old: try anim([#"{"ty":3,"nm":"X","ks":{}}"#, #"{"ty":3,"nm":"Y","ks":{}}"#]),
      new: try anim([#"{"ty":3,"nm":"Y","ks":{}}"#, #"{"ty":3,"nm":"X","ks":{}}"#]))
    #expect(!e.changes.contains { $0.kind == .layerAdded || $0.kind == .layerRemoved })
  }

  @Test func addedRemovedAndReparentedLayers() throws {
    let d = AnimationDiff(
      old: try anim([layer("Rig", ind: 1), layer("Arm", ind: 2, parent: 1), layer("Old", ind: 3)]),
      new: try anim([layer("Rig", ind: 1), layer("Arm", ind: 2), layer("New", ind: 4)]))
    #expect(kinds(d).sorted() == [#"layer-added root › "New""#, #"layer-removed root › "Old""#, #"layer-reparented root › "Arm""#].sorted())
    #expect(d.changes.first { $0.kind == .layerReparented }?.detail == #"parent "Rig" → none"#)
  }

  @Test func replacedImageAndResizedAsset() throws {
    let png1 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
    let png2 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    let a = try anim(
      [#"{"ty":2,"nm":"Pic","ind":1,"refId":"image_0","ip":0,"op":60,"ks":{}}"#],
      assets: #"[{"id":"image_0","w":1,"h":1,"u":"","p":"\#(png1)","e":1}]"#)
    let b = try anim(
      [#"{"ty":2,"nm":"Pic","ind":1,"refId":"image_0","ip":0,"op":60,"ks":{}}"#],
      assets: #"[{"id":"image_0","w":2,"h":2,"u":"","p":"\#(png2)","e":1}]"#)
    let d = AnimationDiff(old: a, new: b)
    #expect(kinds(d) == ["asset-resized image image_0", "asset-bytes-changed image image_0"])
  }

  @Test func addedEffectIsAGainedFeatureWithItsConsequences() throws {
    let blur = #","ef":[{"ty":29,"nm":"Gaussian Blur","mn":"ADBE Gaussian Blur 2","en":1,"ef":[]}]"#
    let d = AnimationDiff(
      old: try anim([layer("Glow", ind: 1)]), new: try anim([layer("Glow", ind: 1, extra: blur)]),
      targets: [TargetSelection(parsing: "ios"), TargetSelection(parsing: "android")])
    #expect(kinds(d) == [#"layer-changed root › "Glow""#, "feature-gained effects (Gaussian Blur)"])
    let gained = d.changes.first { $0.kind == .featureGained }
    #expect(gained?.detail == "new: 1 use")
    #expect(gained?.consequences == ["ios ignored"])
    // And the reverse is a lost feature.
    let back = AnimationDiff(old: try anim([layer("Glow", ind: 1, extra: blur)]), new: try anim([layer("Glow", ind: 1)]))
    #expect(back.changes.contains { $0.kind == .featureLost && $0.detail == "gone (was 1)" })
  }

  @Test func changedCanvas() throws {
    let d = AnimationDiff(old: try anim([layer("A", ind: 1)]), new: try anim([layer("A", ind: 1)], w: 200, op: 90))
    #expect(d.changes.map(\.detail) == ["size 100×100 → 200×100", "frames 0–60 → 0–90", "duration 2 s → 3 s"])
  }
}

@Suite("diff: the same values written another way are no change")
struct DiffSpellingTests {
  @Test func whiteSpaceKeyOrderAndNumberSpellingAreNoChange() throws {
    let old = try anim([layer("A", ind: 1, extra: #","bm":0,"ef":[{"ty":5,"nm":"x","v":{"a":0,"k":1}}]"#)])
    // The same layer, pretty printed, with keys reordered, numbers respelled and an escape.
    let respelled = #"""
      { "ty" : 4, "nm" : "\u0041", "ind" : 1, "ip" : 0, "op" : 60e0, "st" : 0,
        "shapes" : [ ], "ks" : { }, "ef" : [ { "v" : { "k" : 1.00, "a" : 0 }, "nm" : "x", "ty" : 5 } ], "bm" : 0 }
      """#
    #expect(kinds(AnimationDiff(old: old, new: try anim([respelled]))) == [])
    // A value that differs is still a change.
    let changed = try anim([layer("A", ind: 1, extra: #","bm":0,"ef":[{"ty":5,"nm":"x","v":{"a":0,"k":2}}]"#)])
    #expect(AnimationDiff(old: old, new: changed).changes.first?.detail.contains("effects") == true)
  }

  @Test func sameValueReadsValuesNotText() throws {
    let doc = try JSONDocument(parsing: #"[{"a":[1,2.50],"b":"\u00e9"},{"b":"é","a":[1.0,25e-1]},{"a":[1,2.5],"b":"e"},{"a":1,"a":2},{"a":2}]"#)
    let v = Array(doc.root.elements)
    #expect(v[0].sameValue(as: v[1]))
    #expect(!v[0].sameValue(as: v[2]))
    // A repeated key: the last value counts, as lookups read it.
    #expect(v[3].sameValue(as: v[4]))
    #expect(!v[0].sameValue(as: v[3]))
    // Canonically equivalent strings are different strings (expressions compare code units).
    let nfc = try JSONDocument(parsing: #"["caf\u00e9","cafe\u0301"]"#)
    let (e1, e2) = (nfc.root.element(at: 0)!, nfc.root.element(at: 1)!)
    #expect(!e1.sameValue(as: e2))
    let keys = try JSONDocument(parsing: #"[{"caf\u00e9":1},{"cafe\u0301":1}]"#)
    #expect(!keys.root.element(at: 0)!.sameValue(as: keys.root.element(at: 1)!))
  }
}

@Suite("diff: a file compared with itself")
struct DiffSelfTests {
  @Test func duplicateNamesAndDanglingParentsAreNoChange() throws {
    // Two layers named alike with no ind, and a parent that names no layer.
    let doc = try anim([
      #"{"ty":4,"nm":"Dup","ip":0,"op":60,"st":0,"ks":{},"shapes":[]}"#, #"{"ty":4,"nm":"Dup","ip":0,"op":60,"st":0,"ks":{},"shapes":[]}"#,
      layer("Child", ind: 3, parent: 9)
    ])
    #expect(kinds(AnimationDiff(old: doc, new: doc)) == [])
    // Renaming one of the pair is still seen.
    let renamed = try anim([
      #"{"ty":4,"nm":"Dup","ip":0,"op":60,"st":0,"ks":{},"shapes":[]}"#, #"{"ty":4,"nm":"Other","ip":0,"op":60,"st":0,"ks":{},"shapes":[]}"#,
      layer("Child", ind: 3, parent: 9)
    ])
    #expect(!AnimationDiff(old: doc, new: renamed).isEmpty)
    // Unnamed layers without ind that swap places are moves, never one turned into the other.
    let null = #"{"ty":3,"ip":0,"op":60,"st":0,"ks":{}}"#, shape = #"{"ty":4,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}"#
    let swapped = kinds(AnimationDiff(old: try anim([null, shape]), new: try anim([shape, null])))
    #expect(swapped.allSatisfy { $0.hasPrefix("layer-moved") } && !swapped.isEmpty, "\(swapped)")
    // A dangling parent that becomes a real layer is a change.
    let adopted = try anim([layer("Child", ind: 3, parent: 9), layer("Parent", ind: 9)])
    #expect(kinds(AnimationDiff(old: try anim([layer("Child", ind: 3, parent: 9)]), new: adopted)).contains(#"layer-reparented root › "Child""#))
  }
}
