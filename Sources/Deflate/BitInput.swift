/// Deflate's input: bits least significant first, read from one or more ranges
/// of one byte array (a PNG's IDAT chunks are read where they lie, never joined).
///
/// Past the last range the buffer is filled with zero bytes that are counted;
/// consuming any of them is reported as truncation, so a decoder that keeps
/// reading past the end fails at once instead of looping on zeros.
struct BitInput {
    /// Ranges of the source, as offsets from its start, in order.
    let segments: [Range<Int>]
    var segmentIndex = 0
    /// The next byte to load, and the end of the range it lies in.
    var position: Int
    var segmentEnd: Int
    var buffer: UInt64 = 0
    /// Valid bits in `buffer`, padding included.
    var count = 0
    /// Zero bytes loaded past the end of the input, at the top of `buffer`.
    var padding = 0

    init(segments: [Range<Int>]) {
        self.segments = segments.isEmpty ? [0..<0] : segments
        position = self.segments[0].lowerBound
        segmentEnd = self.segments[0].upperBound
    }

    /// Tops the buffer up to at least 57 bits, a byte at a time, crossing ranges.
    @inline(__always)
    mutating func refill(_ source: UnsafePointer<UInt8>) {
        while count <= 56 {
            if position < segmentEnd {
                buffer |= UInt64(source[position]) << UInt64(count)
                position += 1
            } else if segmentIndex + 1 < segments.count {
                segmentIndex += 1
                position = segments[segmentIndex].lowerBound
                segmentEnd = segments[segmentIndex].upperBound
                continue
            } else {
                padding += 1
            }
            count += 8
        }
    }

    /// Whether bits past the real input have been consumed.
    @inline(__always)
    var overran: Bool { count < padding * 8 }

    /// Bits in `buffer` that came from the input (negative once padding was consumed).
    var realBits: Int { count - padding * 8 }

    @inline(__always)
    func peek(_ bits: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: buffer & ((1 << UInt64(bits)) - 1))
    }

    @inline(__always)
    mutating func consume(_ bits: Int) {
        buffer >>= UInt64(bits)
        count -= bits
    }

    /// Reads `bits` (at most 32) after a refill; throws if they run past the input.
    mutating func read(_ bits: Int, _ source: UnsafePointer<UInt8>, in section: String) throws(DecodeError) -> UInt32 {
        refill(source)
        let value = peek(bits)
        consume(bits)
        if overran { throw .truncated(section: section) }
        return value
    }

    /// Drops the bits up to the next byte boundary (before a stored block or the trailer).
    mutating func alignToByte() {
        consume(count & 7)
    }

    /// Whole real bytes waiting in `buffer` (after `alignToByte`).
    var bufferedBytes: Int { count / 8 - padding }
}
