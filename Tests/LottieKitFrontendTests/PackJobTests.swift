import Foundation
import Testing
import LottieJSON
import LottieKitIO
import LottieTransforms
@testable import LottieKitFrontend

func temporaryFolder() throws -> String {
  let dir = NSTemporaryDirectory() + "lottiekit-frontend-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  return dir
}

let minimalAnimation = #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":3,"ind":1,"nm":"Null","ip":0,"op":30,"st":0,"ks":{}}]}"#

@Suite("Jobs behind the commands: pack, unpack, svg --into")
struct PackJobTests {
  @Test(arguments: [("out.json.gz", PackFormat.gz), ("out.GZ", .gz), ("x.lottie", .lottie), ("s.tgs", .tgs), ("dist/", .json), ("a.json", .json)])
  func formatFollowsTheOutputName(name: String, expected: PackFormat) {
    #expect(PackJob.format(nil, outputPath: name) == expected)
    #expect(PackJob.format(.json, outputPath: name) == .json)
  }

  @Test func dotLottieIDsAreSafeNames() {
    #expect(dotLottieID("hero") == "hero")
    #expect(dotLottieID("sub/hero") == "sub_hero")
    #expect(dotLottieID("..") == "animation")
  }

  @Test func packsTwoFilesIntoAFolderWithAManifest() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileIO.writeAtomically(Array(minimalAnimation.utf8), to: folder + "/a.json")
    try FileIO.writeAtomically(Array(minimalAnimation.utf8), to: folder + "/b.json")
    var job = PackJob(inputs: [folder + "/a.json", folder + "/b.json"], outputPath: folder + "/out/", format: .json, options: PackOptions())
    job.manifest = true
    job.quiet = true
    try job.run()
    let manifest = try FileIO.read(folder + "/out/manifest.json")
    let text = String(decoding: manifest, as: UTF8.self)
    #expect(text.contains("\"a\"") && text.contains("\"b\""))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
    // Identical inputs: one content-addressed file (written once) and the manifest.
    #expect(names.count == 2)
    #expect(names.contains("manifest.json"))
  }

  @Test func refusesToWriteOverAnInput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let input = folder + "/a.json"
    try FileIO.writeAtomically(Array(minimalAnimation.utf8), to: input)
    var job = PackJob(inputs: [input], outputPath: input, format: .json, options: PackOptions())
    job.quiet = true
    // A usage error (exit 64), as -o naming an input is in every command.
    #expect(throws: UsageError.self) { try job.run() }
    #expect(try FileIO.read(input) == Array(minimalAnimation.utf8))
  }

  @Test func aMissingInputFailsAndWritesNothing() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let job = PackJob(inputs: [folder + "/missing.json"], outputPath: folder + "/out.json", format: .json, options: PackOptions())
    #expect(throws: ExitStatus.self) { try job.run() }
    #expect(!FileIO.exists(folder + "/out.json"))
  }
}
