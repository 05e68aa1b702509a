extension AV1TileDecoder {
    static let wienerTapsMin = [-5, -23, -17], wienerTapsMax = [10, 8, 46], wienerTapsK = [1, 2, 3]
    static let sgrprojXqdMin = [-96, -32], sgrprojXqdMax = [31, 95]
    /// Sgr_Params' radii: whether each of a set's two passes filters (r0, r1 non-zero).
    static let sgrRadii: [(Int, Int)] = [
        (2, 1), (2, 1), (2, 1), (2, 1), (2, 1), (2, 1), (2, 1), (2, 1), (2, 1), (2, 1), (0, 1), (0, 1), (0, 1), (0, 1),
        (2, 0), (2, 0),
    ]

    /// read_lr(r, c, bSize): the restoration units whose top-left corner the superblock holds.
    mutating func readRestorationUnits(_ r: Int, _ c: Int, _ size: Int) {
        guard !frame.allowIntraBC else { return }
        let colour = sequence.colour
        for plane in 0..<colour.planes where frame.restoration.types[plane] != .none {
            let subX = plane == 0 ? 0 : colour.subsamplingX
            let subY = plane == 0 ? 0 : colour.subsamplingY
            let unitSize = frame.restoration.unitSizes[plane]
            func units(_ frameSize: Int) -> Int { max((frameSize + (unitSize >> 1)) / unitSize, 1) }
            let unitRows = units((frame.height + subY) >> subY)
            let unitCols = units((frame.width + subX) >> subX)
            let rowStart = (r * (4 >> subY) + unitSize - 1) / unitSize
            let rowEnd = min(unitRows, ((r + AV1Block.high4(size)) * (4 >> subY) + unitSize - 1) / unitSize)
            let colStart = (c * (4 >> subX) + unitSize - 1) / unitSize
            let colEnd = min(unitCols, ((c + AV1Block.wide4(size)) * (4 >> subX) + unitSize - 1) / unitSize)
            for unitRow in stride(from: rowStart, to: rowEnd, by: 1) {
                for unitCol in stride(from: colStart, to: colEnd, by: 1) {
                    readRestorationUnit(plane, unit: unitRow * unitCols + unitCol)
                }
            }
        }
    }

    /// read_lr_unit(): a unit's filter and its coefficients, coded against the last unit's.
    private mutating func readRestorationUnit(_ plane: Int, unit: Int) {
        var type: Int
        switch frame.restoration.types[plane] {
        case .wiener: type = symbols.symbol(AV1CDFs.offset(.useWiener), count: 2) == 1 ? 1 : 0
        case .selfGuided: type = symbols.symbol(AV1CDFs.offset(.useSgrproj), count: 2) == 1 ? 2 : 0
        default: type = symbols.symbol(AV1CDFs.offset(.restorationType), count: 3)
        }
        let stored = unit < restorationUnits.types[plane].count
        if stored { restorationUnits.types[plane][unit] = UInt8(type) }
        if type == 1 {
            for pass in 0..<2 {
                for j in (plane > 0 ? 1 : 0)..<3 {
                    let v = signedSubexp(
                        Self.wienerTapsMin[j], Self.wienerTapsMax[j] + 1, Self.wienerTapsK[j],
                        restorationRefs.wiener[plane][pass][j])
                    restorationRefs.wiener[plane][pass][j] = v
                    if stored { restorationUnits.wiener[plane][unit * 6 + pass * 3 + j] = Int8(truncatingIfNeeded: v) }
                }
            }
        } else if type == 2 {
            let set = symbols.literal(4)
            if stored { restorationUnits.sets[plane][unit] = UInt8(set) }
            let radii = Self.sgrRadii[set]
            for i in 0..<2 {
                let (low, high) = (Self.sgrprojXqdMin[i], Self.sgrprojXqdMax[i])
                var v = 0
                if (i == 0 ? radii.0 : radii.1) != 0 {
                    v = signedSubexp(low, high + 1, 4, restorationRefs.sgrXqd[plane][i])
                } else if i == 1 {
                    v = max(low, min(high, (1 << 7) - restorationRefs.sgrXqd[plane][0]))
                }
                restorationRefs.sgrXqd[plane][i] = v
                if stored { restorationUnits.xqd[plane][unit * 2 + i] = Int16(truncatingIfNeeded: v) }
            }
        }
    }

    /// decode_signed_subexp_with_ref_bool(low, high, k, r).
    private mutating func signedSubexp(_ low: Int, _ high: Int, _ k: Int, _ reference: Int) -> Int {
        let mx = high - low
        let r = reference - low
        let v = subexp(mx, k)
        let x = (r << 1) <= mx ? Self.inverseRecenter(r, v) : mx - 1 - Self.inverseRecenter(mx - 1 - r, v)
        return x + low
    }

    private mutating func subexp(_ numSyms: Int, _ k: Int) -> Int {
        var i = 0
        var mk = 0
        while true {
            let b2 = i > 0 ? k + i - 1 : k
            let a = 1 << b2
            if numSyms <= mk + 3 * a { return symbolNS(numSyms - mk) + mk }
            guard symbols.literal(1) == 1 else { return symbols.literal(b2) + mk }
            i += 1
            mk += a
        }
    }

    /// NS(n): ns(n) in symbol-coded bits.
    mutating func symbolNS(_ n: Int) -> Int {
        guard n > 1 else { return 0 }
        let w = AV1CDFs.floorLog2(n) + 1
        let m = (1 << w) - n
        let v = symbols.literal(w - 1)
        if v < m { return v }
        return (v << 1) - m + symbols.literal(1)
    }

    static func inverseRecenter(_ r: Int, _ v: Int) -> Int {
        if v > 2 * r { return v }
        return v & 1 == 1 ? r - ((v + 1) >> 1) : r + (v >> 1)
    }
}

/// RefLrWiener and RefSgrXqd: the last restoration unit's coefficients of each plane, which the
/// next is coded against; each tile starts from the spec's middle values.
struct AV1RestorationReferences {
    var wiener = [[[Int]]](repeating: [[3, -7, 15], [3, -7, 15]], count: 3)
    var sgrXqd = [[Int]](repeating: [-32, 31], count: 3)
}
