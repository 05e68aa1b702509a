// libFuzzer entry point for the JPEG decoder, compiled with ImageCore and the JPEG decoder alone:
//   swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld -module-name JPEGFuzz \
//     Sources/ImageCore/*.swift Sources/JPEGCodec/Decoder/*.swift Fuzz/JPEGDecoderFuzzer.swift -o jpeg-fuzzer
//   ./jpeg-fuzzer -max_total_time=300 -max_len=262144 -timeout=1 -rss_limit_mb=2048 CORPUS Fuzz/seeds-jpeg

/// Decodes the bytes at a DCT scale picked by the input's length, so every scale gets inputs. A crash,
/// a sanitizer report, a hang or a raster breaking its invariants is a bug; a DecodeError is a refusal.
@_cdecl("LLVMFuzzerTestOneInput")
public func jpegFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let scale = [1, 2, 4, 8][size & 3]
    do {
        let raster = try JPEGDecoder.decode(bytes, scale: scale)
        precondition(raster.width >= 1 && raster.height >= 1, "empty raster \(raster.width)×\(raster.height)")
        precondition(raster.width <= DecodeLimits.maxSide && raster.height <= DecodeLimits.maxSide, "over the limit")
        precondition(raster.pixels.count == raster.width * raster.height * 4, "pixel count mismatch")
        precondition(!raster.hasAlpha, "JPEG has no alpha")
    } catch {
        // Refused: fine (typed throws: it is a DecodeError).
    }
    return 0
}
