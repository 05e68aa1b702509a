extension JPEGEncoder {
    /// The coding of one scan's blocks (T.81 F.1.2 sequential, G.1.2 progressive) into a sink:
    /// the same walk counts the symbols and then writes them, so the tables fit what is written.
    struct BlockCoder<Sink: SymbolSink> {
        var sink: Sink
        let scan: Scan
        private var predictions = [Int](repeating: 0, count: 3)
        private var endOfBands = 0
        /// Correction bits of the blocks inside the pending end-of-band run (refinement scans).
        private var pendingBits: [UInt8] = []
        /// Correction bits of the current block since its last symbol.
        private var corrections: [UInt8] = []

        init(sink: Sink, scan: Scan) {
            self.sink = sink
            self.scan = scan
        }

        /// Bit length of a magnitude (T.81's SSSS category).
        @inline(__always)
        static func category(_ magnitude: Int) -> Int { Int.bitWidth - magnitude.leadingZeroBitCount }

        @inline(__always)
        mutating func code(_ block: UnsafePointer<Int16>, component: Int, table: Int) {
            if scan.high == 0 {
                if scan.start == 0 { codeDC(block, component: component, table: table) }
                if scan.end > 0 { codeACFirst(block, table: table) }
            } else if scan.start == 0 {
                sink.bits(Int(block[0]) >> scan.low, 1)
            } else {
                codeACRefine(block, table: table)
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
        /// band, which a progressive scan runs across blocks (EOBRUN).
        @inline(__always)
        private mutating func codeACFirst(_ block: UnsafePointer<Int16>, table: Int) {
            let slot = 2 + table
            let sequential = scan.start == 0
            var run = 0
            for k in max(scan.start, 1)...scan.end {
                let value = Int(block[k])
                let magnitude = (value < 0 ? -value : value) >> scan.low
                if magnitude == 0 {
                    run += 1
                    continue
                }
                if endOfBands > 0 { flushEndOfBands(slot) }
                while run > 15 {
                    sink.symbol(slot, 0xF0)
                    run -= 16
                }
                let size = Self.category(magnitude)
                sink.symbol(slot, run << 4 | size)
                sink.bits(value < 0 ? ~magnitude : magnitude, size)
                run = 0
            }
            if run > 0 {
                if sequential {
                    sink.symbol(slot, 0)
                } else {
                    endOfBands += 1
                    if endOfBands == 0x7FFF { flushEndOfBands(slot) }
                }
            }
        }

        /// G.1.2.3: one more bit of every coefficient already nonzero (buffered until the next symbol),
        /// and the coefficients that become nonzero at this bit, with their signs.
        @inline(__always)
        private mutating func codeACRefine(_ block: UnsafePointer<Int16>, table: Int) {
            let slot = 2 + table
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { abs in
                var lastNew = 0
                for k in scan.start...scan.end {
                    let value = Int(block[k])
                    abs[k] = (value < 0 ? -value : value) >> scan.low
                    if abs[k] == 1 { lastNew = k }
                }
                var run = 0
                for k in scan.start...scan.end {
                    let magnitude = abs[k]
                    if magnitude == 0 {
                        run += 1
                        continue
                    }
                    while run > 15 && k <= lastNew {
                        flushEndOfBands(slot)
                        sink.symbol(slot, 0xF0)
                        run -= 16
                        for bit in corrections { sink.bits(Int(bit), 1) }
                        corrections.removeAll(keepingCapacity: true)
                    }
                    if magnitude > 1 {
                        corrections.append(UInt8(magnitude & 1))
                        continue
                    }
                    flushEndOfBands(slot)
                    sink.symbol(slot, run << 4 | 1)
                    sink.bits(block[k] < 0 ? 0 : 1, 1)
                    for bit in corrections { sink.bits(Int(bit), 1) }
                    corrections.removeAll(keepingCapacity: true)
                    run = 0
                }
                if run > 0 || !corrections.isEmpty {
                    endOfBands += 1
                    pendingBits += corrections
                    corrections.removeAll(keepingCapacity: true)
                    if endOfBands == 0x7FFF || pendingBits.count > 937 { flushEndOfBands(slot) }
                }
            }
        }

        /// The pending end-of-band run as one EOBn symbol, then the correction bits it covers.
        mutating func flushEndOfBands(_ slot: Int) {
            guard endOfBands > 0 else { return }
            let size = Self.category(endOfBands) - 1
            sink.symbol(slot, size << 4)
            sink.bits(endOfBands, size)
            endOfBands = 0
            for bit in pendingBits { sink.bits(Int(bit), 1) }
            pendingBits.removeAll(keepingCapacity: true)
        }
    }
}
