extension AV1CDFs {
    /// A table's default CDFs (for the coefficient tables, those of quantizer context `q`).
    static func defaults(_ table: Table, _ q: Int) -> [UInt16] {
        typealias D = AV1DefaultCDFs
        switch table {
        case .intraFrameYMode: return D.intraFrameYMode
        case .uvModeCflNotAllowed: return D.uvModeCflNotAllowed
        case .uvModeCflAllowed: return D.uvModeCflAllowed
        case .angleDelta: return D.angleDelta
        case .intrabc: return D.intrabc
        case .partitionW8: return D.partitionW8
        case .partitionW16: return D.partitionW16
        case .partitionW32: return D.partitionW32
        case .partitionW64: return D.partitionW64
        case .partitionW128: return D.partitionW128
        case .tx8x8: return D.tx8x8
        case .tx16x16: return D.tx16x16
        case .tx32x32: return D.tx32x32
        case .tx64x64: return D.tx64x64
        case .filterIntraMode: return D.filterIntraMode
        case .filterIntra: return D.filterIntra
        case .segmentID: return D.segmentId
        case .skip: return D.skip
        case .deltaQ: return D.deltaQ
        case .deltaLF: return D.deltaLf
        // FRAME_LF_COUNT copies of the delta-lf CDF, one for each loop filter level (delta_lf_multi).
        case .deltaLFMulti: return D.deltaLf + D.deltaLf + D.deltaLf + D.deltaLf
        case .intraTxTypeSet1: return D.intraTxTypeSet1
        case .intraTxTypeSet2: return D.intraTxTypeSet2
        case .cflSign: return D.cflSign
        case .cflAlpha: return D.cflAlpha
        case .useWiener: return D.useWiener
        case .useSgrproj: return D.useSgrproj
        case .restorationType: return D.restorationType
        case .paletteYSize: return D.paletteYSize
        case .paletteUVSize: return D.paletteUvSize
        case .paletteYMode: return D.paletteYMode
        case .paletteUVMode: return D.paletteUvMode
        case .paletteYColor2: return D.paletteSize2YColor
        case .paletteYColor3: return D.paletteSize3YColor
        case .paletteYColor4: return D.paletteSize4YColor
        case .paletteYColor5: return D.paletteSize5YColor
        case .paletteYColor6: return D.paletteSize6YColor
        case .paletteYColor7: return D.paletteSize7YColor
        case .paletteYColor8: return D.paletteSize8YColor
        case .paletteUVColor2: return D.paletteSize2UvColor
        case .paletteUVColor3: return D.paletteSize3UvColor
        case .paletteUVColor4: return D.paletteSize4UvColor
        case .paletteUVColor5: return D.paletteSize5UvColor
        case .paletteUVColor6: return D.paletteSize6UvColor
        case .paletteUVColor7: return D.paletteSize7UvColor
        case .paletteUVColor8: return D.paletteSize8UvColor
        case .txfmSplit: return D.txfmSplit
        case .interTxTypeSet1: return D.interTxTypeSet1
        case .interTxTypeSet2: return D.interTxTypeSet2
        case .interTxTypeSet3: return D.interTxTypeSet3
        case .mvJoint: return D.mvJoint
        case .mvClass: return D.mvClass
        case .mvClass0Bit: return D.mvClass0Bit + D.mvClass0Bit
        case .mvSign: return D.mvSign + D.mvSign
        case .mvBit: return D.mvBit + D.mvBit
        default: return coefficientDefaults(table, q)
        }
    }

    private static func coefficientDefaults(_ table: Table, _ q: Int) -> [UInt16] {
        typealias D = AV1DefaultCDFs
        func pick(_ tables: [UInt16]...) -> [UInt16] { tables[max(0, min(q, 3))] }
        switch table {
        case .txbSkip: return pick(D.txbSkipQ0, D.txbSkipQ1, D.txbSkipQ2, D.txbSkipQ3)
        case .eobPt16: return pick(D.eobPt16Q0, D.eobPt16Q1, D.eobPt16Q2, D.eobPt16Q3)
        case .eobPt32: return pick(D.eobPt32Q0, D.eobPt32Q1, D.eobPt32Q2, D.eobPt32Q3)
        case .eobPt64: return pick(D.eobPt64Q0, D.eobPt64Q1, D.eobPt64Q2, D.eobPt64Q3)
        case .eobPt128: return pick(D.eobPt128Q0, D.eobPt128Q1, D.eobPt128Q2, D.eobPt128Q3)
        case .eobPt256: return pick(D.eobPt256Q0, D.eobPt256Q1, D.eobPt256Q2, D.eobPt256Q3)
        case .eobPt512: return pick(D.eobPt512Q0, D.eobPt512Q1, D.eobPt512Q2, D.eobPt512Q3)
        case .eobPt1024: return pick(D.eobPt1024Q0, D.eobPt1024Q1, D.eobPt1024Q2, D.eobPt1024Q3)
        case .eobExtra: return pick(D.eobExtraQ0, D.eobExtraQ1, D.eobExtraQ2, D.eobExtraQ3)
        case .dcSign: return pick(D.dcSignQ0, D.dcSignQ1, D.dcSignQ2, D.dcSignQ3)
        case .coeffBaseEOB: return pick(D.coeffBaseEobQ0, D.coeffBaseEobQ1, D.coeffBaseEobQ2, D.coeffBaseEobQ3)
        case .coeffBase: return pick(D.coeffBaseQ0, D.coeffBaseQ1, D.coeffBaseQ2, D.coeffBaseQ3)
        case .coeffBr: return pick(D.coeffBrQ0, D.coeffBrQ1, D.coeffBrQ2, D.coeffBrQ3)
        default: return []
        }
    }
}
