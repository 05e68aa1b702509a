import ImageCore

/// The sequence parameter set (H.265 7.3.2.2): what the intra decoder needs of it. Fields a still
/// image decoder never uses (reference picture sets, VUI) are parsed only to reach those after.
struct HEVCSPS: Sendable {
    var id = 0
    var chromaFormat = 1
    var width = 0
    var height = 0
    /// Conformance window in luma samples.
    var cropLeft = 0, cropRight = 0, cropTop = 0, cropBottom = 0
    var bitDepthLuma = 8
    var bitDepthChroma = 8
    var log2MaxPocLsb = 4
    var log2MinCbSize = 3
    var log2CtbSize = 4
    var log2MinTbSize = 2
    var log2MaxTbSize = 5
    var maxTransformHierarchyDepthIntra = 0
    var scalingListEnabled = false
    /// The SPS's lists (or the defaults); a PPS's own lists take precedence.
    var scalingList = HEVCScalingList.flat
    var saoEnabled = false
    var pcmEnabled = false
    var pcmBitDepthLuma = 8, pcmBitDepthChroma = 8
    var log2MinPcmCbSize = 3, log2MaxPcmCbSize = 3
    var pcmLoopFilterDisabled = false
    var numShortTermRefPicSets = 0
    /// NumDeltaPocs of each short-term set, which inter RPS prediction refers back to.
    var numDeltaPocs: [Int] = []
    var longTermRefPicsPresent = false
    var numLongTermRefPicsSps = 0
    var temporalMvpEnabled = false
    var strongIntraSmoothing = false

    var ctbSize: Int { 1 << log2CtbSize }
    var widthInCtbs: Int { (width + ctbSize - 1) >> log2CtbSize }
    var heightInCtbs: Int { (height + ctbSize - 1) >> log2CtbSize }
    var chromaShift: Int { chromaFormat == 1 ? 1 : 0 }

    static func parse(_ rbsp: [UInt8], layerID: Int) throws(DecodeError) -> HEVCSPS {
        var r = HEVCBitReader(rbsp, section: "in the SPS")
        var sps = HEVCSPS()
        try r.skip(4)  // sps_video_parameter_set_id
        let maxSubLayersMinus1 = try r.bits(3)
        if layerID > 0 && maxSubLayersMinus1 == 7 { throw .unsupported("multi-layer HEVC parameter sets") }
        try r.skip(1)  // sps_temporal_id_nesting_flag
        try HEVCProfile.skipProfileTierLevel(&r, maxSubLayersMinus1: maxSubLayersMinus1)
        sps.id = try r.ue("sps_seq_parameter_set_id", 0...15)
        sps.chromaFormat = try r.ue("chroma_format_idc", 0...3)
        if sps.chromaFormat == 2 { throw .unsupported("HEVC 4:2:2 (range extensions)") }
        if sps.chromaFormat == 3 { throw .unsupported("HEVC 4:4:4 (range extensions)") }
        sps.width = try r.ue("pic_width_in_luma_samples", 1...16384)
        sps.height = try r.ue("pic_height_in_luma_samples", 1...16384)
        if try r.flag() {
            let unit = sps.chromaFormat == 1 ? 2 : 1
            sps.cropLeft = try r.ue("conf_win_left_offset", 0...16384) * unit
            sps.cropRight = try r.ue("conf_win_right_offset", 0...16384) * unit
            sps.cropTop = try r.ue("conf_win_top_offset", 0...16384) * unit
            sps.cropBottom = try r.ue("conf_win_bottom_offset", 0...16384) * unit
            guard sps.cropLeft + sps.cropRight < sps.width, sps.cropTop + sps.cropBottom < sps.height else {
                throw .corrupt("conformance window larger than the picture")
            }
        }
        sps.bitDepthLuma = try r.ue("bit_depth_luma_minus8", 0...8) + 8
        sps.bitDepthChroma = try r.ue("bit_depth_chroma_minus8", 0...8) + 8
        if sps.bitDepthLuma > 10 || sps.bitDepthChroma > 10 {
            throw .unsupported("HEVC at \(max(sps.bitDepthLuma, sps.bitDepthChroma)) bits (range extensions)")
        }
        sps.log2MaxPocLsb = try r.ue("log2_max_pic_order_cnt_lsb_minus4", 0...12) + 4
        let orderingInfo = try r.flag()
        for _ in (orderingInfo ? 0 : maxSubLayersMinus1)...maxSubLayersMinus1 {
            _ = try r.ue()
            _ = try r.ue()
            _ = try r.ue()
        }
        sps.log2MinCbSize = try r.ue("log2_min_luma_coding_block_size_minus3", 0...3) + 3
        sps.log2CtbSize = sps.log2MinCbSize + (try r.ue("log2_diff_max_min_luma_coding_block_size", 0...3))
        sps.log2MinTbSize = try r.ue("log2_min_luma_transform_block_size_minus2", 0...3) + 2
        sps.log2MaxTbSize = sps.log2MinTbSize + (try r.ue("log2_diff_max_min_luma_transform_block_size", 0...3))
        guard (4...6).contains(sps.log2CtbSize), sps.log2MinTbSize < sps.log2MinCbSize,
            sps.log2MaxTbSize <= min(5, sps.log2CtbSize)
        else { throw .corrupt("coding or transform block sizes in the SPS") }
        guard sps.width % (1 << sps.log2MinCbSize) == 0, sps.height % (1 << sps.log2MinCbSize) == 0 else {
            throw .corrupt("picture size \(sps.width)×\(sps.height) not a multiple of the smallest coding block")
        }
        _ = try r.ue("max_transform_hierarchy_depth_inter", 0...4)
        sps.maxTransformHierarchyDepthIntra = try r.ue("max_transform_hierarchy_depth_intra", 0...4)
        sps.scalingListEnabled = try r.flag()
        if sps.scalingListEnabled {
            sps.scalingList = try r.flag() ? try HEVCScalingList.parse(&r) : .defaults
        }
        try r.skip(1)  // amp_enabled_flag
        sps.saoEnabled = try r.flag()
        sps.pcmEnabled = try r.flag()
        if sps.pcmEnabled {
            sps.pcmBitDepthLuma = try r.bits(4) + 1
            sps.pcmBitDepthChroma = try r.bits(4) + 1
            sps.log2MinPcmCbSize = try r.ue("log2_min_pcm_luma_coding_block_size_minus3", 0...2) + 3
            sps.log2MaxPcmCbSize = sps.log2MinPcmCbSize + (try r.ue("log2_diff_max_min_pcm", 0...2))
            sps.pcmLoopFilterDisabled = try r.flag()
            guard sps.pcmBitDepthLuma <= sps.bitDepthLuma, sps.pcmBitDepthChroma <= sps.bitDepthChroma,
                sps.log2MaxPcmCbSize <= min(5, sps.log2CtbSize)
            else { throw .corrupt("PCM sizes in the SPS") }
        }
        sps.numShortTermRefPicSets = try r.ue("num_short_term_ref_pic_sets", 0...64)
        for i in 0..<sps.numShortTermRefPicSets {
            sps.numDeltaPocs.append(try HEVCProfile.skipShortTermRefPicSet(&r, index: i, sps: sps))
        }
        sps.longTermRefPicsPresent = try r.flag()
        if sps.longTermRefPicsPresent {
            sps.numLongTermRefPicsSps = try r.ue("num_long_term_ref_pics_sps", 0...32)
            try r.skip(sps.numLongTermRefPicsSps * (sps.log2MaxPocLsb + 1))
        }
        sps.temporalMvpEnabled = try r.flag()
        sps.strongIntraSmoothing = try r.flag()
        if try r.flag() { try HEVCProfile.skipVUI(&r, maxSubLayersMinus1: maxSubLayersMinus1) }
        if try r.flag() {  // sps_extension_present_flag
            let rangeExtension = try r.flag()
            try r.skip(7)
            if rangeExtension, try r.bits(9) != 0 {
                throw .unsupported("HEVC range extensions tools")
            }
        }
        return sps
    }
}
