import LottieJSON

/// A bezier path value (`{"c": closed, "v": vertices, "i": in-tangents, "o": out-tangents}`) walked
/// vertex by vertex with its two tangents, in one pass over the three arrays (`element(at:)` walks
/// an array from its start, so reading the tangents by position would cost the path's length
/// squared). A tangent is nil where its array is missing, not an array, or shorter than `v`.
package struct PathVertices: Sequence {
  package let path: JSONNode
  package let vertices: JSONNode

  /// nil unless `path` is an object whose `v` is an array.
  package init?(_ path: JSONNode) {
    guard path.isObject, let vertices = path["v"], vertices.isArray else { return nil }
    self.path = path
    self.vertices = vertices
  }

  package var isClosed: Bool { path["c"]?.truthy == true }
  package var count: Int { vertices.count }

  package struct Iterator: IteratorProtocol {
    var vertices: JSONNode.Elements.Iterator
    var ins: JSONNode.Elements.Iterator?
    var outs: JSONNode.Elements.Iterator?
    package mutating func next() -> (vertex: JSONNode, inTangent: JSONNode?, outTangent: JSONNode?)? {
      guard let vertex = vertices.next() else { return nil }
      return (vertex, ins?.next(), outs?.next())
    }
  }

  package func makeIterator() -> Iterator {
    func tangents(_ key: String) -> JSONNode.Elements.Iterator? {
      guard let array = path[key], array.isArray else { return nil }
      return array.elements.makeIterator()
    }
    return Iterator(vertices: vertices.elements.makeIterator(), ins: tangents("i"), outs: tangents("o"))
  }
}
