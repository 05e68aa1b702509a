import ImageCore

/// Structures of the SPS that a still-image intra decoder reads past without using: the profile,
/// tier and level (7.3.3), short-term reference picture sets (7.3.7) and the VUI with its HRD
/// parameters (E.2.1). Only their lengths matter here, so each reads exactly its syntax.
enum HEVCProfile {
    static func skipProfileTierLevel(_ r: inout HEVCBitReader, maxSubLayersMinus1: Int) throws(DecodeError) {
        try r.skip(96)  // general profile (88 bits) and general_level_idc
        var profilePresent = [Bool](), levelPresent = [Bool]()
        for _ in 0..<maxSubLayersMinus1 {
            profilePresent.append(try r.flag())
            levelPresent.append(try r.flag())
        }
        if maxSubLayersMinus1 > 0 { try r.skip((8 - maxSubLayersMinus1) * 2) }
        for i in 0..<maxSubLayersMinus1 {
            if profilePresent[i] { try r.skip(88) }
            if levelPresent[i] { try r.skip(8) }
        }
    }

    /// st_ref_pic_set(index); returns its NumDeltaPocs.
    static func skipShortTermRefPicSet(
        _ r: inout HEVCBitReader, index: Int, sps: HEVCSPS
    ) throws(DecodeError) -> Int {
        if index != 0, try r.flag() {  // inter_ref_pic_set_prediction_flag
            var deltaIndex = 1
            if index == sps.numShortTermRefPicSets { deltaIndex = try r.ue("delta_idx_minus1", 0...(index - 1)) + 1 }
            try r.skip(1)
            _ = try r.ue("abs_delta_rps_minus1", 0...32767)
            let reference = index - deltaIndex
            guard sps.numDeltaPocs.indices.contains(reference) else { throw .corrupt("reference picture set index") }
            var count = 0
            for _ in 0...sps.numDeltaPocs[reference] {
                let used = try r.flag()
                let useDelta = used ? true : try r.flag()
                if useDelta { count += 1 }
            }
            return count
        }
        let negative = try r.ue("num_negative_pics", 0...16)
        let positive = try r.ue("num_positive_pics", 0...16)
        for _ in 0..<(negative + positive) {
            _ = try r.ue("delta_poc_minus1", 0...32767)
            try r.skip(1)
        }
        return negative + positive
    }

    static func skipVUI(_ r: inout HEVCBitReader, maxSubLayersMinus1: Int) throws(DecodeError) {
        if try r.flag(), try r.bits(8) == 255 { try r.skip(32) }  // aspect ratio
        if try r.flag() { try r.skip(1) }  // overscan
        if try r.flag() {  // video signal type
            try r.skip(4)
            if try r.flag() { try r.skip(24) }
        }
        if try r.flag() {  // chroma location
            _ = try r.ue()
            _ = try r.ue()
        }
        try r.skip(3)  // neutral chroma, field_seq, frame_field_info_present
        if try r.flag() { for _ in 0..<4 { _ = try r.ue() } }  // default display window
        if try r.flag() {  // timing
            try r.skip(64)
            if try r.flag() { _ = try r.ue() }
            if try r.flag() { try skipHRD(&r, maxSubLayersMinus1: maxSubLayersMinus1) }
        }
        if try r.flag() {  // bitstream restriction
            try r.skip(3)
            for _ in 0..<5 { _ = try r.ue() }
        }
    }

    static func skipHRD(_ r: inout HEVCBitReader, maxSubLayersMinus1: Int) throws(DecodeError) {
        let nal = try r.flag(), vcl = try r.flag()
        var subPic = false
        if nal || vcl {
            subPic = try r.flag()
            if subPic { try r.skip(19) }
            try r.skip(8)
            if subPic { try r.skip(4) }
            try r.skip(15)
        }
        for _ in 0...maxSubLayersMinus1 {
            let fixedGeneral = try r.flag()
            let fixedWithin = fixedGeneral ? true : try r.flag()
            var lowDelay = false
            if fixedWithin { _ = try r.ue() } else { lowDelay = try r.flag() }
            let cpbCount = lowDelay ? 1 : try r.ue("cpb_cnt_minus1", 0...31) + 1
            for present in [nal, vcl] where present {
                for _ in 0..<cpbCount {
                    _ = try r.ue()
                    _ = try r.ue()
                    if subPic {
                        _ = try r.ue()
                        _ = try r.ue()
                    }
                    try r.skip(1)
                }
            }
        }
    }
}
