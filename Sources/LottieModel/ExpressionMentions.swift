import LottieJSON

/// Which names the expressions of a file mention. Expressions find layers, shapes and assets by
/// name (`thisComp.layer("Bubble")`), so renaming or removing a named thing is only safe when no
/// expression spells its name. A JavaScript engine compares names code unit by code unit, so a
/// mention is the name's exact UTF-8 bytes inside the expression's text.
///
/// Every name is looked for in one pass over the expressions (an Aho–Corasick automaton over the
/// names' bytes), so thousands of names against thousands of expressions cost their total length,
/// not their product.
package struct ExpressionMentions {
  /// Every expression in the document (the string values of `x` members), in document order.
  package static func texts(in document: JSONDocument) -> [String] {
    document.keyIndices(named: "x", in: 0..<document.nodeCount).compactMap { k in
      document.node(JSONNode.ID(raw: UInt32(k + 1))).string
    }
  }

  private let search: MultiPatternSearch

  /// `patterns` are looked for as written (callers quote names when the expression must quote
  /// them); an empty pattern is never found.
  package init(_ patterns: [String]) { search = MultiPatternSearch(patterns.map { Array($0.utf8) }) }

  /// The indices (into the patterns) of those that occur in at least one of `texts`.
  package func found(inAnyOf texts: [String]) -> Set<Int> {
    var marks = MultiPatternSearch.Marks(search)
    for text in texts { search.scan(text.utf8, marks: &marks) }
    return marks.found
  }

  /// A scanner for texts one at a time, reusing its marks (so many short texts cost their length,
  /// not the number of patterns each).
  package func scanner() -> Scanner { Scanner(search: search, marks: MultiPatternSearch.Marks(search)) }

  package struct Scanner {
    let search: MultiPatternSearch
    var marks: MultiPatternSearch.Marks
    /// The indices of the patterns that occur in `text`, each once, in ascending order.
    package mutating func found(in text: String) -> [Int] {
      marks.reset()
      search.scan(text.utf8, marks: &marks)
      return marks.found.sorted()
    }
  }
}

/// Aho–Corasick over bytes: a trie of the patterns with failure links, so one left-to-right
/// pass over a text finds every pattern in it.
struct MultiPatternSearch {
  /// Transitions as `node << 8 | byte` → node; node 0 is the root.
  private var next: [Int: Int32] = [:]
  private var failure: [Int32] = [0]
  /// The nearest node on the failure chain (this one excluded) that ends a pattern, or -1.
  private var outputLink: [Int32] = [-1]
  /// The patterns ending at each node (equal patterns share a node).
  private var ending: [[Int]] = [[]]

  init(_ patterns: [[UInt8]]) {
    for (index, pattern) in patterns.enumerated() where !pattern.isEmpty {
      var node = 0
      for byte in pattern {
        if let child = next[node << 8 | Int(byte)] {
          node = Int(child)
        } else {
          next[node << 8 | Int(byte)] = Int32(failure.count)
          node = failure.count
          failure.append(0)
          outputLink.append(-1)
          ending.append([])
        }
      }
      ending[node].append(index)
    }
    // Breadth first, so that a node's failure target is finished before the node.
    var children: [[(byte: UInt8, node: Int32)]] = Array(repeating: [], count: failure.count)
    for (key, child) in next { children[key >> 8].append((UInt8(key & 0xFF), child)) }
    var queue: [Int] = [0]
    var head = 0
    while head < queue.count {
      let parent = queue[head]
      head += 1
      for (byte, child) in children[parent] {
        let c = Int(child)
        if parent != 0 {
          var f = Int(failure[parent])
          while f != 0 && next[f << 8 | Int(byte)] == nil { f = Int(failure[f]) }
          failure[c] = next[f << 8 | Int(byte)] ?? 0
        }
        let f = Int(failure[c])
        outputLink[c] = ending[f].isEmpty ? outputLink[f] : Int32(f)
        queue.append(c)
      }
    }
  }

  /// Which patterns were seen since the last reset; a node is followed down its output links only
  /// the first time, so a scan costs the text's length plus the patterns found.
  struct Marks {
    /// A node is seen when its stamp is the current generation (a reset costs nothing per node).
    var stamp: [UInt32]
    var generation: UInt32 = 1
    var found = Set<Int>()
    init(_ search: MultiPatternSearch) { stamp = Array(repeating: 0, count: search.failure.count) }
    mutating func reset() {
      found.removeAll(keepingCapacity: true)
      generation &+= 1
      if generation == 0 {
        for i in stamp.indices { stamp[i] = 0 }
        generation = 1
      }
    }
  }

  func scan(_ text: some Sequence<UInt8>, marks: inout Marks) {
    var node = 0
    for byte in text {
      while node != 0 && next[node << 8 | Int(byte)] == nil { node = Int(failure[node]) }
      node = Int(next[node << 8 | Int(byte)] ?? 0)
      var out = ending[node].isEmpty ? Int(outputLink[node]) : node
      while out > 0 && marks.stamp[out] != marks.generation {
        marks.stamp[out] = marks.generation
        marks.found.formUnion(ending[out])
        out = Int(outputLink[out])
      }
    }
  }
}
