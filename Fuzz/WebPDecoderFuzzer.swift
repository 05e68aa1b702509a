// libFuzzer entry point for the WebP decoder (whole files). Built from ImageCore and
// WebPCodec's sources alone:
//   swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld -module-name WebPFuzz \
//     Sources/ImageCore/*.swift Sources/WebPCodec/*.swift Sources/WebPCodec/*/*.swift \
//     Fuzz/WebPDecoderFuzzer.swift -o webp-fuzzer

/// Decodes the bytes. A crash, sanitizer report, hang or a raster that breaks
/// its invariants is a bug; a DecodeError is the expected refusal. Files whose
/// canvas passes a million pixels are only parsed: a valid one may decode for
/// seconds (VP8L can spend no bits a pixel), which libFuzzer would call a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func webpFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let canvas = bytes.withUnsafeBufferPointer { try? WebPContainer.parse($0) }
    if let canvas, canvas.canvasWidth * canvas.canvasHeight > 1 << 20 { return 0 }
    do {
        let raster = try WebPDecoder.decode(bytes)
        precondition(raster.width >= 1 && raster.height >= 1, "empty raster")
        precondition(raster.width <= DecodeLimits.maxSide && raster.height <= DecodeLimits.maxSide, "side over limit")
        precondition(raster.pixels.count == raster.width * raster.height * 4, "pixel count")
        if !raster.hasAlpha {
            for i in stride(from: 3, to: raster.pixels.count, by: 4) { precondition(raster.pixels[i] == 255, "alpha") }
        }
    } catch {
        _ = error.message
    }
    fuzzAnimationFrames(bytes, WebPAnimation.frames)
    return 0
}
