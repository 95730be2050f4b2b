import Foundation
import LottieJSON
import LottieKitIO
import Testing

/// SIGKILL at random moments while commands write (issue #10): the destination must always hold
/// either its old content or the complete new one, never a partial file.
@Suite("interruption: SIGKILL while writing", .serialized)
struct InterruptionTests {
  enum Outcome: Hashable { case old, new, partial }

  /// A pretty-printed animation of a few MB, so that writing takes long enough to be interrupted.
  static func bigAnimation() -> String {
    var layers: [String] = []
    for k in 0..<3000 {
      layers.append(
        """
        {"ddd":0,"ind":\(k + 1),"ty":4,"nm":"Layer \(k)","sr":1,"ks":{"o":{"a":0,"k":100},"p":{"a":1,"k":[{"t":0,"s":[\(k % 512),20,0],"i":{"x":[0.833],"y":[0.833]},"o":{"x":[0.167],"y":[0.167]}},{"t":60,"s":[256.125,\(k % 300).5,0]}]}},"ao":0,"shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40.25,40.75]}},{"ty":"fl","c":{"a":0,"k":[0.2,0.4,0.8,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}],"ip":0,"op":60,"st":0,"bm":0}
        """)
    }
    return #"{"v":"5.7.4","fr":60,"ip":0,"op":60,"w":512,"h":512,"nm":"big","ddd":0,"assets":[],"layers":["# + layers.joined(separator: ",") + "]}"
  }

  /// Runs `arguments` once to completion (the new content), then `kills` times killed after a random
  /// delay within the command's running time, restoring the old content before each run.
  func interrupt(_ arguments: [String], destination: String, old: [UInt8], kills: Int, cwd: String) throws -> [Outcome: Int] {
    try write(old, to: destination)
    let start = Date()
    let full = try run(lottiekitBinary, arguments, cwd: cwd)
    let duration = Date().timeIntervalSince(start)
    #expect(full.status == 0, "\(arguments): \(full.stderr)")
    let new = try readBytes(destination)
    #expect(new != old)
    var outcomes: [Outcome: Int] = [:]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<kills {
      try write(old, to: destination)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: lottiekitBinary)
      process.arguments = arguments
      process.currentDirectoryURL = URL(fileURLWithPath: cwd)
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let delay = Double.random(in: 0...(duration * 1.1), using: &generator)
      usleep(UInt32(delay * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let now = try readBytes(destination)
      let outcome: Outcome = now == old ? .old : (now == new ? .new : .partial)
      outcomes[outcome, default: 0] += 1
    }
    return outcomes
  }

  /// Every regular, non-hidden file under `root`, by relative path.
  static func snapshot(_ root: String) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    guard let e = FileManager.default.enumerator(atPath: root) else { return result }
    for case let path as String in e {
      if Paths.fileName(of: path).hasPrefix(".") { continue }
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDir), !isDir.boolValue {
        result[path] = try readBytes(root + "/" + path)
      }
    }
    return result
  }

  static func journals(_ root: String) -> Int {
    guard let e = FileManager.default.enumerator(atPath: root) else { return 0 }
    var n = 0
    for case let path as String in e where Paths.fileName(of: path).hasPrefix(".lottiekit-journal-") { n += 1 }
    return n
  }

  /// A bundle of 40 animations that all name their image images/img_0.png, each with other bytes.
  static func makeBundle(_ root: String) throws {
    for k in 0..<40 {
      let folder = root + "/anim\(k)"
      try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
      let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 8, 0, 0, 0, 8, 8, 6, 0, 0, 0]
        + [UInt8](repeating: UInt8(k), count: 200_000)
      try write(png, to: folder + "/images/img_0.png")
      try write(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":8,"h":8,"assets":[{"id":"image_0","w":8,"h":8,"u":"images/","p":"img_0.png","e":0}],"layers":[{"ddd":0,"ind":1,"ty":2,"refId":"image_0","ks":{},"ip":0,"op":30,"st":0}]}"#,
        to: folder + "/a\(k).json")
    }
  }

  /// Multi-file commands killed at random: right after the kill the tree is the old one, the new one,
  /// or a journal is present; the next lottiekit run that touches the folder finishes the commit,
  /// after which the tree is always the old or the new one — never a mix.
  @Test func killedMultiFileCommandsAreAllOrNothing() throws {
    let dir = try makeTemporaryDirectory()
    var totals: [String: Int] = [:]
    let cases: [(name: String, arguments: [String])] = [
      ("rename-assets", ["rename-assets", "--quiet", "bundle"]),
      ("format --in-place", ["format", "--pretty", "--in-place", "bundle"])
    ]
    for c in cases {
      let pristine = dir + "/pristine"
      try? FileManager.default.removeItem(atPath: pristine)
      try Self.makeBundle(pristine)
      func reset() throws {
        try? FileManager.default.removeItem(atPath: dir + "/bundle")
        try FileManager.default.copyItem(atPath: pristine, toPath: dir + "/bundle")
      }
      try reset()
      let old = try Self.snapshot(dir + "/bundle")
      let start = Date()
      let full = try run(lottiekitBinary, c.arguments, cwd: dir)
      let duration = Date().timeIntervalSince(start)
      #expect(full.status == 0, "\(c.name): \(full.stderr)")
      let new = try Self.snapshot(dir + "/bundle")
      #expect(new != old)
      var outcomes: [String: Int] = [:]
      var generator = SystemRandomNumberGenerator()
      for _ in 0..<50 {
        try reset()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lottiekitBinary)
        process.arguments = c.arguments
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32(Double.random(in: 0...(duration * 1.1), using: &generator) * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let now = try Self.snapshot(dir + "/bundle")
        let journaled = Self.journals(dir + "/bundle") > 0
        if now != old && now != new {
          #expect(journaled, "\(c.name): a mixed tree without a journal to finish it")
        }
        // Any command over the folder finishes the interrupted commit first.
        _ = try run(lottiekitBinary, ["info", "--quiet", "bundle"], cwd: dir)
        let after = try Self.snapshot(dir + "/bundle")
        let outcome = after == old ? "old" : (after == new ? "new" : "mixed")
        #expect(outcome != "mixed", "\(c.name): mixed tree after recovery")
        #expect(Self.journals(dir + "/bundle") == 0)
        outcomes[outcome + (journaled ? " (finished by the next run)" : ""), default: 0] += 1
      }
      print("interruption: \(c.name), 50 kills: \(outcomes.sorted { $0.key < $1.key })")
      for (k, v) in outcomes { totals[k, default: 0] += v }
    }
    // Some kills landed inside a commit: the journal was needed at least once.
    #expect(totals.keys.contains { $0.contains("finished") } || totals["new", default: 0] > 0)
  }

  @Test func killedWritesLeaveTheOldOrTheCompleteNewFile() throws {
    let dir = try makeTemporaryDirectory()
    try write(Self.bigAnimation(), to: dir + "/big.json")
    let old = Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":1,"w":1,"h":1,"layers":[]}"#.utf8)
    var svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">"#
    for k in 0..<20_000 {
      let color = String(k % 4096 + 4096, radix: 16).suffix(3)
      svg += "<circle cx=\"\(k % 512)\" cy=\"\(k % 300)\" r=\"3\" fill=\"#\(color)\"/>"
    }
    try write(svg + "</svg>", to: dir + "/big.svg")
    let cases: [(name: String, arguments: [String], destination: String)] = [
      ("format -o", ["format", "--pretty", "big.json", "-o", "out.json"], "out.json"),
      ("format --in-place", ["format", "--pretty", "--in-place", "copy.json"], "copy.json"),
      ("pack -o", ["pack", "big.json", "--format", "gz", "-o", "out.json.gz"], "out.json.gz"),
      ("svg -o", ["svg", "big.svg", "-o", "svg.json"], "svg.json")
    ]
    var total: [Outcome: Int] = [:]
    for c in cases {
      // --in-place rewrites the input: the "old" content is the input itself.
      let before = c.name == "format --in-place" ? try readBytes(dir + "/big.json") : old
      let outcomes = try interrupt(c.arguments, destination: dir + "/" + c.destination, old: before, kills: 55, cwd: dir)
      print("interruption: \(c.name): \(outcomes[.old] ?? 0) old, \(outcomes[.new] ?? 0) new, \(outcomes[.partial] ?? 0) partial of 55 kills")
      #expect(outcomes[.partial] == nil, "\(c.name): partial output after SIGKILL")
      for (k, v) in outcomes { total[k, default: 0] += v }
    }
    let kills = total.values.reduce(0, +)
    print("interruption: \(kills) kills in all: \(total[.old] ?? 0) old, \(total[.new] ?? 0) new, \(total[.partial] ?? 0) partial")
    #expect(kills >= 200)
    // The kills landed before, during and after the writes: both outcomes occur.
    #expect((total[.old] ?? 0) > 0 && (total[.new] ?? 0) > 0)
  }
}
