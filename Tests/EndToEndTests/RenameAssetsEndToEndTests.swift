import Foundation
import Testing
import LottieJSON
import LottieKitIO

/// Every regular file under `dir`, by path relative to it (hidden files included: a leftover
/// temporary file is a failure too).
func treeSnapshot(_ dir: String) throws -> [String: [UInt8]] {
  var out: [String: [UInt8]] = [:]
  guard let e = FileManager.default.enumerator(atPath: dir) else { return out }
  while let rel = e.nextObject() as? String {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: dir + "/" + rel, isDirectory: &isDir), !isDir.boolValue {
      out[rel] = try readBytes(dir + "/" + rel)
    }
  }
  return out
}

/// A small animation with image assets `(u, p)`.
private func animationText(_ images: [(String, String)]) -> String {
  let assets = images.enumerated().map { k, a in
    "{\"id\":\"image_\(k)\",\"w\":1,\"h\":1,\"u\":\"\(a.0)\",\"p\":\"\(a.1)\",\"e\":0}"
  }
  return """
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"nm":"Comp 1","assets":[\(assets.joined(separator: ","))],
     "layers":[{"ty":2,"refId":"image_0","ind":1,"ip":0,"op":60,"st":0,"ks":{}}]}
    """
}

@Suite("rename-assets end to end")
struct RenameAssetsEndToEndTests {
  /// Three exports, each with its own `img_0.png`, in one bundle.
  func threeExports() throws -> String {
    let dir = try makeTemporaryDirectory()
    for name in ["onboarding", "checkout", "settings"] {
      try FileManager.default.createDirectory(atPath: "\(dir)/\(name)/images", withIntermediateDirectories: true)
      try write(animationText([("images/", "img_0.png")]), to: "\(dir)/\(name)/data.json")
      try write("pixels of \(name)", to: "\(dir)/\(name)/images/img_0.png")
    }
    return dir
  }

  @Test func dryRunPlanThenApplyThenNothingToDo() throws {
    let dir = try threeExports()
    let before = try treeSnapshot(dir)

    // --dry-run: the plan on stderr, nothing touched.
    let dry = try lottiekit("rename-assets", "--dry-run", dir)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stderr.contains("images/img_0.png → images/checkout_data_img_0.png"), "\(dry.stderr)")
    #expect(dry.stderr.contains("would rename 3 files"), "\(dry.stderr)")
    #expect(try treeSnapshot(dir) == before)

    // --format json: a machine-readable plan on stdout.
    let json = try lottiekit("rename-assets", "--dry-run", "--format", "json", dir)
    #expect(json.status == 0)
    let plan = try JSONDocument(parsing: [UInt8](json.stdout))
    #expect(plan.root["summary"]?["collisions"]?.int == 1)
    #expect(plan.root["summary"]?["renamed"]?.int == 3)
    #expect(plan.root["files"].list.map { $0["action"]?.string } == ["rename", "rename", "rename"])
    #expect(try treeSnapshot(dir) == before)

    // The real run: files renamed, p rewritten, nothing else.
    let real = try lottiekit("rename-assets", dir)
    #expect(real.status == 0, "\(real.stderr)")
    #expect(real.stderr.contains("renamed 3 files"), "\(real.stderr)")
    let after = try treeSnapshot(dir)
    #expect(
      Set(after.keys) == [
        "checkout/data.json", "checkout/images/checkout_data_img_0.png",
        "onboarding/data.json", "onboarding/images/onboarding_data_img_0.png",
        "settings/data.json", "settings/images/settings_data_img_0.png"
      ])
    for name in ["onboarding", "checkout", "settings"] {
      #expect(after["\(name)/images/\(name)_data_img_0.png"] == Array("pixels of \(name)".utf8))
      let old = String(decoding: before["\(name)/data.json"] ?? [], as: UTF8.self)
      let new = String(decoding: after["\(name)/data.json"] ?? [], as: UTF8.self)
      #expect(new == old.replacingOccurrences(of: "\"p\":\"img_0.png\"", with: "\"p\":\"\(name)_data_img_0.png\""))
    }

    // Idempotent: a second run changes nothing and says so.
    let again = try lottiekit("rename-assets", dir)
    #expect(again.status == 0)
    #expect(again.stderr.contains("nothing to do"), "\(again.stderr)")
    #expect(try treeSnapshot(dir) == after)
  }

  @Test func missingImageStopsBeforeAnyChange() throws {
    let dir = try threeExports()
    try write(animationText([("images/", "img_0.png"), ("images/", "img_9.png")]), to: "\(dir)/settings/data.json")
    let before = try treeSnapshot(dir)
    let r = try lottiekit("rename-assets", dir)
    #expect(r.status == 2)
    #expect(r.stderr.contains("settings/data.json:1:") && r.stderr.contains("images/img_9.png does not exist"), "\(r.stderr)")
    #expect(r.stderr.contains("nothing was changed"))
    #expect(try treeSnapshot(dir) == before)
  }

  @Test func readOnlyImageStopsBeforeAnyChange() throws {
    let dir = try threeExports()
    let locked = "\(dir)/settings/images/img_0.png"
    chmod(locked, 0o444)
    defer { chmod(locked, 0o644) }
    let before = try treeSnapshot(dir)
    let r = try lottiekit("rename-assets", dir)
    #expect(r.status == 2)
    #expect(r.stderr.contains("img_0.png") && r.stderr.contains("read-only"), "\(r.stderr)")
    #expect(r.stderr.contains("nothing was changed"), "\(r.stderr)")
    #expect(try treeSnapshot(dir) == before)
  }

  /// A .tgs (gzip) and a .lot beside a .json used the same image: the image was renamed and only
  /// the .json rewritten, so both others pointed at a file that was gone (exit 0). They are
  /// animations like the .json (lint, compat and the transforms read them), rewritten in kind.
  @Test func tgsAndLotAnimationsAreRewrittenToo() throws {
    let dir = try threeExports()
    let text = animationText([("images/", "img_0.png")])
    try write(try Gzip.compress(Array(text.utf8)), to: "\(dir)/settings/sticker.tgs")
    try write(text, to: "\(dir)/settings/legacy.lot")
    let r = try lottiekit("rename-assets", dir)
    #expect(r.status == 0, "\(r.stderr)")
    let sticker = try readBytes("\(dir)/settings/sticker.tgs")
    #expect(Gzip.isGzip(sticker), "written back gzipped")
    let names = try [Gzip.decompress(sticker), readBytes("\(dir)/settings/legacy.lot"), readBytes("\(dir)/settings/data.json")].map {
      try JSONDocument(parsing: $0).root["assets"]?.element(at: 0)?["p"]?.string ?? ""
    }
    #expect(Set(names).count == 1 && names[0] != "img_0.png", "\(names)")
    #expect(FileManager.default.fileExists(atPath: "\(dir)/settings/images/\(names[0])"))
    // No animation points at a missing file (the fixture's images are not real images: LK305).
    let lint = try lottiekit("lint", dir)
    #expect(lint.stdoutText.contains("LK305") && !lint.stdoutText.contains("LK301"), "\(lint.stdoutText)")
  }

  @Test func usageErrors() throws {
    let none = try lottiekit("rename-assets")
    #expect(none.status == 64)
    let dir = try threeExports()
    let file = try lottiekit("rename-assets", dir + "/settings/data.json")
    #expect(file.status == 64 && file.stderr.contains("is a file"), "\(file.stderr)")
    let missing = try lottiekit("rename-assets", dir + "/nowhere")
    #expect(missing.status == 2 && missing.stderr.contains("no such file"), "\(missing.stderr)")
    let help = try lottiekit("rename-assets", "--help")
    for option in ["--scheme", "--dedupe", "--dry-run", "--format"] { #expect(help.stdoutText.contains(option)) }
  }

  /// Real animations with real images (the corpus's external ones, and embedded ones extracted to
  /// files), each forced to Bodymovin's `data.json` + `images/img_<n>` naming in one bundle.
  @Test func corpusAnimationsForcedIntoCollisions() throws {
    guard corpusRoot != nil else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    let work = try makeTemporaryDirectory()
    let bundle = work + "/bundle"
    var sources: [String] = []
    var k = 0
    for file in corpusFiles(extensions: ["json"]).sorted() {
      guard let doc = try? JSONDocument(parsing: readBytes(file)) else { continue }
      let images = doc.root["assets"].list.filter(isImageAsset)
      guard !images.isEmpty else { continue }
      let stage = "\(work)/stage\(k)"
      try FileManager.default.createDirectory(atPath: stage, withIntermediateDirectories: true)
      let base = (file as NSString).deletingLastPathComponent
      if images.allSatisfy({ $0["p"]?.string?.hasPrefix("data:image/") == true && $0["e"]?.int == 1 }) {
        // Embedded (and flagged, so that players draw them): extract to real files.
        guard sources.count < 8 else { continue }
        try write(doc.bytes, to: stage + "/in.json")
        let x = try lottiekit("extract", stage + "/in.json", "-o", stage + "/data.json", "--images-dir", "images/")
        guard x.status == 0 else { continue }
      } else {
        // External: copy the images that exist (all must).
        var complete = true
        for a in images {
          let rel = (a["u"]?.string ?? "") + (a["p"]?.string ?? "")
          guard !rel.hasPrefix("/"), !rel.contains(".."), !rel.contains("://"), !rel.hasPrefix("data:"),
            FileManager.default.fileExists(atPath: base + "/" + rel)
          else { complete = false; break }
          try FileManager.default.createDirectory(
            atPath: ((stage + "/" + rel) as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
          try write(try readBytes(base + "/" + rel), to: stage + "/" + rel)
        }
        guard complete else { continue }
        try write(doc.bytes, to: stage + "/data.json")
      }
      // Force Bodymovin's names: anim<k>/data.json with images/img_<n>.<ext>.
      let staged = try JSONDocument(parsing: readBytes(stage + "/data.json"))
      let folder = "\(bundle)/anim\(k)"
      try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
      var edits = JSONEdits(staged)
      for (n, a) in staged.root["assets"].list.filter(isImageAsset).enumerated() {
        guard let uNode = a["u"], let pNode = a["p"], let p = pNode.string else { continue }
        let ext = (p as NSString).pathExtension
        let name = "img_\(n)" + (ext.isEmpty ? "" : "." + ext)
        try write(try readBytes(stage + "/" + (uNode.string ?? "") + p), to: folder + "/images/" + name)
        edits.replace(uNode, with: .string("images/"))
        edits.replace(pNode, with: .string(name))
      }
      try write(try edits.apply(), to: folder + "/data.json")
      sources.append(file)
      k += 1
    }
    #expect(sources.count >= 3, "\(sources.count) corpus animations with usable images")
    guard sources.count >= 3 else { return }
    try FileManager.default.copyItem(atPath: bundle, toPath: work + "/before")
    let before = try treeSnapshot(bundle)

    let dry = try lottiekit("rename-assets", "--dry-run", "--format", "json", bundle)
    let plan = try JSONDocument(parsing: [UInt8](dry.stdout))
    #expect((plan.root["summary"]?["collisions"]?.int ?? 0) >= 1, "\(dry.stderr)")
    #expect((plan.root["summary"]?["renamed"]?.int ?? 0) >= sources.count, "\(dry.stdoutText)")

    let r = try lottiekit("rename-assets", bundle)
    #expect(r.status == 0, "\(r.stderr)")

    var contentByName: [String: Set<[UInt8]>] = [:]
    for j in 0..<sources.count {
      let folder = "\(bundle)/anim\(j)"
      let old = try JSONDocument(parsing: before["anim\(j)/data.json"] ?? [])
      let new = try JSONDocument(parsing: readBytes(folder + "/data.json"))
      // Every asset resolves, to the same bytes as before.
      var restore = JSONEdits(new)
      for (a, b) in zip(old.root["assets"].list.filter(isImageAsset), new.root["assets"].list.filter(isImageAsset)) {
        guard let oldP = a["p"]?.string, let newP = b["p"]?.string, let pNode = b["p"] else { continue }
        let bytes = try readBytes(folder + "/" + (b["u"]?.string ?? "") + newP)
        #expect(bytes == before["anim\(j)/images/\(oldP)"], "\(sources[j]): \(oldP) → \(newP)")
        contentByName[newP.lowercased(), default: []].insert(bytes)
        restore.replace(pNode, with: .string(oldP))
      }
      // Outside `p` the JSON is byte-identical: putting the old names back gives the old bytes.
      #expect(try restore.apply() == old.bytes, "\(sources[j])")
      // A rendered frame is pixel-identical (independent renderer), where the oracle is installed.
      if let python = oraclePython {
        let ip = old.root["ip"]?.double ?? 0, op = old.root["op"]?.double ?? 1
        let frame = String(Int((ip + op) / 2))
        let cmp = try run(
          python,
          [
            packageRoot + "/Tests/oracles/same_pixels.py", "\(work)/before/anim\(j)/data.json",
            folder + "/data.json", frame
          ])
        #expect(cmp.status == 0, "\(sources[j]) frame \(frame): \(cmp.stdoutText)")
      }
    }
    // No two different images share a name anywhere in the bundle (flattening is safe).
    for (name, contents) in contentByName { #expect(contents.count == 1, "\(name) names \(contents.count) different images") }

    // A second run finds nothing to do.
    let after = try treeSnapshot(bundle)
    let again = try lottiekit("rename-assets", bundle)
    #expect(again.status == 0 && again.stderr.contains("nothing to do"), "\(again.stderr)")
    #expect(try treeSnapshot(bundle) == after)
    print(
      "rename-assets corpus: \(sources.count) animations, \(contentByName.count) image names after the run"
        + (oraclePython == nil ? " (render comparison skipped: no .venv-oracles)" : ", frames compared with rlottie"))
  }
}
