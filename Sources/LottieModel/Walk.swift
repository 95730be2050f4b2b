import LottieJSON

/// Where something is: its JSON pointer and its layer name path (`["Main", "Bubble", "Ellipse 1"]`).
public struct LottieLocation: Sendable, Hashable {
  public var pointer: String
  public var layerPath: [String]
  public init(pointer: String, layerPath: [String]) {
    self.pointer = pointer
    self.layerPath = layerPath
  }
  /// `Main › Bubble › Ellipse 1`
  public var layerPathText: String { layerPath.joined(separator: " › ") }
}

/// A layer met during a walk, with its composition and name path.
public struct LayerVisit: Sendable {
  public let layer: Layer
  public let composition: Composition
  /// Composition name followed by the layer's name.
  public let path: [String]
}

extension Animation {
  /// Visits every layer of every composition once (root first, then precomp assets in file order).
  /// Each composition is visited once however many layers use it, so cycles and diamond-shaped
  /// precomp graphs cost nothing extra.
  public func forEachLayer(_ body: (LayerVisit) -> Void) {
    for composition in compositions {
      let compName = composition.displayName
      for layer in composition.layers {
        body(
          LayerVisit(
            layer: layer, composition: composition,
            path: [compName, layer.name ?? "#\(layer.position)"]))
      }
    }
  }

  /// How many layers a player builds: every layer of the root composition, and for each precomp
  /// layer every layer of the composition it uses, again and again down the nesting. A precomp
  /// used twice counts twice (players instantiate it twice), so precomps that each use the next
  /// one twice grow exponentially. Nil when the count passes `limit` or precomps include
  /// themselves (then it has no end). Linear in the file: each composition is counted once.
  /// `counting` picks the layers that count (every layer by default); precomps are entered either way.
  public func layerInstances(limit: Int, counting: (Layer) -> Bool = { _ in true }) -> Int? {
    struct Frame {
      let id: String?
      let layers: [Layer]
      var next = 0
      var sum = 0
    }
    let byID = assetsByID
    let cap = limit >= Int.max - 1 ? Int.max : limit + 1
    var memo: [String: Int] = [:]
    var open: Set<String> = []
    func add(_ a: Int, _ b: Int) -> Int {
      let (sum, overflow) = a.addingReportingOverflow(b)
      return overflow ? cap : min(cap, sum)
    }
    var stack = [Frame(id: nil, layers: rootComposition.layers)]
    while var top = stack.popLast() {
      if top.sum >= cap { return nil }
      if top.next < top.layers.count {
        let layer = top.layers[top.next]
        top.next += 1
        if counting(layer) { top.sum = add(top.sum, 1) }
        if layer.typeCode == 0, let ref = layer.refId, let asset = byID[ref], asset.isPrecomp {
          if let known = memo[ref] {
            top.sum = add(top.sum, known)
          } else {
            if open.contains(ref) { return nil }
            open.insert(ref)
            stack.append(top)
            stack.append(Frame(id: ref, layers: Composition(animation: self, node: asset.node, asset: asset).layers))
            continue
          }
        }
        stack.append(top)
        continue
      }
      if let id = top.id {
        memo[id] = top.sum
        open.remove(id)
      }
      guard !stack.isEmpty else { return top.sum > limit ? nil : top.sum }
      stack[stack.count - 1].sum = add(stack[stack.count - 1].sum, top.sum)
    }
    return 0
  }

  /// Precomp edges: composition id (nil = root) → ids of precomp assets its layers reference.
  public func precompReferences() -> [(from: Composition, layer: Layer, to: String)] {
    var edges: [(Composition, Layer, String)] = []
    for composition in compositions {
      for layer in composition.layers where layer.typeCode == 0 {
        if let ref = layer.refId { edges.append((composition, layer, ref)) }
      }
    }
    return edges
  }

  /// Cycles among precomps (each as the list of asset ids, first repeated at the end), found with an
  /// iterative depth-first search.
  public func precompCycles() -> [[String]] {
    var adjacency: [String: [String]] = [:]
    let byID = assetsByID
    for edge in precompReferences() {
      guard let from = edge.from.id, byID[edge.to]?.isPrecomp == true else { continue }
      adjacency[from, default: []].append(edge.to)
    }
    var state: [String: Int] = [:]  // 1 on the stack, 2 done
    var cycles: [[String]] = []
    var seenCycles = Set<[String]>()
    for start in adjacency.keys.sorted() where state[start] == nil {
      var stack: [(String, Int)] = [(start, 0)]
      var path: [String] = [start]
      var pathIndex: [String: Int] = [start: 0]
      state[start] = 1
      while let (node, next) = stack.last {
        let targets = adjacency[node] ?? []
        if next < targets.count {
          stack[stack.count - 1].1 += 1
          let target = targets[next]
          if state[target] == 1 {
            if let k = pathIndex[target] {
              let cycle = Array(path[k...]) + [target]
              // Normalise the rotation so one cycle is reported once.
              let body = Array(cycle.dropLast())
              if let minIndex = body.indices.min(by: { body[$0] < body[$1] }) {
                let rotated = Array(body[minIndex...] + body[..<minIndex])
                if seenCycles.insert(rotated).inserted { cycles.append(rotated + [rotated[0]]) }
              }
            }
          } else if state[target] == nil {
            state[target] = 1
            stack.append((target, 0))
            pathIndex[target] = path.count
            path.append(target)
          }
        } else {
          state[node] = 2
          stack.removeLast()
          pathIndex[path.removeLast()] = nil
        }
      }
    }
    return cycles
  }

  /// The deepest chain of nested precomps reachable from the root (cycles cut).
  public func precompDepth() -> Int {
    var adjacency: [String?: [String]] = [:]
    let byID = assetsByID
    for edge in precompReferences() where byID[edge.to]?.isPrecomp == true {
      adjacency[edge.from.id, default: []].append(edge.to)
    }
    var memo: [String: Int] = [:]
    var onStack = Set<String>()
    // Iterative post-order depth computation.
    func depth(of start: String) -> Int {
      var stack: [(String, Int)] = [(start, 0)]
      onStack.insert(start)
      var best: [String: Int] = [start: 0]
      while let (node, next) = stack.last {
        let targets = adjacency[node] ?? []
        if next < targets.count {
          stack[stack.count - 1].1 += 1
          let t = targets[next]
          if let m = memo[t] {
            best[node] = max(best[node] ?? 0, m + 1)
          } else if !onStack.contains(t) {
            onStack.insert(t)
            best[t] = 0
            stack.append((t, 0))
          }
        } else {
          stack.removeLast()
          onStack.remove(node)
          let d = best[node] ?? 0
          memo[node] = d
          if let parent = stack.last?.0 { best[parent] = max(best[parent] ?? 0, d + 1) }
        }
      }
      return memo[start] ?? 0
    }
    var result = 0
    for target in adjacency[nil] ?? [] { result = max(result, depth(of: target) + 1) }
    return result
  }

  /// Ids of the precomp assets reachable from the root composition.
  public func reachablePrecompIDs() -> Set<String> {
    var adjacency: [String?: [String]] = [:]
    for edge in precompReferences() { adjacency[edge.from.id, default: []].append(edge.to) }
    var seen = Set<String>()
    var queue = adjacency[nil] ?? []
    while let id = queue.popLast() {
      if seen.insert(id).inserted { queue.append(contentsOf: adjacency[id] ?? []) }
    }
    return seen
  }
}

extension Shape {
  /// Every shape under `shapes` (groups opened), depth first, without building name paths (for
  /// checks that need a path only when they report).
  public static func forEach(_ shapes: [Shape], _ body: (Shape) -> Void) {
    var stack: [Shape] = shapes.reversed()
    while let shape = stack.popLast() {
      body(shape)
      if shape.typeCode == "gr" {
        for child in shape.items.reversed() { stack.append(child) }
      }
    }
  }

  /// Every shape under `shapes` (groups opened), depth first, with the name path below the layer.
  /// Iterative: a hostile file's nesting cannot overflow the stack.
  public static func walk(_ shapes: [Shape], path: [String], _ body: (Shape, [String]) -> Void) {
    var stack: [(Shape, [String])] = shapes.reversed().map { ($0, path) }
    while let (shape, parentPath) = stack.popLast() {
      let myPath = parentPath + [shape.name ?? shape.typeCode ?? "?"]
      body(shape, myPath)
      if shape.typeCode == "gr" {
        for child in shape.items.reversed() { stack.append((child, myPath)) }
      }
    }
  }
}

/// Animated properties and keyframes.
public struct AnimatedProperty: Sendable {
  public let node: JSONNode
  public init(node: JSONNode) { self.node = node }

  /// An object with `k` (and usually `a`) is a property.
  public static func isProperty(_ node: JSONNode) -> Bool { node.isObject && node["k"] != nil }

  public var isAnimated: Bool {
    if let a = node["a"]?.truthy { return a }
    // Legacy exports omit `a`: keyframes are objects with `t`.
    guard let k = node["k"], k.isArray, let first = k.element(at: 0) else { return false }
    return first.isObject && first["t"] != nil
  }
  public var keyframes: [JSONNode] {
    guard isAnimated, let k = node["k"], k.isArray else { return [] }
    return Array(k.elements)
  }
  /// The values the property takes: its static value, or every keyframe's start value.
  public var values: [JSONNode] { isAnimated ? keyframes.compactMap { $0["s"] } : [node["k"]].compactMap { $0 } }
  public var expression: String? { node["x"]?.string }
}

extension Animation {
  /// The layer name path of any node: composition, layer, then shape names down to the node
  /// (`["Main", "Bubble", "Ellipse 1"]`). Empty for nodes outside layers.
  public func layerPath(of node: JSONNode) -> [String] {
    var names: [String] = []
    var current: JSONNode? = node
    var foundLayer = false
    while let n = current {
      if let container = n.parent, container.isArray, let key = container.key, n.isObject {
        if key == "layers" {
          let owner = container.parent
          names.append(n["nm"]?.string ?? "#\(n.arrayIndex ?? 0)")
          if let owner, owner == root {
            names.append(name ?? "root")
          } else if let owner {
            names.append(owner["nm"]?.string ?? owner["id"]?.string ?? "precomp")
          }
          foundLayer = true
          break
        } else if key == "shapes" || key == "it" {
          names.append(n["nm"]?.string ?? n["ty"]?.string ?? "#\(n.arrayIndex ?? 0)")
        }
      }
      current = n.parent
    }
    return foundLayer ? names.reversed() : []
  }
}
