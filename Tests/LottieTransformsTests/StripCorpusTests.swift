import Foundation
import Testing
import LottieJSON
import LottieModel
import LottieLint
@testable import LottieTransforms

let corpusRoot: String? = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<4 { url.deleteLastPathComponent() }
  let path = url.appendingPathComponent("shared/corpus").path
  return FileManager.default.fileExists(atPath: path) ? path : nil
}()

func corpusDocuments() -> [(String, JSONDocument)] {
  guard let root = corpusRoot, let e = FileManager.default.enumerator(atPath: root) else { return [] }
  var result: [(String, JSONDocument)] = []
  while let rel = e.nextObject() as? String {
    guard rel.hasSuffix(".json"), let data = FileManager.default.contents(atPath: root + "/" + rel),
      let doc = try? JSONDocument(parsing: [UInt8](data)), Animation(document: doc).looksLikeLottie
    else { continue }
    result.append((rel, doc))
  }
  return result.sorted { $0.0 < $1.0 }
}

/// Reference errors lint finds (the rules a strip could break).
func referenceErrors(_ bytes: [UInt8]) -> [String] {
  let codes: Set<String> = ["LK201", "LK202", "LK203", "LK205", "LK206", "LK208", "LK209"]
  let linter = Linter(rules: RuleRegistry.all.filter { codes.contains($0.description.code) }, fileSystem: nil)
  return linter.lint(path: "x", bytes: bytes, baseDirectory: nil).map { "\($0.code) \($0.message)" }
}

@Suite("strip on the corpus")
struct StripCorpusTests {
  @Test func leafParentCascadeDetach() throws {
    let documents = corpusDocuments()
    guard !documents.isEmpty else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    var leaves = 0, parents = 0
    for (path, doc) in documents {
      let animation = Animation(document: doc)
      let root = animation.rootComposition
      let layers = root.layers.filter { $0.node.isObject }
      let before = referenceErrors(doc.bytes)
      var nameCount: [String: Int] = [:]
      animation.forEachLayer { if let n = $0.layer.name { nameCount[n, default: 0] += 1 } }
      let referenced = Set(layers.compactMap(\.parentIndex) + layers.compactMap(\.matteParent))
      // A leaf: uniquely named, nobody's parent or matte, not matted itself.
      if let leaf = layers.first(where: { l in
        guard let n = l.name, nameCount[n] == 1, let ind = l.index, !referenced.contains(ind) else { return false }
        return !l.isMatteSource && (l.matteModeCode ?? 0) == 0 && l.typeCode != 0
      }), let name = leaf.name {
        var options = StripOptions()
        options.selectors = [.exact(name)]
        options.keepAssets = true
        let plan = Strip.plan(animation, options: options)
        #expect(!plan.refused, "\(path): stripping leaf \(name) refused")
        let out: [UInt8]
        do { out = try Strip.apply(plan, to: doc) } catch {
          Issue.record("\(path): \(error)")
          continue
        }
        let after = try JSONDocument(parsing: out)
        // Every other layer is byte-identical, in order.
        let kept = layers.filter { $0.node != leaf.node }.map { Array($0.node.sourceBytes) }
        let now = Animation(document: after).rootComposition.layers.map { Array($0.node.sourceBytes) }
        #expect(kept == now, "\(path): other layers changed")
        #expect(referenceErrors(out).count <= before.count, "\(path): new reference errors \(referenceErrors(out))")
        leaves += 1
      }
      // A parent: refuses without flags; with --cascade and --detach no dangling reference remains.
      if let parent = layers.first(where: { l in
        guard let n = l.name, nameCount[n] == 1, let ind = l.index else { return false }
        return layers.contains { $0.parentIndex == ind && $0.node != l.node }
      }), let name = parent.name {
        var options = StripOptions()
        options.selectors = [.exact(name)]
        #expect(Strip.plan(animation, options: options).refused, "\(path): stripping parent \(name) did not refuse")
        for policy in [StripOptions.DependentPolicy.cascade, .detach] {
          options.policy = policy
          let out: [UInt8]
          do { out = try Strip.apply(Strip.plan(animation, options: options), to: doc) } catch {
            Issue.record("\(path) \(policy): \(error)")
            continue
          }
          let errors = referenceErrors(out).filter { !before.contains($0) }
          #expect(errors.isEmpty, "\(path) \(policy): \(errors)")
        }
        parents += 1
      }
    }
    #expect(leaves > 300)
    #expect(parents > 100)
    print("strip corpus: \(leaves) leaf strips, \(parents) parent strips checked")
  }
}
