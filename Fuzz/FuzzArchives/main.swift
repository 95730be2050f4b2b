import LottieJSON
import LottieKitIO
import LottieTransforms

/// `.tgs` (gzip) and `.lottie` (zip) readers, and `unpack`, with a small expansion limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchives(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limit = 4 * 1024 * 1024
  if let json = try? Gzip.decompress(bytes, limit: limit), json.count > limit { fatalError("gzip limit ignored") }
  if let archive = try? ZipArchive(bytes: bytes, limit: limit) {
    var total = 0
    for entry in archive.entries {
      if let data = try? archive.data(of: entry) { total += data.count }
    }
    if total > limit * 2 { fatalError("zip limit ignored") }
  }
  if let unpacked = try? Unpack.run(bytes, fileName: "fuzz.lottie", limit: limit) {
    for file in unpacked.files where !ZipArchive.isSafeEntryName(file.path) { fatalError("unsafe output path \(file.path)") }
  }
  return 0
}

// SwiftPM links an executable's entry point as `FuzzArchives_main`; hand control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("FuzzArchives_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments, { data, size in fuzzArchives(data, size) })
}
