// libFuzzer entry point for inflate and deflate (the Deflate target), built by
// `make fuzz-decoders DECODERS=Inflate` with the decoders' sources and Deflate as a library.
import Deflate

// Seeds: Fuzz/seeds-png/ (the zlib streams inside PNGs are found by the fuzzer soon enough).

/// Inflates the bytes as zlib and as raw deflate (a DecodeError is fine, a crash or hang is
/// not, nor output past the limit), and deflates them: that must inflate back to the input.
/// Streamed, the bytes read on a second thread (`InflateStream`, threaded) must be the same
/// bytes, up to the same error, as read without it.
@_cdecl("LLVMFuzzerTestOneInput")
public func inflateFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let limit = 1 << 16
    if let out = try? Inflate.zlib(bytes, limit: limit) { precondition(out.count <= limit, "zlib past the limit") }
    if let out = try? Inflate.raw(bytes, limit: limit) { precondition(out.count <= limit, "raw past the limit") }
    precondition(streamed(bytes, threaded: false) == streamed(bytes, threaded: true), "threaded stream differs")
    let compressed = Deflate.zlib(bytes)
    precondition((try? Inflate.zlib(compressed, limit: bytes.count)) == bytes, "deflate did not round-trip")
    return 0
}

/// What a reader taking pieces of 4093 bytes gets from `bytes` as zlib, expecting 600 KB (a few
/// of the stream's chunks): the bytes, then the error's message if one stopped it.
private func streamed(_ bytes: [UInt8], threaded: Bool) -> ([UInt8], String?) {
    let stream = InflateStream(
        Inflater(source: bytes[...], segments: [bytes.indices], zlib: true, section: "in the fuzz input"),
        expected: 600_000, threaded: threaded)
    var out: [UInt8] = []
    var piece = [UInt8](repeating: 0, count: 4093)
    while true {
        do throws(DecodeError) {
            let n = try piece.withUnsafeMutableBufferPointer { (p) throws(DecodeError) in
                try stream.read(into: p.baseAddress!, count: p.count)
            }
            out += piece[0..<n]
            if n < piece.count { return (out, nil) }
        } catch {
            return (out, error.message)
        }
    }
}
