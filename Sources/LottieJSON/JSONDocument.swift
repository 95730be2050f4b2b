#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A parsed JSON text that remembers everything about its source: the bytes, every node's byte span,
/// key order and duplicate keys, and the spelling of every number. It is immutable and `Sendable`.
///
/// Nodes are stored on a flat tape in document order (pre-order). An object's children alternate
/// key (a string node flagged as a key) and value, so the key of a value in an object is always the
/// node right before it. Each node knows the index just past its subtree (`next`), so siblings are
/// reached without recursion.
public final class JSONDocument: Sendable {
  /// The source bytes, as given (a leading BOM included).
  public let bytes: [UInt8]
  @usableFromInline let nodes: [TapeNode]
  /// Byte offsets at which each line starts; line 1 starts after a BOM.
  public let lineStarts: [UInt32]
  /// Whether the text started with a UTF-8 byte order mark (tolerated, reported).
  public let hasBOM: Bool
  /// Key nodes that repeat an earlier key of the same object (the later occurrence each time).
  public let duplicateKeys: [JSONNode.ID]
  let multibyte: MultibyteIndex
  /// Positions of array elements, built when first needed (see `JSONNode.arrayIndex`).
  let arrayPositions = ArrayPositionIndex()

  init(
    bytes: [UInt8], nodes: [TapeNode], lineStarts: [UInt32], hasBOM: Bool, duplicateKeys: [JSONNode.ID],
    multibyte: MultibyteIndex = MultibyteIndex()
  ) {
    self.bytes = bytes
    self.nodes = nodes
    self.lineStarts = lineStarts
    self.hasBOM = hasBOM
    self.duplicateKeys = duplicateKeys
    self.multibyte = multibyte
  }

  /// Parses `bytes` strictly (RFC 8259). Throws `JSONSyntaxError` with the position of the first problem.
  public convenience init(parsing bytes: [UInt8], options: JSONParseOptions = .init()) throws(JSONSyntaxError) {
    var parser = JSONParser(options: options)
    let result = try parser.parse(bytes)
    self.init(
      bytes: bytes, nodes: result.nodes, lineStarts: result.lineStarts, hasBOM: result.hasBOM,
      duplicateKeys: result.duplicateKeys, multibyte: result.multibyte)
  }

  /// Parses a string (convenient for tests and small inputs).
  public convenience init(parsing text: String, options: JSONParseOptions = .init()) throws(JSONSyntaxError) {
    try self.init(parsing: Array(text.utf8), options: options)
  }

  /// The top-level value.
  public var root: JSONNode { JSONNode(document: self, index: 0) }

  /// Number of nodes on the tape (keys included).
  public var nodeCount: Int { nodes.count }

  /// The node with a given id.
  public func node(_ id: JSONNode.ID) -> JSONNode { JSONNode(document: self, index: Int(id.raw)) }

  /// Resolves an RFC 6901 JSON pointer (`""` is the root, `/layers/0/nm` …).
  public func node(atPointer pointer: String) -> JSONNode? {
    guard let tokens = JSONPointer.tokens(of: pointer) else { return nil }
    var current = root
    for token in tokens {
      switch current.kind {
      case .object:
        guard let next = current.lastValue(forKey: token) else { return nil }
        current = next
      case .array:
        guard let index = JSONPointer.arrayIndex(token), let next = current.element(at: index) else { return nil }
        current = next
      default:
        return nil
      }
    }
    return current
  }

  /// 1-based line and column of a byte offset. Columns count Unicode scalars, not bytes.
  public func location(ofOffset offset: Int) -> SourceLocation {
    let target = UInt32(clamping: max(0, min(offset, bytes.count)))
    // Binary search for the last line start <= target.
    var lo = 0
    var hi = lineStarts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= target { lo = mid } else { hi = mid - 1 }
    }
    let lineStart = Int(lineStarts[lo])
    let end = Int(target)
    // Bytes on the line, minus UTF-8 continuation bytes (all of them sit inside strings, where
    // the parser recorded them).
    let continuation = multibyte.continuationBytes(before: end) - multibyte.continuationBytes(before: lineStart)
    let column = end - lineStart - continuation + 1
    return SourceLocation(offset: Int(target), line: lo + 1, column: column)
  }
}

/// Options for the parser.
public struct JSONParseOptions: Sendable {
  /// Deepest nesting of arrays and objects accepted.
  public var maxDepth: Int = 1024
  /// Reject numbers whose magnitude overflows a 64-bit float (`1e999999`): they cannot mean anything
  /// in an animation, and players turn them into infinity.
  public var rejectOverflowingNumbers: Bool = true
  public init(maxDepth: Int = 1024, rejectOverflowingNumbers: Bool = true) {
    self.maxDepth = maxDepth
    self.rejectOverflowingNumbers = rejectOverflowingNumbers
  }
}

/// A 1-based position in a source text.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  public var offset: Int
  public var line: Int
  public var column: Int
  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }
  public var description: String { "\(line):\(column)" }
}

/// What a node is.
public enum JSONKind: UInt8, Sendable, CustomStringConvertible {
  case object, array, string, number, bool, null

  public var description: String {
    switch self {
    case .object: return "object"
    case .array: return "array"
    case .string: return "string"
    case .number: return "number"
    case .bool: return "boolean"
    case .null: return "null"
    }
  }
}

@usableFromInline
struct TapeNode: Sendable {
  /// Byte span of the value (strings include their quotes).
  var start: UInt32
  var end: UInt32
  /// Index just past this node's subtree.
  var next: UInt32
  /// Index of the containing array/object (UInt32.max for the root).
  var parent: UInt32
  /// Members (objects) or elements (arrays).
  var count: UInt32
  var kind: JSONKind
  var flags: UInt8

  static let isKey: UInt8 = 1
  static let hasEscapes: UInt8 = 2
  static let isTrue: UInt8 = 4
  static let noParent: UInt32 = .max
}

/// Each node's position in its parent array, computed for the whole tape in one pass the first time
/// a position in a long array is asked for. Thread-safe: a document is shared across threads.
final class ArrayPositionIndex: @unchecked Sendable {
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var positions: [UInt32]? = nil

  init() { pthread_mutex_init(lock, nil) }
  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  func position(of index: Int, in nodes: [TapeNode]) -> UInt32 {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if positions == nil {
      var table = [UInt32](repeating: 0, count: nodes.count)
      for i in nodes.indices where nodes[i].kind == .array {
        var child = i + 1
        var n: UInt32 = 0
        let end = Int(nodes[i].next)
        while child < end {
          table[child] = n
          n += 1
          child = Int(nodes[child].next)
        }
      }
      positions = table
    }
    return positions?[index] ?? 0
  }
}
