extension JPEGEncoder {
    /// Writes one scan: its symbols counted, its Huffman tables built from them and written (DHT),
    /// its header (SOS), then its entropy-coded data.
    enum ScanEncoder {
        static func appendScan(_ scan: Scan, frame: Frame, coefficients: Coefficients, to out: inout [UInt8]) {
            var counter = BlockCoder(sink: SymbolCounter(), scan: scan)
            walk(scan, frame: frame, coefficients: coefficients, coder: &counter)
            let frequencies = counter.sink.frequencies
            var codes = [HuffmanCode?](repeating: nil, count: 4)
            var tables: [(slot: Int, code: HuffmanCode)] = []
            for slot in 0..<4 where frequencies[slot].contains(where: { $0 > 0 }) {
                let code = HuffmanCode(frequencies: frequencies[slot])
                codes[slot] = code
                tables.append((slot, code))
            }
            Markers.appendHuffmanTables(tables, to: &out)
            Markers.appendScanHeader(scan, frame: frame, to: &out)
            let blocks = scan.components.reduce(0) { $0 + coefficients.planes[$1].count / 64 }
            var writer = BlockCoder(sink: SymbolWriter(codes: codes, reserving: blocks * 16), scan: scan)
            walk(scan, frame: frame, coefficients: coefficients, coder: &writer)
            out += writer.sink.writer.finish()
        }

        /// Every block of the scan in its order: MCU by MCU when it interleaves components, else the
        /// component's own blocks row by row (its padding blocks beyond them are not coded).
        static func walk<S: SymbolSink>(
            _ scan: Scan, frame: Frame, coefficients: Coefficients, coder: inout BlockCoder<S>
        ) {
            if scan.components.count == 1 {
                let index = scan.components[0]
                let component = frame.components[index]
                let table = component.table
                coefficients.planes[index].withUnsafeBufferPointer { plane in
                    for by in 0..<component.blocksHigh {
                        let row = plane.baseAddress! + by * component.paddedBlocksWide * 64
                        for bx in 0..<component.blocksWide {
                            coder.code(row + bx * 64, component: index, table: table)
                        }
                    }
                }
                coder.flushEndOfBands(2 + table)
                return
            }
            for my in 0..<frame.mcusHigh {
                for mx in 0..<frame.mcusWide {
                    for index in scan.components {
                        let component = frame.components[index]
                        coefficients.planes[index].withUnsafeBufferPointer { plane in
                            for v in 0..<component.v {
                                let by = my * component.v + v
                                for h in 0..<component.h {
                                    let bx = mx * component.h + h
                                    let block = plane.baseAddress! + (by * component.paddedBlocksWide + bx) * 64
                                    coder.code(block, component: index, table: component.table)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
