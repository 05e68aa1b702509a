import ImageCore

/// One picture being decoded: its parameter sets, its planes and per-block state, fed slice by
/// slice, then filtered (deblocking, SAO) and cropped to the conformance window.
final class HEVCPictureDecoder {
    let frame: HEVCFrame
    private var lastIndependent: HEVCSliceHeader?
    private var sliceEndStorage: [UInt8]?
    private var wppStorage: [UInt8]?

    init(firstSlice: HEVCNAL.Unit, parameterSets: HEVCParameterSets, inputBytes: Int) throws(DecodeError) {
        let (header, sps, pps) = try HEVCSliceHeader.parse(
            firstSlice.rbsp, nalType: firstSlice.type, parameterSets: parameterSets, previous: nil)
        guard header.firstInPicture else { throw .corrupt("the first slice does not start the picture") }
        // Planes at 16 bits (1.5 samples a pixel) count as the output; besides them the deblocked
        // copy SAO reads, and the per-4×4 state.
        try DecodeLimits.check(
            width: sps.width, height: sps.height,
            workingBytes: sps.width * sps.height * 3 + ((sps.width >> 2) + 1) * ((sps.height >> 2) + 1) * 12,
            inputBytes: inputBytes)
        frame = HEVCFrame(sps: sps, pps: pps)
    }

    func decodeSlice(_ unit: HEVCNAL.Unit, parameterSets: HEVCParameterSets) throws(DecodeError) {
        let (header, sps, pps) = try HEVCSliceHeader.parse(
            unit.rbsp, nalType: unit.type, parameterSets: parameterSets, previous: lastIndependent)
        guard sps.id == frame.sps.id, pps.id == frame.pps.id else {
            throw .unsupported("HEVC slices of one picture with different parameter sets")
        }
        if !header.dependent { lastIndependent = header }
        frame.slices.append(header)
        guard frame.slices.count < Int(Int32.max) else { throw .corrupt("too many slices") }
        let decoder = HEVCSliceDecoder(frame: frame, header: header, rbsp: unit.rbsp, sliceEndStorage: sliceEndStorage)
        decoder.wppStorage = wppStorage
        try decoder.decode()
        sliceEndStorage = decoder.sliceEndStorage
        wppStorage = decoder.wppStorage
    }

    func finish() throws(DecodeError) -> HEVCPicture {
        guard !frame.blockSlice.contains(-1) else { throw .truncated(section: "in the picture: slices are missing") }
        HEVCDeblocking(frame: frame).run()
        HEVCSampleAdaptiveOffset(frame: frame).run()
        let sps = frame.sps
        let width = sps.width - sps.cropLeft - sps.cropRight
        let height = sps.height - sps.cropTop - sps.cropBottom
        func crop(_ plane: Int) -> [UInt16] {
            let shift = plane == 0 ? 0 : frame.chromaShift
            let w = (width + shift) >> shift, h = (height + shift) >> shift
            let left = sps.cropLeft >> shift, top = sps.cropTop >> shift
            let stride = frame.planeWidth[plane]
            var out = [UInt16]()
            out.reserveCapacity(w * h)
            for y in 0..<h {
                let start = (top + y) * stride + left
                out.append(contentsOf: UnsafeBufferPointer(rebasing: frame.planes[plane][start..<(start + w)]))
            }
            return out
        }
        let chroma = frame.planeCount > 1
        return HEVCPicture(
            width: width, height: height, bitDepthLuma: sps.bitDepthLuma, bitDepthChroma: sps.bitDepthChroma,
            chroma: chroma ? .yuv420 : .monochrome, luma: crop(0), cb: chroma ? crop(1) : [], cr: chroma ? crop(2) : [])
    }
}
