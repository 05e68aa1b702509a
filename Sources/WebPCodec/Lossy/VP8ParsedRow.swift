/// One macroblock row as the partitions describe it (modes, dequantised coefficients, filter
/// strengths), read before it is rebuilt: reading the tokens is half the work and cannot be
/// split, so one thread reads rows while another rebuilds the rows read (libwebp's
/// `use_threads`, issue 23). Not Sendable: only `VP8ParsePipeline` hands rows between its two
/// threads, through semaphores, and never lets both touch one at once.
final class VP8ParsedRow {
    /// Coefficients a macroblock: 16 luma, 4 U, 4 V blocks of 16, then the Y2 block.
    static let coefficientsPerMacroblock = 400
    let columns: Int
    let info: UnsafeMutablePointer<VP8MacroblockInfo>
    /// 16 sub-block modes a macroblock.
    let subblockModes: UnsafeMutablePointer<UInt8>
    /// Per macroblock, 2 bits a block (see `VP8Reconstruction.Macroblock.codes`).
    let codes: UnsafeMutablePointer<UInt64>
    let coefficients: UnsafeMutablePointer<Int16>
    let strengths: UnsafeMutablePointer<VP8LoopFilter.Strength>

    init(columns: Int) {
        self.columns = columns
        info = .allocate(capacity: columns)
        info.initialize(repeating: VP8MacroblockInfo(), count: columns)
        subblockModes = .allocate(capacity: 16 * columns)
        subblockModes.initialize(repeating: 0, count: 16 * columns)
        codes = .allocate(capacity: columns)
        codes.initialize(repeating: 0, count: columns)
        coefficients = .allocate(capacity: Self.coefficientsPerMacroblock * columns)
        coefficients.initialize(repeating: 0, count: Self.coefficientsPerMacroblock * columns)
        strengths = .allocate(capacity: columns)
        strengths.initialize(repeating: VP8LoopFilter.Strength(), count: columns)
    }

    deinit {
        info.deallocate()
        subblockModes.deallocate()
        codes.deallocate()
        coefficients.deallocate()
        strengths.deallocate()
    }
}
