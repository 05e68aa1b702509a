import ImageCore

extension JPEGEncoder {
    /// Writes scans: a scan's symbols counted and recorded in one walk of its blocks (`record`), then
    /// its Huffman tables (DHT), its header (SOS) and the recorded symbols coded (`write`), with tables
    /// of its own (`scan`) or shared with other scans (SharedTables).
    enum ScanEncoder {
        /// One scan with tables of its own (a sequential file's one scan: baseline allows two a class).
        static func scan(_ scan: Scan, frame: Frame, coefficients: Coefficients) -> [UInt8] {
            let recording = record(scan, frame: frame, coefficients: coefficients)
            let plan = SharedTables.plan([recording.counts], slots: 2)
            return write(
                recording, scan: scan, frame: frame, ids: plan.ids[0], definitions: plan.definitions[0],
                codes: plan.codes[0])
        }

        /// A scan's symbols, counted and kept, from one walk of its blocks. Its recorder is reached
        /// through a SendablePointer: written by the one task that records it, read by the one that writes it.
        struct Recording: Sendable {
            let symbols: SendablePointer<SymbolRecorder>
            /// `counts[slot]`: the 256 frequencies of each recorder slot.
            let counts: [[Int]]
            let blocks: Int
        }

        static func record(_ scan: Scan, frame: Frame, coefficients: Coefficients) -> Recording {
            let frequencies = UnsafeMutablePointer<Int>.allocate(capacity: 4 * 256)
            frequencies.initialize(repeating: 0, count: 4 * 256)
            defer { frequencies.deallocate() }
            let blocks = scan.components.reduce(0) {
                $0 + frame.components[$1].paddedBlocksWide * frame.components[$1].paddedBlocksHigh
            }
            var recorder = BlockCoder(
                sink: SymbolRecorder(
                    frequencies: frequencies, reserving: entryBound(scan, frame: frame, coefficients: coefficients)),
                scan: scan)
            walk(scan, frame: frame, coefficients: coefficients, coder: &recorder)
            recorder.release()
            let counts = (0..<4).map { Array(UnsafeBufferPointer(start: frequencies + $0 * 256, count: 256)) }
            let symbols = UnsafeMutablePointer<SymbolRecorder>.allocate(capacity: 1)
            symbols.initialize(to: recorder.sink)
            return Recording(symbols: SendablePointer(symbols), counts: counts, blocks: blocks)
        }

        /// At least as many entries as the scan's recorder keeps: each sink call adds at most one, and a
        /// block makes at most two a coefficient of its band nonzero (a symbol and its bits, or a
        /// correction bit) and eight besides (its DC, up to three ZRLs, end-of-band runs flushed).
        /// Reserved up front, the buffer never grows: growing by doubling copied it and touched twice
        /// the pages (the untouched tail of the reservation costs none).
        static func entryBound(_ scan: Scan, frame: Frame, coefficients: Coefficients) -> Int {
            let first = max(scan.start, 1)
            let high: UInt64 = scan.end == 63 ? ~0 : (1 << UInt64(scan.end + 1)) - 1
            let band = high & ~((1 << UInt64(first)) - 1)
            var bound = 64
            for index in scan.components {
                let component = frame.components[index]
                let masks = coefficients.masks[index].base
                let blocks = component.paddedBlocksWide * component.paddedBlocksHigh
                var nonzero = 0
                if band != 0 {
                    for n in 0..<blocks { nonzero &+= (masks[n] & band).nonzeroBitCount }
                }
                bound += 2 * nonzero + 8 * blocks
            }
            return bound
        }

        /// The scan's DHT (the tables `definitions` gives), its SOS naming `ids`' tables, then its
        /// recorded symbols in those tables' codes. Frees the recording.
        static func write(
            _ recording: Recording, scan: Scan, frame: Frame, ids: [Int],
            definitions: [(tag: UInt8, code: HuffmanCode)], codes: [HuffmanCode?]
        ) -> [UInt8] {
            var out: [UInt8] = []
            Markers.appendHuffmanTables(definitions, to: &out)
            Markers.appendScanHeader(scan, frame: frame, ids: ids, to: &out)
            let lookup = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * 256)
            lookup.initialize(repeating: 0, count: 4 * 256)
            defer { lookup.deallocate() }
            for slot in 0..<4 {
                guard let code = codes[slot] else { continue }
                for s in 0..<256 { lookup[slot * 256 + s] = UInt64(code.codes[s]) << 8 | UInt64(code.lengths[s]) }
            }
            var writer = BitWriter(reserving: recording.blocks * 8)
            recording.symbols.base.pointee.replay(table: lookup, into: &writer)
            recording.symbols.base.pointee.release()
            recording.symbols.base.deinitialize(count: 1)
            recording.symbols.base.deallocate()
            out += writer.finish()
            return out
        }

        /// Every block of the scan in its order: MCU by MCU when it interleaves components, else the
        /// component's own blocks row by row (its padding blocks beyond them are not coded). With
        /// `rowStep` n > 1, only every n-th row of blocks (or of MCUs): a sample, for estimates.
        static func walk<S: SymbolSink>(
            _ scan: Scan, frame: Frame, coefficients: Coefficients, coder: inout BlockCoder<S>, rowStep: Int = 1
        ) {
            if scan.components.count == 1 {
                let index = scan.components[0]
                let component = frame.components[index]
                let plane = coefficients.planes[index].base, masks = coefficients.masks[index].base
                let offsets = coefficients.offsets[index].base
                for by in stride(from: 0, to: component.blocksHigh, by: rowStep) {
                    let row = by * component.paddedBlocksWide
                    for bx in 0..<component.blocksWide {
                        let n = row + bx
                        coder.code(plane + Int(offsets[n]), mask: masks[n], component: index, table: component.table)
                    }
                }
                coder.flushEndOfBands(2 + component.table)
                return
            }
            for my in stride(from: 0, to: frame.mcusHigh, by: rowStep) {
                for mx in 0..<frame.mcusWide {
                    for index in scan.components {
                        let component = frame.components[index]
                        let plane = coefficients.planes[index].base, masks = coefficients.masks[index].base
                        let offsets = coefficients.offsets[index].base
                        for v in 0..<component.v {
                            let row = (my * component.v + v) * component.paddedBlocksWide
                            for h in 0..<component.h {
                                let n = row + mx * component.h + h
                                coder.code(
                                    plane + Int(offsets[n]), mask: masks[n], component: index, table: component.table)
                            }
                        }
                    }
                }
            }
        }
    }
}
