extension AV1TileDecoder {
    /// Sig_Ref_Diff_Offset: the neighbours (row, column) a level's context sums, by class.
    static let significanceNeighbours: [[(Int, Int)]] = [
        [(0, 1), (1, 0), (1, 1), (0, 2), (2, 0)],
        [(0, 1), (1, 0), (0, 2), (0, 3), (0, 4)],
        [(0, 1), (1, 0), (2, 0), (3, 0), (4, 0)],
    ]
    /// Mag_Ref_Offset_With_Tx_Class: the neighbours coeff_br's context sums, by class.
    static let rangeNeighbours: [[(Int, Int)]] = [
        [(0, 1), (1, 0), (1, 1)], [(0, 1), (1, 0), (0, 2)], [(0, 1), (1, 0), (2, 0)],
    ]

    /// get_coeff_base_ctx(isEob: 1), less SIG_COEF_CONTEXTS - SIG_COEF_CONTEXTS_EOB.
    func eobBaseContext(_ c: Int, bwl: Int, height: Int) -> Int {
        if c == 0 { return 0 }
        if c <= (height << bwl) / 8 { return 1 }
        if c <= (height << bwl) / 4 { return 2 }
        return 3
    }

    /// get_coeff_base_ctx(isEob: 0): the neighbours' levels so far, and where the position lies.
    func baseContext(_ tx: Int, _ pos: Int, bwl: Int, height: Int, txClass: Int) -> Int {
        let row = pos >> bwl
        let col = pos - (row << bwl)
        let width = 1 << bwl
        var mag = 0
        for (dr, dc) in Self.significanceNeighbours[txClass] {
            let r = row + dr
            let c = col + dc
            if r < height && c < width { mag += min(abs(Int(quant[(r << bwl) + c])), 3) }
        }
        let ctx = min((mag + 1) >> 1, 4)
        if txClass == 0 {
            if row == 0 && col == 0 { return 0 }
            return ctx + Int(AV1Scans.coeffBaseCtxOffset[tx * 25 + min(row, 4) * 5 + min(col, 4)])
        }
        let index = txClass == 2 ? row : col
        return ctx + 26 + 5 * min(index, 2)
    }

    /// coeff_br's context.
    func rangeContext(_ pos: Int, bwl: Int, height: Int, txClass: Int) -> Int {
        let row = pos >> bwl
        let col = pos - (row << bwl)
        var mag = 0
        for (dr, dc) in Self.rangeNeighbours[txClass] {
            let r = row + dr
            let c = col + dc
            if r < height && c < (1 << bwl) { mag += min(Int(quant[(r << bwl) + c]), 15) }
        }
        mag = min((mag + 1) >> 1, 6)
        if pos == 0 { return mag }
        switch txClass {
        case 0: return row < 2 && col < 2 ? mag + 7 : mag + 14
        case 1: return col == 0 ? mag + 7 : mag + 14
        default: return row == 0 ? mag + 7 : mag + 14
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
