import Foundation
import Testing

/// The package root (two levels above this file's folder).
let packageRoot: String = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url.deleteLastPathComponent() }
  return url.path
}()

/// `../shared/corpus` beside the checkout, or nil (tests that need it then skip with a message).
let corpusRoot: String? = {
  let path = URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared/corpus").path
  return FileManager.default.fileExists(atPath: path) ? path : nil
}()

/// The built binary: `LOTTIEKIT_BIN` (set by `make test`), else the debug build.
let lottiekitBinary: String = {
  if let env = ProcessInfo.processInfo.environment["LOTTIEKIT_BIN"], !env.isEmpty { return env }
  for config in ["debug", "release"] {
    let path = packageRoot + "/.build/\(config)/lottiekit"
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return packageRoot + "/.build/debug/lottiekit"
}()

struct RunResult {
  var status: Int32
  var stdout: Data
  var stderr: String
  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  /// Terminated by a signal (a crash) rather than exiting.
  var crashed: Bool
}

/// Runs a program with arguments and optional stdin, capturing everything.
func run(_ executable: String, _ arguments: [String], stdin: Data? = nil, cwd: String? = nil) throws -> RunResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
  var env = ProcessInfo.processInfo.environment
  env["NO_COLOR"] = "1"
  process.environment = env
  let outPipe = Pipe()
  let errPipe = Pipe()
  process.standardOutput = outPipe
  process.standardError = errPipe
  let inPipe = Pipe()
  process.standardInput = inPipe
  try process.run()
  // Read both pipes concurrently so that a large output cannot deadlock the child.
  let group = DispatchGroup()
  nonisolated(unsafe) var out = Data()
  nonisolated(unsafe) var err = Data()
  group.enter()
  DispatchQueue.global().async {
    out = outPipe.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  group.enter()
  DispatchQueue.global().async {
    err = errPipe.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  if let stdin { inPipe.fileHandleForWriting.write(stdin) }
  try? inPipe.fileHandleForWriting.close()
  process.waitUntilExit()
  group.wait()
  return RunResult(
    status: process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self),
    crashed: process.terminationReason == .uncaughtSignal)
}

/// Runs lottiekit.
func lottiekit(_ arguments: String..., stdin: Data? = nil, cwd: String? = nil) throws -> RunResult {
  try run(lottiekitBinary, arguments, stdin: stdin, cwd: cwd)
}

func lottiekit(arguments: [String], stdin: Data? = nil) throws -> RunResult {
  try run(lottiekitBinary, arguments, stdin: stdin)
}

func makeTemporaryDirectory() throws -> String {
  let dir = NSTemporaryDirectory() + "lottiekit-e2e-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  return dir
}

func write(_ text: String, to path: String) throws {
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

func write(_ bytes: [UInt8], to path: String) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

func readBytes(_ path: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Every corpus file with one of the given extensions, sorted.
func corpusFiles(extensions: Set<String>) -> [String] {
  guard let root = corpusRoot, let e = FileManager.default.enumerator(atPath: root) else { return [] }
  var files: [String] = []
  while let rel = e.nextObject() as? String {
    if let ext = rel.split(separator: ".").last, extensions.contains(ext.lowercased()) { files.append(root + "/" + rel) }
  }
  return files.sorted()
}
