// swift-tools-version:6.0
import PackageDescription

// Dependencies, each on purpose:
// - swift-argument-parser: the CLI (subcommands, help, completions, man page, exit code 64 on misuse).
// - Yams: `.lottiekit.yml` configuration, with node positions so that errors name the line.
// - swift-property-based (tests only): generated inputs with shrinking for the JSON core's properties.
// - swift-crypto: SHA-256 for content-addressed asset names and the pack manifest (BoringSSL on
//   Linux, CryptoKit on Apple platforms) instead of a hand-written digest.
// - swift-system: `FilePath` for path algebra (lexical normal form, containment by whole
//   components) in `Paths`, instead of hand-written splitting on "/".
// - libxml2 (system, `CLibXML2`): the SVG parser for `svg`, a hardened, fast C parser that every
//   Linux has; used with no network, no DTD loading and no entity substitution.
// - libpng (system, `CLibPNG`, Debian libpng-dev): `optimize` re-encodes embedded PNGs with the same
//   rows (per-row filters, best zlib level) through the reference PNG library, called from a small C
//   shim (`CPNGRecompress`) because libpng reports errors by longjmp.
// - libwebp (system, `CLibWebP`, Debian libwebp-dev): `optimize --images webp` encodes embedded PNGs
//   as WebP and decodes the result again to check it, with the reference codec.
// Everything else is ours or the system's: the JSON core works on bytes with no dependency; gzip and
// the small zip reader use the system zlib through `CLottieZlib` (ZIPFoundation also defines a module
// called `CZlib` on Linux, hence the distinct name).
let package = Package(
  name: "lottiekit",
  platforms: [.macOS(.v15)],  // Synchronization's Mutex
  products: [
    .executable(name: "lottiekit", targets: ["lottiekit"]),
    .library(name: "LottieJSON", targets: ["LottieJSON"]),
    .library(name: "LottieModel", targets: ["LottieModel"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.0"),
    // Tests only: property-based tests of the JSON core on Swift Testing.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0")
  ],
  targets: [
    .systemLibrary(name: "CLottieZlib", path: "Sources/CLottieZlib"),
    .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0"),
    // rlottie (Debian: librlottie-dev), for `render` and `diff --render`; called only in a worker process.
    .systemLibrary(name: "CRLottie", path: "Sources/CRLottie", pkgConfig: "rlottie"),
    .systemLibrary(name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng"),
    .target(name: "CPNGRecompress", dependencies: ["CLibPNG"]),
    // Duktape (Debian's libduktape, ES5 as Bodymovin writes expressions) behind a small C shim:
    // the expressions a measurement needs evaluated, run only in the isolated worker.
    .target(name: "CLottieJS", linkerSettings: [.linkedLibrary("duktape")]),
    .systemLibrary(name: "CLibWebP", path: "Sources/CLibWebP", pkgConfig: "libwebp"),
    .target(name: "LottieJSON"),
    .target(name: "LottieModel", dependencies: ["LottieJSON"]),
    .target(
      name: "LottieKitIO",
      dependencies: [
        "LottieJSON", "LottieModel", "CLottieZlib", "CPNGRecompress", "CLibWebP", .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "SystemPackage", package: "swift-system")
      ]),
    .target(name: "LottieTransforms", dependencies: ["LottieJSON", "LottieModel", "LottieKitIO"]),
    // Renderer data, support lookup, target parsing and the compat table: what lint, compat and
    // diff know about players, in one place.
    .target(name: "LottieCompat", dependencies: ["LottieJSON", "LottieModel"]),
    .target(name: "LottieLint", dependencies: ["LottieJSON", "LottieModel", "LottieKitIO", "LottieCompat", .product(name: "Yams", package: "Yams")]),
    .target(name: "LottieRender", dependencies: ["LottieJSON", "LottieModel", "LottieKitIO", "CLottieZlib", "CRLottie", "CLottieJS"]),
    .target(name: "CSVGXML", dependencies: ["CLibXML2"]),
    .target(name: "SVGImport", dependencies: ["LottieJSON", "LottieModel", "CSVGXML"]),
    .target(name: "LottieDiff", dependencies: ["LottieJSON", "LottieModel", "LottieKitIO", "LottieCompat"]),
    // The commands' jobs: policy, planning and I/O orchestration behind each subcommand.
    .target(
      name: "LottieKitFrontend",
      dependencies: [
        "LottieJSON", "LottieModel", "LottieKitIO", "LottieCompat", "LottieLint", "LottieTransforms", "LottieRender", "LottieDiff", "SVGImport"
      ]),
    .executableTarget(
      name: "lottiekit",
      dependencies: [
        "LottieKitFrontend",
        "LottieJSON", "LottieModel", "LottieKitIO", "LottieCompat", "LottieLint", "LottieTransforms", "LottieRender", "LottieDiff", "SVGImport",
        .product(name: "ArgumentParser", package: "swift-argument-parser")
      ]),
    .testTarget(name: "LottieJSONTests", dependencies: ["LottieJSON", .product(name: "PropertyBased", package: "swift-property-based")]),
    .testTarget(name: "LottieModelTests", dependencies: ["LottieModel", "LottieJSON"]),
    .testTarget(name: "LottieKitIOTests", dependencies: ["LottieKitIO", "LottieModel", "LottieJSON"]),
    .testTarget(name: "LottieLintTests", dependencies: ["LottieLint", "LottieCompat", "LottieJSON", "LottieModel", "LottieKitIO"]),
    .testTarget(name: "LottieTransformsTests", dependencies: ["LottieTransforms", "LottieJSON", "LottieModel", "LottieLint", "LottieKitIO"]),
    .testTarget(name: "LottieRenderTests", dependencies: ["LottieRender", "LottieJSON", "LottieModel", "LottieKitIO"]),
    .testTarget(name: "LottieDiffTests", dependencies: ["LottieDiff", "LottieCompat", "LottieJSON"]),
    .testTarget(name: "SVGImportTests", dependencies: ["SVGImport", "LottieJSON", "LottieModel", "LottieLint"]),
    .testTarget(
      name: "LottieKitFrontendTests", dependencies: ["LottieKitFrontend", "LottieJSON", "LottieKitIO", "LottieLint", "LottieTransforms", "SVGImport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["LottieJSON", "LottieKitIO"])
  ],
  swiftLanguageModes: [.v6]
)

// Fuzz targets (libFuzzer), only when LOTTIEKIT_FUZZ is set: `make fuzz` builds them with
// `-sanitize=fuzzer,address` into their own scratch folder. They have no `main` of their own
// (libFuzzer provides it), so an ordinary build must not see them.
if Context.environment["LOTTIEKIT_FUZZ"] != nil {
  let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
  package.targets += [
    .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
    .executableTarget(name: "FuzzJSON", dependencies: ["LottieJSON", "FuzzSupport"], path: "Fuzz/FuzzJSON", swiftSettings: fuzzFlags),
    .executableTarget(
      name: "FuzzLint", dependencies: ["LottieJSON", "LottieModel", "LottieCompat", "LottieLint", "FuzzSupport"], path: "Fuzz/FuzzLint",
      swiftSettings: fuzzFlags),
    .executableTarget(name: "FuzzSVG", dependencies: ["LottieJSON", "SVGImport", "FuzzSupport"], path: "Fuzz/FuzzSVG", swiftSettings: fuzzFlags),
    .executableTarget(name: "FuzzImages", dependencies: ["LottieKitIO", "FuzzSupport"], path: "Fuzz/FuzzImages", swiftSettings: fuzzFlags),
    .executableTarget(
      name: "FuzzArchives", dependencies: ["LottieJSON", "LottieKitIO", "LottieTransforms", "FuzzSupport"], path: "Fuzz/FuzzArchives",
      swiftSettings: fuzzFlags)
  ]
}
