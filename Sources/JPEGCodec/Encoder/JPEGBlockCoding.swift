extension JPEGEncoder {
    /// The coding of one scan's blocks (T.81 F.1.2 sequential, G.1.2 progressive) into a sink:
    /// one walk counts and records the symbols, so the tables fit what is written.
    struct BlockCoder<Sink: SymbolSink> {
        var sink: Sink
        let scan: Scan
        /// The last DC value of each component (three: a tuple, so no array checks in the inner loop).
        private var predictions: (Int, Int, Int) = (0, 0, 0)
        private var endOfBands = 0
        /// Correction bits of the blocks inside the pending end-of-band run (refinement scans): at
        /// most 937 + 63, as the run is flushed past 937.
        private let pendingBits = UnsafeMutablePointer<UInt8>.allocate(capacity: 1024)
        private var pendingCount = 0
        /// Correction bits of the current block since its last symbol (at most 63).
        private let corrections = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        private var correctionCount = 0

        /// A refinement scan's block values by zigzag position (read off the packed ones once).
        private let values = UnsafeMutablePointer<Int16>.allocate(capacity: 64)

        /// Bits `start...end` of a block's nonzero mask: the band this scan codes.
        private let band: UInt64
        /// The mask's bits below the band: how many packed values come before the band's.
        private let belowBand: UInt64

        init(sink: Sink, scan: Scan) {
            self.sink = sink
            self.scan = scan
            let first = max(scan.start, 1)
            let high: UInt64 = scan.end == 63 ? ~0 : (1 << UInt64(scan.end + 1)) - 1
            band = high & ~((1 << UInt64(first)) - 1)
            belowBand = (1 << UInt64(first)) - 1
        }

        /// Frees the bit buffers; the coder is not used after.
        func release() {
            pendingBits.deallocate()
            corrections.deallocate()
            values.deallocate()
        }

        @inline(__always)
        private mutating func emitCorrections() {
            for i in 0..<correctionCount { sink.bits(Int(corrections[i]), 1) }
            correctionCount = 0
        }

        /// Bit length of a magnitude (T.81's SSSS category).
        @inline(__always)
        static func category(_ magnitude: Int) -> Int { Int.bitWidth - magnitude.leadingZeroBitCount }

        /// One block: `block` its nonzero values packed in zigzag order, `mask` their positions
        /// (Coefficients).
        @inline(__always)
        mutating func code(_ block: UnsafePointer<Int16>, mask: UInt64, component: Int, table: Int) {
            if scan.high == 0 {
                if scan.start == 0 { codeDC(mask & 1 == 0 ? 0 : Int(block[0]), component: component, table: table) }
                if scan.end > 0 { codeACFirst(block + packedBelowBand(mask), mask: mask & band, table: table) }
            } else if scan.start == 0 {
                sink.bits((mask & 1 == 0 ? 0 : Int(block[0])) >> scan.low, 1)
            } else {
                codeACRefine(block + packedBelowBand(mask), mask: mask & band, table: table)
            }
        }

        /// How many of the block's packed values come before the band's: only the DC's, if any, for
        /// a band from 1 (most scans), without counting bits (no popcount instruction in the baseline
        /// x86-64 the package builds for).
        @inline(__always)
        private func packedBelowBand(_ mask: UInt64) -> Int {
            belowBand == 1 ? Int(truncatingIfNeeded: mask & 1) : (mask & belowBand).nonzeroBitCount
        }

        /// `dc`: the block's DC value.
        @inline(__always)
        private mutating func codeDC(_ dc: Int, component: Int, table: Int) {
            let value = dc >> scan.low
            let diff: Int
            switch component {
            case 0:
                diff = value - predictions.0
                predictions.0 = value
            case 1:
                diff = value - predictions.1
                predictions.1 = value
            default:
                diff = value - predictions.2
                predictions.2 = value
            }
            let magnitude = diff < 0 ? -diff : diff
            let size = Self.category(magnitude)
            sink.symbol(table, size, bits: diff < 0 ? diff - 1 : diff, size)
        }

        /// Sequential AC (a scan 0...63) and progressive first AC scans: zero runs, ZRL, and end of
        /// band, which a progressive scan runs across blocks (EOBRUN). Walks the nonzero coefficients
        /// only, the runs between them read off their positions. `band`: the band's packed values.
        @inline(__always)
        private mutating func codeACFirst(_ band: UnsafePointer<Int16>, mask: UInt64, table: Int) {
            let slot = 2 + table
            var remaining = mask
            var last = max(scan.start, 1) - 1
            var next = band
            while remaining != 0 {
                let k = remaining.trailingZeroBitCount
                remaining &= remaining &- 1
                let value = Int(next.pointee)
                next += 1
                let magnitude = (value < 0 ? -value : value) >> scan.low
                if magnitude == 0 { continue }
                if endOfBands > 0 { flushEndOfBands(slot) }
                var run = k - last - 1
                while run > 15 {
                    sink.symbol(slot, 0xF0)
                    run -= 16
                }
                let size = Self.category(magnitude)
                sink.symbol(slot, run << 4 | size, bits: value < 0 ? ~magnitude : magnitude, size)
                last = k
            }
            if last < scan.end {
                if scan.start == 0 {
                    sink.symbol(slot, 0)
                } else {
                    endOfBands += 1
                    if endOfBands == 0x7FFF { flushEndOfBands(slot) }
                }
            }
        }

        /// G.1.2.3: one more bit of every coefficient already nonzero (buffered until the next symbol),
        /// and the coefficients that become nonzero at this bit, with their signs. Stops at the last
        /// nonzero coefficient: the zeros after it only join the end of band. Walks only the
        /// coefficients nonzero at this bit (few in a photo's block), the zero runs between them read
        /// off their positions, as the first scans do: a walk of every coefficient was most of the
        /// encoder's time. `band`: the band's packed values.
        @inline(__always)
        private mutating func codeACRefine(_ band: UnsafePointer<Int16>, mask: UInt64, table: Int) {
            let slot = 2 + table
            let low = scan.low
            // Which coefficients are nonzero at this bit, and which of them only become so now.
            var now: UInt64 = 0
            var fresh: UInt64 = 0
            var remaining = mask
            var next = band
            while remaining != 0 {
                let k = remaining.trailingZeroBitCount
                remaining &= remaining &- 1
                values[k] = next.pointee
                let value = Int(next.pointee)
                next += 1
                let magnitude = (value < 0 ? -value : value) >> low
                if magnitude != 0 { now |= 1 << UInt64(k) }
                if magnitude == 1 { fresh |= 1 << UInt64(k) }
            }
            let lastNew = fresh == 0 ? 0 : 63 - fresh.leadingZeroBitCount
            var run = 0
            var previous = scan.start - 1
            remaining = now
            while remaining != 0 {
                let k = remaining.trailingZeroBitCount
                remaining &= remaining &- 1
                run += k - previous - 1
                previous = k
                while run > 15 && k <= lastNew {
                    if endOfBands > 0 { flushEndOfBands(slot) }
                    sink.symbol(slot, 0xF0)
                    run -= 16
                    emitCorrections()
                }
                let value = Int(values[k])
                if fresh & (1 << UInt64(k)) == 0 {
                    corrections[correctionCount] = UInt8(((value < 0 ? -value : value) >> low) & 1)
                    correctionCount += 1
                    continue
                }
                if endOfBands > 0 { flushEndOfBands(slot) }
                sink.symbol(slot, run << 4 | 1, bits: value < 0 ? 0 : 1, 1)
                emitCorrections()
                run = 0
            }
            run += scan.end - previous
            if run > 0 || correctionCount > 0 {
                endOfBands += 1
                (pendingBits + pendingCount).update(from: corrections, count: correctionCount)
                pendingCount += correctionCount
                correctionCount = 0
                if endOfBands == 0x7FFF || pendingCount > 937 { flushEndOfBands(slot) }
            }
        }

        /// The pending end-of-band run as one EOBn symbol, then the correction bits it covers.
        mutating func flushEndOfBands(_ slot: Int) {
            guard endOfBands > 0 else { return }
            let size = Self.category(endOfBands) - 1
            sink.symbol(slot, size << 4, bits: endOfBands, size)
            endOfBands = 0
            for i in 0..<pendingCount { sink.bits(Int(pendingBits[i]), 1) }
            pendingCount = 0
        }
    }
}
