import ImageCore

/// The picture parameter set (H.265 7.3.2.3), with the tile layout it implies (6.5.1) worked out
/// once the SPS it names is known.
struct HEVCPPS: Sendable {
    var id = 0
    var spsID = 0
    var dependentSliceSegmentsEnabled = false
    var outputFlagPresent = false
    var numExtraSliceHeaderBits = 0
    var signDataHiding = false
    var initQp = 26
    var constrainedIntraPred = false
    var transformSkipEnabled = false
    var cuQpDeltaEnabled = false
    var diffCuQpDeltaDepth = 0
    var cbQpOffset = 0
    var crQpOffset = 0
    var sliceChromaQpOffsetsPresent = false
    var transquantBypassEnabled = false
    var tilesEnabled = false
    var entropyCodingSync = false
    var uniformSpacing = true
    var tileColumnWidths: [Int] = [0]  // coded minus-1 values until resolved
    var tileRowHeights: [Int] = [0]
    var loopFilterAcrossTiles = true
    var loopFilterAcrossSlices = false
    var deblockingOverrideEnabled = false
    var deblockingDisabled = false
    var betaOffsetDiv2 = 0
    var tcOffsetDiv2 = 0
    var scalingList: HEVCScalingList?
    var sliceHeaderExtensionPresent = false

    static func parse(_ rbsp: [UInt8]) throws(DecodeError) -> HEVCPPS {
        var r = HEVCBitReader(rbsp, section: "in the PPS")
        var pps = HEVCPPS()
        pps.id = try r.ue("pps_pic_parameter_set_id", 0...63)
        pps.spsID = try r.ue("pps_seq_parameter_set_id", 0...15)
        pps.dependentSliceSegmentsEnabled = try r.flag()
        pps.outputFlagPresent = try r.flag()
        pps.numExtraSliceHeaderBits = try r.bits(3)
        pps.signDataHiding = try r.flag()
        try r.skip(1)  // cabac_init_present_flag
        _ = try r.ue("num_ref_idx_l0_default_active_minus1", 0...14)
        _ = try r.ue("num_ref_idx_l1_default_active_minus1", 0...14)
        pps.initQp = 26 + (try r.se("init_qp_minus26", -38...25))
        pps.constrainedIntraPred = try r.flag()
        pps.transformSkipEnabled = try r.flag()
        pps.cuQpDeltaEnabled = try r.flag()
        if pps.cuQpDeltaEnabled { pps.diffCuQpDeltaDepth = try r.ue("diff_cu_qp_delta_depth", 0...3) }
        pps.cbQpOffset = try r.se("pps_cb_qp_offset", -12...12)
        pps.crQpOffset = try r.se("pps_cr_qp_offset", -12...12)
        pps.sliceChromaQpOffsetsPresent = try r.flag()
        try r.skip(2)  // weighted prediction flags
        pps.transquantBypassEnabled = try r.flag()
        pps.tilesEnabled = try r.flag()
        pps.entropyCodingSync = try r.flag()
        if pps.tilesEnabled {
            let columns = try r.ue("num_tile_columns_minus1", 0...19) + 1
            let rows = try r.ue("num_tile_rows_minus1", 0...21) + 1
            pps.uniformSpacing = try r.flag()
            pps.tileColumnWidths = [Int](repeating: 0, count: columns)
            pps.tileRowHeights = [Int](repeating: 0, count: rows)
            if !pps.uniformSpacing {
                for i in 0..<(columns - 1) { pps.tileColumnWidths[i] = try r.ue("column_width_minus1", 0...1023) + 1 }
                for i in 0..<(rows - 1) { pps.tileRowHeights[i] = try r.ue("row_height_minus1", 0...1023) + 1 }
            }
            pps.loopFilterAcrossTiles = try r.flag()
        }
        pps.loopFilterAcrossSlices = try r.flag()
        if try r.flag() {  // deblocking_filter_control_present_flag
            pps.deblockingOverrideEnabled = try r.flag()
            pps.deblockingDisabled = try r.flag()
            if !pps.deblockingDisabled {
                pps.betaOffsetDiv2 = try r.se("pps_beta_offset_div2", -6...6)
                pps.tcOffsetDiv2 = try r.se("pps_tc_offset_div2", -6...6)
            }
        }
        if try r.flag() { pps.scalingList = try HEVCScalingList.parse(&r) }
        try r.skip(1)  // lists_modification_present_flag
        _ = try r.ue()  // log2_parallel_merge_level_minus2
        pps.sliceHeaderExtensionPresent = try r.flag()
        if try r.flag() {  // pps_extension_present_flag
            let rangeExtension = try r.flag()
            try r.skip(7)
            if rangeExtension {
                if pps.transformSkipEnabled, try r.ue() != 0 { throw .unsupported("HEVC range extensions tools") }
                let crossComponent = try r.flag(), chromaQpOffsetList = try r.flag()
                if crossComponent || chromaQpOffsetList { throw .unsupported("HEVC range extensions tools") }
                let saoScaleLuma = try r.ue(), saoScaleChroma = try r.ue()
                if saoScaleLuma != 0 || saoScaleChroma != 0 { throw .unsupported("HEVC range extensions tools") }
            }
        }
        return pps
    }

    /// Column widths and row heights in CTBs (6.5.1), checked against the picture.
    mutating func resolveTiles(sps: HEVCSPS) throws(DecodeError) {
        tileColumnWidths = try Self.spans(tileColumnWidths, total: sps.widthInCtbs, uniform: uniformSpacing)
        tileRowHeights = try Self.spans(tileRowHeights, total: sps.heightInCtbs, uniform: uniformSpacing)
    }

    private static func spans(_ coded: [Int], total: Int, uniform: Bool) throws(DecodeError) -> [Int] {
        let count = coded.count
        guard count <= total else { throw .corrupt("more tiles than coding tree blocks") }
        if uniform { return (0..<count).map { ((($0 + 1) * total) / count) - (($0 * total) / count) } }
        var spans = coded
        let used = spans.dropLast().reduce(0, +)
        guard used < total else { throw .corrupt("tile sizes past the picture") }
        spans[count - 1] = total - used
        return spans
    }
}
