import LottieJSON
import FuzzSupport

/// The JSON core: parse; on success, every writer must give text that parses to the same value,
/// an edit-free write must give the input back, and every node's pointer must resolve to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let doc = try? JSONDocument(parsing: bytes) else { return 0 }
  let minified = doc.written(.minified)
  let pretty = doc.written(.pretty)
  guard let a = try? JSONDocument(parsing: minified), let b = try? JSONDocument(parsing: pretty) else {
    fatalError("a writer produced text that does not parse")
  }
  if a.written(.minified) != minified || b.written(.minified) != minified { fatalError("writers disagree") }
  if let out = try? JSONEdits(doc).apply(), out != bytes { fatalError("an edit-free write changed the bytes") }
  // Values shadowed by a later duplicate key have no pointer of their own (RFC 6901 names the last).
  guard doc.duplicateKeys.isEmpty else { return 0 }
  for k in 0..<min(doc.nodeCount, 2000) {
    let node = doc.node(JSONNode.ID(raw: UInt32(k)))
    if node.isKey { continue }
    guard let found = doc.node(atPointer: node.pointer) else { fatalError("pointer \(node.pointer) does not resolve") }
    if found.span != node.span { fatalError("pointer \(node.pointer) resolves elsewhere") }
    _ = node.location
  }
  return 0
}

@_cdecl("FuzzJSON_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, { data, size in fuzzJSON(data, size) })
}
