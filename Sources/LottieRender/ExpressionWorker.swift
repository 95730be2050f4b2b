import Foundation
import LottieJSON
import LottieKitIO
import LottieModel

/// Expressions run for a measurement (`ExpressionEngine`), in the `expression-worker` child
/// process: an expression is a program from the input file, and may loop or eat memory.
extension IsolatedRenderer {
  /// The values of each expression `asks` names (`ExpressionBake.Ask`), as the worker ran them on
  /// `bytes` (the animation's file); an ask is missing when it could not be run. Empty when the
  /// worker fails or times out.
  package func evaluate(_ asks: [ExpressionBake.Ask], in bytes: [UInt8]) -> [JSONNode.ID: [[Double]]] {
    guard !asks.isEmpty else { return [:] }
    let scratch = NSTemporaryDirectory() + "lottiekit-expressions-" + UUID().uuidString + ".json"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    guard (try? FileIO.writeAtomically(bytes, to: scratch)) != nil else { return [:] }
    let request = asks.map { "\($0.code.raw) \($0.first) \($0.last)\n" }.joined()
    guard let output = try? runWorker(["expression-worker", scratch], input: Data(request.utf8), name: "measure", what: "expression worker")
    else { return [:] }
    return ExpressionWorker.parse(String(decoding: output, as: UTF8.self))
  }
}

package enum ExpressionWorker {
  /// The worker's work: each request line (`<node id> <first> <last>`) answered by a line
  /// `<node id> <values per frame as JSON>`, in order, until the first expression that cannot be
  /// run (the file is unknown then, as a whole).
  package static func answer(file bytes: [UInt8], requests: String) -> String {
    guard let document = try? JSONDocument(parsing: bytes) else { return "" }
    let engine: ExpressionEngine
    do { engine = try ExpressionEngine(Animation(document: document)) } catch {
      trace("the expression environment did not start: \(error)")
      return ""
    }
    var out = ""
    for line in requests.split(separator: "\n") {
      let parts = line.split(separator: " ").compactMap { Int($0) }
      guard parts.count == 3, parts[0] >= 0, parts[0] < document.nodeCount else { break }
      let code = document.node(JSONNode.ID(raw: UInt32(parts[0])))
      guard let values = engine.sample(code, first: parts[1], last: parts[2]) else {
        trace("\(code.location.line):\(code.location.column): \(engine.problem)")
        break
      }
      out += "\(parts[0]) [" + values.map(ExpressionEngine.json).joined(separator: ",") + "]\n"
    }
    return out
  }

  /// LOTTIEKIT_EXPRESSION_TRACE names a file to append why an expression could not be run.
  static func trace(_ line: String) {
    guard let path = ProcessInfo.processInfo.environment["LOTTIEKIT_EXPRESSION_TRACE"], let handle = FileHandle(forWritingAtPath: path) else { return }
    handle.seekToEndOfFile()
    handle.write(Data((line + "\n").utf8))
    try? handle.close()
  }

  static func parse(_ text: String) -> [JSONNode.ID: [[Double]]] {
    var values: [JSONNode.ID: [[Double]]] = [:]
    for line in text.split(separator: "\n") {
      guard let space = line.firstIndex(of: " "), let raw = UInt32(line[..<space]),
        let document = try? JSONDocument(parsing: String(line[line.index(after: space)...]))
      else { continue }
      var frames: [[Double]] = []
      for frame in document.root.elements {
        guard let numbers = frame.numbers else { break }
        frames.append(numbers)
      }
      if frames.count == document.root.count { values[JSONNode.ID(raw: raw)] = frames }
    }
    return values
  }
}
