import LottieJSON
import LottieKitIO
import LottieTransforms
import FuzzSupport

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

@_cdecl("FuzzArchives_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, { data, size in fuzzArchives(data, size) })
}
