import LottieJSON
import SVGImport
import FuzzSupport

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

@_cdecl("FuzzSVG_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, { data, size in fuzzSVG(data, size) })
}
