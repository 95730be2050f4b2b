import LottieKitIO

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

// SwiftPM links an executable's entry point as `FuzzImages_main`; hand control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("FuzzImages_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments, { data, size in fuzzImages(data, size) })
}
