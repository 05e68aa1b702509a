// libFuzzer entry point for imgsel's AV1 decoder alone (no AVIF container): the input is a raw
// stream of OBUs, as aomenc --obu writes it and as av1-yuv reads it (a temporal delimiter, the
// sequence header, the frame), so mutations reach the OBU headers, the sequence and frame
// headers, the tile sizes and the symbol-coded tiles. Built like the other decoder fuzzers
// (`make fuzz-decoders DECODERS=AV1`); seeds in Fuzz/seeds-av1 (tools/avif/make_fuzz_seeds.py).

/// Decodes the stream and checks the planes' shapes; frames over a million pixels are only
/// read to their headers (as the HEVC fuzzer skips them), so the fuzzer spends its time in the
/// bitstream rather than in allocating and filtering planes. The headers and the tiles' syntax
/// alone (`parseTiles`, av1-yuv --parse) are read too: a path of their own.
@_cdecl("LLVMFuzzerTestOneInput")
public func av1FuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do throws(DecodeError) {
        let headers = try AV1Decoder.headers(bytes)
        precondition(headers.width >= 1 && headers.height >= 1, "empty frame")
        guard headers.width * headers.height <= 1 << 20 else { return 0 }
        if size % 4 == 1 {
            _ = try AV1Decoder.parseTiles(bytes)
            return 0
        }
        let decoded = try AV1Decoder.decodePlanes(bytes)
        precondition(decoded.width == headers.width && decoded.height == headers.height, "size")
        precondition(decoded.planes.count == 1 || decoded.planes.count == 3, "planes")
        precondition(decoded.planes[0].count == decoded.width * decoded.height, "luma size")
        let cw = (decoded.width + decoded.subsamplingX) >> decoded.subsamplingX
        let ch = (decoded.height + decoded.subsamplingY) >> decoded.subsamplingY
        for plane in decoded.planes.dropFirst() { precondition(plane.count == cw * ch, "chroma size") }
        let top = UInt16(1 << decoded.bitDepth - 1)
        for plane in decoded.planes { precondition(!plane.contains { $0 > top }, "a sample past the bit depth") }
    } catch {
        _ = error.message
    }
    return 0
}
