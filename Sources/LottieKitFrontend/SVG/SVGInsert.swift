import Foundation
import LottieJSON
import LottieKitIO
import LottieModel
import SVGImport

/// `svg --into`: inserts a converted drawing as the first (top-most) layers of an existing
/// animation, with fresh `ind`s and the animation's frames; every other byte stays as it was.
package struct SVGInsert {
  package var animationPath: String
  package var conversion: SVGConversion
  package var layerName: String

  /// The animation's bytes with the drawing's layers inserted, and a description of what was
  /// inserted (`layer 4 "Badge" of hero.json (3 paths)`).
  package func inserted() throws -> (bytes: [UInt8], said: String) {
    let path = animationPath
    let document: JSONDocument
    switch loadAndParse(path) {
    case .failure(let error):
      printError(error.errorLine)
      throw Exit.failure
    case .success(let animations):
      guard let a = editableAnimation(animations) else {
        printError("\(path): error: --into: \(notEditable)")
        throw Exit.failure
      }
      document = a.document
    }
    let animation = Animation(document: document)
    guard animation.looksLikeLottie, let layers = animation.rootComposition.layersNode, layers.isArray else {
      printError("\(path): error: not a Lottie animation (no layers array)")
      throw Exit.failure
    }
    let used = animation.rootComposition.layers.compactMap(\.index)
    let ind = (used.max() ?? 0) + 1
    // Every layer of the drawing (more than one when a clip path or mask cut an element out), on
    // top, in order, with fresh indices.
    var inserted: [JSONValue] = []
    for (j, layer) in conversion.layers.enumerated() {
      guard case .object(var members) = layer else { continue }
      func set(_ key: String, _ value: JSONValue) {
        if let k = members.firstIndex(where: { $0.0 == key }) { members[k].1 = value } else { members.append((key, value)) }
      }
      set("ind", .int(ind + j))
      if let ip = animation.root["ip"], ip.isNumber { set("ip", .raw(Array(ip.sourceBytes))) }
      if let op = animation.root["op"], op.isNumber { set("op", .raw(Array(op.sourceBytes))) }
      set("nm", .string(j == 0 ? layerName : "\(layerName) \(j + 1)"))
      inserted.append(.object(members))
    }
    var edits = JSONEdits(document)
    let result: [UInt8]
    do {
      for layer in inserted { try edits.insertElement(layer, into: layers, at: 0) }
      result = try edits.apply()
    } catch {
      printError("\(path): error: \(error.message)")
      throw Exit.failure
    }
    let which = inserted.count == 1 ? "layer \(ind)" : "layers \(ind)–\(ind + inserted.count - 1)"
    return (result, "\(which) \"\(layerName)\" of \(path) (\(conversion.pathCount) paths)")
  }

  /// Writes the result to `outputPath` (never onto the animation itself) or stdout; returns what
  /// was inserted.
  package func write(to outputPath: String?) throws -> String {
    let (result, said) = try inserted()
    if let outputPath {
      if let refusal = outputOntoInput(outputPath, inputs: [animationPath], inPlace: false) {
        printError("\(animationPath): error: \(refusal)")
        throw Exit.failure
      }
      try SVGJob.writeAll([(outputPath, try OutputContainer.encode(result, for: outputPath))])
    } else {
      do { try FileIO.writeStandardOutput(result) } catch {
        throw Exit.error(error.description)
      }
    }
    return said
  }
}
