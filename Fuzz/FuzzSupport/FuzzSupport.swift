/// What every fuzz target shares: SwiftPM links an executable's entry point as `<Target>_main`,
/// so each target defines that symbol and hands control to libFuzzer's driver through `runFuzzer`.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

public func runFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32 {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments, callback)
}
