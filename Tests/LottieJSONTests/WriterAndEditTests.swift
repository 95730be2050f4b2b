import Testing
@testable import LottieJSON

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite("JSON writer")
struct WriterTests {
  let source = "{ \"v\" : \"5.7.4\",\n \"fr\":29.970, \"e\":[], \"o\":{} ,\"s\":\"a \\\" b\\u0041\",\n\"layers\":[ {\"ty\":4,\"k\":[1.0 , 2e1]} ] }"

  @Test func minifiedKeepsStringsAndNumbersVerbatim() throws {
    let doc = try JSONDocument(parsing: source)
    #expect(text(doc.written(.minified)) == #"{"v":"5.7.4","fr":29.970,"e":[],"o":{},"s":"a \" b\u0041","layers":[{"ty":4,"k":[1.0,2e1]}]}"#)
  }

  @Test func prettyUsesTwoSpaces() throws {
    let doc = try JSONDocument(parsing: source)
    let expected = """
      {
        "v": "5.7.4",
        "fr": 29.970,
        "e": [],
        "o": {},
        "s": "a \\" b\\u0041",
        "layers": [
          {
            "ty": 4,
            "k": [
              1.0,
              2e1
            ]
          }
        ]
      }

      """
    #expect(text(doc.written(.pretty)) == expected)
  }

  @Test func layoutsRoundTripToTheSameTape() throws {
    let doc = try JSONDocument(parsing: source)
    for layout in [JSONLayout.minified, .pretty] {
      let again = try JSONDocument(parsing: doc.written(layout))
      #expect(again.nodeCount == doc.nodeCount)
      for i in 0..<doc.nodeCount {
        let a = doc.node(JSONNode.ID(raw: UInt32(i)))
        let b = again.node(JSONNode.ID(raw: UInt32(i)))
        #expect(a.kind == b.kind)
        if a.kind != .object && a.kind != .array { #expect(a.sourceText == b.sourceText) }
        #expect(a.pointer == b.pointer)
      }
      // Writing twice is stable.
      #expect(again.written(layout) == doc.written(layout))
    }
  }

  @Test func subtreeMinified() throws {
    let doc = try JSONDocument(parsing: source)
    let layers = try #require(doc.root["layers"])
    #expect(text(doc.minifiedText(of: layers)) == #"[{"ty":4,"k":[1.0,2e1]}]"#)
  }

  @Test func builtValues() {
    let v = JSONValue.object([("a", .array([.int(1), .string("x\"y\n")])), ("b", .bool(true)), ("c", .null), ("d", .object([]))])
    #expect(v.minifiedString == #"{"a":[1,"x\"y\n"],"b":true,"c":null,"d":{}}"#)
    #expect(v.prettyString == "{\n  \"a\": [\n    1,\n    \"x\\\"y\\n\"\n  ],\n  \"b\": true,\n  \"c\": null,\n  \"d\": {}\n}")
    #expect(JSONValue.double(2.0).minifiedString == "2")
    #expect(JSONValue.double(29.97).minifiedString == "29.97")
  }
}

@Suite("JSON edits")
struct EditTests {
  let source = "{\n  \"a\": 1,\n  \"list\": [10, 20, 30, 40],\n  \"obj\": {\"x\": 1.50, \"y\": \"keep\"},\n  \"z\": [ ]\n}\n"

  @Test func noEditsReturnTheInputBytes() throws {
    let doc = try JSONDocument(parsing: source)
    #expect(try JSONEdits(doc).apply() == doc.bytes)
    let bom = try JSONDocument(parsing: [0xEF, 0xBB, 0xBF] + Array(source.utf8))
    #expect(try JSONEdits(bom).apply() == bom.bytes)
  }

  @Test func replaceTouchesOnlyItsSpan() throws {
    let doc = try JSONDocument(parsing: source)
    var edits = JSONEdits(doc)
    edits.replace(try #require(doc.node(atPointer: "/obj/x")), with: .number("2"))
    let out = try edits.apply()
    #expect(text(out) == source.replacingOccurrences("1.50", "2"))
  }

  @Test(arguments: [
    ([0], "[20, 30, 40]"),
    ([1], "[10, 30, 40]"),
    ([3], "[10, 20, 30]"),
    ([2, 3], "[10, 20]"),
    ([0, 1], "[30, 40]"),
    ([0, 3], "[20, 30]"),
    ([1, 2], "[10, 40]"),
    ([0, 1, 2, 3], "[]")
  ])
  func removeElementsKeepsCommasRight(_ removed: [Int], _ expected: String) throws {
    let doc = try JSONDocument(parsing: source)
    let list = try #require(doc.root["list"])
    var edits = JSONEdits(doc)
    for k in removed { try edits.remove(try #require(list.element(at: k))) }
    let out = text(try edits.apply())
    #expect(out == source.replacingOccurrences("[10, 20, 30, 40]", expected))
    #expect(throws: Never.self) { try JSONDocument(parsing: out) }
  }

  @Test func removeMembers() throws {
    let doc = try JSONDocument(parsing: source)
    var edits = JSONEdits(doc)
    try edits.remove(try #require(doc.root["a"]))
    try edits.remove(try #require(doc.node(atPointer: "/obj/y")))
    let out = text(try edits.apply())
    #expect(out == "{\n  \"list\": [10, 20, 30, 40],\n  \"obj\": {\"x\": 1.50},\n  \"z\": [ ]\n}\n")
    var last = JSONEdits(doc)
    try last.remove(try #require(doc.root["z"]))
    #expect(text(try last.apply()) == "{\n  \"a\": 1,\n  \"list\": [10, 20, 30, 40],\n  \"obj\": {\"x\": 1.50, \"y\": \"keep\"}\n}\n")
  }

  @Test func insertCopiesTheContainersStyle() throws {
    let doc = try JSONDocument(parsing: source)
    var edits = JSONEdits(doc)
    try edits.set("e", to: .int(1), in: doc.root)
    try edits.set("a", to: .string("one"), in: doc.root)
    try edits.insertElement(.int(5), into: try #require(doc.root["list"]), at: 0)
    try edits.insertElement(.int(50), into: try #require(doc.root["list"]), at: 4)
    try edits.insertElement(.string("only"), into: try #require(doc.root["z"]), at: 0)
    try edits.insertMember("w", .number("0"), into: try #require(doc.root["obj"]), before: doc.node(atPointer: "/obj/y"))
    let out = text(try edits.apply())
    let expected =
      "{\n  \"a\": \"one\",\n  \"list\": [5, 10, 20, 30, 40, 50],\n  \"obj\": {\"x\": 1.50, \"w\": 0, \"y\": \"keep\"},\n  \"z\": [\"only\" ],\n  \"e\": 1\n}\n"
    #expect(out == expected)
  }

  @Test func insertAfterRemovalsAndIntoEmptiedContainers() throws {
    let doc = try JSONDocument(parsing: #"{"l":[1,2,3],"m":[1]}"#)
    var edits = JSONEdits(doc)
    let l = try #require(doc.root["l"])
    try edits.remove(try #require(l.element(at: 2)))
    try edits.insertElement(.int(9), into: l, at: 3)
    let m = try #require(doc.root["m"])
    try edits.remove(try #require(m.element(at: 0)))
    try edits.insertElement(.int(7), into: m, at: 1)
    #expect(text(try edits.apply()) == #"{"l":[1,2,9],"m":[7]}"#)
  }

  /// Several insertions into an empty (or emptied) container are separated by commas, in order.
  @Test func severalInsertionsIntoAnEmptyContainer() throws {
    let doc = try JSONDocument(parsing: #"{"e":[],"m":[1],"o":{}}"#)
    var edits = JSONEdits(doc)
    let e = try #require(doc.root["e"]), m = try #require(doc.root["m"]), o = try #require(doc.root["o"])
    for k in 1...3 { try edits.insertElement(.int(k), into: e, at: k) }
    try edits.remove(try #require(m.element(at: 0)))
    try edits.insertElement(.int(8), into: m, at: 1)
    try edits.insertElement(.int(9), into: m, at: 1)
    try edits.insertMember("a", .int(1), into: o)
    try edits.insertMember("b", .int(2), into: o)
    let out = try edits.apply()
    #expect(text(out) == #"{"e":[1,2,3],"m":[8,9],"o":{"a":1,"b":2}}"#)
    _ = try JSONDocument(parsing: out)
  }

  @Test func overlappingEditsAreRefused() throws {
    let doc = try JSONDocument(parsing: #"{"a":{"b":1}}"#)
    var edits = JSONEdits(doc)
    edits.replace(try #require(doc.root["a"]), with: .null)
    edits.replace(try #require(doc.node(atPointer: "/a/b")), with: .int(2))
    #expect(throws: JSONEditError.self) { try edits.apply() }
    var twice = JSONEdits(doc)
    try twice.remove(try #require(doc.root["a"]))
    twice.replace(try #require(doc.node(atPointer: "/a/b")), with: .int(2))
    #expect(throws: JSONEditError.self) { try twice.apply() }
    var root = JSONEdits(doc)
    #expect(throws: JSONEditError.self) { try root.remove(doc.root) }
  }

  @Test func keyReplacement() throws {
    let doc = try JSONDocument(parsing: #"{"old": 1, "x": 2}"#)
    var edits = JSONEdits(doc)
    edits.replace(try #require(doc.root["old"]?.keyNode), with: .string("new"))
    #expect(text(try edits.apply()) == #"{"new": 1, "x": 2}"#)
  }
}

extension String {
  fileprivate func replacingOccurrences(_ a: String, _ b: String) -> String { replacingAll(a, with: b) }
}
