/// The generated scans (Tables/AV1Scans+*.swift), as one namespace.
enum AV1Scans {}

/// Transform types and sets (AV1 6.10.16-19, 5.11.47-48): which types an intra transform block
/// may use, the scan its coefficients are coded in, and its class for the coefficient contexts.
enum AV1TxType {
    static let dctDct = 0, adstDct = 1, dctAdst = 2, adstAdst = 3, idtx = 9
    static let vDct = 10, hDct = 11, vAdst = 12, hAdst = 13, vFlipadst = 14, hFlipadst = 15

    /// TX_SET_DCTONLY, TX_SET_INTRA_1 and TX_SET_INTRA_2.
    enum IntraSet { case dctOnly, intra1, intra2 }

    /// get_tx_set() of an intra block.
    static func intraSet(_ tx: Int, reducedTxSet: Bool) -> IntraSet {
        let up = AV1TxSize.squareUp[tx]
        if up >= 3 { return .dctOnly }  // TX_32X32 and up
        if reducedTxSet || AV1TxSize.square[tx] == 2 { return .intra2 }
        return .intra1
    }

    /// Tx_Type_Intra_Inv_Set1 and Tx_Type_Intra_Inv_Set2: the coded index to the type.
    static let intraInverse1 = [idtx, dctDct, vDct, hDct, adstAdst, adstDct, dctAdst]
    static let intraInverse2 = [idtx, dctDct, adstAdst, adstDct, dctAdst]

    /// Mode_To_Txfm: a chroma block's type, by its mode.
    static let fromMode = [
        dctDct, adstDct, dctAdst, dctDct, adstAdst, adstDct, dctAdst, dctAdst, adstDct, adstAdst, adstDct, dctAdst,
        adstAdst, dctDct,
    ]

    /// Filter_Intra_Mode_To_Intra_Dir.
    static let filterIntraDirection = [0, 1, 2, 6, 0]

    /// Tx_Type_In_Set_Intra for sets 1 and 2 (the DCT-only set holds DCT_DCT alone).
    static func isInSet(_ set: IntraSet, _ type: Int) -> Bool {
        switch set {
        case .dctOnly: return type == dctDct
        case .intra1: return type <= adstAdst || (type >= idtx && type <= hDct)
        case .intra2: return type <= adstAdst || type == idtx
        }
    }

    /// get_tx_class(): 0 two-dimensional, 1 horizontal only, 2 vertical only.
    static func txClass(_ type: Int) -> Int {
        switch type {
        case vDct, vAdst, vFlipadst: return 2
        case hDct, hAdst, hFlipadst: return 1
        default: return 0
        }
    }

    /// get_scan(): the coefficients' coding order for a transform size and type.
    static func scan(_ tx: Int, _ type: Int) -> [UInt16] {
        if tx == 17 { return AV1Scans.defaultScan16x32 }  // TX_16X64
        if tx == 18 { return AV1Scans.defaultScan32x16 }  // TX_64X16
        if AV1TxSize.squareUp[tx] == 4 { return AV1Scans.defaultScan32x32 }
        let row = type == vDct || type == vAdst || type == vFlipadst
        let column = type == hDct || type == hAdst || type == hFlipadst
        if type != idtx && row, let scan = mrow(tx) { return scan }
        if type != idtx && column, let scan = mcol(tx) { return scan }
        return defaultScan(tx)
    }

    private static func mrow(_ tx: Int) -> [UInt16]? {
        switch tx {
        case 0: AV1Scans.mrowScan4x4
        case 5: AV1Scans.mrowScan4x8
        case 6: AV1Scans.mrowScan8x4
        case 1: AV1Scans.mrowScan8x8
        case 7: AV1Scans.mrowScan8x16
        case 8: AV1Scans.mrowScan16x8
        case 2: AV1Scans.mrowScan16x16
        case 13: AV1Scans.mrowScan4x16
        case 14: AV1Scans.mrowScan16x4
        default: nil
        }
    }

    private static func mcol(_ tx: Int) -> [UInt16]? {
        switch tx {
        case 0: AV1Scans.mcolScan4x4
        case 5: AV1Scans.mcolScan4x8
        case 6: AV1Scans.mcolScan8x4
        case 1: AV1Scans.mcolScan8x8
        case 7: AV1Scans.mcolScan8x16
        case 8: AV1Scans.mcolScan16x8
        case 2: AV1Scans.mcolScan16x16
        case 13: AV1Scans.mcolScan4x16
        case 14: AV1Scans.mcolScan16x4
        default: nil
        }
    }

    private static func defaultScan(_ tx: Int) -> [UInt16] {
        switch tx {
        case 0: AV1Scans.defaultScan4x4
        case 5: AV1Scans.defaultScan4x8
        case 6: AV1Scans.defaultScan8x4
        case 1: AV1Scans.defaultScan8x8
        case 7: AV1Scans.defaultScan8x16
        case 8: AV1Scans.defaultScan16x8
        case 2: AV1Scans.defaultScan16x16
        case 9: AV1Scans.defaultScan16x32
        case 10: AV1Scans.defaultScan32x16
        case 13: AV1Scans.defaultScan4x16
        case 14: AV1Scans.defaultScan16x4
        case 15: AV1Scans.defaultScan8x32
        case 16: AV1Scans.defaultScan32x8
        default: AV1Scans.defaultScan32x32
        }
    }
}
