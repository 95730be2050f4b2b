import LottieKitIO
import FuzzSupport

/// Image header sniffing, data URIs and base64.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = ImageSniffer.sniff(bytes)
  let text = String(decoding: bytes, as: UTF8.self)
  if let uri = try? DataURI(parsing: text) {
    if let payload = try? uri.decodedPayload() { _ = ImageSniffer.sniff(payload) }
  }
  if let decoded = try? Base64.decode(bytes) {
    if Base64.encode(decoded).utf8.count > bytes.count + 4 { fatalError("base64 grew on re-encoding") }
  }
  return 0
}

@_cdecl("FuzzImages_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, { data, size in fuzzImages(data, size) })
}
