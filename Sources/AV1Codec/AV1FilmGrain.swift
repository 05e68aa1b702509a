import ImageCore

/// film_grain_params() (AV1 5.9.30), read past: imgsel shows the picture as coded, without
/// grain (as `dav1d --filmgrain 0`), but the header runs on after it.
enum AV1FilmGrain {
    static func skip(_ r: inout AV1BitReader, _ colour: AV1ColourConfig) throws(DecodeError) {
        guard try r.flag() else { return }  // apply_grain
        _ = try r.f(16)  // grain_seed; a key frame always updates the grain (update_grain)
        let yPoints = try r.f(4)
        try skipPoints(&r, yPoints)
        let fromLuma = colour.monochrome ? false : try r.flag()
        var cbPoints = 0
        var crPoints = 0
        if !(colour.monochrome || fromLuma || (colour.subsamplingX == 1 && colour.subsamplingY == 1 && yPoints == 0)) {
            cbPoints = try r.f(4)
            try skipPoints(&r, cbPoints)
            crPoints = try r.f(4)
            try skipPoints(&r, crPoints)
        }
        _ = try r.f(2)  // grain_scaling_minus_8
        let lag = try r.f(2)
        let lumaPositions = 2 * lag * (lag + 1)
        let chromaPositions = lumaPositions + (yPoints > 0 ? 1 : 0)
        if yPoints > 0 { try skipBytes(&r, lumaPositions) }
        if fromLuma || cbPoints > 0 { try skipBytes(&r, chromaPositions) }
        if fromLuma || crPoints > 0 { try skipBytes(&r, chromaPositions) }
        _ = try r.f(4)  // ar_coeff_shift_minus_6, grain_scale_shift
        if cbPoints > 0 { _ = try r.f(25) }  // cb_mult, cb_luma_mult, cb_offset
        if crPoints > 0 { _ = try r.f(25) }
        _ = try r.f(2)  // overlap_flag, clip_to_restricted_range
    }

    private static func skipPoints(_ r: inout AV1BitReader, _ count: Int) throws(DecodeError) {
        try skipBytes(&r, 2 * count)
    }

    private static func skipBytes(_ r: inout AV1BitReader, _ count: Int) throws(DecodeError) {
        for _ in 0..<count { _ = try r.f(8) }
    }
}
