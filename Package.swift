// swift-tools-version:6.0
import PackageDescription

// Dependencies, each on purpose:
// - swift-argument-parser: the CLI (subcommands, help, completions, man page, exit code 64 on misuse).
// - Yams: `.lottiekit.yml` configuration, with node positions so that errors name the line.
// Everything else is ours or the system's: the JSON core works on bytes with no dependency; gzip and
// the small zip reader use the system zlib through `CLottieZlib` (ZIPFoundation also defines a module
// called `CZlib` on Linux, hence the distinct name).
let package = Package(
  name: "lottiekit",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "lottiekit", targets: ["lottiekit"]),
    .library(name: "LottieJSON", targets: ["LottieJSON"]),
    .library(name: "LottieModel", targets: ["LottieModel"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
  ],
  targets: [
    .systemLibrary(name: "CLottieZlib", path: "Sources/CLottieZlib"),
    // rlottie (Debian: librlottie-dev), for `render` and `diff --render`; called only in a worker process.
    .systemLibrary(name: "CRLottie", path: "Sources/CRLottie", pkgConfig: "rlottie"),
    .target(name: "LottieJSON"),
    .target(name: "LottieModel", dependencies: ["LottieJSON"]),
    .target(name: "LottieKitIO", dependencies: ["LottieJSON", "LottieModel", "CLottieZlib"]),
    .target(name: "LottieTransforms", dependencies: ["LottieJSON", "LottieModel", "LottieKitIO"]),
    .target(name: "LottieLint", dependencies: ["LottieJSON", "LottieModel", "LottieKitIO", .product(name: "Yams", package: "Yams")]),
    .target(name: "LottieRender", dependencies: ["LottieJSON", "LottieModel", "LottieKitIO", "CLottieZlib", "CRLottie"]),
    .target(name: "LottieDiff", dependencies: ["LottieJSON", "LottieModel", "LottieKitIO", "LottieLint"]),
    .executableTarget(
      name: "lottiekit",
      dependencies: [
        "LottieJSON", "LottieModel", "LottieKitIO", "LottieLint", "LottieTransforms", "LottieRender", "LottieDiff",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "LottieJSONTests", dependencies: ["LottieJSON"]),
    .testTarget(name: "LottieModelTests", dependencies: ["LottieModel", "LottieJSON", "LottieKitIO"]),
    .testTarget(name: "LottieLintTests", dependencies: ["LottieLint", "LottieJSON", "LottieModel", "LottieKitIO"]),
    .testTarget(name: "LottieTransformsTests", dependencies: ["LottieTransforms", "LottieJSON", "LottieModel", "LottieLint"]),
    .testTarget(name: "LottieRenderTests", dependencies: ["LottieRender", "LottieDiff", "LottieJSON"]),
    .testTarget(name: "EndToEndTests", dependencies: ["LottieJSON", "LottieKitIO"]),
  ],
  swiftLanguageModes: [.v6]
)
