/// Ranges of a document (the bytes of values and members, or tape indices of subtrees), sorted
/// once and merged where they overlap, for "is this offset or span inside one of them" in
/// logarithmic time.
package struct SpanSet: Sendable {
  private var ranges: [Range<Int>] = []

  package init(_ spans: some Sequence<Range<Int>>) {
    for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = ranges.last, span.lowerBound < last.upperBound {
        ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
      } else {
        ranges.append(span)
      }
    }
  }

  package var isEmpty: Bool { ranges.isEmpty }

  /// Whether `span` lies inside one of the ranges.
  package func covers(_ span: Range<Int>) -> Bool {
    // The last range starting at or before the span is the only one that can hold it.
    var low = 0, high = ranges.count
    while low < high {
      let mid = (low + high) / 2
      if ranges[mid].lowerBound <= span.lowerBound { low = mid + 1 } else { high = mid }
    }
    guard low > 0 else { return false }
    return span.upperBound <= ranges[low - 1].upperBound
  }

  /// Whether the byte at `offset` lies inside one of the ranges.
  package func contains(_ offset: Int) -> Bool { covers(offset..<(offset + 1)) }
}
