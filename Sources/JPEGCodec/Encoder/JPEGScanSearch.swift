import ImageCore

extension JPEGEncoder {
    /// Chooses the progressive script for this image's coefficients (as mozjpeg's `-optimize-scans`
    /// does, with a search of its own): for each component, among a few plans of bands and bits held
    /// back (ACPlan), the one whose scans cost the fewest bytes, and for the DC whether a bit is held
    /// back. Lossless: only how the same coefficients are sent changes, so decoders see the same
    /// picture. A scan's cost is counted, not written: its symbols counted on a sample of block rows
    /// (every row of a small picture), the Huffman tables those counts make, their bits scaled to the
    /// whole, plus its DHT and SOS. The costs are sums over scans, so each component is chosen
    /// apart. Deterministic: the counts do not depend on which core makes them.
    enum ScanSearch {
        /// Luma's plans, tried in this order (a tie keeps the earlier): every bit held back from 0 to 3,
        /// one band or split after 2, 5, 8 or 12: each is the best somewhere, as the image and the
        /// quality move the choice (bench/notes/jpeg-tuning.md, "Progressive scans").
        static let lumaPlans: [ACPlan] = [
            ACPlan(low: 2, split: 5), ACPlan(low: 0, split: 63), ACPlan(low: 0, split: 2), ACPlan(low: 0, split: 5),
            ACPlan(low: 0, split: 8), ACPlan(low: 0, split: 12), ACPlan(low: 1, split: 63), ACPlan(low: 1, split: 2),
            ACPlan(low: 1, split: 5), ACPlan(low: 1, split: 8), ACPlan(low: 1, split: 12), ACPlan(low: 2, split: 63),
            ACPlan(low: 2, split: 2), ACPlan(low: 2, split: 8), ACPlan(low: 2, split: 12), ACPlan(low: 3, split: 63),
            ACPlan(low: 3, split: 2), ACPlan(low: 3, split: 5), ACPlan(low: 3, split: 8),
        ]
        /// Each chroma component's: fewer coefficients, so fewer splits.
        static let chromaPlans: [ACPlan] = [
            ACPlan(low: 1, split: 63), ACPlan(low: 0, split: 63), ACPlan(low: 0, split: 2), ACPlan(low: 0, split: 5),
            ACPlan(low: 1, split: 2), ACPlan(low: 1, split: 5), ACPlan(low: 2, split: 63), ACPlan(low: 2, split: 2),
        ]
        /// The DC's bits held back: none is usually best (a refinement scan costs a bit a block, more
        /// than the bit the first scan saves); one is kept as the other choice.
        static let dcLows = [0, 1]
        /// About how many luma blocks are counted: every `n`-th row of blocks past this. 2048 chooses as
        /// well as counting every block, for a tenth of the work on a 1024 × 768 picture.
        static let sampleBlocks = 2048

        static func script(_ frame: Frame, coefficients: Coefficients) -> [Scan] {
            let count = frame.components.count
            let luma = frame.components[0]
            let rowStep = max(1, luma.blocksWide * luma.blocksHigh / sampleBlocks)
            let all = Array(frame.components.indices)
            func dcScans(_ low: Int) -> [Scan] {
                [Scan(components: all, start: 0, end: 0, high: 0, low: low)]
                    + stride(from: low, to: 0, by: -1).map {
                        Scan(components: all, start: 0, end: 0, high: $0, low: $0 - 1)
                    }
            }
            func acScans(_ plan: ACPlan, _ c: Int) -> [Scan] { plan.firstScans(c) + plan.refinements(c) }
            var candidates: [Scan] = []
            var seen = Set<Scan>()
            func add(_ scans: [Scan]) {
                for scan in scans where seen.insert(scan).inserted { candidates.append(scan) }
            }
            for low in dcLows { add(dcScans(low)) }
            for plan in lumaPlans { add(acScans(plan, 0)) }
            for c in 1..<count { for plan in chromaPlans { add(acScans(plan, c)) } }
            let costs = Parallel.map(candidates) {
                cost(of: $0, frame: frame, coefficients: coefficients, rowStep: rowStep)
            }
            var table: [Scan: Int] = [:]
            for (scan, bits) in zip(candidates, costs) { table[scan] = bits }
            func total(_ scans: [Scan]) -> Int { scans.reduce(0) { $0 + table[$1]! } }
            // The first of the cheapest, so a tie keeps the earlier (default) choice.
            let dcLow = dcLows.min { total(dcScans($0)) < total(dcScans($1)) }!
            var plans = [lumaPlans.min { total(acScans($0, 0)) < total(acScans($1, 0)) }!]
            for c in 1..<count { plans.append(chromaPlans.min { total(acScans($0, c)) < total(acScans($1, c)) }!) }
            return ScanScript.progressive(frame, dcLow: dcLow, plans: plans)
        }

        /// The scan's bits: its symbols' codes and value bits over every `rowStep`-th row of blocks
        /// (MCUs when it interleaves), scaled to all rows, plus its DHT and SOS segments.
        static func cost(of scan: Scan, frame: Frame, coefficients: Coefficients, rowStep: Int) -> Int {
            let frequencies = UnsafeMutablePointer<Int>.allocate(capacity: 4 * 256)
            frequencies.initialize(repeating: 0, count: 4 * 256)
            defer { frequencies.deallocate() }
            var coder = BlockCoder(sink: SymbolCounter(frequencies: frequencies), scan: scan)
            ScanEncoder.walk(scan, frame: frame, coefficients: coefficients, coder: &coder, rowStep: rowStep)
            coder.release()
            var bits = coder.sink.valueBits, tableBytes = 0
            for slot in 0..<4 {
                let table = HuffmanCode.cost(frequencies + slot * 256)
                bits += table.codeBits
                tableBytes += table.tableBytes
            }
            let rows = scan.components.count == 1 ? frame.components[scan.components[0]].blocksHigh : frame.mcusHigh
            let sampled = (rows + rowStep - 1) / rowStep
            let segments = (tableBytes > 0 ? 4 + tableBytes : 0) + 8 + 2 * scan.components.count
            return bits * rows / sampled + 8 * segments
        }
    }
}
