/// The default CDF tables (Tables/, from the spec), as one namespace the generated files extend.
enum AV1DefaultCDFs {}

/// Every CDF an intra frame's tiles read, in one buffer: a tile starts from a copy of the
/// frame's (init_non_coeff_cdfs and init_coeff_cdfs, AV1 8.2.2), and the symbol decoder adapts
/// its copy in place. A table's CDFs lie one after another, each its symbols' values and its
/// counter (`stride` entries), in the spec's index order; `AV1CDFs.offset` finds one.
struct AV1CDFs: Equatable {
    var values: [UInt16]

    /// Each table an intra frame reads, in the buffer's order.
    enum Table: Int, CaseIterable {
        case intraFrameYMode, uvModeCflNotAllowed, uvModeCflAllowed, angleDelta, intrabc
        case partitionW8, partitionW16, partitionW32, partitionW64, partitionW128
        case tx8x8, tx16x16, tx32x32, tx64x64, filterIntraMode, filterIntra, segmentID, skip
        case deltaQ, deltaLF, deltaLFMulti, intraTxTypeSet1, intraTxTypeSet2, cflSign, cflAlpha
        case useWiener, useSgrproj, restorationType
        case paletteYSize, paletteUVSize, paletteYMode, paletteUVMode
        case paletteYColor2, paletteYColor3, paletteYColor4, paletteYColor5, paletteYColor6, paletteYColor7
        case paletteYColor8
        case paletteUVColor2, paletteUVColor3, paletteUVColor4, paletteUVColor5, paletteUVColor6
        case paletteUVColor7, paletteUVColor8
        case txbSkip, eobPt16, eobPt32, eobPt64, eobPt128, eobPt256, eobPt512, eobPt1024, eobExtra, dcSign
        case coeffBaseEOB, coeffBase, coeffBr
        // Intra block copy's: the var-tx split, the inter transform sets, the vector (each mv
        // table one a component, MV_INTRABC_CONTEXT's only).
        case txfmSplit, interTxTypeSet1, interTxTypeSet2, interTxTypeSet3
        case mvJoint, mvClass, mvClass0Bit, mvSign, mvBit

        /// The entries of one CDF: its symbols' values and its counter.
        var stride: Int {
            switch self {
            case .intraFrameYMode, .uvModeCflNotAllowed: 14
            case .uvModeCflAllowed: 15
            case .angleDelta: 8
            case .intrabc, .tx8x8, .filterIntra, .skip, .useWiener, .useSgrproj, .paletteYMode, .paletteUVMode: 3
            case .partitionW8, .deltaQ, .deltaLF, .deltaLFMulti: 5
            case .partitionW16, .partitionW32, .partitionW64: 11
            case .partitionW128: 9
            case .tx16x16, .tx32x32, .tx64x64, .restorationType: 4
            case .filterIntraMode, .intraTxTypeSet2: 6
            case .segmentID, .cflSign: 9
            case .intraTxTypeSet1, .paletteYSize, .paletteUVSize: 8
            case .cflAlpha: 17
            case .paletteYColor2, .paletteUVColor2: 3
            case .paletteYColor3, .paletteUVColor3: 4
            case .paletteYColor4, .paletteUVColor4: 5
            case .paletteYColor5, .paletteUVColor5: 6
            case .paletteYColor6, .paletteUVColor6: 7
            case .paletteYColor7, .paletteUVColor7: 8
            case .paletteYColor8, .paletteUVColor8: 9
            case .txbSkip, .eobExtra, .dcSign: 3
            case .eobPt16: 6
            case .eobPt32: 7
            case .eobPt64: 8
            case .eobPt128: 9
            case .eobPt256: 10
            case .eobPt512: 11
            case .eobPt1024: 12
            case .coeffBaseEOB: 4
            case .coeffBase, .coeffBr: 5
            case .txfmSplit, .interTxTypeSet3, .mvClass0Bit, .mvSign, .mvBit: 3
            case .interTxTypeSet1: 17
            case .interTxTypeSet2: 13
            case .mvJoint: 5
            case .mvClass: 12
            }
        }
    }

    /// The frame's starting CDFs: the defaults, with the coefficient tables of the quantizer
    /// context `baseQIndex` selects (init_coeff_cdfs).
    init(baseQIndex: Int) {
        let q = baseQIndex <= 20 ? 0 : baseQIndex <= 60 ? 1 : baseQIndex <= 120 ? 2 : 3
        values = []
        values.reserveCapacity(Self.offsets[Table.allCases.count])
        for table in Table.allCases { values += Self.defaults(table, q) }
    }

    /// CDFs of the given values (a symbol decoder's, as they stand).
    init(values: [UInt16]) { self.values = values }

    /// Where CDF `index` (counted in the table's own flattened order) of `table` starts.
    @inline(__always)
    static func offset(_ table: Table, _ index: Int = 0) -> Int {
        offsets[table.rawValue] + index * table.stride
    }

    /// Each table's start, and the total last: worked out once from the defaults' sizes.
    static let offsets: [Int] = {
        var starts = [0]
        for table in Table.allCases { starts.append(starts[starts.count - 1] + defaults(table, 0).count) }
        return starts
    }()
}
