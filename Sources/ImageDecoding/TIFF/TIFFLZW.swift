/// TIFF's LZW: codes of 9 to 12 bits, Clear 256, EndOfInformation 257, MSB first with the "early change"
/// (the width grows when the next free entry reaches 2ⁿ−1); or, when the data starts 0x00 followed by a byte
/// with its low bit set, the old-style variant libtiff also reads (LSB first, the width growing at 2ⁿ).
/// The table stops growing when full; a code past the next free entry is corrupt.
enum TIFFLZW {
    static func mostBytes(from count: Int) -> Int {
        let codes = count * 8 / 9 + 1
        let growing = Swift.min(codes, 4096)
        return growing * (growing + 1) / 2 + (codes - growing) * 4096
    }

    static func decode(_ stored: ArraySlice<UInt8>, expected: Int) throws(DecodeError) -> [UInt8] {
        let oldStyle = stored.count >= 2 && stored[stored.startIndex] == 0 && stored[stored.startIndex + 1] & 1 != 0
        var out = [UInt8](repeating: 0, count: expected)
        var prefix = [UInt16](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var length = [UInt16](repeating: 1, count: 4096)
        for i in 0..<256 { suffix[i] = UInt8(i) }
        var written = 0
        var next = 258
        var width = 9
        var previous = -1
        var bitBuffer: UInt64 = 0
        var bitCount = 0
        var p = stored.startIndex
        let end = stored.endIndex
        let growAt = oldStyle ? 0 : 1
        while written < expected {
            while bitCount < width {
                guard p < end else {
                    // Data ends without EndOfInformation: what came is kept only if it filled the block.
                    throw .truncated(section: "TIFF LZW data")
                }
                if oldStyle {
                    bitBuffer |= UInt64(stored[p]) << UInt64(bitCount)
                } else {
                    bitBuffer = bitBuffer << 8 | UInt64(stored[p])
                }
                p += 1
                bitCount += 8
            }
            let code: Int
            if oldStyle {
                code = Int(bitBuffer & ((1 << UInt64(width)) - 1))
                bitBuffer >>= UInt64(width)
            } else {
                code = Int((bitBuffer >> UInt64(bitCount - width)) & ((1 << UInt64(width)) - 1))
            }
            bitCount -= width
            if !oldStyle { bitBuffer &= (1 << UInt64(bitCount)) &- 1 }
            if code == 256 {
                next = 258
                width = 9
                previous = -1
                continue
            }
            if code == 257 { break }
            guard code <= next, code < 4096, previous >= 0 || code < 256 else {
                throw .corrupt("TIFF LZW code \(code) past the table")
            }
            if previous < 0 {
                out[written] = UInt8(code)
                written += 1
                previous = code
                continue
            }
            // The string of `code` (or, for code == next, the previous string plus its own first byte).
            let walkFrom = code == next ? previous : code
            let walkLength = Int(length[walkFrom])
            let total = walkLength + (code == next ? 1 : 0)
            var firstByte: UInt8 = 0
            out.withUnsafeMutableBufferPointer { out in
                var walk = walkFrom
                var at = walkLength - 1
                while at >= 0 {
                    if written + at < expected { out[written + at] = suffix[walk] }
                    if at == 0 { firstByte = suffix[walk] }
                    walk = Int(prefix[walk])
                    at -= 1
                }
                if code == next, written + walkLength < expected { out[written + walkLength] = firstByte }
            }
            written += Swift.min(total, expected - written)
            if next < 4096 {
                prefix[next] = UInt16(previous)
                suffix[next] = firstByte
                length[next] = length[previous] &+ 1
                next += 1
                if next + growAt >= 1 << width, width < 12 { width += 1 }
            }
            previous = code
        }
        guard written >= expected else { throw .truncated(section: "TIFF LZW data") }
        return out
    }
}
