import Testing
import LottieJSON
@testable import LottieTransforms

/// #20: `optimize --lossless`, step by step: each with an input it changes and one it must leave
/// alone, the refusals (expressions, slots, text documents, spatial tangents, parents and mattes),
/// and idempotence.
@Suite("optimize, lossless steps")
struct OptimizeTests {
  let header = #""v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100"#

  func optimize(_ json: String) throws -> (doc: JSONDocument, result: OptimizeResult) {
    let r = Optimize.lossless(try JSONDocument(parsing: Array(json.utf8)))
    return (try JSONDocument(parsing: r.bytes), r)
  }

  func saved(_ r: OptimizeResult, _ step: String) -> Int { r.steps.first { $0.name == step }?.saved ?? 0 }

  func layer(_ extra: String, ind: Int = 1, ks: String = "{}") -> String {
    #"{"ty":4,"ind":\#(ind),"ip":0,"op":60,"st":0,"ks":\#(ks),"shapes":[]\#(extra.isEmpty ? "" : "," + extra)}"#
  }

  @Test func hiddenLayersGoUnlessSomethingUsesThem() throws {
    let (doc, r) = try optimize("{\(header),\"layers\":[\(layer("\"hd\":true,\"nm\":\"Guide\"", ind: 1)),\(layer("", ind: 2))]}")
    #expect(doc.root["layers"]?.count == 1)
    #expect(saved(r, "hidden layers") > 0)
    // A hidden parent stays: its child moves with it.
    let (kept, r2) = try optimize("{\(header),\"layers\":[\(layer("\"hd\":true", ind: 1)),\(layer("\"parent\":1", ind: 2))]}")
    #expect(kept.root["layers"]?.count == 2)
    #expect(r2.notes.contains { $0.contains("parent or track matte") })
  }

  @Test func keyframesBeforeTheVisibleTimeGoExceptTheOneAtItsEdge() throws {
    // Visible 10–20: keyframes at 0, 5 (the last before 10), 15, 25, 30, 40 (after the visible
    // time, kept: rlottie reads a cut tail differently).
    let o = #"{"a":1,"k":[{"t":0,"s":[0]},{"t":5,"s":[10]},{"t":15,"s":[50]},{"t":25,"s":[80]},{"t":30,"s":[90]},{"t":40,"s":[100]}]}"#
    let json = "{\(header),\"layers\":[{\"ty\":4,\"ind\":1,\"ip\":10,\"op\":20,\"st\":0,\"ks\":{\"o\":\(o)},\"shapes\":[]}]}"
    let (doc, r) = try optimize(json)
    let times = doc.root["layers"]?.element(at: 0)?["ks"]?["o"]?["k"]?.elements.compactMap { $0["t"]?.double }
    #expect(times == [5, 15, 25, 30, 40])
    #expect(r.steps.first { $0.name == "invisible keyframes" }?.detail == "1 keyframe")
    // A start time or a time stretch: players disagree on the clock, nothing is cut.
    for other in ["\"st\":10", "\"st\":0,\"sr\":2"] {
      let changed = json.replacingOccurrences(of: "\"st\":0", with: other)
      #expect(try optimize(changed).doc.root["layers"]?.element(at: 0)?["ks"]?["o"]?["k"]?.count == 6)
    }
  }

  @Test func constantAnimationsBecomeStatic() throws {
    let ks = #"{"o":{"a":1,"k":[{"t":0,"s":[80],"i":{"x":[0.5],"y":[1]},"o":{"x":[0.5],"y":[0]}},{"t":60,"s":[80]}],"ix":11},"p":{"a":1,"k":[{"t":0,"s":[10,20,0]},{"t":60,"s":[10,20,0]}]}}"#
    let (doc, r) = try optimize("{\(header),\"layers\":[\(layer("", ks: ks))]}")
    let o = doc.root["layers"]?.element(at: 0)?["ks"]?["o"]
    #expect(o?["a"]?.int == 0 && o?["k"]?.double == 80 && o?["ix"]?.int == 11)
    #expect(doc.root["layers"]?.element(at: 0)?["ks"]?["p"]?["k"].map { doc.minifiedText(of: $0) } == Array("[10,20,0]".utf8))
    #expect(r.steps.first { $0.name == "constant animations" }?.detail == "2 properties")
  }

  @Test(arguments: [
    // Values differ.
    #"{"o":{"a":1,"k":[{"t":0,"s":[80]},{"t":60,"s":[90]}]}}"#,
    // A position that travels along a curve between two equal values.
    #"{"p":{"a":1,"k":[{"t":0,"s":[10,20],"to":[30,0],"ti":[0,30]},{"t":60,"s":[10,20]}]}}"#,
    // A slot or an expression acts on the keyframes.
    #"{"o":{"a":1,"k":[{"t":0,"s":[80]},{"t":60,"s":[80]}],"sid":"fade"}}"#,
  ])
  func propertiesThatMustStayAnimated(ks: String) throws {
    let (doc, _) = try optimize("{\(header),\"layers\":[\(layer("", ks: ks))]}")
    let property = doc.root["layers"]?.element(at: 0)?["ks"]?.members.first { _ in true }?.value
    #expect(property?["a"]?.int == 1)
  }

  @Test func filesWithExpressionsKeepLayersAndKeyframes() throws {
    let ks = #"{"o":{"a":1,"k":[{"t":0,"s":[80]},{"t":60,"s":[80]}]},"r":{"a":0,"k":0,"x":"var $bm_rt; $bm_rt = thisComp.layer('Guide').transform.rotation;"}}"#
    let (doc, r) = try optimize("{\(header),\"layers\":[\(layer("\"hd\":true,\"nm\":\"Guide\"", ind: 1)),\(layer("", ind: 2, ks: ks))]}")
    #expect(doc.root["layers"]?.count == 2)
    #expect(doc.root["layers"]?.element(at: 1)?["ks"]?["o"]?["a"]?.int == 1)
    #expect(r.notes.contains { $0.contains("expressions") })
  }

  @Test func textDocumentsStayKeyframes() throws {
    let text = #""t":{"d":{"k":[{"s":{"t":"Hi","f":"Inter","s":20},"t":0},{"s":{"t":"Hi","f":"Inter","s":20},"t":30}]}}"#
    let (doc, _) = try optimize("{\(header),\"layers\":[{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{},\(text)}]}")
    #expect(doc.root["layers"]?.element(at: 0)?["t"]?["d"]?["k"]?.isArray == true)
  }

  @Test func optimizingTwiceChangesNothingAndUnknownFieldsSurvive() throws {
    let ks = #"{"o":{"a":1,"k":[{"t":0,"s":[80]},{"t":60,"s":[80]}]},"p":{"a":0,"k":[10.50,20,0]}}"#
    let (_, first) = try optimize("{\(header),\"x-studio\":{\"rev\":7},\"layers\":[\(layer("\"hd\":true", ind: 2)),\(layer("", ks: ks))]}")
    let second = Optimize.lossless(try JSONDocument(parsing: first.bytes))
    #expect(second.bytes == first.bytes)
    let text = String(decoding: first.bytes, as: UTF8.self)
    #expect(text.contains("\"x-studio\":{\"rev\":7}") && text.contains("[10.50,20,0]"))
  }
}
