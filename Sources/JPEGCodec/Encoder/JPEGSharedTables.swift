extension JPEGEncoder {
    /// Which Huffman tables a progressive file defines, and which scans share them. A table made for
    /// each scan (what `cjpeg -optimize` does) codes each scan's symbols in the fewest bits, but in a
    /// small picture its DHT bytes are a percent of the file; a table defined once stays in its
    /// slot for every later scan that names it, and T.81 gives a progressive frame four slots for
    /// each class (DC, AC). So scans whose symbols are alike are coded with one table made from their
    /// counts together, wherever that costs fewer bytes than a table each.
    enum SharedTables {
        /// The tables to define and the table each scan's recorder slot names.
        struct Plan {
            /// `ids[scan][slot]`: the table (0...3 within its class) the scan's recorder slot
            /// (SymbolSink: 0, 1 DC, 2, 3 AC) is coded with.
            var ids: [[Int]]
            /// The tables defined just before each scan: DHT's class-and-id byte, and the code.
            var definitions: [[(tag: UInt8, code: HuffmanCode)]]
            /// `codes[scan][slot]`: the code of that table (nil: the slot codes nothing in that scan).
            var codes: [[HuffmanCode?]]
        }

        /// A set of scans' uses of one table: their counts summed and the scans it spans.
        private struct Group {
            var members: [(scan: Int, slot: Int)]
            var counts: [Int]
            var first: Int
            var last: Int
            var bits: Int
        }

        /// `counts[scan][slot]`: the 256 frequencies the scan counted in that slot (empty when none).
        /// Greedy: the two groups whose merging saves the most bits merge, while any saves and no scan
        /// would need more than `slots` tables of a class at once; then, in order of first scan, each
        /// group takes the slot free longest (one is free: no scan lies within more than `slots` groups).
        static func plan(_ counts: [[[Int]]], slots: Int = 4) -> Plan {
            var ids = counts.map { _ in [0, 0, 0, 0] }
            var definitions = counts.map { _ in [(tag: UInt8, code: HuffmanCode)]() }
            var codes = counts.map { _ in [HuffmanCode?](repeating: nil, count: 4) }
            for (tableClass, recorderSlots) in [(0, [0, 1]), (1, [2, 3])] {
                var groups: [Group] = []
                for (scan, scanCounts) in counts.enumerated() {
                    for slot in recorderSlots where scanCounts[slot].contains(where: { $0 > 0 }) {
                        let c = scanCounts[slot]
                        groups.append(Group(members: [(scan, slot)], counts: c, first: scan, last: scan, bits: bits(c)))
                    }
                }
                merge(&groups, slots: slots)
                var slotFreeAfter = [Int](repeating: -1, count: slots)
                for group in groups.sorted(by: { $0.first < $1.first }) {
                    // The slot free longest (the lowest of those on a tie).
                    let id = slotFreeAfter.indices.min { (slotFreeAfter[$0], $0) < (slotFreeAfter[$1], $1) }!
                    // Defined as early as its slot is free: definitions gather in fewer DHT segments
                    // (4 bytes each), most often all before the first scan.
                    let definedAt = slotFreeAfter[id] + 1
                    assert(definedAt <= group.first, "SharedTables: no slot free for a group")
                    slotFreeAfter[id] = group.last
                    let code = HuffmanCode(frequencies: group.counts)
                    for member in group.members {
                        ids[member.scan][member.slot] = id
                        codes[member.scan][member.slot] = code
                    }
                    definitions[definedAt].append((UInt8(tableClass << 4 | id), code))
                }
            }
            return Plan(ids: ids, definitions: definitions, codes: codes)
        }

        private static func merge(_ groups: inout [Group], slots: Int) {
            func merged(_ a: Group, _ b: Group) -> Group {
                let counts = zip(a.counts, b.counts).map { $0 + $1 }
                return Group(
                    members: a.members + b.members, counts: counts, first: min(a.first, b.first),
                    last: max(a.last, b.last), bits: bits(counts))
            }
            while groups.count > 1 {
                var best: (i: Int, j: Int, group: Group, saving: Int)?
                for i in groups.indices {
                    for j in (i + 1)..<groups.count {
                        let m = merged(groups[i], groups[j])
                        let saving = groups[i].bits + groups[j].bits - m.bits
                        guard saving > (best?.saving ?? 0) else { continue }
                        var trial = groups
                        trial[i] = m
                        trial.remove(at: j)
                        guard fits(trial, slots: slots) else { continue }
                        best = (i, j, m, saving)
                    }
                }
                guard let best else { return }
                groups[best.i] = best.group
                groups.remove(at: best.j)
            }
        }

        /// No scan lies within more than `slots` groups' spans.
        private static func fits(_ groups: [Group], slots: Int) -> Bool {
            guard let end = groups.map(\.last).max() else { return true }
            for scan in 0...end where groups.filter({ $0.first <= scan && scan <= $0.last }).count > slots {
                return false
            }
            return true
        }

        /// A table's cost for these counts: its codes' bits and its DHT bytes.
        private static func bits(_ counts: [Int]) -> Int {
            let cost = counts.withUnsafeBufferPointer { HuffmanCode.cost($0.baseAddress!) }
            return cost.codeBits + 8 * cost.tableBytes
        }
    }
}
