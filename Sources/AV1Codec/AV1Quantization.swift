import ImageCore

/// quantization_params() (AV1 5.9.12): the base quantizer index, the DC and AC deltas of each
/// plane, and the quantizer matrix levels when matrices are used.
struct AV1Quantization: Equatable {
    var baseQIndex = 0
    var deltaYDC = 0, deltaUDC = 0, deltaUAC = 0, deltaVDC = 0, deltaVAC = 0
    var usingQMatrix = false
    var qmY = 15, qmU = 15, qmV = 15

    init() {}

    init(_ r: inout AV1BitReader, _ colour: AV1ColourConfig) throws(DecodeError) {
        baseQIndex = try r.f(8)
        deltaYDC = try Self.delta(&r)
        if colour.planes > 1 {
            let different = colour.separateUVDeltaQ ? try r.flag() : false
            deltaUDC = try Self.delta(&r)
            deltaUAC = try Self.delta(&r)
            if different {
                deltaVDC = try Self.delta(&r)
                deltaVAC = try Self.delta(&r)
            } else {
                (deltaVDC, deltaVAC) = (deltaUDC, deltaUAC)
            }
        }
        usingQMatrix = try r.flag()
        if usingQMatrix {
            qmY = try r.f(4)
            qmU = try r.f(4)
            qmV = colour.separateUVDeltaQ ? try r.f(4) : qmU
        }
    }

    /// read_delta_q(): su(1+6) when coded, else 0.
    private static func delta(_ r: inout AV1BitReader) throws(DecodeError) -> Int {
        try r.flag() ? try r.su(7) : 0
    }
}

/// segmentation_params() (AV1 5.9.14) of a frame with no reference: every enabled feature's value.
struct AV1Segmentation: Equatable {
    var enabled = false
    /// FeatureEnabled and FeatureData, 8 segments of 8 features.
    var featureEnabled = [[Bool]](repeating: [Bool](repeating: false, count: 8), count: 8)
    var featureData = [[Int]](repeating: [Int](repeating: 0, count: 8), count: 8)
    var segIDPreSkip = false
    var lastActiveSegID = 0

    static let featureBits = [8, 6, 6, 6, 6, 3, 0, 0]
    static let featureSigned = [true, true, true, true, true, false, false, false]
    static let featureMax = [255, 63, 63, 63, 63, 7, 0, 0]

    init() {}

    init(_ r: inout AV1BitReader) throws(DecodeError) {
        enabled = try r.flag()
        guard enabled else { return }
        for i in 0..<8 {
            for j in 0..<8 where try r.flag() {
                featureEnabled[i][j] = true
                let bits = Self.featureBits[j]
                let limit = Self.featureMax[j]
                if Self.featureSigned[j] {
                    featureData[i][j] = min(max(try r.su(1 + bits), -limit), limit)
                } else {
                    featureData[i][j] = min(try r.f(bits), limit)
                }
                lastActiveSegID = i
                if j >= 5 { segIDPreSkip = true }
            }
        }
    }

    /// get_qindex(1, segment): the base index with the segment's alternative quantizer applied.
    func qIndex(_ segment: Int, base: Int) -> Int {
        guard enabled, featureEnabled[segment][0] else { return base }
        return min(max(base + featureData[segment][0], 0), 255)
    }
}

/// delta_q_params() and delta_lf_params() (AV1 5.9.17-18): whether superblocks carry quantizer
/// and loop filter deltas, and their resolutions (as shifts).
struct AV1DeltaParameters: Equatable {
    var qPresent = false, qShift = 0
    var lfPresent = false, lfShift = 0, lfMulti = false

    init() {}

    init(_ r: inout AV1BitReader, baseQIndex: Int, allowIntraBC: Bool) throws(DecodeError) {
        if baseQIndex > 0 { qPresent = try r.flag() }
        guard qPresent else { return }
        qShift = try r.f(2)
        if !allowIntraBC { lfPresent = try r.flag() }
        if lfPresent {
            lfShift = try r.f(2)
            lfMulti = try r.flag()
        }
    }
}
