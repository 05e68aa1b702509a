// libFuzzer entry point for AVIF files: the HEIF container (items, iloc, grids, clap/irot/imir,
// alpha and thumbnail items, colr) with av1C and imgsel's AV1 decoder under it, as `thumbnail`
// decodes them (HEIFDecoder with the AV1 codec). Built like the other decoder fuzzers
// (`make fuzz-decoders DECODERS=AVIF`); seeds in Fuzz/seeds-avif (tools/avif/make_fuzz_seeds.py).
// The raw OBU streams have their own target (AV1DecoderFuzzer.swift).

/// Pixels the AV1 decoder has been asked for during this input: an item over a million pixels,
/// or items past four million in all (a grid of many tiles), are refused before decoding, so the
/// fuzzer spends its time in the container and the bitstream, not in planes (as the HEVC fuzzer).
nonisolated(unsafe) private var decodedPixels = 0

private let av1 = HEIFCodec.av1 { (configuration, data) throws(DecodeError) in
    let headers = try AV1Decoder.headers(configuration + data)
    decodedPixels += headers.width * headers.height
    guard headers.width * headers.height <= 1 << 20, decodedPixels <= 1 << 22 else {
        throw .tooLarge(width: headers.width, height: headers.height)
    }
    return try AV1Decoder.decode(configuration: configuration, data: data)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func avifFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    decodedPixels = 0
    for covering in [nil, (width: 8, height: 8)] as [(width: Int, height: Int)?] {
        do {
            let raster = try HEIFDecoder.decode(bytes, covering: covering, codecs: [av1])
            precondition(raster.width >= 1 && raster.height >= 1, "empty raster")
            precondition(max(raster.width, raster.height) <= DecodeLimits.maxSide, "side over the limit")
            precondition(raster.pixels.count == raster.width * raster.height * 4, "pixel count")
            if !raster.hasAlpha {
                for i in stride(from: 3, to: raster.pixels.count, by: 4) {
                    precondition(raster.pixels[i] == 255, "alpha")
                }
            }
        } catch {
            _ = error.message
        }
    }
    return 0
}
