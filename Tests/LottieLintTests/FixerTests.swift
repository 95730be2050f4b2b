import LottieJSON
import Testing
@testable import LottieLint

@Suite("fixes: applied once, conflicts deferred")
struct FixerTests {
  /// The coverage structure answers as a brute-force scan of the taken ranges does.
  @Test func spanCoverageAgreesWithAScan() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let spans: [Range<Int>] = (0..<40).map { _ in
        let a = Int.random(in: 0..<200, using: &generator)
        return a..<(a + Int.random(in: 1..<30, using: &generator))
      }
      var coverage = SpanCoverage(bounds: spans.flatMap { [$0.lowerBound, $0.upperBound] })
      var taken: [Range<Int>] = []
      for span in spans {
        let expected = taken.contains { $0.overlaps(span) }
        #expect(coverage.intersects(span) == expected, "\(span) against \(taken)")
        if !expected {
          coverage.cover(span)
          taken.append(span)
        }
      }
    }
  }

  /// Fixes that touch the same values wait for the next round; the others all apply, in one pass.
  @Test func conflictingFixesWaitAndOthersApply() throws {
    let doc = try JSONDocument(parsing: #"{"a":{"x":1,"y":2},"b":[1,2,3],"c":3}"#)
    let fixes = [
      Fix(summary: "x", operations: [.replace(pointer: "/a/x", json: "10")]),
      Fix(summary: "a", operations: [.replace(pointer: "/a", json: "{}")]),  // contains /a/x: waits
      Fix(summary: "b1", operations: [.remove(pointer: "/b/1")]),
      Fix(summary: "b2", operations: [.remove(pointer: "/b/2")]),  // same array: waits
      Fix(summary: "d", operations: [.add(objectPointer: "", key: "d", json: "4")]),
      Fix(summary: "stale", operations: [.replace(pointer: "/nope", json: "0")])
    ]
    let (bytes, applied) = Fixer.apply(fixes, to: doc)
    #expect(applied == 3)
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"a":{"x":10,"y":2},"b":[1,3],"c":3,"d":4}"#)
  }

  /// `--fix` applies safe fixes only; an unsafe one waits until it is asked for.
  @Test func unsafeFixesAreAppliedOnlyOnRequest() throws {
    let doc = try JSONDocument(parsing: #"{"a":1,"b":2}"#)
    let fixes = [
      Fix(summary: "a", operations: [.replace(pointer: "/a", json: "10")]),
      Fix(summary: "b", operations: [.replace(pointer: "/b", json: "20")], applicability: .unsafe)
    ]
    #expect(fixes[0].applicability == .safe)
    let (safeOnly, appliedSafe) = Fixer.apply(fixes, to: doc)
    #expect(appliedSafe == 1)
    #expect(String(decoding: safeOnly, as: UTF8.self) == #"{"a":10,"b":2}"#)
    let (all, appliedAll) = Fixer.apply(fixes, to: doc, unsafe: true)
    #expect(appliedAll == 2)
    #expect(String(decoding: all, as: UTF8.self) == #"{"a":10,"b":20}"#)
  }
}
