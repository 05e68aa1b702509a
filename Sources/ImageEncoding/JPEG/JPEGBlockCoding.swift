extension JPEGEncoder {
    /// The coding of one scan's blocks (T.81 F.1.2 sequential, G.1.2 progressive) into a sink:
    /// the same walk counts the symbols and then writes them, so the tables fit what is written.
    struct BlockCoder<Sink: SymbolSink> {
        var sink: Sink
        let scan: Scan
        private var predictions = [Int](repeating: 0, count: 3)
        private var endOfBands = 0
        /// Correction bits of the blocks inside the pending end-of-band run (refinement scans): at
        /// most 937 + 63, as the run is flushed past 937.
        private let pendingBits = UnsafeMutablePointer<UInt8>.allocate(capacity: 1024)
        private var pendingCount = 0
        /// Correction bits of the current block since its last symbol (at most 63).
        private let corrections = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        private var correctionCount = 0

        init(sink: Sink, scan: Scan) {
            self.sink = sink
            self.scan = scan
        }

        /// Frees the bit buffers; the coder is not used after.
        func release() {
            pendingBits.deallocate()
            corrections.deallocate()
        }

        @inline(__always)
        private mutating func emitCorrections() {
            for i in 0..<correctionCount { sink.bits(Int(corrections[i]), 1) }
            correctionCount = 0
        }

        /// Bit length of a magnitude (T.81's SSSS category).
        @inline(__always)
        static func category(_ magnitude: Int) -> Int { Int.bitWidth - magnitude.leadingZeroBitCount }

        /// Bits `start...end` of a block's nonzero mask: the band this scan codes.
        private var band: UInt64 {
            let first = max(scan.start, 1)
            let high: UInt64 = scan.end == 63 ? ~0 : (1 << UInt64(scan.end + 1)) - 1
            return high & ~((1 << UInt64(first)) - 1)
        }

        @inline(__always)
        mutating func code(_ block: UnsafePointer<Int16>, mask: UInt64, component: Int, table: Int) {
            if scan.high == 0 {
                if scan.start == 0 { codeDC(block, component: component, table: table) }
                if scan.end > 0 { codeACFirst(block, mask: mask & band, table: table) }
            } else if scan.start == 0 {
                sink.bits(Int(block[0]) >> scan.low, 1)
            } else {
                codeACRefine(block, mask: mask & band, table: table)
            }
        }

        @inline(__always)
        private mutating func codeDC(_ block: UnsafePointer<Int16>, component: Int, table: Int) {
            let value = Int(block[0]) >> scan.low
            let diff = value - predictions[component]
            predictions[component] = value
            let magnitude = diff < 0 ? -diff : diff
            let size = Self.category(magnitude)
            sink.symbol(table, size)
            sink.bits(diff < 0 ? diff - 1 : diff, size)
        }

        /// Sequential AC (a scan 0...63) and progressive first AC scans: zero runs, ZRL, and end of
        /// band, which a progressive scan runs across blocks (EOBRUN). Walks the nonzero coefficients
        /// only, the runs between them read off their positions.
        @inline(__always)
        private mutating func codeACFirst(_ block: UnsafePointer<Int16>, mask: UInt64, table: Int) {
            let slot = 2 + table
            var remaining = mask
            var last = max(scan.start, 1) - 1
            while remaining != 0 {
                let k = remaining.trailingZeroBitCount
                remaining &= remaining &- 1
                let value = Int(block[k])
                let magnitude = (value < 0 ? -value : value) >> scan.low
                if magnitude == 0 { continue }
                if endOfBands > 0 { flushEndOfBands(slot) }
                var run = k - last - 1
                while run > 15 {
                    sink.symbol(slot, 0xF0)
                    run -= 16
                }
                let size = Self.category(magnitude)
                sink.symbol(slot, run << 4 | size)
                sink.bits(value < 0 ? ~magnitude : magnitude, size)
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
        /// nonzero coefficient: the zeros after it only join the end of band.
        @inline(__always)
        private mutating func codeACRefine(_ block: UnsafePointer<Int16>, mask: UInt64, table: Int) {
            let slot = 2 + table
            let top = mask == 0 ? scan.start - 1 : 63 - mask.leadingZeroBitCount
            var lastNew = 0
            var k = scan.start
            while k <= top {
                let value = Int(block[k])
                if (value < 0 ? -value : value) >> scan.low == 1 { lastNew = k }
                k += 1
            }
            var run = 0
            k = scan.start
            while k <= top {
                let value = Int(block[k])
                let magnitude = (value < 0 ? -value : value) >> scan.low
                k += 1
                if magnitude == 0 {
                    run += 1
                    continue
                }
                while run > 15 && k - 1 <= lastNew {
                    flushEndOfBands(slot)
                    sink.symbol(slot, 0xF0)
                    run -= 16
                    emitCorrections()
                }
                if magnitude > 1 {
                    corrections[correctionCount] = UInt8(magnitude & 1)
                    correctionCount += 1
                    continue
                }
                flushEndOfBands(slot)
                sink.symbol(slot, run << 4 | 1)
                sink.bits(value < 0 ? 0 : 1, 1)
                emitCorrections()
                run = 0
            }
            if run > 0 || top < scan.end || correctionCount > 0 {
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
            sink.symbol(slot, size << 4)
            sink.bits(endOfBands, size)
            endOfBands = 0
            for i in 0..<pendingCount { sink.bits(Int(pendingBits[i]), 1) }
            pendingCount = 0
        }
    }
}
