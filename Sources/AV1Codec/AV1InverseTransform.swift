/// The 2-D inverse transform of AV1 7.13.3: rows, a clamp, then columns, with the row shift of
/// each size, the 1/√2 scaling of 2:1 rectangles and Lossless's Walsh-Hadamard. The buffers
/// are made once a tile and reused for every transform block.
struct AV1InverseTransform {
    /// Dequant: th × tw coefficients (tw = min(32, w)), row-major; the caller fills it.
    var coefficients = [Int](repeating: 0, count: 32 * 32)
    /// Residual: h × w, row-major, the output.
    var residual = [Int](repeating: 0, count: 64 * 64)
    private var work = [Int](repeating: 0, count: 128)
    /// The column pass's scratch for 8-bit content, four columns a lane (raw: it is used inside
    /// the other buffers' closures; each tile's transform has its own).
    private let lanes = AV1TransformLanes()

    /// Transform_Row_Shift.
    static let rowShift = [0, 1, 2, 2, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2]

    enum Kind { case dct, adst, identity }

    /// The row (horizontal) and column (vertical) 1-D transforms of a transform type.
    static func kinds(_ type: Int) -> (row: Kind, column: Kind) {
        let row: Kind
        switch type {
        case 0, 1, 4, 11: row = .dct
        case 2, 3, 5, 6, 7, 8, 13, 15: row = .adst
        default: row = .identity
        }
        let column: Kind
        switch type {
        case 0, 2, 5, 10: column = .dct
        case 1, 3, 4, 6, 7, 8, 12, 14: column = .adst
        default: column = .identity
        }
        return (row, column)
    }

    /// Whether a type flips its output up-down (FLIPADST in the columns) and left-right.
    static func flips(_ type: Int) -> (upDown: Bool, leftRight: Bool) {
        (type == 4 || type == 6 || type == 8 || type == 14, type == 5 || type == 6 || type == 7 || type == 15)
    }

    /// The residual of a DCT_DCT block whose only non-zero coefficient is its DC `dc`: every
    /// sample's the same. The steps `inverse` takes then: row 0 is flat (the DCT of a lone first
    /// value), the other rows zero, so every column is the DCT of a lone first value too.
    static func dcOnly(tx: Int, dc: Int, bitDepth: Int) -> Int {
        let log2W = AV1TxSize.widthLog2[tx]
        let log2H = AV1TxSize.heightLog2[tx]
        let rowClamp = bitDepth + 8
        let colClamp = max(bitDepth + 6, 16)
        @inline(__always) func clamp(_ v: Int, _ bits: Int) -> Int {
            min(max(v, -(1 << (bits - 1))), (1 << (bits - 1)) - 1)
        }
        var v = dc
        if abs(log2W - log2H) == 1 { v = AV1TransformMath.round2(v * 2896, 12) }
        v = clamp(AV1TransformMath.round2(v &* 2896, 12), rowClamp)
        v = clamp(AV1TransformMath.round2(v, rowShift[tx]), colClamp)
        v = clamp(AV1TransformMath.round2(v &* 2896, 12), colClamp)
        return AV1TransformMath.round2(v, 4)
    }

    /// Transforms `coefficients` of a block of size `tx` and type `type` into `residual`.
    /// `rows` bounds the coefficient rows that may be non-zero (the rest are taken as zero).
    mutating func inverse(tx: Int, type: Int, lossless: Bool, bitDepth: Int, rows nonZeroRows: Int) {
        let log2W = AV1TxSize.widthLog2[tx]
        let log2H = AV1TxSize.heightLog2[tx]
        let w = 1 << log2W
        let h = 1 << log2H
        let tw = min(32, w)
        let rowShift = lossless ? 0 : Self.rowShift[tx]
        let colShift = lossless ? 0 : 4
        let rowClamp = bitDepth + 8
        let colClamp = max(bitDepth + 6, 16)
        let colLow = -(1 << (colClamp - 1))
        let colHigh = (1 << (colClamp - 1)) - 1
        let (rowKind, columnKind) = Self.kinds(type)
        let rectangular = abs(log2W - log2H) == 1
        let rowsCoded = min(nonZeroRows, min(32, h))
        coefficients.withUnsafeMutableBufferPointer { input in
            residual.withUnsafeMutableBufferPointer { out in
                work.withUnsafeMutableBufferPointer { buffer in
                    guard let base = buffer.baseAddress, let inBase = input.baseAddress,
                        let outBase = out.baseAddress
                    else { return }
                    let t = AV1Transform1D(t: base, copy: base + 64)
                    if bitDepth == 8 && !lossless {
                        Self.rowsInLanes(
                            lanes.values, input: inBase, out: outBase, tx: tx, rowsCoded: rowsCoded, kind: rowKind)
                        Self.columnsInLanes(
                            lanes.values, out: outBase, w: w, h: h, log2H: log2H, kind: columnKind, clamp: colClamp)
                        return
                    }
                    for i in 0..<h {
                        let row = outBase + i &* w
                        var any = 0
                        if i < rowsCoded {
                            let input = inBase + i &* tw
                            for j in 0..<tw {
                                t.t[j] = input[j]
                                any |= input[j]
                            }
                            for j in tw..<w { t.t[j] = 0 }
                        }
                        guard any != 0 else {
                            row.update(repeating: 0, count: w)
                            continue
                        }
                        if rectangular { for j in 0..<w { t.t[j] = AV1TransformMath.round2(t.t[j] &* 2896, 12) } }
                        if lossless {
                            t.walshHadamard(shift: 2)
                        } else {
                            switch rowKind {
                            case .dct: t.dct(log2W, rowClamp)
                            case .adst: t.adst(log2W, rowClamp)
                            case .identity: t.identity(log2W)
                            }
                        }
                        for j in 0..<w { row[j] = min(max(AV1TransformMath.round2(t.t[j], rowShift), colLow), colHigh) }
                    }
                    for j in 0..<w {
                        for i in 0..<h { t.t[i] = outBase[i &* w &+ j] }
                        if lossless {
                            t.walshHadamard(shift: 0)
                        } else {
                            switch columnKind {
                            case .dct: t.dct(log2H, colClamp)
                            case .adst: t.adst(log2H, colClamp)
                            case .identity: t.identity(log2H)
                            }
                        }
                        for i in 0..<h { outBase[i &* w &+ j] = AV1TransformMath.round2(t.t[i], colShift) }
                    }
                }
            }
        }
    }

    /// The row pass of 8-bit content (not lossless): the first `rowsCoded` rows of the th × tw
    /// coefficients (each within 16 bits, as dequantised) into the residual's rows, clamped to
    /// the columns' 16 bits, four rows at once in 32-bit lanes (exact, as for the columns: the
    /// 2:1 scaling and every step stay below 2^30). Rows past the coded ones are zero.
    private static func rowsInLanes(
        _ lanes: UnsafeMutablePointer<SIMD4<Int32>>, input: UnsafeMutablePointer<Int>, out: UnsafeMutablePointer<Int>,
        tx: Int, rowsCoded: Int, kind: Kind
    ) {
        let log2W = AV1TxSize.widthLog2[tx]
        let log2H = AV1TxSize.heightLog2[tx]
        let (w, h) = (1 << log2W, 1 << log2H)
        let tw = min(32, w)
        let rowShift = rowShift[tx]
        let rectangular = abs(log2W - log2H) == 1
        let t = AV1Transform1D(t: lanes, copy: lanes + 64)
        // Whole groups of four rows: those past `rowsCoded` (and before th, a multiple of 4)
        // are zeros in the input, and come out zeros.
        let coded = (rowsCoded + 3) & ~3
        for first in stride(from: 0, to: coded, by: 4) {
            let rows = input + first &* tw
            var any = SIMD4<Int32>.zero
            for j in 0..<tw {
                let v = SIMD4(
                    Int32(truncatingIfNeeded: rows[j]), Int32(truncatingIfNeeded: rows[tw &+ j]),
                    Int32(truncatingIfNeeded: rows[2 &* tw &+ j]), Int32(truncatingIfNeeded: rows[3 &* tw &+ j]))
                lanes[j] = v
                any |= v
            }
            let target = out + first &* w
            guard any != .zero else {
                target.update(repeating: 0, count: 4 &* w)
                continue
            }
            for j in tw..<w { lanes[j] = .zero }
            if rectangular { for j in 0..<w { lanes[j] = lanes[j].scaled(2896).rounded(12) } }
            switch kind {
            case .dct: t.dct(log2W, 16)
            case .adst: t.adst(log2W, 16)
            case .identity: t.identity(log2W)
            }
            for j in 0..<w {
                let v = lanes[j].rounded(rowShift).clamped(-(1 << 15), (1 << 15) - 1)
                target[j] = Int(v[0])
                target[w &+ j] = Int(v[1])
                target[2 &* w &+ j] = Int(v[2])
                target[3 &* w &+ j] = Int(v[3])
            }
        }
        (out + coded &* w).update(repeating: 0, count: (h - coded) &* w)
    }

    /// The column pass of 8-bit content over `out` (h rows of w, the row pass's output, each
    /// within 16 bits), four columns at once in 32-bit lanes (AV1TransformLane's SIMD4 says why
    /// that is exact), with the column shift of 4.
    private static func columnsInLanes(
        _ lanes: UnsafeMutablePointer<SIMD4<Int32>>, out: UnsafeMutablePointer<Int>, w: Int, h: Int, log2H: Int,
        kind: Kind, clamp: Int
    ) {
        do {
            let t = AV1Transform1D(t: lanes, copy: lanes + 64)
            for j in stride(from: 0, to: w, by: 4) {
                for i in 0..<h {
                    let at = out + (i &* w &+ j)
                    lanes[i] = SIMD4(
                        Int32(truncatingIfNeeded: at[0]), Int32(truncatingIfNeeded: at[1]),
                        Int32(truncatingIfNeeded: at[2]), Int32(truncatingIfNeeded: at[3]))
                }
                switch kind {
                case .dct: t.dct(log2H, clamp)
                case .adst: t.adst(log2H, clamp)
                case .identity: t.identity(log2H)
                }
                for i in 0..<h {
                    let v = lanes[i].rounded(4)
                    let at = out + (i &* w &+ j)
                    (at[0], at[1], at[2], at[3]) = (Int(v[0]), Int(v[1]), Int(v[2]), Int(v[3]))
                }
            }
        }
    }
}
