/// Optimal length-limited Huffman code lengths, by package-merge (Larmore and
/// Hirschberg): the cheapest code whose longest code is at most `limit` bits,
/// where zlib's heuristic only repairs an over-long tree. Ties break by symbol,
/// so the same frequencies always give the same code.
enum HuffmanCodeBuilder {
    /// A leaf (a symbol) or a package of two items of the level below.
    private struct Item {
        let weight: Int
        let symbol: Int  // -1 for a package
        let left: Int
        let right: Int
    }

    /// Code lengths for `frequencies` (0 for an unused symbol), none over `limit`.
    /// A lone used symbol gets length 1 (deflate has no 0-bit codes).
    static func lengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        let used = frequencies.indices.filter { frequencies[$0] > 0 }
            .sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
        if used.isEmpty { return lengths }
        if used.count == 1 {
            lengths[used[0]] = 1
            return lengths
        }
        precondition(used.count <= 1 << limit, "too many symbols for the length limit")
        var items = used.map { Item(weight: frequencies[$0], symbol: $0, left: -1, right: -1) }
        let leaves = Array(items.indices)
        var list = leaves
        // Each round packages the previous list in pairs and merges the leaves back in: after
        // `limit` lists, the first 2n−2 items of the last one pick the optimal code.
        for _ in 1..<limit {
            var packages: [Int] = []
            var i = 0
            while i + 1 < list.count {
                items.append(
                    Item(
                        weight: items[list[i]].weight + items[list[i + 1]].weight, symbol: -1,
                        left: list[i], right: list[i + 1]))
                packages.append(items.count - 1)
                i += 2
            }
            var merged: [Int] = []
            merged.reserveCapacity(leaves.count + packages.count)
            var a = 0, b = 0
            while a < leaves.count || b < packages.count {
                if b == packages.count || (a < leaves.count && items[leaves[a]].weight <= items[packages[b]].weight) {
                    merged.append(leaves[a])
                    a += 1
                } else {
                    merged.append(packages[b])
                    b += 1
                }
            }
            list = merged
        }
        // Every time a leaf appears among the chosen items, its code gets one bit longer.
        var stack = Array(list.prefix(2 * used.count - 2))
        while let index = stack.popLast() {
            let item = items[index]
            if item.symbol >= 0 {
                lengths[item.symbol] += 1
            } else {
                stack.append(item.left)
                stack.append(item.right)
            }
        }
        return lengths
    }

    /// Canonical codes (RFC 1951 3.2.2) for `lengths`, bit-reversed ready for an
    /// LSB-first writer.
    static func codes(_ lengths: [UInt8]) -> [UInt16] {
        var countOfLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { countOfLength[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 {
            code = (code + countOfLength[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let code = next[Int(length)]
            next[Int(length)] += 1
            return UInt16(HuffmanDecodeTable.reverse(code, Int(length)))
        }
    }
}
