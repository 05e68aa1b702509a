import ImageCore

/// TIFF's LZW: codes of 9 to 12 bits, Clear 256, EndOfInformation 257, MSB first with the "early change"
/// (the width grows when the next free entry reaches 2ⁿ−1); or, when the data starts 0x00 followed by a byte
/// with its low bit set, the old-style variant libtiff also reads (LSB first, the width growing at 2ⁿ).
/// The table stops growing when full; a code past the next free entry is corrupt.
///
/// Every table entry is a run of the output already written (the previous string plus the first byte of
/// the one after it), so an entry is kept as (start, length) in the output and copied forward, not walked.
enum TIFFLZW {
    static func mostBytes(from count: Int) -> Int {
        let codes = count * 8 / 9 + 1
        let growing = Swift.min(codes, 4096)
        return growing * (growing + 1) / 2 + (codes - growing) * 4096
    }

    enum Status { case done, truncated, pastTable(Int) }

    static func decode(_ stored: ArraySlice<UInt8>, expected: Int) throws(DecodeError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expected)
        // The table is not cleared: `run` reads only entries it wrote since the last Clear. Zeroing
        // 64 KiB for every strip or tile would zero 256 GiB for a 12 MB file of 4 million 1×1 tiles.
        let status = withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * 4096) { table in
            stored.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { out in
                    run(input, out, table.baseAddress!, table.baseAddress! + 4096)
                }
            }
        }
        switch status {
        case .done: return out
        case .truncated: throw .truncated(section: "TIFF LZW data")
        case .pastTable(let code): throw .corrupt("TIFF LZW code \(code) past the table")
        }
    }

    private static func run(
        _ input: UnsafeBufferPointer<UInt8>, _ out: UnsafeMutableBufferPointer<UInt8>,
        _ starts: UnsafeMutablePointer<Int>, _ lengths: UnsafeMutablePointer<Int>
    ) -> Status {
        let expected = out.count
        guard expected > 0 else { return .done }
        let target = out.baseAddress!
        let oldStyle = input.count >= 2 && input[0] == 0 && input[1] & 1 != 0
        let growAt = oldStyle ? 0 : 1
        var written = 0, next = 258, width = 9, previous = -1
        var bitBuffer: UInt64 = 0, bitCount = 0, p = 0
        while written < expected {
            if bitCount < width {
                // Refill with as many whole bytes as fit (at most 56 bits held), so most codes need no refill.
                while bitCount <= 48, p < input.count {
                    if oldStyle {
                        bitBuffer |= UInt64(input[p]) << UInt64(bitCount)
                    } else {
                        bitBuffer = bitBuffer << 8 | UInt64(input[p])
                    }
                    p += 1
                    bitCount += 8
                }
                guard bitCount >= width else { return .truncated }
            }
            let mask = (UInt64(1) << UInt64(width)) - 1
            let code: Int
            if oldStyle {
                code = Int(bitBuffer & mask)
                bitBuffer >>= UInt64(width)
            } else {
                code = Int((bitBuffer >> UInt64(bitCount - width)) & mask)
            }
            bitCount -= width
            if !oldStyle { bitBuffer &= (UInt64(1) << UInt64(bitCount)) &- 1 }
            if code == 256 {
                next = 258
                width = 9
                previous = -1
                continue
            }
            if code == 257 { break }
            guard code <= next, code < 4096, previous >= 0 || code < 256 else { return .pastTable(code) }
            let start = written
            if code < 256 {
                target[written] = UInt8(code)
                written += 1
            } else {
                // code == next: the previous string again, then its own first byte.
                let entry = code == next ? previous : code
                let (from, length) = (starts[entry], lengths[entry])
                let n = Swift.min(length, expected - written)
                if n <= 8 {
                    for i in 0..<n { target[written + i] = target[from + i] }
                } else {
                    (target + written).update(from: target + from, count: n)
                }
                written += n
                if code == next, written < expected {
                    target[written] = target[from]
                    written += 1
                }
            }
            if previous >= 0, next < 4096 {
                // The new entry: the previous string and the first byte of this one, already side by side.
                starts[next] = previous < 256 ? start - 1 : start - lengths[previous]
                lengths[next] = (previous < 256 ? 1 : lengths[previous]) + 1
                next += 1
                if next + growAt >= 1 << width, width < 12 { width += 1 }
            }
            if code < 256 { starts[code] = start; lengths[code] = 1 }
            previous = code
        }
        return written >= expected ? .done : .truncated
    }
}
