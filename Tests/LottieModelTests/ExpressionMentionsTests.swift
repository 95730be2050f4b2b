import Testing
import LottieJSON
@testable import LottieModel

/// The names expressions mention, found in one pass (Aho–Corasick) instead of one search per
/// name: checked against a plain search of every pattern in every text.
@Suite("expression mentions")
struct ExpressionMentionsTests {
  /// Byte substring search, the definition.
  static func occurs(_ pattern: [UInt8], in text: [UInt8]) -> Bool {
    guard !pattern.isEmpty, pattern.count <= text.count else { return false }
    return (0...(text.count - pattern.count)).contains { start in Array(text[start..<(start + pattern.count)]) == pattern }
  }

  @Test func findsWhatAPlainSearchFinds() {
    // A three-letter alphabet makes patterns overlap, nest and share suffixes (the failure links'
    // cases); one letter is two UTF-8 bytes.
    let letters = ["a", "b", "é"]
    var state: UInt64 = 18
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
    func word(_ maxLength: Int) -> String { (0..<next(maxLength + 1)).map { _ in letters[next(3)] }.joined() }
    var found = 0
    for _ in 0..<500 {
      let patterns = (0..<(1 + next(8))).map { _ in word(4) }
      let texts = (0..<next(4)).map { _ in word(12) }
      let search = ExpressionMentions(patterns)
      let expectedAny = Set(patterns.indices.filter { p in texts.contains { Self.occurs(Array(patterns[p].utf8), in: Array($0.utf8)) } })
      #expect(search.found(inAnyOf: texts) == expectedAny, "\(patterns) in \(texts)")
      var scanner = search.scanner()
      for text in texts {
        let expected = patterns.indices.filter { Self.occurs(Array(patterns[$0].utf8), in: Array(text.utf8)) }
        #expect(scanner.found(in: text) == expected, "\(patterns) in \(text)")
      }
      found += expectedAny.count
    }
    #expect(found > 200)
  }

  @Test func anEmptyPatternIsNeverFound() {
    #expect(ExpressionMentions(["", "a"]).found(inAnyOf: ["a", ""]) == [1])
  }

  @Test func textsAreTheStringValuesOfX() throws {
    let doc = try JSONDocument(
      parsing: #"{"layers":[{"ks":{"o":{"a":0,"k":100,"x":"thisComp.layer('A')"},"p":{"x":[1]}}},{"x":"loopOut()"}],"x":3}"#)
    #expect(ExpressionMentions.texts(in: doc) == ["thisComp.layer('A')", "loopOut()"])
  }
}
