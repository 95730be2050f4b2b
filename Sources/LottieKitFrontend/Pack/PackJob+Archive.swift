import LottieJSON
import LottieKitIO
import LottieLint
import LottieTransforms

extension PackJob {
  /// A `.lottie` packed into one `.lottie`: the archive stays as it is — its manifest (animation
  /// ids, `loop`, `speed`, `themeColor`, author), images, sounds, themes, state machines and any
  /// other entry, byte for byte, in their order and layout — and only its animations go through
  /// pack's steps, their assets still pointing into the archive. Nil (having said why) when an
  /// animation is refused; `--dotlottie-version` naming the other layout is refused, since that
  /// would rewrite the manifest (unpack, then pack the folder, keeps the layout too).
  func rearchive(_ sources: [AnimationSource], of input: Input, linter: Linter?, failures: inout Failures) -> Packed? {
    let archive: ZipArchive
    do throws(ArchiveError) {
      let bytes: [UInt8]
      do { bytes = try FileIO.read(input.path) } catch { throw ArchiveError(error.message) }
      archive = try ZipArchive(bytes: bytes, limit: Gzip.defaultLimit)
    } catch {
      printError("\(input.path): error: \(error.message)")
      failures.inputFailed = true
      return nil
    }
    let layout = sources.contains { $0.entryName?.hasPrefix("animations/") == true } ? 1 : 2
    if let asked = dotLottieVersion, asked != layout {
      printError(
        "\(input.path): error: this is a dotLottie v\(layout) archive, and pack keeps an archive's layout and manifest; --dotlottie-version \(asked) would need them rewritten (pack the animation's JSON instead)"
      )
      failures.inputFailed = true
      return nil
    }
    var jsonOptions = options
    jsonOptions.keepsArchive = true
    var replaced: [String: [UInt8]] = [:]
    var steps: [SizeStep] = []
    var firstJSON: [UInt8] = []
    for source in sources {
      guard let entry = source.entryName,
        let document = animation(source, of: input, among: sources.count, failures: &failures),
        let prepared = prepare(document, source, options: jsonOptions, failures: &failures)
      else { return nil }
      replaced[entry] = prepared.json
      if firstJSON.isEmpty { firstJSON = prepared.json }
      let label = sources.count > 1 ? " " + Paths.fileName(of: entry) : ""
      steps += prepared.steps.map { SizeStep(name: $0.name + label, before: $0.before, after: $0.after) }
    }
    let bytes: [UInt8]
    do { bytes = try DotLottie.rewrite(archive, replacing: replaced) } catch {
      printError("\(input.path): error: \(error.message)")
      failures.inputFailed = true
      return nil
    }
    if let linter {
      for source in sources {
        guard let entry = source.entryName, let json = replaced[entry] else { continue }
        if refuses(linter, json, source: source, container: bytes) { failures.refused = true }
      }
      if failures.refused { return nil }
    }
    let entriesBefore = archive.entries.reduce(0) { $0 + (replaced[$1.name]?.count ?? $1.uncompressedSize) }
    steps.append(SizeStep(name: "zip (deflate)", before: entriesBefore, after: bytes.count))
    return Packed(
      input: input.path, id: input.id, bytes: bytes, json: firstJSON, destination: outputPath, steps: steps,
      inputBytes: sources.first?.fileBytes ?? 0, imageBytesRead: 0, imageCount: 0, targets: targets)
  }
}
