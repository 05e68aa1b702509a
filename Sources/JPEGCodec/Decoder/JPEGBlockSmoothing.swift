/// How precisely each coefficient of each component is known so far: libjpeg's
/// coef_bits (jdphuff.c), the Al of the last scan that coded it, −1 before any did,
/// with the state before each component's latest scan kept as well.
struct JPEGProgressionStatus {
    var current: [[Int]]
    var previous: [[Int]]
    /// libjpeg's last_good_iMCU_row: the iMCU row of the last MCU decoded while there was data.
    var lastGoodIMCURow = 0
    /// Scans started so far (libjpeg's input_scan_number).
    var scans = 0

    init(componentCount: Int) {
        current = Array(repeating: Array(repeating: -1, count: 64), count: componentCount)
        previous = current
    }

    mutating func startScan(_ scan: JPEGScanHeader) {
        scans += 1
        for c in scan.components {
            for k in min(scan.ss, 1)...max(scan.se, 9) { previous[c][k] = scans > 1 ? current[c][k] : 0 }
            for k in scan.ss...scan.se { current[c][k] = scan.al }
        }
    }
}

/// libjpeg-turbo's interblock smoothing (jdcoefct.c decompress_smooth_data): when a
/// progressive image ends before its first nine AC coefficients are fully known (a
/// truncated file, or a scan script that stops early), each block's missing ones are
/// estimated from the DC values of the 5×5 blocks around it, and if no AC data came at
/// all the DC is smoothed too. Pillow shows such files that way, so this decoder does.
struct JPEGBlockSmoothing {
    /// Per component, coef_bits[0...9] for the rows decoded in full and for the rows after the data ran out.
    private let bits: [[Int]]
    private let fallbackBits: [[Int]]
    private let quant: [[Int]]
    private let lastGoodIMCURow: Int

    /// Natural positions of zigzag coefficients 1...9 (AC01, AC10, AC20, AC11, AC02, AC03, AC12, AC21, AC30).
    private static let positions = [1, 8, 16, 9, 2, 3, 10, 17, 24]

    /// Nil when libjpeg would not smooth: not every component has DC data and nonzero quantizers at
    /// the ten positions used, or every estimated coefficient is already fully known.
    init?(status: JPEGProgressionStatus, quantization: JPEGQuantization) {
        var useful = false
        for c in status.current.indices {
            guard quantization.latched[c], status.current[c][0] >= 0,
                ([0] + Self.positions).allSatisfy({ quantization.raw[c][$0] != 0 })
            else { return nil }
            if status.current[c][1...9].contains(where: { $0 != 0 }) { useful = true }
        }
        guard useful else { return nil }
        bits = status.current.map { Array($0[0...9]) }
        fallbackBits = status.previous.map { status.scans > 1 ? Array($0[0...9]) : Array(repeating: -1, count: 10) }
        quant = quantization.raw
        lastGoodIMCURow = status.lastGoodIMCURow
    }

    /// Fills `block` (64 coefficients, natural order) with a copy of stored block (`row`, `column`) of
    /// a component, its missing low-frequency coefficients estimated. `rowsInIMCURow` is how many block
    /// rows this iMCU row has (fewer in the last), which libjpeg uses for its edge test.
    func prepare(
        _ block: UnsafeMutablePointer<Int16>, component c: Int, stored: JPEGCoefficientStore.Component,
        info: JPEGComponent, iMCURow: Int, rowInIMCURow: Int, rowsInIMCURow: Int, totalIMCURows: Int,
        column: Int, scratch dc: UnsafeMutablePointer<Int>
    ) {
        let row = iMCURow * info.v + rowInIMCURow
        let at = row * stored.blocksWide + column
        if stored.last[at] != 0 {
            block.update(from: stored.ac + at * 64, count: 64)
        } else {
            block.update(repeating: 0, count: 64)
        }
        block[0] = stored.dc[at]
        // The neighbour rows, as libjpeg picks them (its image row count uses this iMCU row's block rows).
        let imageRow = iMCURow * rowsInIMCURow + rowInIMCURow, imageRows = rowsInIMCURow * totalIMCURows
        let above = imageRow > 0 ? row - 1 : row
        let aboveAbove = imageRow > 1 ? row - 2 : above
        let below = imageRow < imageRows - 1 ? row + 1 : row
        let belowBelow = imageRow < imageRows - 2 ? row + 2 : below
        let lastColumn = info.usedBlocksWide - 1
        for i in 0..<5 {
            let r = i == 0 ? aboveAbove : i == 1 ? above : i == 2 ? row : i == 3 ? below : belowBelow
            let clampedRow = min(max(r, 0), info.storedBlocksHigh - 1) * stored.blocksWide
            for d in 0..<5 {
                dc[i * 5 + d] = Int(stored.dc[clampedRow + min(max(column + d - 2, 0), lastColumn)])
            }
        }
        estimate(block, dc, bits: iMCURow > lastGoodIMCURow ? fallbackBits[c] : bits[c], q: quant[c])
    }

    private func estimate(
        _ block: UnsafeMutablePointer<Int16>, _ dc: UnsafeMutablePointer<Int>, bits: [Int],
        q: [Int]
    ) {
        // DC01...DC25 of libjpeg: five rows (two above to two below) of five columns.
        func d(_ n: Int) -> Int { dc[n - 1] }
        let changeDC = bits[1...9].allSatisfy { $0 == -1 }
        let q00 = q[0]
        func apply(_ k: Int, _ weighted: Int) {
            let al = bits[k], position = Self.positions[k - 1]
            guard al != 0, block[position] == 0 else { return }
            block[position] = Int16(truncatingIfNeeded: Self.predict(q00 &* weighted, q[position], al: al))
        }
        apply(
            1,
            changeDC
                ? -d(1) - d(2) + d(4) + d(5) - 3 * d(6) + 13 * d(7) - 13 * d(9) + 3 * d(10) - 3 * d(11) + 38 * d(12)
                    - 38 * d(14) + 3 * d(15) - 3 * d(16) + 13 * d(17) - 13 * d(19) + 3 * d(20) - d(21) - d(22) + d(24)
                    + d(25)
                : -7 * d(11) + 50 * d(12) - 50 * d(14) + 7 * d(15))
        apply(
            2,
            changeDC
                ? -d(1) - 3 * d(2) - 3 * d(3) - 3 * d(4) - d(5) - d(6) + 13 * d(7) + 38 * d(8) + 13 * d(9) - d(10)
                    + d(16) - 13 * d(17) - 38 * d(18) - 13 * d(19) + d(20) + d(21) + 3 * d(22) + 3 * d(23) + 3 * d(24)
                    + d(25)
                : -7 * d(3) + 50 * d(8) - 50 * d(18) + 7 * d(23))
        apply(
            3,
            changeDC
                ? d(3) + 2 * d(7) + 7 * d(8) + 2 * d(9) - 5 * d(12) - 14 * d(13) - 5 * d(14) + 2 * d(17) + 7 * d(18)
                    + 2 * d(19) + d(23)
                : -d(3) + 13 * d(8) - 24 * d(13) + 13 * d(18) - d(23))
        apply(
            4,
            changeDC
                ? -d(1) + d(5) + 9 * d(7) - 9 * d(9) - 9 * d(17) + 9 * d(19) + d(21) - d(25)
                : d(10) + d(16) - 10 * d(17) + 10 * d(19) - d(2) - d(20) + d(22) - d(24) + d(4) - d(6) + 10 * d(7)
                    - 10 * d(9))
        apply(
            5,
            changeDC
                ? 2 * d(7) - 5 * d(8) + 2 * d(9) + d(11) + 7 * d(12) - 14 * d(13) + 7 * d(14) + d(15) + 2 * d(17)
                    - 5 * d(18) + 2 * d(19)
                : -d(11) + 13 * d(12) - 24 * d(13) + 13 * d(14) - d(15))
        guard changeDC else { return }
        apply(6, d(7) - d(9) + 2 * d(12) - 2 * d(14) + d(17) - d(19))
        apply(7, d(7) - 3 * d(8) + d(9) - d(17) + 3 * d(18) - d(19))
        apply(8, d(7) - d(9) - 3 * d(12) + 3 * d(14) + d(17) - d(19))
        apply(9, d(7) + 2 * d(8) + d(9) - d(17) - 2 * d(18) - d(19))
        let weighted =
            -2 * d(1) - 6 * d(2) - 8 * d(3) - 6 * d(4) - 2 * d(5) - 6 * d(6) + 6 * d(7) + 42 * d(8)
            + 6 * d(9) - 6 * d(10) - 8 * d(11) + 42 * d(12) + 152 * d(13) + 42 * d(14) - 8 * d(15) - 6 * d(16)
            + 6 * d(17) + 42 * d(18) + 6 * d(19) - 6 * d(20) - 2 * d(21) - 6 * d(22) - 8 * d(23) - 6 * d(24)
            - 2 * d(25)
        block[0] = Int16(truncatingIfNeeded: Self.predict(q00 &* weighted, q00, al: 0))
    }

    /// libjpeg's rounding of num / (Q · 256) toward zero after adding half, and its cap below 2^Al
    /// (a coefficient known to Al bits that is still zero is smaller than 2^Al).
    private static func predict(_ num: Int, _ q: Int, al: Int) -> Int {
        var prediction = ((q << 7) + abs(num)) / (q << 8)
        if al > 0 && prediction >= 1 << al { prediction = (1 << al) - 1 }
        return num >= 0 ? prediction : -prediction
    }
}
