extension JPEGEncoder {
    /// Writes one scan: its symbols counted and recorded in one walk of its blocks, its Huffman tables
    /// built from the counts and written (DHT), its header (SOS), then the recorded symbols coded.
    enum ScanEncoder {
        static func scan(_ scan: Scan, frame: Frame, coefficients: Coefficients) -> [UInt8] {
            var out: [UInt8] = []
            let frequencies = UnsafeMutablePointer<Int>.allocate(capacity: 4 * 256)
            frequencies.initialize(repeating: 0, count: 4 * 256)
            defer { frequencies.deallocate() }
            let blocks = scan.components.reduce(0) {
                $0 + frame.components[$1].paddedBlocksWide * frame.components[$1].paddedBlocksHigh
            }
            var recorder = BlockCoder(
                sink: SymbolRecorder(frequencies: frequencies, reserving: blocks * 2), scan: scan)
            walk(scan, frame: frame, coefficients: coefficients, coder: &recorder)
            recorder.release()
            let lookup = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * 256)
            lookup.initialize(repeating: 0, count: 4 * 256)
            defer { lookup.deallocate() }
            var tables: [(slot: Int, code: HuffmanCode)] = []
            for slot in 0..<4 {
                let counts = Array(UnsafeBufferPointer(start: frequencies + slot * 256, count: 256))
                guard counts.contains(where: { $0 > 0 }) else { continue }
                let code = HuffmanCode(frequencies: counts)
                for s in 0..<256 { lookup[slot * 256 + s] = UInt64(code.codes[s]) << 8 | UInt64(code.lengths[s]) }
                tables.append((slot, code))
            }
            Markers.appendHuffmanTables(tables, to: &out)
            Markers.appendScanHeader(scan, frame: frame, to: &out)
            var writer = BitWriter(reserving: blocks * 8)
            recorder.sink.replay(table: lookup, into: &writer)
            recorder.sink.release()
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
                let plane = coefficients.planes[index], masks = coefficients.masks[index]
                for by in stride(from: 0, to: component.blocksHigh, by: rowStep) {
                    let row = by * component.paddedBlocksWide
                    for bx in 0..<component.blocksWide {
                        let n = row + bx
                        coder.code(plane + n * 64, mask: masks[n], component: index, table: component.table)
                    }
                }
                coder.flushEndOfBands(2 + component.table)
                return
            }
            for my in stride(from: 0, to: frame.mcusHigh, by: rowStep) {
                for mx in 0..<frame.mcusWide {
                    for index in scan.components {
                        let component = frame.components[index]
                        let plane = coefficients.planes[index], masks = coefficients.masks[index]
                        for v in 0..<component.v {
                            let row = (my * component.v + v) * component.paddedBlocksWide
                            for h in 0..<component.h {
                                let n = row + mx * component.h + h
                                coder.code(plane + n * 64, mask: masks[n], component: index, table: component.table)
                            }
                        }
                    }
                }
            }
        }
    }
}
