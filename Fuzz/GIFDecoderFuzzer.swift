// libFuzzer entry point for the GIF decoder, built from the ImageDecoding sources it needs (see Fuzz/README.md).
// A decoded raster also goes through orientation and a shrink, so those stages see odd sizes too.

/// Decodes the bytes in memory. A crash, a sanitizer report, a hang (libFuzzer's -timeout) or a raster that
/// breaks its invariants is a bug; a DecodeError is the expected refusal.
@_cdecl("LLVMFuzzerTestOneInput")
public func gifFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let raster = try GIFDecoder.decode(bytes)
        precondition(raster.width >= 1 && raster.height >= 1, "empty raster")
        precondition(max(raster.width, raster.height) <= DecodeLimits.maxSide, "side over the limit")
        precondition(raster.pixels.count == raster.width * raster.height * 4, "pixel count")
        let turned = raster.oriented(Int(size % 9))
        precondition(turned.pixels.count == raster.pixels.count, "orientation lost pixels")
        let small = raster.shrunk(toWidth: (raster.width + 2) / 3, height: (raster.height + 1) / 2)
        precondition(small.pixels.count == small.width * small.height * 4, "shrink pixel count")
    } catch {
        _ = error.message
    }
    fuzzAnimationFrames(bytes, GIFAnimation.frames)
    return 0
}
