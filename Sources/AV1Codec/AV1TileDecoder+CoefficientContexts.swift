extension AV1TileDecoder {
    /// get_coeff_base_ctx(isEob: 1), less SIG_COEF_CONTEXTS - SIG_COEF_CONTEXTS_EOB.
    func eobBaseContext(_ c: Int, bwl: Int, height: Int) -> Int {
        if c == 0 { return 0 }
        if c <= (height << bwl) / 8 { return 1 }
        if c <= (height << bwl) / 4 { return 2 }
        return 3
    }

    /// get_coeff_base_ctx(isEob: 0): the neighbours' levels so far (Sig_Ref_Diff_Offset's, by
    /// class, read from the padded level map at `at`), and where the position lies.
    @inline(__always)
    static func baseContext(
        _ tx: Int, _ at: UnsafeMutablePointer<UInt8>, _ row: Int, _ col: Int, _ stride: Int, _ txClass: Int
    ) -> Int {
        @inline(__always) func level(_ offset: Int) -> Int { min(Int(at[offset]), 3) }
        var mag = level(1) &+ level(stride)
        switch txClass {
        case 0: mag &+= level(stride &+ 1) &+ level(2) &+ level(2 &* stride)
        case 1: mag &+= level(2) &+ level(3) &+ level(4)
        default: mag &+= level(2 &* stride) &+ level(3 &* stride) &+ level(4 &* stride)
        }
        let ctx = min((mag &+ 1) >> 1, 4)
        if txClass == 0 {
            if row == 0 && col == 0 { return 0 }
            return ctx &+ Int(AV1Scans.coeffBaseCtxOffset[tx &* 25 &+ min(row, 4) &* 5 &+ min(col, 4)])
        }
        let index = txClass == 2 ? row : col
        return ctx &+ 26 &+ 5 &* min(index, 2)
    }

    /// coeff_br's context (Mag_Ref_Offset_With_Tx_Class's neighbours, from the level map).
    @inline(__always)
    static func rangeContext(
        _ at: UnsafeMutablePointer<UInt8>, _ row: Int, _ col: Int, _ stride: Int, _ txClass: Int
    ) -> Int {
        var mag = Int(at[1]) &+ Int(at[stride])
        switch txClass {
        case 0: mag &+= Int(at[stride &+ 1])
        case 1: mag &+= Int(at[2])
        default: mag &+= Int(at[2 &* stride])
        }
        mag = min((mag &+ 1) >> 1, 6)
        if row == 0 && col == 0 { return mag }
        switch txClass {
        case 0: return row < 2 && col < 2 ? mag &+ 7 : mag &+ 14
        case 1: return col == 0 ? mag &+ 7 : mag &+ 14
        default: return row == 0 ? mag &+ 7 : mag &+ 14
        }
    }

    /// dc_sign's context: the signs of the DCs above and left.
    func dcSignContext(_ plane: Int, _ x4: Int, _ y4: Int, _ w4: Int, _ h4: Int) -> Int {
        let colour = sequence.colour
        let maxX4 = plane > 0 ? frame.miCols >> colour.subsamplingX : frame.miCols
        let maxY4 = plane > 0 ? frame.miRows >> colour.subsamplingY : frame.miRows
        var dcSign = 0
        for k in 0..<w4 where x4 + k < maxX4 {
            let sign = levels.aboveDC[plane][x4 + k]
            dcSign += sign == 1 ? -1 : sign == 2 ? 1 : 0
        }
        for k in 0..<h4 where y4 + k < maxY4 {
            let sign = levels.leftDC[plane][y4 + k]
            dcSign += sign == 1 ? -1 : sign == 2 ? 1 : 0
        }
        return dcSign < 0 ? 1 : dcSign > 0 ? 2 : 0
    }
}
