import Foundation
import Testing
import LottieKitIO

/// `diff` of a dotLottie that holds several animations: it compared the first alone and said "no
/// structural change" (exit 0) when another had changed; now it refuses (exit 2) and says why.
@Suite("diff, dotLottie with several animations")
struct DiffArchiveTests {
  func archive(secondWidth: Int) throws -> [UInt8] {
    func animation(_ w: Int) -> [UInt8] { Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":\#(w),"h":100,"layers":[]}"#.utf8) }
    var writer = ZipWriter()
    try writer.add(name: "manifest.json", data: Array(#"{"version":"2","animations":[{"id":"one"},{"id":"two"}]}"#.utf8))
    try writer.add(name: "a/one.json", data: animation(100))
    try writer.add(name: "a/two.json", data: animation(secondWidth))
    return writer.finish()
  }

  @Test func refusedRatherThanComparingTheFirstAlone() throws {
    let dir = try makeTemporaryDirectory()
    try write(try archive(secondWidth: 100), to: dir + "/old.lottie")
    try write(try archive(secondWidth: 300), to: dir + "/new.lottie")
    #expect(try lottiekit("info", dir + "/old.lottie").stdoutText.contains("two"))
    let r = try lottiekit("diff", dir + "/old.lottie", dir + "/new.lottie")
    #expect(r.status == 2, "\(r.status) \(r.stdoutText) \(r.stderr)")
    #expect(r.stderr.contains("holds 2 animations"), "\(r.stderr)")
  }
}
