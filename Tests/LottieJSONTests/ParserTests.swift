import Testing
@testable import LottieJSON

@Suite("JSON parser")
struct ParserTests {
  @Test func parsesScalarsAndContainers() throws {
    let doc = try JSONDocument(parsing: #"{"a": [1, -2.5e3, true, false, null, "x\n\u00e9"], "b": {}}"#)
    let root = doc.root
    #expect(root.kind == .object)
    #expect(root.count == 2)
    let a = try #require(root["a"])
    #expect(a.count == 6)
    #expect(a.element(at: 0)?.int == 1)
    #expect(a.element(at: 1)?.numberText == "-2.5e3")
    #expect(a.element(at: 1)?.double == -2500)
    #expect(a.element(at: 2)?.bool == true)
    #expect(a.element(at: 3)?.bool == false)
    #expect(a.element(at: 4)?.isNull == true)
    #expect(a.element(at: 5)?.string == "x\né")
    #expect(root["b"]?.kind == .object)
    #expect(root["b"]?.count == 0)
    #expect(root["missing"] == nil)
  }

  @Test func topLevelScalarsAreValid() throws {
    #expect(try JSONDocument(parsing: "  42 ").root.int == 42)
    #expect(try JSONDocument(parsing: #""s""#).root.string == "s")
    #expect(try JSONDocument(parsing: "null").root.isNull)
  }

  @Test func keepsNumberSpelling() throws {
    let spellings = ["0", "-0", "1.0", "1.50", "1e2", "1E+02", "-0.0e-0", "123456789012345678901234567890", "0.1000000000000000055511151231257827"]
    for s in spellings {
      let doc = try JSONDocument(parsing: "[\(s)]")
      #expect(doc.root.element(at: 0)?.numberText == s)
      #expect(String(decoding: doc.written(.minified), as: UTF8.self) == "[\(s)]")
    }
  }

  @Test func keepsKeyOrderAndDuplicateKeys() throws {
    let doc = try JSONDocument(parsing: #"{"z":1,"a":2,"z":3,"m":{"k":1,"k":2,"k":3}}"#)
    #expect(doc.root.members.map(\.key) == ["z", "a", "z", "m"])
    // The last duplicate wins, as in players' JSON libraries.
    #expect(doc.root["z"]?.int == 3)
    #expect(doc.duplicateKeys.count == 3)
    let pointers = doc.duplicateKeys.map { doc.node($0).pointer }
    #expect(pointers == ["/z", "/m/k", "/m/k"])
    #expect(String(decoding: doc.written(.minified), as: UTF8.self) == #"{"z":1,"a":2,"z":3,"m":{"k":1,"k":2,"k":3}}"#)
  }

  @Test func duplicateKeysInLargeObjectsAndEscapedSpellings() throws {
    var members = (0..<40).map { "\"k\($0)\":\($0)" }
    members.append(#""k7":99"#)
    let doc = try JSONDocument(parsing: "{" + members.joined(separator: ",") + "}")
    #expect(doc.duplicateKeys.count == 1)
    #expect(doc.root["k7"]?.int == 99)
    let escaped = try JSONDocument(parsing: #"{"ab":1,"a\u0062":2}"#)
    #expect(escaped.duplicateKeys.count == 1)
    #expect(escaped.root["ab"]?.int == 2)
    // The same in an object past the small-object path (more than 24 keys).
    let large = try JSONDocument(parsing: "{" + (0..<30).map { "\"k\($0)\":0" }.joined(separator: ",") + #","ab":1,"a\u0062":2}"#)
    #expect(large.duplicateKeys.count == 1)
  }

  /// Small objects are checked on a fingerprint (length + first 7 bytes): keys that share it but
  /// differ later, keys of 256 bytes and more, and empty keys must still be told apart exactly.
  @Test func duplicateKeyFingerprintsDoNotConfuseKeys() throws {
    let long1 = String(repeating: "x", count: 262) + "1"
    let long2 = String(repeating: "x", count: 262) + "2"
    let distinct = try JSONDocument(parsing: #"{"abcdefgh1":1,"abcdefgh2":2,"\#(long1)":3,"\#(long2)":4,"":5,"a":6,"b":7,"ab":8}"#)
    #expect(distinct.duplicateKeys.isEmpty)
    let same = try JSONDocument(parsing: #"{"abcdefgh1":1,"\#(long1)":2,"":3,"abcdefgh1":4,"\#(long1)":5,"":6,"ab":7,"ab":8}"#)
    #expect(same.duplicateKeys.map { same.node($0).pointer } == ["/abcdefgh1", "/" + long1, "/", "/ab"])
  }

  @Test func toleratesAndReportsBOM() throws {
    let doc = try JSONDocument(parsing: [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))
    #expect(doc.hasBOM)
    #expect(doc.root["a"]?.int == 1)
    #expect(doc.root.location == SourceLocation(offset: 3, line: 1, column: 1))
    #expect(doc.written(.minified) == Array(#"{"a":1}"#.utf8))
    #expect(try !JSONDocument(parsing: "{}").hasBOM)
  }

  @Test func positionsAreOneBasedAndCountScalars() throws {
    let text = "{\n  \"é\": [1,\n    \"x\"],\n  \"b\":  true\n}"
    let doc = try JSONDocument(parsing: text)
    let e = try #require(doc.root["é"])
    #expect(e.location.line == 2)
    #expect(e.location.column == 8)
    #expect(e.element(at: 1)?.location == SourceLocation(offset: 18, line: 3, column: 5))
    let b = try #require(doc.root["b"])
    #expect(b.location.line == 4)
    #expect(b.location.column == 9)
    #expect(b.endLocation.column == 13)
    #expect(doc.root["é"]?.keyNode?.location.column == 3)
  }

  @Test func pointersRoundTripForEveryNode() throws {
    let doc = try JSONDocument(parsing: #"{"layers":[{"nm":"a/b","ks":{"o":{"k":100}}},{"~":[[1],[2,{"":0}]]}],"":5}"#)
    var checked = 0
    for i in 0..<doc.nodeCount {
      let node = doc.node(JSONNode.ID(raw: UInt32(i)))
      if node.isKey { continue }
      let resolved = try #require(doc.node(atPointer: node.pointer))
      #expect(resolved == node)
      checked += 1
    }
    #expect(checked > 10)
    #expect(doc.node(atPointer: "/layers/0/ks/o/k")?.int == 100)
    #expect(doc.node(atPointer: "/layers/1/~0/1/1/")?.int == 0)
    #expect(doc.node(atPointer: "/")?.int == 5)
    #expect(doc.node(atPointer: "/layers/01") == nil)
    #expect(doc.node(atPointer: "/layers/9") == nil)
    #expect(doc.node(atPointer: "layers") == nil)
    #expect(doc.root["layers"]?.element(at: 0)?["nm"]?.pointer == "/layers/0/nm")
    #expect(JSONPointer.escape("a/b~c") == "a~1b~0c")
  }

  @Test func decodesEscapesAndSurrogates() throws {
    let doc = try JSONDocument(parsing: #"["\"\\\/\b\f\n\r\t", "\ud83d\ude00", "\ud83d", "\ude00x"]"#)
    #expect(doc.root.element(at: 0)?.string == "\"\\/\u{08}\u{0C}\n\r\t")
    #expect(doc.root.element(at: 1)?.string == "😀")
    #expect(doc.root.element(at: 2)?.string == "\u{FFFD}")
    #expect(doc.root.element(at: 3)?.string == "\u{FFFD}x")
  }

  @Test func acceptsValidUTF8() throws {
    let doc = try JSONDocument(parsing: "[\"aé€😀𝄞 long enough to use the 8-byte path ééééééé\"]")
    #expect(doc.root.element(at: 0)?.string?.contains("😀") == true)
  }

  struct Bad: CustomTestStringConvertible, Sendable {
    let bytes: [UInt8]
    let line: Int
    let column: Int
    let message: String
    var testDescription: String { "\(message) @\(line):\(column)" }
    init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
      self.init(Array(text.utf8), line, column, message)
    }
    init(_ bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
      self.bytes = bytes
      self.line = line
      self.column = column
      self.message = message
    }
  }

  static let badInputs: [Bad] = [
    Bad("", 1, 1, "empty input"),
    Bad("   \n ", 2, 2, "unexpected end of input, expected a JSON value"),
    Bad("{", 1, 2, "unexpected end of input, expected a key or '}'"),
    Bad("[1,", 1, 4, "unexpected end of input, expected a value"),
    Bad("[1 2]", 1, 4, "unexpected character '2', expected ',' or ']'"),
    Bad("{\"a\" 1}", 1, 6, "unexpected character '1', expected ':' after the key"),
    Bad("{\"a\":1,}", 1, 8, "unexpected character '}', expected a string key"),
    Bad("[1,]", 1, 4, "unexpected character ']', expected a value"),
    Bad("{a:1}", 1, 2, "unexpected character 'a', expected a string key"),
    Bad("[01]", 1, 2, "invalid number: leading zeros are not allowed"),
    Bad("[-]", 1, 3, "invalid number: expected a digit after '-'"),
    Bad("[1.]", 1, 4, "invalid number: expected a digit after '.'"),
    Bad("[.5]", 1, 2, "unexpected character '.', expected a value"),
    Bad("[1e]", 1, 4, "invalid number: expected a digit in the exponent"),
    Bad("[+1]", 1, 2, "unexpected character '+', expected a value"),
    Bad("[NaN]", 1, 2, "unexpected character 'N', expected a value"),
    Bad("[tru]", 1, 2, "unexpected character 't', expected a value"),
    Bad("[nul", 1, 2, "unexpected end of input, expected 'null'"),
    Bad("{\"a\":1}x", 1, 8, "unexpected character 'x' after the end of the JSON value"),
    Bad("{}{}", 1, 3, "unexpected character '{' after the end of the JSON value"),
    Bad("[\"abc", 1, 2, "unterminated string (end of input before its closing '\"')"),
    Bad("[\"a\\q\"]", 1, 4, "invalid escape '\\q' in a string"),
    Bad("[\"\\u12G4\"]", 1, 7, "invalid \\u escape: expected 4 hexadecimal digits"),
    Bad("[\"a\nb\"]", 1, 4, "control character U+000A in a string must be escaped"),
    Bad("[\"a\tb\"]", 1, 4, "control character U+0009 in a string must be escaped"),
    Bad([0x5B, 0x22, 0xFF, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xFF in a string"),
    Bad([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xC0 in a string"),  // overlong '/'
    Bad([0x5B, 0x22, 0xE0, 0x80, 0xAF, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xE0 in a string"),  // overlong
    Bad([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xED in a string"),  // surrogate
    Bad([0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xF4 in a string"),  // > U+10FFFF
    Bad([0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], 1, 3, "invalid UTF-8 byte 0xE2 in a string"),  // truncated sequence
    Bad([0x5B, 0x00, 0x5D], 1, 2, "unexpected NUL byte, expected a value"),
    Bad([0x5B, 0xC3, 0xA9, 0x5D], 1, 2, "unexpected byte 0xC3, expected a value"),
    Bad("[1e999999]", 1, 2, "number 1e999999 is out of range (larger than a 64-bit float can hold)"),
    Bad("[-1E400]", 1, 2, "number -1E400 is out of range (larger than a 64-bit float can hold)"),
    Bad("[\n1,\n2\n", 4, 1, "unexpected end of input, expected ',' or ']'")
  ]

  @Test(arguments: badInputs)
  func rejectsWithPositionAndExpectation(_ bad: Bad) {
    do {
      _ = try JSONDocument(parsing: bad.bytes)
      Issue.record("parsed invalid input \(bad.testDescription)")
    } catch {
      #expect(error.message.hasPrefix(bad.message), "got: \(error.message)")
      #expect(error.location.line == bad.line)
      #expect(error.location.column == bad.column)
    }
  }

  @Test func tinyNumbersAreFineHugeOnesAreNot() throws {
    #expect(try JSONDocument(parsing: "[1e-999999]").root.element(at: 0)?.double == 0)
    #expect(try JSONDocument(parsing: "[1e308]").root.element(at: 0)?.double == 1e308)
    let lenient = try JSONDocument(parsing: "[1e999999]", options: JSONParseOptions(rejectOverflowingNumbers: false))
    #expect(lenient.root.element(at: 0)?.numberText == "1e999999")
    let longInteger = String(repeating: "9", count: 400)
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: "[\(longInteger)]") }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    do {
      _ = try JSONDocument(parsing: deep)
      Issue.record("accepted 100,000 nested arrays")
    } catch {
      #expect(error.message == "nesting deeper than 1024 levels")
      #expect(error.location.column == 1025)
    }
    let objects = String(repeating: "{\"a\":", count: 5000)
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: objects) }
    // Exactly at the limit is fine.
    let ok = String(repeating: "[", count: 1024) + String(repeating: "]", count: 1024)
    #expect(throws: Never.self) { try JSONDocument(parsing: ok) }
  }

  @Test func hugeStringsParse() throws {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024)
    bytes.append(UInt8(ascii: "\""))
    let doc = try JSONDocument(parsing: bytes)
    #expect(doc.root.span.count == bytes.count)
    var unterminated = bytes
    unterminated.removeLast()
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: unterminated) }
  }

  @Test func arrayIndexAndParentNavigation() throws {
    let doc = try JSONDocument(parsing: #"[[0],{"a":[5,6,7]},"s"]"#)
    let seven = try #require(doc.node(atPointer: "/1/a/2"))
    #expect(seven.int == 7)
    #expect(seven.arrayIndex == 2)
    #expect(seven.parent?.key == "a")
    #expect(seven.parent?.parent?.arrayIndex == 1)
    #expect(seven.depth == 3)
    #expect(doc.root.parent == nil)
    #expect(doc.root.elements.map(\.kind) == [.array, .object, .string])
  }
}
