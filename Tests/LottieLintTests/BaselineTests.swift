import Foundation
import Testing
import LottieJSON
@testable import LottieLint

@Suite("baseline: fingerprints and matching")
struct BaselineTests {
  func diagnostic(_ code: String, _ pointer: String, _ path: [String] = []) -> Diagnostic {
    Diagnostic(
      code: code, name: "x", severity: .error, message: "m", help: nil, file: "a.json", line: 1, column: 1,
      endLine: 1, endColumn: 1, offset: 0, pointer: pointer, layerPath: path)
  }

  @Test func fingerprintFollowsContentNotPosition() throws {
    let a = try JSONDocument(parsing: #"{"layers":[{"nm":"A.B","ind":1}]}"#)
    let b = try JSONDocument(parsing: #"{"layers":[{"nm":"Guide","ind":9},{"nm":"A.B","ind":1}]}"#)
    let c = try JSONDocument(parsing: #"{"layers":[{"nm":"A.C","ind":1}]}"#)
    let fa = Baseline.fingerprint(rule: "LK401", pointer: "/layers/0/nm", layerPath: ["Main", "A.B"], document: a)
    let fb = Baseline.fingerprint(rule: "LK401", pointer: "/layers/1/nm", layerPath: ["Main", "A.B"], document: b)
    let fc = Baseline.fingerprint(rule: "LK401", pointer: "/layers/0/nm", layerPath: ["Main", "A.C"], document: c)
    #expect(fa == fb)
    #expect(fa != fc)
    #expect(fa != Baseline.fingerprint(rule: "LK402", pointer: "/layers/0/nm", layerPath: ["Main", "A.B"], document: a))
    #expect(fa.count == 16)
  }

  @Test func entriesAreUsedOnceAndExactPointersFirst() {
    let folder = FileManager.default.currentDirectoryPath
    let baseline = Baseline(
      entries: [
        .init(file: "a.json", rule: "LK401", pointer: "/layers/0/nm", fingerprint: "f1", message: ""),
        .init(file: "a.json", rule: "LK401", pointer: "/layers/5/nm", fingerprint: "f1", message: "")
      ], folder: folder)
    let matcher = Baseline.Matcher(baseline)
    // Three findings with the same fingerprint: two are baselined, the third is new.
    let ds = [diagnostic("LK401", "/layers/5/nm"), diagnostic("LK401", "/layers/7/nm"), diagnostic("LK401", "/layers/0/nm")]
    let kept = matcher.filter(file: "a.json", diagnostics: ds, fingerprints: ["f1", "f1", "f1"])
    #expect(kept.map(\.pointer) == ["/layers/7/nm"])
    #expect(matcher.suppressed == 2 && matcher.unused == 0)
    // Another file, another rule or another fingerprint is never matched.
    let other = Baseline.Matcher(baseline)
    #expect(other.filter(file: "b.json", diagnostics: [diagnostic("LK401", "/layers/0/nm")], fingerprints: ["f1"]).count == 1)
    #expect(other.filter(file: "a.json", diagnostics: [diagnostic("LK402", "/layers/0/nm")], fingerprints: ["f1"]).count == 1)
    #expect(other.filter(file: "a.json", diagnostics: [diagnostic("LK401", "/layers/0/nm")], fingerprints: ["f2"]).count == 1)
    #expect(other.unused == 2)
  }

  @Test func serializationIsSortedAndRoundTrips() throws {
    let dir = NSTemporaryDirectory() + "lottiekit-baseline-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let b = Baseline(
      entries: [
        .init(file: "z.json", rule: "LK101", pointer: "", fingerprint: "0000000000000001", message: "z"),
        .init(file: "a.json", rule: "LK301", pointer: "/assets/0/p", fingerprint: "0000000000000002", message: "a \"quoted\"")
      ], folder: dir)
    let bytes = b.serialized()
    try Data(bytes).write(to: URL(fileURLWithPath: dir + "/b.json"))
    let back = try Baseline.load(dir + "/b.json")
    #expect(back.entries.map(\.file) == ["a.json", "z.json"])
    #expect(back.entries[0].message == "a \"quoted\"")
    #expect(Baseline(entries: back.entries.reversed(), folder: dir).serialized() == bytes)
    #expect(Baseline.relative(dir + "/anims/x.json#a/y.json", to: dir) == "anims/x.json#a/y.json")
    // Outside the folder: climbing out with `..`, so that both can move together.
    #expect(Baseline.relative("/elsewhere/x.json", to: "/repo/ci") == "../../elsewhere/x.json")
    #expect(Baseline.relative("/repo/anims/x.json", to: "/repo/ci") == "../anims/x.json")
    #expect(Baseline.relative("/repo/v#2/x.json", to: "/repo") == "v#2/x.json")
  }

  /// Rewriting a baseline keeps entries of files not linted this time, but a member of an archive
  /// linted this time that the archive no longer holds goes (it would otherwise hide the finding
  /// when the member comes back).
  @Test func aLintedArchiveDropsItsVanishedMembers() throws {
    let dir = NSTemporaryDirectory() + "lottiekit-baseline-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for name in ["p.lottie", "q.lottie", "a.json"] { try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
    func entry(_ file: String) -> Baseline.Entry { Baseline.Entry(file: file, rule: "LK101", pointer: "", fingerprint: file, message: "m") }
    let previous = Baseline(entries: [entry("p.lottie#animations/y.json"), entry("q.lottie#animations/z.json"), entry("a.json")], folder: dir)
    let (merged, kept) = Baseline.merging([entry("p.lottie#animations/x.json")], linted: ["p.lottie#animations/x.json"], into: previous)
    #expect(Set(merged.entries.map(\.file)) == ["p.lottie#animations/x.json", "q.lottie#animations/z.json", "a.json"])
    #expect(kept == 2)
  }
}
