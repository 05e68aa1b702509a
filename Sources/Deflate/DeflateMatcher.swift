/// LZ77 for deflate, tuned for filtered image rows: hash chains through the
/// last 32 KiB and lazy matching as zlib, but keyed on 6 bytes and taking no
/// match shorter than 6. Pillow's PNG writer (zlib with Z_FILTERED) drops
/// matches under 6 too, as they rarely pay in filtered pixels; keying the
/// chains on 6 bytes leaves in them only candidates that can be taken, so 16
/// a position (4 once a match of 8 is in hand) find what zlib's 128 do, at
/// several times the speed. No better match is sought once one reaches 16,
/// nor a longer one once one reaches 64. Blocks of 16383 symbols go to
/// `DeflateBlockWriter`.
struct DeflateMatcher {
    struct Settings {
        /// Bytes hashed to find candidates (3...8): more gives shorter, better chains.
        var hashBytes = 6
        var minMatch = 6
        var maxChain = 16
        var goodLength = 8
        var lazyLength = 16
        var niceLength = 64
    }

    private static let hashBits = 15
    private static let windowMask = DeflateTables.windowSize - 1
    /// A 3-byte match farther than this costs more than three literals.
    private static let tooFar = 4096
    private static let blockSymbols = 16383

    /// Compresses `data` whole into `writer` as raw deflate (the last block final).
    static func compress(
        _ data: UnsafeBufferPointer<UInt8>, settings: Settings = Settings(),
        into writer: inout DeflateBitWriter
    ) {
        let maxChain = settings.maxChain, goodLength = settings.goodLength, lazyLength = settings.lazyLength
        let minMatch = settings.minMatch, hashBytes = settings.hashBytes, nice = settings.niceLength
        let head = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
        head.initialize(repeating: -1, count: 1 << hashBits)
        let chain = UnsafeMutablePointer<Int32>.allocate(capacity: DeflateTables.windowSize)
        chain.initialize(repeating: -1, count: DeflateTables.windowSize)
        let symbols = UnsafeMutablePointer<UInt32>.allocate(capacity: blockSymbols + 1)
        defer {
            head.deallocate()
            chain.deallocate()
            symbols.deallocate()
        }
        var symbolCount = 0
        let n = data.count
        var blockStart = 0
        var emitted = 0
        var pos = 0
        // The lazy state: the byte at pos − 1 is not yet emitted, and the best match found there.
        var pending = false
        var pendingLength = 0
        var pendingDistance = 0
        @inline(__always) func insert(_ p: Int) -> Int {
            let h = hash(data, p, hashBytes)
            let candidate = Int(head[h])
            chain[p & windowMask] = Int32(truncatingIfNeeded: candidate)
            head[h] = Int32(truncatingIfNeeded: p)
            return candidate
        }
        func flush(final: Bool) {
            DeflateBlockWriter.write(
                UnsafeBufferPointer(start: symbols, count: symbolCount),
                raw: UnsafeBufferPointer(rebasing: data[blockStart..<emitted]),
                final: final, into: &writer)
            symbolCount = 0
            blockStart = emitted
        }
        while pos < n {
            var length = 0
            var distance = 0
            if pos &+ 8 <= n {
                let candidate = insert(pos)
                if candidate >= 0 && (!pending || pendingLength < lazyLength) {
                    let effort = pending && pendingLength >= goodLength ? maxChain / 4 : maxChain
                    (length, distance) = longestMatch(
                        data, at: pos, candidate: candidate, chain: chain,
                        effort: effort, atLeast: pending ? pendingLength : 0, nice: nice)
                    if length < minMatch || (length == 3 && distance > tooFar) { length = 0 }
                }
            }
            if pending && pendingLength >= minMatch && length <= pendingLength {
                symbols[symbolCount] =
                    DeflateBlockWriter.matchFlag | UInt32(pendingDistance) << 9
                    | UInt32(pendingLength)
                symbolCount &+= 1
                let end = pos &- 1 &+ pendingLength
                var p = pos &+ 1
                while p < end && p &+ 8 <= n {
                    _ = insert(p)
                    p &+= 1
                }
                emitted = end
                pos = end
                pending = false
            } else {
                if pending {
                    symbols[symbolCount] = UInt32(data[pos &- 1])
                    symbolCount &+= 1
                    emitted = pos
                }
                pending = true
                pendingLength = length
                pendingDistance = distance
                pos &+= 1
            }
            if symbolCount >= blockSymbols { flush(final: false) }
        }
        if pending {
            symbols[symbolCount] = UInt32(data[n - 1])
            symbolCount += 1
            emitted = n
        }
        flush(final: true)
    }

    /// A multiplicative hash of the `bytes` bytes at `p` (`p + 8` must be within `data`).
    @inline(__always)
    private static func hash(_ data: UnsafeBufferPointer<UInt8>, _ p: Int, _ bytes: Int) -> Int {
        let word =
            UInt64(littleEndian: UnsafeRawPointer(data.baseAddress! + p).loadUnaligned(as: UInt64.self))
            &<< UInt64(64 - 8 * bytes)
        return Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) &>> UInt64(64 - hashBits))
    }

    /// The longest match for `pos` along the hash chain from `candidate`, if longer than `atLeast`.
    @inline(__always)
    private static func longestMatch(
        _ data: UnsafeBufferPointer<UInt8>, at pos: Int, candidate: Int,
        chain: UnsafeMutablePointer<Int32>, effort: Int,
        atLeast: Int, nice: Int
    ) -> (length: Int, distance: Int) {
        let maxLength = min(DeflateTables.maxMatch, data.count - pos)
        guard maxLength >= 3 else { return (0, 0) }
        var best = max(atLeast, 2)
        if best >= maxLength { return (0, 0) }
        var bestDistance = 0
        let oldest = pos - DeflateTables.windowSize + 1
        var candidate = candidate
        var left = effort
        while candidate >= oldest && candidate >= 0 && left > 0 {
            if data[candidate &+ best] == data[pos &+ best] && data[candidate] == data[pos] {
                let length = matchLength(data, candidate, pos, maxLength)
                if length > best {
                    best = length
                    bestDistance = pos &- candidate
                    if length >= nice || length == maxLength { break }
                }
            }
            candidate = Int(chain[candidate & windowMask])
            left &-= 1
        }
        return bestDistance == 0 ? (0, 0) : (best, bestDistance)
    }

    /// How many bytes at `a` and `b` agree, up to `limit`, eight at a time.
    @inline(__always)
    private static func matchLength(_ data: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, _ limit: Int) -> Int {
        let base = UnsafeRawPointer(data.baseAddress!)
        var length = 0
        while length + 8 <= limit {
            let x =
                base.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
                ^ base.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
            if x != 0 { return length + UInt64(littleEndian: x).trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit && data[a + length] == data[b + length] { length += 1 }
        return length
    }
}
