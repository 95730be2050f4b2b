import Foundation
import LottieJSON
import LottieModel
import Testing

/// #18: values written with another JSON type than the format's, at the keys rlottie's parser
/// reads by type (it refuses the file at the first one; measured, mistyped-value.json).
@Suite("values of another type than the format's")
struct ValueTypesTests {
  /// The details of the mistyped-value uses of a file made of `layer` (a shape layer's members)
  /// and `root` (the animation's).
  func found(layer: String = "", root: String = "", shapes: String = "[]") throws -> [String?] {
    let json =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100\#(root),"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":100}},"shapes":\#(shapes)\#(layer)}]}"#
    let animation = Animation(document: try JSONDocument(parsing: Array(json.utf8)))
    return animation.featureUses().filter { $0.feature == .mistypedValue }.map(\.detail)
  }

  static func shape(_ members: String) -> String {
    #"[{"ty":"gr","it":[\#(members),{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]"#
  }

  @Test func wellTypedFilesHaveNone() throws {
    #expect(try found() == [])
    #expect(
      try found(
        layer: #","hd":false,"nm":"a","ao":0,"bm":0"#, shapes: Self.shape(#"{"ty":"el","d":1,"hd":true,"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}}"#)) == [])
  }

  /// A whole number written with a fraction, or beyond 32 bits, where rlottie reads an integer;
  /// "not 0" where ThorVG reads it as an integer too (and so as 0: mistyped-value-fraction.json),
  /// not at a size, which ThorVG reads as a number, nor at a value of 0.
  @Test(
    arguments: [
      (#","w":100.0"#, "whole number"), (#","ind":1.5"#, "whole number, not 0"), (#","ddd":0.0"#, "whole number"),
      (#","bm":1e0"#, "whole number, not 0"), (#","parent":3000000000"#, "whole number, not 0"), (#","ao":false"#, "whole number"),
      (#","ty":4.0"#, "whole number, not 0"), (#","tt":1.0"#, "whole number, not 0")
    ])
  func wholeNumbers(layer: String, detail: String) throws {
    #expect(try found(layer: layer) == [detail])
  }

  /// A shape layer's type written with a fraction: ThorVG takes its shapes for layers and
  /// crashes (mistyped-value-layer-type.json); without shapes it only leaves the layer out.
  @Test func aShapeLayersTypeWithAFraction() throws {
    let rect = #"{"d":1,"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}}"#
    #expect(try found(layer: #","ty":4.0"#, shapes: Self.shape(rect)) == ["whole number, a shape layer's type"])
    #expect(try found(layer: #","ty":4.0"#) == ["whole number, not 0"])
    #expect(try found(layer: #","tt":1.0"#, shapes: Self.shape(rect)) == ["whole number, not 0"])
  }

  @Test func everyExpectedType() throws {
    #expect(try found(root: #","w":100.0"#) == ["whole number"])
    #expect(try found(layer: #","hd":0"#) == ["true or false"])
    #expect(try found(layer: #","nm":null"#) == ["text"])
    #expect(try found(layer: #","sr":"1""#) == ["number"])
    #expect(try found(root: #","markers":[{"cm":5,"tm":0,"dr":0}]"#) == ["text"])
    #expect(try found(layer: #","tm":{"a":0,"k":"2"}"#) == ["property value"])
    // A property written as a bare number, and a path closed with 1.
    #expect(try found(shapes: Self.shape(#"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":0}"#)) == ["property value"])
    let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":1,"v":[[0,0],[9,0],[0,9]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}"#
    #expect(try found(shapes: Self.shape(path)) == ["true or false"])
    // Keyframes: a time written as text, a hold as true.
    #expect(try found(layer: #","tm":{"a":1,"k":[{"t":"0","s":[0],"h":true},{"t":10,"s":[1]}]}"#) == ["number", "whole number"])
  }

  /// An object is a value only for a path; a point's or a colour's keyframe value is a list
  /// (rlottie refuses both; ThorVG drops the layer: mistyped-value-object.json and
  /// mistyped-value-keyframe-number.json). One number as a static point is read (x only), and
  /// a scalar property's keyframes may hold one number.
  @Test func objectsAndNumbersWhereTheFormatHasOthers() throws {
    #expect(try found(shapes: Self.shape(#"{"ty":"fl","o":{"a":0,"k":{"v":100}}}"#)) == ["number or list"])
    let colour = #"{"ty":"fl","c":{"a":1,"k":[{"t":0,"s":0.5,"e":0.5},{"t":60}]}}"#
    #expect(try found(shapes: Self.shape(colour)) == ["list of numbers", "list of numbers"])
    #expect(try found(layer: #","tm":{"a":1,"k":[{"t":0,"s":0},{"t":9,"s":1}]}"#) == [])
    let position = #","ks":{"p":{"a":1,"k":[{"t":0,"s":50},{"t":30,"s":[50,50]}]}}"#
    #expect(try found(layer: position) == ["list of numbers"])
    #expect(try found(layer: #","ks":{"p":{"a":0,"k":50}}"#) == [])
    #expect(try found(shapes: Self.shape(#"{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[{"c":true,"v":[],"i":[],"o":[]}]}]}}"#)) == [])
  }

  /// An easing handle whose x or y is an empty list: rlottie refuses the file and ThorVG drops
  /// the layer (mistyped-value-empty-easing.json); one use per empty list.
  @Test func emptyEasingHandles() throws {
    let empty = #","ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"i":{"x":[],"y":[]},"o":{"x":[0.5],"y":[0.5]}},{"t":30,"s":[9,9]}]}}"#
    #expect(try found(layer: empty) == ["numbers in an easing handle", "numbers in an easing handle"])
    let filled = #","ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"i":{"x":[0.5],"y":[0.5]},"o":{"x":0.5,"y":0.5}},{"t":30,"s":[9,9]}]}}"#
    #expect(try found(layer: filled) == [])
  }

  /// A path with a key besides i, o, v and c stops rlottie's path reader too.
  @Test func aPathHoldsOnlyItsFourKeys() throws {
    let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"n":1,"v":[[0,0],[9,0],[0,9]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}"#
    #expect(try found(shapes: Self.shape(path)) == ["property value"])
  }

  /// rlottie also refuses an empty version and a byte order mark before the JSON (ThorVG draws
  /// nothing after the mark): each is a feature use of its own.
  @Test func anEmptyVersionAndAByteOrderMarkAreUses() throws {
    func features(_ text: String) throws -> [Feature] {
      try Animation(document: JSONDocument(parsing: Array(text.utf8))).featureUses().map(\.feature)
    }
    let file = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#
    #expect(try features(file).isEmpty)
    #expect(try features(file.replacingOccurrences(of: "5.7.4", with: "")) == [.noVersion])
    #expect(try features("\u{FEFF}" + file) == [.byteOrderMark])
  }

  /// Keys rlottie skips unread are never named: a property's `a` and `ix`, a shape's `mn`, a
  /// group's `hd`, the root's `nm`, and a shape's keys written before its `ty`.
  @Test func keysRlottieSkipsAreNotNamed() throws {
    #expect(try found(shapes: Self.shape(#"{"ty":"el","p":{"a":0.0,"k":[0,0],"ix":1.5},"s":{"a":false,"k":[9,9]}}"#)) == [])
    #expect(try found(root: #","nm":5"#) == [])
    #expect(try found(shapes: #"[{"ty":"gr","hd":0,"it":[{"ty":"el","mn":5}]}]"#) == [])
    #expect(try found(shapes: #"[{"hd":0,"d":1.0,"ty":"el"}]"#) == [])
    #expect(try found(shapes: #"[{"ty":"el","hd":0,"d":1.0}]"#) == ["true or false", "whole number, not 0"])
  }
}
