import LottieJSON

/// Applies the fixes of diagnostics to a document. Overlapping fixes are applied one round at a
/// time: the ones that conflict wait for the next lint pass.
///
/// Linear in the document and the fixes together: every fix's operations are resolved once, a fix
/// is checked against the spans already taken in logarithmic time, validated on its own (the cost
/// of its edits and the containers they touch), and the new bytes are written once at the end.
package enum Fixer {
  /// Applies the safe fixes (and the unsafe ones too when `unsafe`); `applied` counts them.
  package static func apply(_ fixes: [Fix], to document: JSONDocument, unsafe: Bool = false) -> (bytes: [UInt8], applied: Int) {
    var resolver = JSONPointerResolver(document)
    let plans = fixes.filter { unsafe || $0.applicability == .safe }.map { Plan($0, resolver: &resolver) }
    var bounds: [Int] = []
    for plan in plans { for span in plan?.spans ?? [] { bounds += [span.lowerBound, span.upperBound] } }
    var taken = SpanCoverage(bounds: bounds)
    var edits = JSONEdits(document)
    var applied = 0
    var dropBOM = false
    for case let plan? in plans {
      if plan.spans.contains(where: taken.intersects) { continue }
      var alone = JSONEdits(document)
      guard plan.record(into: &alone), (try? alone.validate()) != nil, plan.record(into: &edits) else { continue }
      for span in plan.spans { taken.cover(span) }
      if plan.removesBOM && document.hasBOM { dropBOM = true }
      applied += 1
    }
    var bytes = (try? edits.apply()) ?? document.bytes
    if dropBOM && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    return (bytes, applied)
  }

  /// A fix's operations resolved to nodes, with the byte spans they touch; nil when a pointer
  /// names nothing (the fix is stale).
  struct Plan {
    enum Step {
      case replace(JSONNode, [UInt8])
      case insert(object: JSONNode, key: String, [UInt8])
      case remove(JSONNode)
    }
    var steps: [Step] = []
    var spans: [Range<Int>] = []
    var removesBOM = false

    init?(_ fix: Fix, resolver: inout JSONPointerResolver) {
      for op in fix.operations {
        switch op {
        case .replace(let pointer, let json):
          guard let node = resolver.node(atPointer: pointer) else { return nil }
          steps.append(.replace(node, Array(json.utf8)))
          spans.append(node.span)
        case .add(let objectPointer, let key, let json):
          guard let object = resolver.node(atPointer: objectPointer), object.isObject else { return nil }
          if let existing = object[key] {
            steps.append(.replace(existing, Array(json.utf8)))
            spans.append(existing.span)
          } else {
            steps.append(.insert(object: object, key: key, Array(json.utf8)))
            spans.append(object.span.upperBound - 1..<object.span.upperBound)
          }
        case .remove(let pointer):
          guard let node = resolver.node(atPointer: pointer) else { return nil }
          steps.append(.remove(node))
          spans.append(node.parent?.span ?? node.span)
        case .removeBOM:
          removesBOM = true
        }
      }
    }

    /// Adds the steps to `edits`; false when one of them cannot be expressed.
    func record(into edits: inout JSONEdits) -> Bool {
      do {
        for step in steps {
          switch step {
          case .replace(let node, let bytes): edits.replace(node, withRaw: bytes)
          case .insert(let object, let key, let bytes): try edits.insertMember(key, .raw(bytes), into: object)
          case .remove(let node): try edits.remove(node)
          }
        }
        return true
      } catch {
        return false
      }
    }
  }
}

/// Byte ranges marked as taken, with "does this range meet a taken one" in logarithmic time: two
/// Fenwick trees (range add, range sum) over the ranges' bounds, known in advance.
struct SpanCoverage {
  private let bounds: [Int]
  private var linear: [Int]
  private var offset: [Int]

  init(bounds: [Int]) {
    self.bounds = Array(Set(bounds)).sorted()
    linear = Array(repeating: 0, count: self.bounds.count + 2)
    offset = Array(repeating: 0, count: self.bounds.count + 2)
  }

  /// The elementary segments [bounds[i], bounds[i+1]) a range covers, 1-based and inclusive.
  private func segments(_ span: Range<Int>) -> ClosedRange<Int>? {
    guard let first = index(of: span.lowerBound), let end = index(of: span.upperBound), end > first else { return nil }
    return (first + 1)...end
  }

  private func index(of bound: Int) -> Int? {
    var low = 0, high = bounds.count
    while low < high {
      let mid = (low + high) / 2
      if bounds[mid] < bound { low = mid + 1 } else { high = mid }
    }
    return low < bounds.count && bounds[low] == bound ? low : nil
  }

  private static func add(_ tree: inout [Int], _ at: Int, _ value: Int) {
    var i = at
    while i < tree.count {
      tree[i] += value
      i += i & -i
    }
  }

  private static func sum(_ tree: [Int], _ at: Int) -> Int {
    var i = at, total = 0
    while i > 0 {
      total += tree[i]
      i -= i & -i
    }
    return total
  }

  private func prefix(_ i: Int) -> Int { Self.sum(linear, i) * i - Self.sum(offset, i) }

  func intersects(_ span: Range<Int>) -> Bool {
    guard let s = segments(span) else { return false }
    return prefix(s.upperBound) - prefix(s.lowerBound - 1) > 0
  }

  mutating func cover(_ span: Range<Int>) {
    guard let s = segments(span) else { return }
    Self.add(&linear, s.lowerBound, 1)
    Self.add(&linear, s.upperBound + 1, -1)
    Self.add(&offset, s.lowerBound, s.lowerBound - 1)
    Self.add(&offset, s.upperBound + 1, -s.upperBound)
  }
}

extension Linter {
  /// An animation with its safe fixes applied, round after round (a fix can reveal another) until
  /// none applies, at most five rounds; `applied` counts the fixes.
  package func fixed(path: String, bytes: [UInt8], baseDirectory: String?) -> (bytes: [UInt8], applied: Int) {
    var bytes = bytes
    var total = 0
    for _ in 0..<5 {
      guard let doc = try? JSONDocument(parsing: bytes) else { break }
      let fixes = lint(path: path, document: doc, baseDirectory: baseDirectory).compactMap(\.fix)
      if fixes.isEmpty { break }
      let (next, applied) = Fixer.apply(fixes, to: doc)
      if applied == 0 || next == bytes { break }
      bytes = next
      total += applied
    }
    return (bytes, total)
  }
}
