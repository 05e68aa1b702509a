import ImageCore

/// A slice segment header (H.265 7.3.6.1) of an intra picture. A dependent slice segment takes
/// the fields after `slice_segment_address` from the independent one before it.
struct HEVCSliceHeader: Sendable {
    var firstInPicture = true
    var dependent = false
    var ppsID = 0
    /// slice_segment_address, in CTBs in raster scan.
    var segmentAddress = 0
    /// SliceAddrRs: the first CTB of the independent slice segment this one belongs to.
    var sliceAddress = 0
    var saoLuma = false
    var saoChroma = false
    var qpY = 26
    var cbQpOffset = 0
    var crQpOffset = 0
    var deblockingDisabled = false
    var betaOffsetDiv2 = 0
    var tcOffsetDiv2 = 0
    var loopFilterAcrossSlices = false
    /// Where the slice data starts in the RBSP.
    var dataOffset = 0

    /// `previous` is the last independent slice segment's header, for a dependent one.
    static func parse(
        _ rbsp: [UInt8], nalType: Int, parameterSets: HEVCParameterSets, previous: HEVCSliceHeader?
    ) throws(DecodeError) -> (HEVCSliceHeader, HEVCSPS, HEVCPPS) {
        var r = HEVCBitReader(rbsp, section: "in a slice header")
        let first = try r.flag()
        if (16...23).contains(nalType) { try r.skip(1) }  // no_output_of_prior_pics_flag
        let ppsID = try r.ue("slice_pic_parameter_set_id", 0...63)
        let (sps, pps) = try parameterSets.active(ppsID: ppsID)
        var h = HEVCSliceHeader()
        h.ppsID = ppsID
        h.firstInPicture = first
        if !first {
            if pps.dependentSliceSegmentsEnabled { h.dependent = try r.flag() }
            let count = sps.widthInCtbs * sps.heightInCtbs
            var bits = 0
            while 1 << bits < count { bits += 1 }
            h.segmentAddress = try r.bits(bits)
            guard h.segmentAddress < count else { throw .corrupt("slice_segment_address \(h.segmentAddress)") }
        }
        if h.dependent {
            guard var inherited = previous else { throw .corrupt("a dependent slice segment without its slice") }
            inherited.firstInPicture = false
            inherited.dependent = true
            inherited.segmentAddress = h.segmentAddress
            h = inherited
        } else {
            h.sliceAddress = h.segmentAddress
            try parseIndependent(&r, into: &h, nalType: nalType, sps: sps, pps: pps)
        }
        if pps.tilesEnabled || pps.entropyCodingSync {
            // Entry points: the substreams are decoded in order, so their offsets are read past.
            let count = try r.ue("num_entry_point_offsets", 0...(sps.widthInCtbs * sps.heightInCtbs))
            if count > 0 {
                let length = try r.ue("offset_len_minus1", 0...31) + 1
                try r.skip(count * length)
            }
        }
        if pps.sliceHeaderExtensionPresent {
            try r.skip(try r.ue("slice_segment_header_extension_length", 0...256) * 8)
        }
        guard try r.bit() == 1 else { throw .corrupt("slice header alignment bit") }
        r.byteAlign()
        h.dataOffset = r.byteOffset
        return (h, sps, pps)
    }

    private static func parseIndependent(
        _ r: inout HEVCBitReader, into h: inout HEVCSliceHeader, nalType: Int, sps: HEVCSPS, pps: HEVCPPS
    ) throws(DecodeError) {
        try r.skip(pps.numExtraSliceHeaderBits)
        let sliceType = try r.ue("slice_type", 0...2)
        guard sliceType == 2 else { throw .unsupported("inter-coded HEVC slices") }
        if pps.outputFlagPresent { try r.skip(1) }
        if nalType != 19 && nalType != 20 {  // not IDR: the reference picture set fields
            try r.skip(sps.log2MaxPocLsb)
            if try !r.flag() {
                _ = try HEVCProfile.skipShortTermRefPicSet(&r, index: sps.numShortTermRefPicSets, sps: sps)
            } else if sps.numShortTermRefPicSets > 1 {
                var bits = 0
                while 1 << bits < sps.numShortTermRefPicSets { bits += 1 }
                try r.skip(bits)
            }
            if sps.longTermRefPicsPresent {
                let fromSps = sps.numLongTermRefPicsSps > 0 ? try r.ue("num_long_term_sps", 0...32) : 0
                let pictures = try r.ue("num_long_term_pics", 0...32)
                var idBits = 0
                while 1 << idBits < sps.numLongTermRefPicsSps { idBits += 1 }
                for i in 0..<(fromSps + pictures) {
                    if i < fromSps { try r.skip(idBits) } else { try r.skip(sps.log2MaxPocLsb + 1) }
                    if try r.flag() { _ = try r.ue() }  // delta_poc_msb_present_flag
                }
            }
            if sps.temporalMvpEnabled { try r.skip(1) }
        }
        if sps.saoEnabled {
            h.saoLuma = try r.flag()
            if sps.chromaFormat != 0 { h.saoChroma = try r.flag() }
        }
        let qpBdOffset = 6 * (sps.bitDepthLuma - 8)
        h.qpY = pps.initQp + (try r.se())
        guard (-qpBdOffset...51).contains(h.qpY) else { throw .corrupt("slice QP \(h.qpY)") }
        if pps.sliceChromaQpOffsetsPresent {
            h.cbQpOffset = try r.se("slice_cb_qp_offset", -12...12)
            h.crQpOffset = try r.se("slice_cr_qp_offset", -12...12)
        }
        h.deblockingDisabled = pps.deblockingDisabled
        h.betaOffsetDiv2 = pps.betaOffsetDiv2
        h.tcOffsetDiv2 = pps.tcOffsetDiv2
        if pps.deblockingOverrideEnabled, try r.flag() {
            h.deblockingDisabled = try r.flag()
            if !h.deblockingDisabled {
                h.betaOffsetDiv2 = try r.se("slice_beta_offset_div2", -6...6)
                h.tcOffsetDiv2 = try r.se("slice_tc_offset_div2", -6...6)
            }
        }
        h.loopFilterAcrossSlices = pps.loopFilterAcrossSlices
        if pps.loopFilterAcrossSlices && (h.saoLuma || h.saoChroma || !h.deblockingDisabled) {
            h.loopFilterAcrossSlices = try r.flag()
        }
    }
}
