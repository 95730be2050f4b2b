import Testing
import LottieJSON
import LottieModel
@testable import LottieTransforms

private func layer(_ ind: Int, _ name: String, _ extra: String = "") -> String {
  "{\"ty\":4,\"nm\":\"\(name)\",\"ind\":\(ind),\"ip\":0,\"op\":60,\"st\":0,\"ks\":{\"p\":{\"a\":0,\"k\":[10,20,0]}}\(extra.isEmpty ? "" : "," + extra)}"
}

private func animation(_ layers: [String], assets: [String] = []) -> String {
  "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":100,\"h\":100,\"nm\":\"Main\",\"assets\":[\(assets.joined(separator: ","))],\"layers\":[\(layers.joined(separator: ","))]}"
}

private func strip(
  _ json: String, _ selectors: [String], policy: StripOptions.DependentPolicy = .refuse, hidden: Bool = false,
  keepAssets: Bool = false
) throws -> (plan: StripPlan, output: String, doc: JSONDocument) {
  let doc = try JSONDocument(parsing: json)
  var options = StripOptions()
  options.selectors = try selectors.map { try LayerSelector(parsing: $0) }
  options.policy = policy
  options.hidden = hidden
  options.keepAssets = keepAssets
  let plan = Strip.plan(Animation(document: doc), options: options)
  let out = plan.refused ? json : String(decoding: try Strip.apply(plan, to: doc), as: UTF8.self)
  return (plan, out, doc)
}

@Suite("strip")
struct StripTests {
  @Test func removesALeafAndNothingElse() throws {
    let json = animation([layer(1, "Keep"), layer(2, "Watermark"), layer(3, "Also keep")])
    let r = try strip(json, ["Watermark"])
    #expect(r.plan.removals.map { $0.layer.name } == ["Watermark"])
    #expect(r.output == animation([layer(1, "Keep"), layer(3, "Also keep")]))
  }

  @Test func noMatchIsByteIdentical() throws {
    let json = animation([layer(1, "A")])
    let r = try strip(json, ["Nope"])
    #expect(r.plan.isEmpty)
    #expect(r.output == json)
  }

  @Test func parentWithoutFlagsRefusesCascadeRemovesDetachKeeps() throws {
    let json = animation([layer(1, "Parent"), layer(2, "Child", "\"parent\":1"), layer(3, "Grandchild", "\"parent\":2")])
    let refused = try strip(json, ["Parent"])
    #expect(refused.plan.refused)
    #expect(refused.plan.dependents.map { "\($0.layer.name ?? "") \($0.kind)" } == ["Child parent"])
    let cascade = try strip(json, ["Parent"], policy: .cascade)
    #expect(Set(cascade.plan.removals.compactMap { $0.layer.name }) == ["Parent", "Child", "Grandchild"])
    #expect(cascade.output == animation([]))
    let detach = try strip(json, ["Parent"], policy: .detach)
    // The parent is a static translation (10,20) with anchor 0: the child keeps its place exactly.
    #expect(
      detach.output
        == animation([
          "{\"ty\":4,\"nm\":\"Child\",\"ind\":2,\"ip\":0,\"op\":60,\"st\":0,\"ks\":{\"p\":{\"a\":0,\"k\":[20,40,0]}}}",
          layer(3, "Grandchild", "\"parent\":2")
        ]))
  }

  @Test func detachWithAnimatedParentWarns() throws {
    let moving = "{\"ty\":3,\"nm\":\"Mover\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"p\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0,0]},{\"t\":60,\"s\":[50,0]}]}}}"
    let r = try strip(animation([moving, layer(2, "Child", "\"parent\":1")]), ["Mover"], policy: .detach)
    #expect(r.plan.warnings.contains { $0.contains("no longer follows \"Mover\"") })
    #expect(r.output == animation([layer(2, "Child")]))
  }

  @Test func matteSourceRemovedAndMattedLayerRemoved() throws {
    let json = animation([layer(1, "Matte", "\"td\":1"), layer(2, "Art", "\"tt\":1"), layer(3, "Other")])
    let removeSource = try strip(json, ["Matte"])
    #expect(removeSource.plan.dependents.map { "\($0.layer.name ?? "") \($0.kind)" } == ["Art matte"])
    let detached = try strip(json, ["Matte"], policy: .detach)
    #expect(detached.output == animation([layer(2, "Art"), layer(3, "Other")]))
    let removeMatted = try strip(json, ["Art"])
    #expect(removeMatted.plan.dependents.map { "\($0.layer.name ?? "") \($0.kind)" } == ["Matte matte source"])
    let cascade = try strip(json, ["Art"], policy: .cascade)
    #expect(cascade.output == animation([layer(3, "Other")]))
  }

  @Test func matteByTp() throws {
    let json = animation([layer(5, "Src", "\"td\":1"), layer(6, "Between"), layer(7, "Art", "\"tt\":1,\"tp\":5")])
    let r = try strip(json, ["Src"])
    #expect(r.plan.dependents.map { $0.layer.name } == ["Art"])
  }

  @Test func hiddenLayersUsedAsParentsAreNotRemovedSilently() throws {
    let json = animation([layer(1, "Guide", "\"hd\":true"), layer(2, "Child", "\"parent\":1"), layer(3, "Loose", "\"hd\":true")])
    let r = try strip(json, [], hidden: true)
    #expect(r.plan.refused)
    #expect(r.plan.dependents.map { $0.layer.name } == ["Child"])
  }

  @Test func sameNameInTwoCompositionsAndNestedPrecomps() throws {
    let inner = "{\"id\":\"inner\",\"layers\":[\(layer(1, "Logo")),\(layer(2, "Text"))]}"
    let outer =
      "{\"id\":\"outer\",\"nm\":\"Outer\",\"layers\":[{\"ty\":0,\"nm\":\"InnerComp\",\"ind\":1,\"refId\":\"inner\",\"ip\":0,\"op\":60,\"ks\":{}},\(layer(2, "Logo"))]}"
    let root = ["{\"ty\":0,\"nm\":\"OuterComp\",\"ind\":1,\"refId\":\"outer\",\"ip\":0,\"op\":60,\"ks\":{}}", layer(2, "Logo")]
    let json = animation(root, assets: [inner, outer])
    let all = try strip(json, ["Logo"])
    #expect(all.plan.removals.count == 3)
    let keypath = try strip(json, ["OuterComp › InnerComp › Logo"])
    #expect(keypath.plan.removals.map { $0.composition } == ["inner"])
    let regex = try strip(json, ["/^L.g/"])
    #expect(regex.plan.removals.count == 3)
    let glob = try strip(json, ["T*t"])
    #expect(glob.plan.removals.map { $0.layer.name } == ["Text"])
  }

  @Test func prunesAssetsThatBecomeUnused() throws {
    let image = "{\"id\":\"image_0\",\"w\":1,\"h\":1,\"u\":\"images/\",\"p\":\"a.png\",\"e\":0}"
    let pre = "{\"id\":\"comp\",\"layers\":[{\"ty\":2,\"nm\":\"Pic\",\"ind\":1,\"refId\":\"image_0\",\"ip\":0,\"op\":60,\"ks\":{}}]}"
    let unused = "{\"id\":\"old\",\"layers\":[]}"
    let json = animation(
      ["{\"ty\":0,\"nm\":\"Badge\",\"ind\":1,\"refId\":\"comp\",\"ip\":0,\"op\":60,\"ks\":{}}", layer(2, "Keep")], assets: [image, pre, unused])
    let r = try strip(json, ["Badge"])
    #expect(r.plan.prunedAssets.compactMap(\.id) == ["image_0", "comp"])
    // The already-unused asset stays: strip prunes only what it made unused.
    #expect(r.output == animation([layer(2, "Keep")], assets: [unused]))
    let kept = try strip(json, ["Badge"], keepAssets: true)
    #expect(kept.output == animation([layer(2, "Keep")], assets: [image, pre, unused]))
  }

  @Test func expressionsMentioningARemovedLayerWarn() throws {
    let expr =
      "{\"ty\":4,\"nm\":\"Follower\",\"ind\":2,\"ip\":0,\"op\":60,\"ks\":{\"p\":{\"a\":0,\"k\":[0,0],\"x\":\"thisComp.layer(\\\"Leader\\\").transform.position\"}}}"
    let r = try strip(animation([layer(1, "Leader"), expr]), ["Leader"])
    #expect(r.plan.warnings == ["the expression at /layers/1/ks/p/x in \"Main › Follower\" mentions removed layer \"Leader\""])
  }

  // An expression engine compares names code unit by code unit: "Café" with a precomposed é and
  // "Café" with e + U+0301 are two layers, and an expression names one of them.
  @Test func expressionsMentionNamesByTheirBytes() throws {
    let (composed, decomposed) = ("Caf\u{E9}", "Cafe\u{301}")
    let expr =
      "{\"ty\":4,\"nm\":\"Follower\",\"ind\":3,\"ip\":0,\"op\":60,\"ks\":{\"p\":{\"a\":0,\"k\":[0,0],\"x\":\"thisComp.layer('\(decomposed)').transform.position\"}}}"
    let r = try strip(animation([layer(1, composed), layer(2, decomposed), expr]), ["Caf*"])
    #expect(r.plan.removals.count == 2)
    #expect(r.plan.warnings == ["the expression at /layers/2/ks/p/x in \"Main › Follower\" mentions removed layer \"\(decomposed)\""])
  }

  @Test func selectorsParse() throws {
    #expect(throws: LayerSelector.Invalid.self) { try LayerSelector(parsing: "/([/") }
    #expect(throws: LayerSelector.Invalid.self) { try LayerSelector(parsing: "A › ") }
    guard case .keypath(let parts) = try LayerSelector(parsing: "A › B") else { Issue.record("keypath"); return }
    #expect(parts == ["A", "B"])
  }
}
