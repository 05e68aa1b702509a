import ImageCore

/// loop_filter_params() (AV1 5.9.11): the deblocking levels and the reference and mode deltas,
/// starting from setup_past_independence's defaults (a still has no frame to inherit them from).
struct AV1LoopFilterParameters: Equatable {
    /// Vertical and horizontal luma edges, then U and V.
    var level = [0, 0, 0, 0]
    var sharpness = 0
    var deltaEnabled = false
    var refDeltas = [1, 0, 0, 0, -1, 0, -1, -1]
    var modeDeltas = [0, 0]

    init() {}

    init(_ r: inout AV1BitReader, _ colour: AV1ColourConfig) throws(DecodeError) {
        level[0] = try r.f(6)
        level[1] = try r.f(6)
        if colour.planes > 1 && (level[0] != 0 || level[1] != 0) {
            level[2] = try r.f(6)
            level[3] = try r.f(6)
        }
        sharpness = try r.f(3)
        deltaEnabled = try r.flag()
        if deltaEnabled, try r.flag() {  // loop_filter_delta_update
            for i in 0..<8 where try r.flag() { refDeltas[i] = try r.su(7) }
            for i in 0..<2 where try r.flag() { modeDeltas[i] = try r.su(7) }
        }
    }
}

/// cdef_params() (AV1 5.9.19): the damping and up to eight strength presets.
struct AV1CdefParameters: Equatable {
    var damping = 3
    var bits = 0
    var yStrengths: [(primary: Int, secondary: Int)] = [(0, 0)]
    var uvStrengths: [(primary: Int, secondary: Int)] = [(0, 0)]

    static func == (a: AV1CdefParameters, b: AV1CdefParameters) -> Bool {
        a.damping == b.damping && a.bits == b.bits && a.yStrengths.elementsEqual(b.yStrengths, by: ==)
            && a.uvStrengths.elementsEqual(b.uvStrengths, by: ==)
    }

    init() {}

    init(_ r: inout AV1BitReader, _ colour: AV1ColourConfig) throws(DecodeError) {
        damping = try r.f(2) + 3
        bits = try r.f(2)
        yStrengths = []
        uvStrengths = []
        for _ in 0..<(1 << bits) {
            let yPrimary = try r.f(4)
            let ySecondary = try r.f(2)
            yStrengths.append((yPrimary, ySecondary == 3 ? 4 : ySecondary))
            if colour.planes > 1 {
                let uvPrimary = try r.f(4)
                let uvSecondary = try r.f(2)
                uvStrengths.append((uvPrimary, uvSecondary == 3 ? 4 : uvSecondary))
            } else {
                uvStrengths.append((0, 0))
            }
        }
    }
}

/// lr_params() (AV1 5.9.20): each plane's restoration type and the unit sizes.
struct AV1RestorationParameters: Equatable {
    enum Kind: Equatable { case none, wiener, selfGuided, switchable }
    var types: [Kind] = [.none, .none, .none]
    /// LoopRestorationSize of each plane, in samples.
    var unitSizes = [64, 64, 64]

    var usesRestoration: Bool { types.contains { $0 != .none } }

    init() {}

    init(_ r: inout AV1BitReader, _ colour: AV1ColourConfig, use128: Bool) throws(DecodeError) {
        let remap: [Kind] = [.none, .switchable, .wiener, .selfGuided]
        var usesChroma = false
        for plane in 0..<colour.planes {
            types[plane] = remap[try r.f(2)]
            if plane > 0 && types[plane] != .none { usesChroma = true }
        }
        guard usesRestoration else { return }
        var shift = try r.f(1)
        if use128 {
            shift += 1
        } else if shift == 1 {
            shift += try r.f(1)
        }
        let size = 256 >> (2 - shift)
        let uvShift = colour.subsamplingX == 1 && colour.subsamplingY == 1 && usesChroma ? try r.f(1) : 0
        unitSizes = [size, size >> uvShift, size >> uvShift]
    }
}
