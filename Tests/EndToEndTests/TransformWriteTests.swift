import Foundation
import Testing

/// Defects a new-user pass found in the transforms (2026-11-28), each reproduced before its fix.
@Suite("transforms: where they write, and what optimize may drop")
struct TransformWriteTests {
  static let first = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"nm":"first","layers":[{"ind":1,"ty":3,"nm":"N","ks":{},"ip":0,"op":60,"st":0}]}"#
  static let second = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"nm":"second","layers":[]}"#

  /// A folder of two animations with -o: every transform but format wrote the last file's result
  /// to -o (exit 0), over an input when -o named one. Now exit 64 and every file as it was.
  @Test(arguments: [["optimize", "--lossless"], ["strip", "--layer", "N"], ["inline"], ["extract"]])
  func aFolderOfSeveralIsNotOneOutput(_ command: [String]) throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/d", withIntermediateDirectories: true)
    try write(Self.first, to: dir + "/d/a.json")
    try write(Self.second, to: dir + "/d/b.json")
    for output in ["d/a.json", "out.json"] {
      let r = try run(lottiekitBinary, command + ["d", "-o", output], cwd: dir)
      #expect(r.status == 64 && r.stderr.contains("holds 2"), "\(command) -o \(output): \(r.status) \(r.stderr)")
      #expect(try String(decoding: readBytes(dir + "/d/a.json"), as: UTF8.self) == Self.first)
      #expect(!FileManager.default.fileExists(atPath: dir + "/out.json"))
    }
    // A folder whose one animation is the -o file: refused as -o naming an input.
    try FileManager.default.removeItem(atPath: dir + "/d/b.json")
    let onto = try run(lottiekitBinary, command + ["d", "-o", "d/a.json"], cwd: dir)
    #expect(onto.status == 64 && onto.stderr.contains("is the input"), "\(command): \(onto.status) \(onto.stderr)")
  }

  /// The lossless "invisible keyframes" step removed a parent's keyframes before its own ip,
  /// though its child is seen then and moves with it (lottie-web and rlottie evaluate the parent):
  /// the box was drawn at x 160–199 instead of 40–79 at frame 5.
  @Test func aParentKeepsItsKeyframes() throws {
    let dir = try makeTemporaryDirectory()
    let ease = #""i":{"x":0.833,"y":0.833},"o":{"x":0.167,"y":0.167}"#
    let mover =
      #"{"ind":1,"ty":3,"nm":"Mover","ks":{"o":{"a":0,"k":0},"p":{"a":1,"k":[{\#(ease),"t":0,"s":[20,100,0]},{\#(ease),"t":20,"s":[180,100,0]},{"t":40,"s":[100,100,0]}]}},"ip":30,"op":60,"st":0}"#
    let box =
      #"{"ind":2,"ty":4,"nm":"Box","parent":1,"ks":{},"shapes":[{"ty":"rc","d":1,"s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}],"ip":0,"op":60,"st":0}"#
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"layers":[\#(mover),\#(box)]}"#
    try write(text, to: dir + "/par.json")
    let r = try run(lottiekitBinary, ["optimize", "--lossless", "par.json", "-o", "out.json"], cwd: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let out = try String(decoding: readBytes(dir + "/out.json"), as: UTF8.self)
    #expect(out.contains(#""t":0"#), "the parent's first keyframe was removed: \(out)")
    // A layer nothing uses as parent still loses its keyframes before its ip.
    let moving = box.replacingOccurrences(
      of: #""parent":1,"ks":{}"#, with: #""ks":{"p":{"a":1,"k":[{\#(ease),"t":0,"s":[20,100,0]},{\#(ease),"t":20,"s":[180,100,0]},{"t":40,"s":[100,100,0]}]}}"#
    )
    .replacingOccurrences(of: #""ip":0,"op":60"#, with: #""ip":30,"op":60"#)
    let alone = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"layers":[\#(moving)]}"#
    try write(alone, to: dir + "/alone.json")
    #expect(try run(lottiekitBinary, ["optimize", "--lossless", "alone.json", "-o", "alone.out.json"], cwd: dir).status == 0)
    let trimmed = try String(decoding: readBytes(dir + "/alone.out.json"), as: UTF8.self)
    #expect(!trimmed.contains(#""t":0"#) && trimmed.contains(#""t":20"#), "\(trimmed)")
  }

  /// --in-place on a symbolic link replaced the link with a regular file and left the file it
  /// pointed to unchanged. Now the file is rewritten and the link stays.
  @Test(arguments: [["strip", "--layer", "N", "--in-place"], ["format", "--minify", "--in-place"], ["optimize", "--lossless", "--in-place"]])
  func aLinkIsWrittenThrough(_ command: [String]) throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
    try write(Self.first.replacingOccurrences(of: "{", with: "{ "), to: dir + "/real/a.json")
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "real/a.json")
    let before = try readBytes(dir + "/real/a.json")
    let r = try run(lottiekitBinary, command + ["link.json"], cwd: dir)
    #expect(r.status == 0, "\(command): \(r.stderr)")
    let kind = try FileManager.default.attributesOfItem(atPath: dir + "/link.json")[.type] as? FileAttributeType
    #expect(kind == .typeSymbolicLink, "\(command): the link became \(String(describing: kind))")
    #expect(try readBytes(dir + "/real/a.json") != before, "\(command): the file the link points to is unchanged")
  }

  /// extract to standard output wrote the images beside the input while the JSON on stdout pointed
  /// at images/ wherever it landed. Now exit 64 and nothing written; an animation with nothing to
  /// extract still passes through.
  @Test func extractToStandardOutputNeedsAPlace() throws {
    let dir = try makeTemporaryDirectory()
    let png = try readBytes(packageRoot + "/Examples/delivery/onboarding/images/img_1.png")
    let uri = "data:image/png;base64," + Data(png).base64EncodedString()
    try write(#"{"v":"5","fr":30,"ip":0,"op":10,"w":5,"h":5,"assets":[{"id":"x","w":32,"h":48,"u":"","p":"\#(uri)","e":1}],"layers":[]}"#, to: dir + "/a.json")
    let r = try run(lottiekitBinary, ["extract", "a.json"], cwd: dir)
    #expect(r.status == 64 && r.stderr.contains("-o OUT"), "\(r.status) \(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/images"))
    try write(Self.second, to: dir + "/plain.json")
    let plain = try run(lottiekitBinary, ["extract", "plain.json"], cwd: dir)
    #expect(plain.status == 0 && plain.stdoutText.contains("second"), "\(plain.status) \(plain.stderr)")
  }
}
