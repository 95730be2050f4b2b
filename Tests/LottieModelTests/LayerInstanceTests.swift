import Testing
import LottieJSON
import LottieModel

/// `layerInstances`: what `render` checks before handing a file to rlottie.
@Suite("layer instances: precomps expanded as players expand them")
struct LayerInstanceTests {
  static let header = #""v":"5","fr":30,"ip":0,"op":60,"w":10,"h":10"#

  static func animation(_ assets: [String], root: String) throws -> Animation {
    Animation(document: try JSONDocument(parsing: "{\(header),\"assets\":[\(assets.joined(separator: ","))],\"layers\":[\(root)]}"))
  }

  static func precompLayer(_ id: String) -> String { #"{"ty":0,"refId":"\#(id)","ip":0,"op":60,"ks":{}}"# }
  static let shapeLayer = #"{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[]}"#

  @Test func aPrecompUsedTwiceCountsTwice() throws {
    let a = try Self.animation(
      [#"{"id":"p","layers":[\#(Self.shapeLayer),\#(Self.shapeLayer)]}"#],
      root: [Self.shapeLayer, Self.precompLayer("p"), Self.precompLayer("p")].joined(separator: ","))
    // 3 root layers + 2 × 2 inside the precomp.
    #expect(a.layerInstances(limit: 100) == 7)
    #expect(a.layerInstances(limit: 6) == nil)
  }

  @Test func exponentialNestingPassesTheLimitWithoutExpandingIt() throws {
    // 70 precomps, each using the next one twice: 2^70 layers (more than an Int holds), counted
    // in 70 steps without overflow.
    var assets: [String] = []
    for k in 0..<70 {
      let inner = k < 69 ? Self.precompLayer("p\(k + 1)") + "," + Self.precompLayer("p\(k + 1)") : Self.shapeLayer
      assets.append(#"{"id":"p\#(k)","layers":[\#(inner)]}"#)
    }
    let a = try Self.animation(assets, root: Self.precompLayer("p0"))
    #expect(a.layerInstances(limit: 1_000_000) == nil)
    #expect(a.layerInstances(limit: Int.max) == nil)
  }

  @Test func precompsThatIncludeThemselvesHaveNoCount() throws {
    let a = try Self.animation(
      [#"{"id":"a","layers":[\#(Self.precompLayer("b"))]}"#, #"{"id":"b","layers":[\#(Self.precompLayer("a"))]}"#],
      root: Self.precompLayer("a"))
    #expect(a.layerInstances(limit: 1_000_000) == nil)
  }

  @Test func aLongChainIsCountedWithoutRecursion() throws {
    var assets: [String] = []
    for k in 0..<20_000 {
      assets.append(#"{"id":"p\#(k)","layers":[\#(k < 19_999 ? Self.precompLayer("p\(k + 1)") : Self.shapeLayer)]}"#)
    }
    let a = try Self.animation(assets, root: Self.precompLayer("p0"))
    #expect(a.layerInstances(limit: 1_000_000) == 20_001)
  }
}
