import LottieJSON
import LottieCompat
import LottieLint
import LottieModel
import FuzzSupport

/// The model walk and every lint rule (all targets and profiles) over arbitrary JSON.
let linter: Linter = {
  var options = LintOptions()
  options.profiles = ["spec-strict", "telegram-sticker"]
  options.targets = ["ios", "android", "web", "skottie", "rlottie", "thorvg"].map(TargetSelection.init(parsing:))
  return Linter(options: options)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let diagnostics = linter.lint(path: "fuzz.json", bytes: bytes, baseDirectory: nil)
  if let doc = try? JSONDocument(parsing: bytes) {
    for d in diagnostics where doc.node(atPointer: d.pointer) == nil {
      fatalError("\(d.code) points at \(d.pointer), which does not resolve")
    }
    let animation = Animation(document: doc)
    _ = animation.compositions.count
    _ = AnimationSummary(animation: animation)
  }
  return 0
}

@_cdecl("FuzzLint_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, { data, size in fuzzLint(data, size) })
}
