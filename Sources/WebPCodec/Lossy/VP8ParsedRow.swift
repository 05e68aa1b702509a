import ImageCore

/// One macroblock row as the partitions describe it (modes, coefficient levels, filter
/// strengths), read before it is rebuilt: reading the tokens is the larger half of the work and
/// cannot be split, so one thread reads tokens while another rebuilds the rows read and reads the
/// modes of the rows ahead (libwebp's `use_threads`, issues 23 and 44). Not Sendable: only
/// `VP8ParsePipeline` hands rows between its two threads, through semaphores, and never lets
/// both touch one at once.
final class VP8ParsedRow {
    /// Coefficients a macroblock: 16 luma, 4 U, 4 V blocks of 16, then the Y2 block.
    static let coefficientsPerMacroblock = 400
    /// Blocks a macroblock, the Y2 block last.
    static let blocksPerMacroblock = 25
    let columns: Int
    let info: UnsafeMutablePointer<VP8MacroblockInfo>
    /// 16 sub-block modes a macroblock.
    let subblockModes: UnsafeMutablePointer<UInt8>
    /// The coefficients' levels as read (each block in zigzag order, not dequantised: see
    /// `VP8Dequantisation`).
    let levels: UnsafeMutablePointer<Int16>
    /// Each block's end: one past its last non-zero level (read only where the macroblock has
    /// coefficients, and the Y2 block's only where it has one).
    let ends: UnsafeMutablePointer<UInt8>
    /// Filter strengths; `filtersInnerEdges` as the modes set it, until the rebuilding thread
    /// adds the coefficients' part.
    let strengths: UnsafeMutablePointer<VP8LoopFilter.Strength>
    /// Set instead of the modes when the first partition ended before this row's modes did: the
    /// reading thread throws it in its turn, so a broken file fails as it would on one thread.
    var modeFailure: DecodeError?

    init(columns: Int) {
        self.columns = columns
        info = .allocate(capacity: columns)
        info.initialize(repeating: VP8MacroblockInfo(), count: columns)
        subblockModes = .allocate(capacity: 16 * columns)
        subblockModes.initialize(repeating: 0, count: 16 * columns)
        levels = .allocate(capacity: Self.coefficientsPerMacroblock * columns)
        levels.initialize(repeating: 0, count: Self.coefficientsPerMacroblock * columns)
        ends = .allocate(capacity: Self.blocksPerMacroblock * columns)
        ends.initialize(repeating: 0, count: Self.blocksPerMacroblock * columns)
        strengths = .allocate(capacity: columns)
        strengths.initialize(repeating: VP8LoopFilter.Strength(), count: columns)
    }

    /// Zeroes the levels the tokens wrote (those of the macroblocks not skipped), as the
    /// next row's reading needs them: done by the rebuilding thread once the row is rebuilt,
    /// which keeps the memset off the reading thread, the longer of the two.
    func clearLevels() {
        for mbx in 0..<columns where !info[mbx].skipsCoefficients {
            (levels + Self.coefficientsPerMacroblock * mbx).update(
                repeating: 0, count: Self.coefficientsPerMacroblock)
        }
    }

    deinit {
        info.deallocate()
        subblockModes.deallocate()
        levels.deallocate()
        ends.deallocate()
        strengths.deallocate()
    }
}
