import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// The oracle venv's python when it has the renderers (made by `make test`).
let oraclePython: String? = {
  let python = packageRoot + "/.venv-oracles/bin/python3"
  guard FileManager.default.isExecutableFile(atPath: python),
    let r = try? run(python, ["-c", "import rlottie_python, PIL"]), r.status == 0
  else { return nil }
  return python
}()

@Suite("inline and extract on the corpus")
struct InlineCorpusTests {
  @Test func inlineThenExtractIsLosslessAndPixelIdentical() throws {
    guard let root = corpusRoot else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    // Animations whose external images all exist.
    var candidates: [String] = []
    for file in corpusFiles(extensions: ["json"]) {
      guard let doc = try? JSONDocument(parsing: readBytes(file)) else { continue }
      let images = doc.root["assets"].list.filter(isImageAsset)
      guard !images.isEmpty else { continue }
      let external = images.filter { !($0["p"]?.string?.hasPrefix("data:") ?? true) }
      guard !external.isEmpty else { continue }
      let base = (file as NSString).deletingLastPathComponent
      let allExist = external.allSatisfy { a in
        let rel = (a["u"]?.string ?? "") + (a["p"]?.string ?? "")
        return !rel.hasPrefix("/") && !rel.contains("..") && !rel.contains("://") && FileManager.default.fileExists(atPath: base + "/" + rel)
      }
      if allExist { candidates.append(file) }
    }
    #expect(candidates.count >= 2, "\(candidates.count) corpus animations with external images")
    var rendered = 0
    for file in candidates {
      let work = try makeTemporaryDirectory()
      let base = (file as NSString).deletingLastPathComponent
      // Copy the animation and its images (keeping the relative layout).
      let original = try JSONDocument(parsing: readBytes(file))
      try write(original.bytes, to: work + "/a.json")
      var imageBytes: [String: [UInt8]] = [:]
      for a in original.root["assets"].list {
        guard isImageAsset(a), let p = a["p"]?.string, !p.hasPrefix("data:") else { continue }
        let rel = (a["u"]?.string ?? "") + p
        let target = work + "/" + rel
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let bytes = try readBytes(base + "/" + rel)
        try write(bytes, to: target)
        imageBytes[a["id"]?.string ?? ""] = bytes
      }
      let inline = try lottiekit("inline", work + "/a.json", "-o", work + "/inline.json")
      #expect(inline.status == 0, "\(file): \(inline.stderr)")
      guard inline.status == 0 else { continue }
      let extract = try lottiekit("extract", work + "/inline.json", "-o", work + "/out.json", "--images-dir", "extracted/")
      #expect(extract.status == 0, "\(file): \(extract.stderr)")
      let final = try JSONDocument(parsing: readBytes(work + "/out.json"))
      // Images come back byte-identical.
      for a in final.root["assets"].list {
        guard let id = a["id"]?.string, let expected = imageBytes[id], let p = a["p"]?.string else { continue }
        #expect(try readBytes(work + "/extracted/" + p) == expected, "\(file): image \(id)")
      }
      // Outside the image assets' u/p/e, nothing changed.
      for member in original.root.members where member.key != "assets" {
        #expect(final.root[member.key]?.sourceText == member.value.sourceText, "\(file): \(member.key) changed")
      }
      for (a, b) in zip(original.root["assets"].list, final.root["assets"].list) {
        for m in a.members where !["u", "p", "e"].contains(m.key) || a["layers"] != nil {
          #expect(b[m.key]?.sourceText == m.value.sourceText, "\(file): asset member \(m.key) changed")
        }
      }
      // A rendered frame is pixel-identical (independent renderer), where the oracle is installed.
      if let python = oraclePython {
        let frame = "0"
        for (x, y) in [("a.json", "inline.json"), ("a.json", "out.json")] {
          let r = try run(python, [packageRoot + "/Tests/oracles/same_pixels.py", work + "/" + x, work + "/" + y, frame])
          #expect(r.status == 0, "\(file) \(x) vs \(y): \(r.stdoutText)")
        }
        rendered += 1
      }
    }
    // The reverse: animations with embedded images, extract then inline.
    var reverse = 0
    for file in corpusFiles(extensions: ["json"]) {
      guard let doc = try? JSONDocument(parsing: readBytes(file)) else { continue }
      let embedded = doc.root["assets"].list.filter { $0["p"]?.string?.hasPrefix("data:image/") == true && $0["layers"] == nil }
      guard !embedded.isEmpty else { continue }
      let work = try makeTemporaryDirectory()
      try write(doc.bytes, to: work + "/a.json")
      let x = try lottiekit("extract", work + "/a.json", "-o", work + "/x.json")
      guard x.status == 0 else { continue }  // undecodable data is refused (checked in InlineExtractTests)
      let i = try lottiekit("inline", work + "/x.json", "-o", work + "/back.json")
      #expect(i.status == 0, "\(file): \(i.stderr)")
      let back = try JSONDocument(parsing: readBytes(work + "/back.json"))
      for (a, b) in zip(doc.root["assets"].list, back.root["assets"].list) {
        guard let pa = a["p"]?.string, pa.hasPrefix("data:image/"), let pb = b["p"]?.string,
          let ca = pa.firstIndex(of: ","), let cb = pb.firstIndex(of: ",")
        else { continue }
        #expect(try Base64.decode(pa[pa.index(after: ca)...]) == Base64.decode(pb[pb.index(after: cb)...]), "\(file): image bytes changed")
        for m in a.members where !["u", "p", "e"].contains(m.key) {
          #expect(b[m.key]?.sourceText == m.value.sourceText, "\(file): asset member \(m.key) changed")
        }
      }
      for member in doc.root.members where member.key != "assets" {
        #expect(back.root[member.key]?.sourceText == member.value.sourceText, "\(file): \(member.key) changed")
      }
      // Pixels must match where the original already had `e: 1`. Without it rlottie and ThorVG
      // draw nothing for a data URI (lint LK309), and the round trip's `e: 1` makes the image appear.
      let flagged = embedded.allSatisfy { $0["e"]?.int == 1 }
      if let python = oraclePython, flagged {
        let r = try run(python, [packageRoot + "/Tests/oracles/same_pixels.py", work + "/a.json", work + "/back.json", "0"])
        #expect(r.status == 0 || r.status == 3, "\(file): \(r.stdoutText)")
      }
      reverse += 1
    }
    #expect(reverse >= 5)
    print("inline/extract corpus: \(reverse) animations with embedded images extracted and inlined back")
    if oraclePython == nil { print("note: render comparison skipped (no .venv-oracles with rlottie-python; run make oracles)") }
    print("inline/extract corpus: \(candidates.count) animations, \(rendered) rendered before/after")
  }
}

/// Image assets as players see them (not precomps, not data/footage assets with `t: 3`).
func isImageAsset(_ a: JSONNode) -> Bool {
  guard let p = a["p"]?.string, a["layers"] == nil, a["t"]?.int != 3 else { return false }
  return !p.lowercased().hasSuffix(".json")
}
