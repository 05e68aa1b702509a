import ImageCore

/// Where one prefix code's lookup table sits in a shared table store.
///
/// A table is `1 << rootBits` entries indexed by the next `rootBits` stream
/// bits, plus second-level tables for longer codes. An entry is
/// `value << 8 | bits`: a symbol and its code length, or (when `bits` exceeds
/// `rootBits`) the offset of a second-level table indexed by the next
/// `bits - rootBits` bits.
struct VP8LPrefixCode {
    var offset: Int
    var rootBits: Int
}

/// Builds lookup tables from code lengths (RFC 9649 section 3.7.2).
///
/// CVE-2023-4863 came from filling fixed-size second-level tables from code
/// lengths that did not form a valid code. Here a table is built only from a
/// complete code (the Kraft sum is exactly one; a lone symbol is the one
/// allowed exception, read with zero bits), and every table is sized from the
/// code itself before anything is written, so no entry can land outside it.
enum VP8LHuffmanBuilder {
    static let maxCodeLength = 15
    /// First-level index width for long codes; short codes use their longest length.
    static let maxRootBits = 8

    /// Checks that `lengths` form a complete code (or one symbol); returns the
    /// number of symbols with a length.
    static func validate(_ lengths: UnsafeBufferPointer<UInt8>) throws(DecodeError) -> Int {
        var counts = [Int](repeating: 0, count: maxCodeLength + 1)
        for length in lengths { counts[Int(length)] += 1 }
        let used = lengths.count - counts[0]
        if used == 0 { throw .corrupt("VP8L prefix code with no symbols") }
        if used == 1 { return 1 }
        var open = 1  // unfilled code space at the current length, in codes of that length
        for length in 1...maxCodeLength {
            open = open * 2 - counts[length]
            if open < 0 { throw .corrupt("VP8L prefix code over-subscribes its code space") }
        }
        if open != 0 { throw .corrupt("VP8L prefix code leaves its code space incomplete") }
        return used
    }

    /// Validates `lengths` (each at most 15), appends the code's lookup table to
    /// `store` and returns where it is. `limit` caps the store's size (entries).
    static func build(
        _ lengths: UnsafeBufferPointer<UInt8>, into store: inout [UInt32],
        limit: Int
    ) throws(DecodeError) -> VP8LPrefixCode {
        let used = try validate(lengths)
        let offset = store.count
        if used == 1 {
            let symbol = lengths.firstIndex { $0 != 0 } ?? 0
            guard offset < limit else { throw tablesTooLarge }
            store.append(UInt32(symbol) << 8)
            return VP8LPrefixCode(offset: offset, rootBits: 0)
        }
        var counts = [Int](repeating: 0, count: maxCodeLength + 1)
        var longest = 0
        for length in lengths where length != 0 {
            counts[Int(length)] += 1
            longest = max(longest, Int(length))
        }
        // Canonical codes: shorter first, then by symbol (RFC 9649 / DEFLATE).
        var firstCode = [Int](repeating: 0, count: maxCodeLength + 2)
        var code = 0
        for length in 1...maxCodeLength {
            code = (code + counts[length - 1] * (length > 1 ? 1 : 0)) << 1
            firstCode[length] = code
        }
        let rootBits = min(longest, maxRootBits)
        // Size every second-level table from the longest code under its prefix.
        var subLongest = [Int](repeating: 0, count: 1 << rootBits)
        var next = firstCode
        for length in lengths where Int(length) > rootBits {
            let len = Int(length)
            let prefix = next[len] >> (len - rootBits)
            next[len] += 1
            subLongest[prefix] = max(subLongest[prefix], len)
        }
        var subOffset = [Int](repeating: 0, count: 1 << rootBits)
        var size = 1 << rootBits
        for prefix in 0..<(1 << rootBits) where subLongest[prefix] != 0 {
            subOffset[prefix] = size
            size += 1 << (subLongest[prefix] - rootBits)
        }
        guard size <= limit - offset else { throw tablesTooLarge }
        store.append(contentsOf: repeatElement(0, count: size))
        store.withUnsafeMutableBufferPointer { all in
            let table = UnsafeMutableBufferPointer(rebasing: all[offset..<(offset + size)])
            next = firstCode
            for (symbol, length) in lengths.enumerated() where length != 0 {
                let len = Int(length)
                let code = next[len]
                next[len] += 1
                if len <= rootBits {
                    let entry = UInt32(symbol) << 8 | UInt32(len)
                    var index = reversed(code, bits: len)
                    while index < (1 << rootBits) {
                        table[index] = entry
                        index += 1 << len
                    }
                } else {
                    let prefix = code >> (len - rootBits)
                    let subBits = subLongest[prefix] - rootBits
                    let base = subOffset[prefix]
                    table[reversed(prefix, bits: rootBits)] = UInt32(base) << 8 | UInt32(rootBits + subBits)
                    let tailBits = len - rootBits
                    let entry = UInt32(symbol) << 8 | UInt32(tailBits)
                    var index = reversed(code & ((1 << tailBits) - 1), bits: tailBits)
                    while index < (1 << subBits) {
                        table[base + index] = entry
                        index += 1 << tailBits
                    }
                }
            }
        }
        return VP8LPrefixCode(offset: offset, rootBits: rootBits)
    }

    /// The low `bits` bits of `value` in reverse order: the stream sends a
    /// code's first bit first, and the reader puts it in bit 0.
    @inline(__always)
    private static func reversed(_ value: Int, bits: Int) -> Int {
        var v = UInt32(truncatingIfNeeded: value)
        v = (v >> 1) & 0x5555_5555 | (v & 0x5555_5555) << 1
        v = (v >> 2) & 0x3333_3333 | (v & 0x3333_3333) << 2
        v = (v >> 4) & 0x0F0F_0F0F | (v & 0x0F0F_0F0F) << 4
        v = (v >> 8) & 0x00FF_00FF | (v & 0x00FF_00FF) << 8
        v = v >> 16 | v << 16
        return Int(v >> UInt32(32 - bits))
    }

    private static let tablesTooLarge = DecodeError.corrupt(
        "VP8L prefix codes need more table memory than the budget allows")
}
