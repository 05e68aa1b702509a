/// One picture being decoded: its parameter sets, its planes and per-block state, fed slice by
/// slice, then filtered and cropped.
final class HEVCPictureDecoder {
    let sps: HEVCSPS
    let pps: HEVCPPS

    init(firstSlice: HEVCNAL.Unit, parameterSets: HEVCParameterSets, inputBytes: Int) throws(DecodeError) {
        let (header, sps, pps) = try HEVCSliceHeader.parse(
            firstSlice.rbsp, nalType: firstSlice.type, parameterSets: parameterSets, previous: nil)
        guard header.firstInPicture else { throw .corrupt("the first slice does not start the picture") }
        // Planes at 16 bits (1.5 samples a pixel), the deblocked copy SAO reads, and the per-4×4 state.
        try DecodeLimits.check(
            width: sps.width, height: sps.height,
            workingBytes: sps.width * sps.height * 3 + (sps.width >> 2 + 1) * (sps.height >> 2 + 1) * 12,
            inputBytes: inputBytes)
        self.sps = sps
        self.pps = pps
    }

    func decodeSlice(_ unit: HEVCNAL.Unit, parameterSets: HEVCParameterSets) throws(DecodeError) {
        throw .unsupported("HEVC slice data (the decoder is being written)")
    }

    func finish() throws(DecodeError) -> HEVCPicture {
        throw .unsupported("HEVC slice data (the decoder is being written)")
    }
}
