// libFuzzer entry point for inflate and deflate (the Deflate target), built by
// `make fuzz-decoders DECODERS=Inflate` with the decoders' sources and Deflate as a library.
import Deflate

// Seeds: Fuzz/seeds-png/ (the zlib streams inside PNGs are found by the fuzzer soon enough).

/// Inflates the bytes as zlib and as raw deflate (a DecodeError is fine, a crash or hang is
/// not, nor output past the limit), and deflates them: that must inflate back to the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func inflateFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let limit = 1 << 16
    if let out = try? Inflate.zlib(bytes, limit: limit) { precondition(out.count <= limit, "zlib past the limit") }
    if let out = try? Inflate.raw(bytes, limit: limit) { precondition(out.count <= limit, "raw past the limit") }
    let compressed = Deflate.zlib(bytes)
    precondition((try? Inflate.zlib(compressed, limit: bytes.count)) == bytes, "deflate did not round-trip")
    return 0
}
