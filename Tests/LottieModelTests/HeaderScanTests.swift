import Foundation
import LottieJSON
import LottieModel
import Testing

/// #18: ThorVG reads fr, ip, op, w and h from the text before it parses (HeaderScan): only keys
/// written `"key":` at the depth its brace count (strings included) calls the top level.
@Suite("ThorVG's header scan")
struct HeaderScanTests {
  func misread(_ text: String) throws -> [String] {
    HeaderScan.misreadings(Animation(document: try JSONDocument(parsing: Array(text.utf8)))).map(\.detail)
  }

  static let bodymovin = #"{"v":"5.7.4","fr":29.97,"ip":0,"op":60,"w":512,"h":256,"nm":"a { and a }","layers":[{"nm":"{{","ty":4,"ks":{}}]}"#

  @Test func readsBodymovinsOrderAsTheJSONSays() throws {
    let read = HeaderScan.thorvg(Array(Self.bodymovin.utf8))
    #expect(read == HeaderScan.Values(frameRate: 29.97, inPoint: 0, outPoint: 60, width: 512, height: 256))
    #expect(try misread(Self.bodymovin).isEmpty)
    // White space after the colon, and pretty-printed files, are read.
    let pretty = "{\n  \"v\": \"5.7.4\",\n  \"fr\":\n    30,\n  \"ip\": 0, \"op\": 60,\n  \"w\": 1e2, \"h\": 100,\n  \"layers\": []\n}"
    #expect(HeaderScan.thorvg(Array(pretty.utf8)) == HeaderScan.Values(frameRate: 30, inPoint: 0, outPoint: 60, width: 100, height: 100))
  }

  /// A space before the colon hides the key: no frame rate refuses the file
  /// (header-space-before-colon.json), no width leaves no picture.
  @Test func aSpaceBeforeTheColonHidesTheKey() throws {
    #expect(try misread(#"{"v":"5.7.4","fr" :30,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#) == ["frame rate"])
    #expect(try misread(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w" : 100,"h":100,"layers":[]}"#) == ["size"])
  }

  /// Braces in strings count: a `{` before "w" pushes it below the top level
  /// (header-brace-in-text.json); a `}` lifts a nested "w" (an asset's, a layer's) up to it.
  @Test func bracesInStringsMoveTheTopLevel() throws {
    #expect(try misread(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"h":100,"nm":"a{","layers":[],"w":100}"#) == ["size"])
    let lifted = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"nm":"}","assets":[{"id":"p","w":0,"h":0,"layers":[]}],"w":100,"h":100,"layers":[]}"#
    #expect(HeaderScan.thorvg(Array(lifted.utf8)).width == 0)
    #expect(try misread(lifted) == ["size"])
    // Balanced braces in a string change nothing.
    #expect(try misread(#"{"v":"5.7.4","nm":"{x}","fr":30,"ip":0,"op":60,"h":100,"layers":[],"w":100}"#).isEmpty)
  }

  /// A value ThorVG reads as no number is 0; an invalid JSON value is left to other rules.
  @Test func invalidValuesAreOtherRulesConcern() throws {
    #expect(HeaderScan.thorvg(Array(#"{"fr":"30","w":-5,"h":.5}"#.utf8)) == HeaderScan.Values(frameRate: 0, width: -5, height: 0.5))
    #expect(try misread(#"{"v":"5.7.4","fr":0,"ip":0,"op":60,"w":0,"h":100,"layers":[]}"#).isEmpty)
  }
}
