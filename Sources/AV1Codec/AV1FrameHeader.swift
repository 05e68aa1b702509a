import ImageCore

/// The uncompressed header of the frame a still is (AV1 5.9): a key frame, shown, coded with
/// no reference to any other (primary_ref_frame is none, so every probability starts from its
/// default). An inter frame, a frame shown again, an intra-only frame and superres are refused
/// by name: a still's first frame is none of those.
struct AV1FrameHeader {
    var width = 0, height = 0
    var renderWidth = 0, renderHeight = 0
    /// In 4×4 units, rounded up to 8×8 (compute_image_size).
    var miCols = 0, miRows = 0
    var showFrame = true
    var disableCDFUpdate = false
    var allowScreenContentTools = false
    var allowIntraBC = false
    var tiles = AV1TileInfo()
    var quantization = AV1Quantization()
    var segmentation = AV1Segmentation()
    var deltaQ = AV1DeltaParameters()
    var loopFilter = AV1LoopFilterParameters()
    var cdef = AV1CdefParameters()
    var restoration = AV1RestorationParameters()
    /// TX_MODE_SELECT (true) or the largest transform (false); ONLY_4X4 when `codedLossless`.
    var txModeSelect = false
    var reducedTxSet = false
    var codedLossless = false
    /// LosslessArray: whether each segment is coded losslessly.
    var lossless = [Bool](repeating: false, count: 8)
    /// Where the tile data starts: the byte after the header (a frame OBU's tile group).
    var headerEnd = 0

    init(
        _ bytes: [UInt8], _ payload: Range<Int>, sequence s: AV1SequenceHeader, temporalID: Int, spatialID: Int
    )
        throws(DecodeError)
    {
        var r = AV1BitReader(bytes, range: payload, section: "in the AV1 frame header")
        let idLength = s.additionalFrameIDLength + s.deltaFrameIDLength + 1
        var frameType = 0
        var errorResilient = true
        var showable = false
        if !s.reducedStillPictureHeader {
            guard try !r.flag() else { throw .unsupported("AV1 stream that opens on a frame shown again") }
            frameType = try r.f(2)
            showFrame = try r.flag()
            guard frameType == 0 else {
                throw .unsupported(frameType == 2 ? "AV1 intra-only frame" : "AV1 inter frame")
            }
            if showFrame && s.decoderModelInfoPresent && !s.equalPictureInterval {
                _ = try r.f(s.framePresentationTimeLength)
            }
            if !showFrame {
                showable = try r.flag()
                errorResilient = try r.flag()  // implied for a shown key frame
            }
        }
        disableCDFUpdate = try r.flag()
        allowScreenContentTools = s.forceScreenContentTools == 2 ? try r.flag() : s.forceScreenContentTools == 1
        if allowScreenContentTools && s.forceIntegerMV == 2 { _ = try r.bit() }  // force_integer_mv
        if s.frameIDNumbersPresent { _ = try r.f(idLength) }  // current_frame_id
        let sizeOverride = s.reducedStillPictureHeader ? false : try r.flag()
        _ = try r.f(s.orderHintBits)
        if s.decoderModelInfoPresent, try r.flag() {  // buffer_removal_time_present_flag
            for point in s.operatingPoints where point.decoderModel {
                let inTemporal = (point.idc >> temporalID) & 1 == 1
                let inSpatial = (point.idc >> (spatialID + 8)) & 1 == 1
                if point.idc == 0 || (inTemporal && inSpatial) { _ = try r.f(s.bufferRemovalTimeLength) }
            }
        }
        if !showFrame {
            let refresh = try r.f(8)
            if refresh != 0xFF && errorResilient && s.enableOrderHint {
                for _ in 0..<8 { _ = try r.f(s.orderHintBits) }  // ref_order_hint (error resilient)
            }
        }
        try readSize(&r, s, override: sizeOverride)
        if allowScreenContentTools { allowIntraBC = try r.flag() }
        if !(s.reducedStillPictureHeader || disableCDFUpdate) { _ = try r.bit() }  // disable_frame_end_update_cdf
        tiles = try AV1TileInfo(&r, miCols: miCols, miRows: miRows, use128: s.use128x128Superblock)
        quantization = try AV1Quantization(&r, s.colour)
        segmentation = try AV1Segmentation(&r)
        deltaQ = try AV1DeltaParameters(&r, baseQIndex: quantization.baseQIndex, allowIntraBC: allowIntraBC)
        codedLossless = true
        for segment in 0..<8 {
            let q = quantization
            lossless[segment] =
                segmentation.qIndex(segment, base: q.baseQIndex) == 0 && q.deltaYDC == 0 && q.deltaUAC == 0
                && q.deltaUDC == 0 && q.deltaVAC == 0 && q.deltaVDC == 0
            codedLossless = codedLossless && lossless[segment]
        }
        let colour = s.colour
        if !(codedLossless || allowIntraBC) { loopFilter = try AV1LoopFilterParameters(&r, colour) }
        if !(codedLossless || allowIntraBC) && s.enableCdef { cdef = try AV1CdefParameters(&r, colour) }
        if !(codedLossless || allowIntraBC) && s.enableRestoration {
            restoration = try AV1RestorationParameters(&r, colour, use128: s.use128x128Superblock)
        }
        txModeSelect = codedLossless ? false : try r.flag()
        reducedTxSet = try r.flag()
        if s.filmGrainParamsPresent && (showFrame || showable) { try AV1FilmGrain.skip(&r, colour) }
        r.byteAlign()
        headerEnd = r.byteOffset
    }

    /// frame_size(), superres_params() and render_size() of an intra frame.
    private mutating func readSize(_ r: inout AV1BitReader, _ s: AV1SequenceHeader, override: Bool) throws(DecodeError)
    {
        if override {
            width = try r.f(s.frameWidthBits) + 1
            height = try r.f(s.frameHeightBits) + 1
        } else {
            (width, height) = (s.maxFrameWidth, s.maxFrameHeight)
        }
        if s.enableSuperres, try r.flag() { throw .unsupported("AV1 superres") }
        miCols = 2 * ((width + 7) >> 3)
        miRows = 2 * ((height + 7) >> 3)
        if try r.flag() {
            renderWidth = try r.f(16) + 1
            renderHeight = try r.f(16) + 1
        } else {
            (renderWidth, renderHeight) = (width, height)
        }
    }
}
