import LottieJSON
import SVGImport

/// The SVG importer (libxml2, CSS, styles, geometry, writer) and the path tokenizer on their own.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = PathData.parse(String(decoding: bytes, as: UTF8.self))
  _ = SVGValues.transform(String(decoding: bytes.prefix(256), as: UTF8.self))
  _ = SVGValues.color(String(decoding: bytes.prefix(64), as: UTF8.self))
  if let conversion = try? SVGConverter.convert(bytes) {
    guard (try? JSONDocument(parsing: conversion.animation.minified)) != nil else { fatalError("invalid JSON written") }
  }
  return 0
}

// SwiftPM links an executable's entry point as `FuzzSVG_main`; hand control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("FuzzSVG_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments, { data, size in fuzzSVG(data, size) })
}
