import Foundation
import Testing
import LottieJSON
import LottieModel

/// #18: a trim path, trimmed individually, whose kept part runs across the path's start: rlottie
/// draws the whole path then (measured: fixture trim-loop-individually.json, 12.8 %; corpus
/// lottie-android Tests/TrimPathWrapAround.json, 4.0 %). The cases mirror rlottie's segment
/// arithmetic (Samsung/rlottie src/lottie/lottiemodel.h, Trim::segment).
@Suite("trim paths that loop")
struct TrimLoopTests {
  /// The details of the trim's feature uses for a circle trimmed with `trim` (members of the `tm`
  /// object) in a layer shown over frames `ip`…`op`.
  static func details(_ trim: String, ip: Int = 0, op: Int = 60) throws -> [String?] {
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":\#(ip),"op":\#(op),"st":0,"ks":{},"shapes":[{"ty":"el","s":{"a":0,"k":[70,70]},"p":{"a":0,"k":[50,50]}},{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"w":{"a":0,"k":8}},{"ty":"tm",\#(trim)}]}]}"#
    return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .trimPaths }.map(\.detail)
  }

  static let looped = "looped individually"

  @Test func aKeptPartAcrossTheStartLoops() throws {
    // 0-30 % turned by 300°: 83 %…113 %.
    #expect(try Self.details(#""m":2,"s":{"a":0,"k":0},"e":{"a":0,"k":30},"o":{"a":0,"k":300}"#) == [Self.looped])
    // A negative offset: -8 %…22 %.
    #expect(try Self.details(#""m":2,"s":{"a":0,"k":0},"e":{"a":0,"k":30},"o":{"a":0,"k":-28}"#) == [Self.looped])
    // Offsets past a whole turn count modulo 360: 241° is 67 %, and 10-90 % runs to 157 %.
    #expect(try Self.details(#""m":2,"s":{"a":0,"k":10},"e":{"a":0,"k":90},"o":{"a":0,"k":241}"#) == [Self.looped])
  }

  @Test func anEndThatGrowsAcrossTheStartWhileShownLoops() throws {
    let growing =
      #""m":2,"s":{"a":0,"k":0},"e":{"a":1,"k":[{"t":10,"s":[10],"i":{"x":[0.8],"y":[0.8]},"o":{"x":[0.2],"y":[0.2]}},{"t":20,"s":[90]}]},"o":{"a":0,"k":150}"#
    #expect(try Self.details(growing) == [Self.looped])
    // Shown only until frame 12, while the end is still below 58 % (150° is 42 %): no loop seen.
    #expect(try Self.details(growing, ip: 0, op: 12) == [nil])
  }

  @Test func simultaneousTrimsWholeRangesAndUnturnedSegmentsDoNotLoop() throws {
    // Trimmed simultaneously (m 1), rlottie draws the loop in two pieces, as lottie-web does.
    #expect(try Self.details(#""m":1,"s":{"a":0,"k":0},"e":{"a":0,"k":30},"o":{"a":0,"k":300}"#) == [nil])
    #expect(try Self.details(#""m":2,"s":{"a":0,"k":10},"e":{"a":0,"k":40},"o":{"a":0,"k":72}"#) == [nil])
    // The whole path (0-100 %) and an empty one are drawn so whatever the offset.
    #expect(try Self.details(#""m":2,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":90}"#) == [nil])
    #expect(try Self.details(#""m":2,"s":{"a":0,"k":50},"e":{"a":0,"k":50},"o":{"a":0,"k":300}"#) == [nil])
    // A whole turn is no turn.
    #expect(try Self.details(#""m":2,"s":{"a":0,"k":0},"e":{"a":0,"k":30},"o":{"a":0,"k":360}"#) == [nil])
  }

  /// The details of the trim's uses for two circles trimmed individually with `trim`.
  static func pathDetails(_ trim: String, ip: Int = 0, op: Int = 60, paths: Int = 3) throws -> [String?] {
    let circle = #"{"ty":"el","s":{"a":0,"k":[30,30]},"p":{"a":0,"k":[30,30]}}"#
    let circles = Array(repeating: circle, count: paths).joined(separator: ",")
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":\#(ip),"op":\#(op),"st":0,"ks":{},"shapes":[\#(circles),{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"w":{"a":0,"k":8}},{"ty":"tm","m":2,\#(trim)}]}]}"#
    return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .trimPaths }.map(\.detail)
  }

  /// Trimming three or more paths individually differs from what lottie-web draws only while the
  /// trim keeps part of the paths (ThorVG draws it otherwise: fixture trim-individually.json).
  @Test func threePathsCountAsIndividuallyOnlyWhilePartlyKept() throws {
    #expect(try Self.pathDetails(#""s":{"a":0,"k":0},"e":{"a":0,"k":40},"o":{"a":0,"k":0}"#) == ["individually"])
    // Whole (a trim left at its defaults) or empty: both ways draw the same.
    #expect(try Self.pathDetails(#""s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":45}"#) == [nil])
    #expect(try Self.pathDetails(#""s":{"a":0,"k":20},"e":{"a":0,"k":20},"o":{"a":0,"k":0}"#) == [nil])
    // The end grows from 0 % at frame 30: shown until frame 30, nothing is kept; shown after, it is.
    let growing =
      #""s":{"a":0,"k":0},"e":{"a":1,"k":[{"t":30,"s":[0],"i":{"x":[0.8],"y":[0.8]},"o":{"x":[0.2],"y":[0.2]}},{"t":50,"s":[100]}]},"o":{"a":0,"k":0}"#
    #expect(try Self.pathDetails(growing, ip: 0, op: 30) == [nil])
    #expect(try Self.pathDetails(growing, ip: 0, op: 40) == ["individually"])
    // An expression may return any value.
    #expect(try Self.pathDetails(#""s":{"a":0,"k":0},"e":{"a":0,"k":100,"x":"var $bm_rt = time * 10;"},"o":{"a":0,"k":0}"#) == ["individually"])
  }

  /// Two paths trimmed individually ThorVG draws as lottie-web does (fixture
  /// trim-individually-two-paths.json, 0.1 %): no detail. Paths in groups before the trim count.
  @Test func twoPathsAreNotIndividually() throws {
    #expect(try Self.pathDetails(#""s":{"a":0,"k":0},"e":{"a":0,"k":40},"o":{"a":0,"k":0}"#, paths: 2) == [nil])
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/compat")
    let fixture = try JSONDocument(parsing: [UInt8](Data(contentsOf: folder.appendingPathComponent("trim-individually-two-paths.json"))))
    #expect(Animation(document: fixture).featureUses().filter { $0.feature == .trimPaths }.map(\.detail) == [nil])
    let three = try JSONDocument(parsing: [UInt8](Data(contentsOf: folder.appendingPathComponent("trim-individually.json"))))
    #expect(Animation(document: three).featureUses().filter { $0.feature == .trimPaths }.map(\.detail) == ["individually"])
    // A group of two ellipses and a rectangle before the trim: three paths.
    let grouped =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"el"},{"ty":"el"},{"ty":"tr"}]},{"ty":"rc"},{"ty":"st"},{"ty":"tm","m":2,"s":{"a":0,"k":0},"e":{"a":0,"k":40},"o":{"a":0,"k":0}}]}]}"#
    #expect(
      try Animation(document: JSONDocument(parsing: Array(grouped.utf8))).featureUses().filter { $0.feature == .trimPaths }.map(\.detail) == ["individually"])
  }

  /// A mode other than 1 or 2 (rlottie refuses the file; lottie-android and lottie-ios fail to
  /// load it; ThorVG trims individually, lottie-web together): "unknown mode", and over several
  /// paths partly kept "unknown mode, several paths". A mode written with a fraction is a mistyped
  /// value, and one before `ty` is never read.
  @Test func aModeOtherThanOneOrTwoIsUnknown() throws {
    let kept = #""s":{"a":0,"k":0},"e":{"a":0,"k":40},"o":{"a":0,"k":0}"#
    #expect(try Self.details(#""m":0,"# + kept) == ["unknown mode"])
    #expect(try Self.details(#""m":5,"# + kept) == ["unknown mode"])
    #expect(try Self.details(#""m":1,"# + kept) == [nil])
    #expect(try Self.details(#""m":2.0,"# + kept) == [nil])
    let twoPaths = #"{"ty":"el","s":{"a":0,"k":[30,30]},"p":{"a":0,"k":[30,30]}}"#
    func twoPathsDetails(_ trim: String) throws -> [String?] {
      let json =
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(twoPaths),\#(twoPaths),{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"w":{"a":0,"k":8}},\#(trim)]}]}"#
      return try Animation(document: JSONDocument(parsing: Array(json.utf8))).featureUses().filter { $0.feature == .trimPaths }.map(\.detail)
    }
    #expect(try twoPathsDetails(#"{"ty":"tm","m":3,"# + kept + "}") == ["unknown mode, several paths"])
    // Kept whole, the paths draw the same either way.
    #expect(try twoPathsDetails(#"{"ty":"tm","m":3,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0}}"#) == ["unknown mode"])
    // Written before "ty", the mode is skipped unread.
    #expect(try twoPathsDetails(#"{"m":3,"ty":"tm","# + kept + "}") == [nil])
  }
}
