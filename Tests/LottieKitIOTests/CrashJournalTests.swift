import Foundation
import Testing
@testable import LottieKitIO

@Suite("crash journal")
struct CrashJournalTests {
  func folder() throws -> String {
    let dir = NSTemporaryDirectory() + "lottiekit-journal-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
    return (try? FileManager.default.destinationOfSymbolicLink(atPath: dir)) ?? dir
  }

  func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  @Test func anInterruptedCommitIsFinishedByTheNextRun() throws {
    let dir = try folder()
    try "old a".write(toFile: dir + "/a.json", atomically: false, encoding: .utf8)
    try "old b".write(toFile: dir + "/sub/b.json", atomically: false, encoding: .utf8)
    let ta = try FileIO.writeTemporary(Array("new a".utf8), beside: dir + "/a.json")
    let tb = try FileIO.writeTemporary(Array("new b".utf8), beside: dir + "/sub/b.json")
    let handle = try #require(
      CrashJournal.begin(
        [
          .replace(temp: ta, destination: dir + "/a.json"),
          .replace(temp: tb, destination: dir + "/sub/b.json")
        ], near: dir + "/a.json"))
    // The journal sits in the folder that holds both files; "crash" after the first rename.
    #expect(Paths.directory(of: handle.path) == Paths.realFolder(of: dir + "/a.json"))
    #expect(rename(ta, dir + "/a.json") == 0)
    // While the commit "runs" (its lock is held), recovery leaves it alone.
    #expect(CrashJournal.recover(in: [dir]).isEmpty)
    #expect(text(dir + "/sub/b.json") == "old b")
    close(handle.fd)  // the process dies: its lock goes
    let messages = CrashJournal.recover(in: [dir])
    #expect(messages.count == 1 && messages[0].contains("finished an interrupted write"), "\(messages)")
    #expect(text(dir + "/a.json") == "new a" && text(dir + "/sub/b.json") == "new b")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.json", "sub"])
    // Replaying again changes nothing.
    #expect(CrashJournal.recover(in: [dir]).isEmpty)
  }

  @Test(
    "a journal from elsewhere cannot touch files outside its folder or that lottiekit did not make",
    arguments: [
      "remove\t/etc/hostname",
      "replace\tDIR/x.json\tDIR/victim.json",
      "move\tDIR/victim.json\t/tmp/elsewhere.json",
      "discard\tDIR/victim.json",
      "remove\tDIR/../victim.json",
      "unknown\tDIR/victim.json"
    ])
  func maliciousJournalsAreIgnored(_ row: String) throws {
    let dir = try folder()
    try "keep".write(toFile: dir + "/victim.json", atomically: false, encoding: .utf8)
    try "attacker".write(toFile: dir + "/x.json", atomically: false, encoding: .utf8)
    let journal = dir + "/.lottiekit-journal-1-abcdef"
    let rows = ["remove\tDIR/x.json", row].map { $0.replacingOccurrences(of: "DIR", with: dir) }
    try ("lottiekit journal 1\n" + rows.joined(separator: "\n") + "\nend\n").write(toFile: journal, atomically: false, encoding: .utf8)
    let messages = CrashJournal.recover(in: [dir])
    #expect(messages.count == 1 && messages[0].contains("ignored"), "\(messages)")
    #expect(text(dir + "/victim.json") == "keep")
    // Nothing at all was done, not even the harmless first row.
    #expect(text(dir + "/x.json") == "attacker")
    #expect(FileManager.default.fileExists(atPath: "/etc/hostname"))
  }
}
