import PropertyBased
import Testing
@testable import LottieJSON

/// Builds a JSON text from a list of generated instructions: each word opens an object or array,
/// closes one, or adds a scalar with one of many spellings (exponents, signs, escapes, non-ASCII).
/// Shrinking the list shrinks the document, so a failure reduces to a small text.
struct GeneratedJSON: CustomStringConvertible {
  var text: String
  /// Every number as it was spelled, in document order.
  var numbers: [String]
  var description: String { text }

  static let numberSpellings = [
    "0", "-0", "1", "-12", "3.25", "1e3", "1E-7", "-0.000", "6.02e+23", "12345678901234567890",
    "0.1", "1e308", "5e-324", "99.990", "-1.5E+2"
  ]
  static let strings = [
    #""""#, #""a""#, #""nm""#, #""\n\t\"\\\/""#, #""\u00e9\u2603""#, "\"héllo ☃ 😀\"", #""\ud83d\ude00""#,
    #""ind""#, #""with space""#
  ]

  init(_ words: [UInt32]) {
    var out = ""
    var numbers: [String] = []
    // Open containers: true for an object. Each object tracks whether a key is pending.
    var stack: [(isObject: Bool, count: Int)] = []
    var keyCounter = 0
    func beginValue() {
      guard let top = stack.last else { return }
      if top.count > 0 { out += top.isObject ? ", " : "," }
      if top.isObject {
        keyCounter += 1
        // Keys are unique within the whole document, so that every pointer names one value.
        out += "\"k\(keyCounter)\": "
      }
      stack[stack.count - 1].count += 1
    }
    var emittedRoot = false
    for w in words {
      if emittedRoot && stack.isEmpty { break }
      let action = Int(w % 8)
      let pick = Int(w / 8)
      switch action {
      case 0, 1:
        beginValue()
        out += action == 0 ? "{" : "[ "
        stack.append((action == 0, 0))
        emittedRoot = true
      case 2:
        if let top = stack.popLast() { out += top.isObject ? "}" : "\n]" }
      case 3, 4:
        beginValue()
        let n = GeneratedJSON.numberSpellings[pick % GeneratedJSON.numberSpellings.count]
        numbers.append(n)
        out += n
        emittedRoot = true
      case 5:
        beginValue()
        out += GeneratedJSON.strings[pick % GeneratedJSON.strings.count]
        emittedRoot = true
      default:
        beginValue()
        out += ["true", "false", "null"][pick % 3]
        emittedRoot = true
      }
    }
    if !emittedRoot { out = "[]" }
    while let top = stack.popLast() { out += top.isObject ? "}" : "]" }
    self.text = out
    self.numbers = numbers
  }
}

let documents = Gen.uint32().array(of: 0...120).map(GeneratedJSON.init)

@Suite("JSON core properties")
struct JSONPropertyTests {
  @Test func writingThenParsingGivesTheSameValue() async {
    await propertyCheck(count: 400, input: documents) { generated in
      let bytes = Array(generated.text.utf8)
      guard let doc = try? JSONDocument(parsing: bytes) else {
        Issue.record("generated JSON does not parse: \(generated.text)")
        return
      }
      let minified = doc.written(.minified)
      for layout in [JSONLayout.minified, .pretty] {
        let again = try? JSONDocument(parsing: doc.written(layout))
        #expect(again?.written(.minified) == minified, "\(layout) of \(generated.text)")
        #expect(again?.nodeCount == doc.nodeCount)
      }
      // An edit-free write is the input, byte for byte.
      #expect((try? JSONEdits(doc).apply()) == bytes)
      // Every number keeps its spelling.
      let spelled = (0..<doc.nodeCount).map { doc.node(JSONNode.ID(raw: UInt32($0))) }.filter(\.isNumber)
        .map { String(decoding: $0.sourceBytes, as: UTF8.self) }
      #expect(spelled == generated.numbers)
    }
  }

  @Test func everyPointerNamesItsNode() async {
    await propertyCheck(count: 300, input: documents) { generated in
      guard let doc = try? JSONDocument(parsing: generated.text) else { return }
      for k in 0..<doc.nodeCount {
        let node = doc.node(JSONNode.ID(raw: UInt32(k)))
        if node.isKey { continue }
        let found = doc.node(atPointer: node.pointer)
        #expect(found?.span == node.span, "\(node.pointer) in \(generated.text)")
      }
    }
  }

  @Test func editsTouchOnlyTheirSpans() async {
    await propertyCheck(count: 300, input: documents, Gen.uint32()) { generated, choice in
      let bytes = Array(generated.text.utf8)
      guard let doc = try? JSONDocument(parsing: bytes), doc.nodeCount > 1 else { return }
      // Replace one value (not a key) with a new number: everything outside its span is unchanged.
      let candidates = (1..<doc.nodeCount).map { doc.node(JSONNode.ID(raw: UInt32($0))) }.filter { !$0.isKey }
      guard !candidates.isEmpty else { return }
      let target = candidates[Int(choice) % candidates.count]
      var edits = JSONEdits(doc)
      edits.replace(target, with: .number("42.5e1"))
      guard let out = try? edits.apply() else {
        Issue.record("replace failed in \(generated.text)")
        return
      }
      let span = target.span
      #expect(Array(out.prefix(span.lowerBound)) == Array(bytes.prefix(span.lowerBound)))
      #expect(Array(out.suffix(bytes.count - span.upperBound)) == Array(bytes.suffix(bytes.count - span.upperBound)))
      #expect(Array(out[span.lowerBound..<(out.count - (bytes.count - span.upperBound))]) == Array("42.5e1".utf8))
      let edited = try? JSONDocument(parsing: out)
      #expect(edited?.node(atPointer: target.pointer)?.sourceBytes.elementsEqual("42.5e1".utf8) == true)

      // Remove one array element or object member: the result parses and lost exactly that value.
      guard let parent = target.parent else { return }
      var removal = JSONEdits(doc)
      guard (try? removal.remove(target)) != nil, let removed = try? removal.apply(),
        let after = try? JSONDocument(parsing: removed)
      else {
        Issue.record("removing \(target.pointer) from \(generated.text) gave invalid JSON")
        return
      }
      #expect(after.node(atPointer: parent.pointer)?.count == parent.count - 1, "\(target.pointer) in \(generated.text)")
    }
  }
}

@Suite("JSON pointers with combining marks (found by FuzzJSON)")
struct PointerCombiningMarkTests {
  @Test(arguments: ["\u{06DC}nd", "/\u{0301}", "~\u{0301}1", "a/\u{0301}b~0", "\u{0301}"])
  func keysThatStartWithACombiningMarkResolve(_ key: String) throws {
    var text: [UInt8] = Array(#"{"layers":[{"#.utf8)
    JSONStringCodec.appendQuoted(key, to: &text)
    text += Array(#":7}]}"#.utf8)
    let doc = try JSONDocument(parsing: text)
    let value = try #require(doc.root["layers"]?.element(at: 0)?[key])
    #expect(value.pointer == "/layers/0/" + JSONPointer.escape(key))
    #expect(doc.node(atPointer: value.pointer)?.span == value.span)
  }
}
