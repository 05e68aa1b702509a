import ImageCore

/// The sequence header OBU (AV1 5.5): what every frame of the stream shares. Both the reduced
/// still-picture header and the full one are read; the first operating point is the one decoded.
struct AV1SequenceHeader: Equatable {
    var profile = 0
    var stillPicture = false
    var reducedStillPictureHeader = false
    /// operating_point_idc of every operating point, and whether each has a decoder model.
    var operatingPoints: [(idc: Int, decoderModel: Bool)] = []
    var decoderModelInfoPresent = false
    var equalPictureInterval = false
    var bufferRemovalTimeLength = 0
    var framePresentationTimeLength = 0
    var frameWidthBits = 0, frameHeightBits = 0
    var maxFrameWidth = 0, maxFrameHeight = 0
    var frameIDNumbersPresent = false
    var deltaFrameIDLength = 0, additionalFrameIDLength = 0
    var use128x128Superblock = false
    var enableFilterIntra = false
    var enableIntraEdgeFilter = false
    var enableOrderHint = false
    var orderHintBits = 0
    /// 2 is SELECT_SCREEN_CONTENT_TOOLS / SELECT_INTEGER_MV: the frame header chooses.
    var forceScreenContentTools = 2
    var forceIntegerMV = 2
    var enableSuperres = false
    var enableCdef = false
    var enableRestoration = false
    var colour = AV1ColourConfig()
    var filmGrainParamsPresent = false

    static func == (a: AV1SequenceHeader, b: AV1SequenceHeader) -> Bool {
        a.profile == b.profile && a.maxFrameWidth == b.maxFrameWidth && a.maxFrameHeight == b.maxFrameHeight
            && a.colour == b.colour && a.reducedStillPictureHeader == b.reducedStillPictureHeader
            && a.use128x128Superblock == b.use128x128Superblock
    }

    init(_ bytes: [UInt8], _ payload: Range<Int>) throws(DecodeError) {
        var r = AV1BitReader(bytes, range: payload, section: "in the AV1 sequence header")
        profile = try r.f(3)
        guard profile <= 2 else { throw .unsupported("AV1 profile \(profile)") }
        stillPicture = try r.flag()
        reducedStillPictureHeader = try r.flag()
        if reducedStillPictureHeader {
            _ = try r.f(5)  // seq_level_idx
            operatingPoints = [(0, false)]
        } else {
            try readOperatingPoints(&r)
        }
        frameWidthBits = try r.f(4) + 1
        frameHeightBits = try r.f(4) + 1
        maxFrameWidth = try r.f(frameWidthBits) + 1
        maxFrameHeight = try r.f(frameHeightBits) + 1
        frameIDNumbersPresent = reducedStillPictureHeader ? false : try r.flag()
        if frameIDNumbersPresent {
            deltaFrameIDLength = try r.f(4) + 2
            additionalFrameIDLength = try r.f(3) + 1
        }
        use128x128Superblock = try r.flag()
        enableFilterIntra = try r.flag()
        enableIntraEdgeFilter = try r.flag()
        if !reducedStillPictureHeader { try readInterTools(&r) }
        enableSuperres = try r.flag()
        enableCdef = try r.flag()
        enableRestoration = try r.flag()
        colour = try AV1ColourConfig(&r, profile: profile)
        filmGrainParamsPresent = try r.flag()
    }

    /// timing_info, decoder_model_info and the operating points of the full header.
    private mutating func readOperatingPoints(_ r: inout AV1BitReader) throws(DecodeError) {
        let timingInfoPresent = try r.flag()
        var bufferDelayLength = 0
        if timingInfoPresent {
            try r.skip32(2)  // num_units_in_display_tick, time_scale
            equalPictureInterval = try r.flag()
            if equalPictureInterval { _ = try r.uvlc() }
            decoderModelInfoPresent = try r.flag()
            if decoderModelInfoPresent {
                bufferDelayLength = try r.f(5) + 1
                try r.skip32(1)  // num_units_in_decoding_tick
                bufferRemovalTimeLength = try r.f(5) + 1
                framePresentationTimeLength = try r.f(5) + 1
            }
        }
        let initialDisplayDelayPresent = try r.flag()
        let count = try r.f(5) + 1
        for _ in 0..<count {
            let idc = try r.f(12)
            let level = try r.f(5)
            if level > 7 { _ = try r.bit() }  // seq_tier
            var decoderModel = false
            if decoderModelInfoPresent {
                decoderModel = try r.flag()
                if decoderModel {
                    _ = try r.f(bufferDelayLength)  // decoder_buffer_delay
                    _ = try r.f(bufferDelayLength)  // encoder_buffer_delay
                    _ = try r.bit()  // low_delay_mode_flag
                }
            }
            if initialDisplayDelayPresent, try r.flag() { _ = try r.f(4) }
            operatingPoints.append((idc, decoderModel))
        }
    }

    /// The inter tools of the full header: read past, but for the order hints and the
    /// screen-content defaults a frame header reads by.
    private mutating func readInterTools(_ r: inout AV1BitReader) throws(DecodeError) {
        _ = try r.f(4)  // interintra compound, masked compound, warped motion, dual filter
        enableOrderHint = try r.flag()
        if enableOrderHint { _ = try r.f(2) }  // jnt_comp, ref_frame_mvs
        if try r.flag() {
            forceScreenContentTools = 2
        } else {
            forceScreenContentTools = try r.bit()
        }
        if forceScreenContentTools > 0 {
            forceIntegerMV = try r.flag() ? 2 : try r.bit()
        } else {
            forceIntegerMV = 2
        }
        if enableOrderHint { orderHintBits = try r.f(3) + 1 }
    }

    /// OperatingPointIdc of the operating point decoded (the first, AV1 7.1's default).
    var operatingPointIdc: Int { operatingPoints.first?.idc ?? 0 }
}

extension AV1BitReader {
    /// Skips `count` 32-bit fields.
    mutating func skip32(_ count: Int) throws(DecodeError) {
        for _ in 0..<count { _ = try f(32) }
    }
}
