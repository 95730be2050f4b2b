import Testing
import LottieJSON
import LottieModel

/// #18: rlottie clamps a remapped time to the animation's own length (Tests/Fixtures/compat/
/// time-remap*.json); lottiekit tells those remaps apart with the detail "past the end".
@Suite("time remap past the animation's end")
struct TimeRemapTests {
  /// A 1-second animation (30 fps, frames 0…30) with a precomp layer visible over `ip`…`op`,
  /// remapped by the given keyframes.
  func details(_ keyframes: String, ip: Int = 0, op: Int = 30, rootOp: Int = 30) throws -> [String?] {
    let json = #"""
      {"v":"5.7.4","fr":30,"ip":0,"op":\#(rootOp),"w":200,"h":200,"assets":[{"id":"pre","layers":[]}],
       "layers":[{"ty":0,"ind":1,"refId":"pre","ip":\#(ip),"op":\#(op),"st":0,"ks":{},"tm":{"a":1,"k":\#(keyframes)}}]}
      """#
    return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses()
      .filter { $0.feature == .timeRemap }.map(\.detail)
  }

  @Test func aRemapWithinTheAnimationIsPlain() throws {
    #expect(try details(#"[{"t":0,"s":[0.5]},{"t":30,"s":[1]}]"#) == [nil])
  }

  @Test func aRemapPastTheEndIsTold() throws {
    #expect(try details(#"[{"t":0,"s":[3]},{"t":30,"s":[4]}]"#) == ["past the end"])
    // The old form, with the end value on the keyframe (`e`) and a last keyframe of time only.
    #expect(try details(#"[{"t":0,"s":[0],"e":[6.3]},{"t":112}]"#, op: 112, rootOp: 112) == ["past the end"])
  }

  @Test func onlyTheVisibleTimeCounts() throws {
    // 0 s at frame 0 to 4 s at frame 120, seen for frames 0…30 only: at most 1 s, the length.
    #expect(try details(#"[{"t":0,"s":[0]},{"t":120,"s":[4]}]"#) == [nil])
    // Seen until frame 60 (the layer outlives the animation, which ends at 30): still the
    // visible time within the animation, 1 s.
    #expect(try details(#"[{"t":0,"s":[0]},{"t":120,"s":[4]}]"#, op: 60) == [nil])
    // A remap that holds its last value after its last keyframe.
    #expect(try details(#"[{"t":-20,"s":[0]},{"t":-10,"s":[2]}]"#) == ["past the end"])
  }

  @Test func aStaticRemapIsTold() throws {
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":200,"h":200,"layers":[{"ty":0,"ind":1,"refId":"pre","ip":0,"op":30,"st":0,"ks":{},"tm":{"a":0,"k":5}}]}"#
    let uses = try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .timeRemap }
    #expect(uses.map(\.detail) == ["static"])
  }
}
