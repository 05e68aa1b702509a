// libFuzzer entry point for the PNG decoder (with its inflate), built by
// `make fuzz-decoders DECODERS=PNG` from the decoders' sources with Deflate as a library.
// Seeds: Fuzz/seeds-png/.

/// Decodes the bytes. A crash, a sanitizer report, a hang or a raster that breaks its
/// invariants is a bug; a DecodeError is the expected refusal. A decoded image is also
/// written back with PNGWriter and must decode to the same pixels. Inflated on a second thread
/// (`threaded`), the bytes must decode to the same raster, or fail with the same message.
@_cdecl("LLVMFuzzerTestOneInput")
public func pngFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // Sizes the limits allow but that take seconds to fill are no finding; leave them out.
    if let chunks = try? PNGChunks(bytes), chunks.header.width * chunks.header.height > 1 << 22 { return 0 }
    let alone = Result { () throws(DecodeError) in try PNGDecoder.decode(bytes, threaded: false) }
    let threaded = Result { () throws(DecodeError) in try PNGDecoder.decode(bytes, threaded: true) }
    switch (alone, threaded) {
    case (.success(let a), .success(let b)): precondition(a == b, "threaded decode differs")
    case (.failure(let a), .failure(let b)): precondition(a.message == b.message, "threaded decode fails otherwise")
    default: preconditionFailure("threaded decode: \(alone) against \(threaded)")
    }
    do throws(DecodeError) {
        let raster = try alone.get()
        precondition(raster.width >= 1 && raster.height >= 1, "empty raster")
        precondition(raster.width <= DecodeLimits.maxSide && raster.height <= DecodeLimits.maxSide, "over the limits")
        precondition(raster.pixels.count == raster.width * raster.height * 4, "pixel count")
        if !raster.hasAlpha {
            precondition(
                stride(from: 3, to: raster.pixels.count, by: 4).allSatisfy { raster.pixels[$0] == 255 },
                "an opaque raster with alpha below 255")
        }
        let again = try PNGDecoder.decode(PNGWriter.encode(raster))
        precondition(again == raster, "written and read back differently")
    } catch {
        // Refused: fine.
    }
    fuzzAnimationFrames(bytes, APNGAnimation.frames)
    return 0
}
