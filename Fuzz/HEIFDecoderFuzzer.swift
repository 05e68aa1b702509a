// libFuzzer entry point for the HEIF container (items, iloc, grids, clap, alpha, thumbnails,
// colour), built from the ImageDecoding sources (see Fuzz/README.md). Inputs of even length go
// through a stand-in HEVC decoder that reads an item's bytes as the picture itself (as the unit
// tests' FakeHEVC does), so the fuzzer spends its time on the container, not in CABAC; odd ones
// through imgsel's HEVC decoder. The raw HEVC streams have their own target.

/// The stand-in: width and height (16 bits each), bit depths, chroma, then 16-bit samples;
/// at most 2^16 samples, so a claimed size never allocates much.
private let standIn: HEVCTileDecoder = { _, data, _, _ throws(DecodeError) in
    guard data.count >= 7 else { throw .corrupt("stand-in stream") }
    let w = Int(data[0]) << 8 | Int(data[1]), h = Int(data[2]) << 8 | Int(data[3])
    guard w >= 1, h >= 1, w * h <= 1 << 16 else { throw .corrupt("stand-in size") }
    let chroma: HEVCPicture.Chroma = data[6] & 1 == 1 ? .yuv420 : .monochrome
    let c = chroma == .yuv420 ? (w + 1) / 2 * ((h + 1) / 2) : 0
    let sample = { (i: Int) -> UInt16 in
        let o = 7 + 2 * i
        return o + 1 < data.count ? UInt16(data[o]) << 8 | UInt16(data[o + 1]) : 0
    }
    return HEVCPicture(
        width: w, height: h, bitDepthLuma: Int(data[4]), bitDepthChroma: Int(data[5]), chroma: chroma,
        luma: (0..<w * h).map(sample), cb: (0..<c).map { sample(w * h + $0) },
        cr: (0..<c).map { sample(w * h + c + $0) })
}

@_cdecl("LLVMFuzzerTestOneInput")
public func heifFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let own: HEVCTileDecoder = { sets, data, length, layer throws(DecodeError) in
        try HEVCDecoder.decode(parameterSets: sets, data: data, lengthSize: length, layerID: layer)
    }
    let tiles = size % 2 == 0 ? standIn : own
    for covering in [nil, (width: 8, height: 8)] as [(width: Int, height: Int)?] {
        do {
            let raster = try HEIFDecoder.decode(bytes, covering: covering, tiles: tiles)
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
