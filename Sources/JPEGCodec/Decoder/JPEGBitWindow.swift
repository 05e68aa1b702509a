/// The buffered bits of a JPEGBitReader held in two locals, for the masked scan loops (JPEGMaskedScan).
/// The whole reader is eight values: beside a scan loop's own state it does not fit the registers, and
/// the compiler then copies it through memory at every block (about 190 instructions a block, measured).
/// The window takes and drops bits itself; the reader is touched only for what only it does: a refill
/// (the common one, eight bytes without FF, in place), a code longer than the lookahead, a restart, and
/// whether the data ran out.
struct JPEGBitWindow {
    private(set) var buffer: UInt64
    private(set) var count: Int

    @inline(__always) init(_ reader: JPEGBitReader) {
        buffer = reader.buffer
        count = reader.count
    }

    /// Puts the bits back into `reader` before it is used itself.
    @inline(__always) func store(into reader: inout JPEGBitReader) {
        reader.resume(buffer: buffer, count: count)
    }

    /// As JPEGBitReader.ensure.
    @inline(__always) mutating func ensure(_ n: Int, _ reader: inout JPEGBitReader) {
        if count < n && !reader.takeWord(&buffer, &count) {
            store(into: &reader)
            reader = JPEGBitReader.refilled(reader)
            self = Self(reader)
        }
    }

    /// The next `n` bits, 1...32.
    @inline(__always) func peek(_ n: Int) -> Int { Int(truncatingIfNeeded: buffer &>> UInt64(64 &- n)) }

    /// Drops `n` bits, 0...63; the caller has ensured them.
    @inline(__always) mutating func skip(_ n: Int) {
        buffer = buffer &<< UInt64(truncatingIfNeeded: n)
        count &-= n
    }

    /// Takes `n` bits, 1...32; the caller has ensured them.
    @inline(__always) mutating func take(_ n: Int) -> Int {
        let value = peek(n)
        skip(n)
        return value
    }

    /// Drops `n` bits, 0...63, refilling as needed: what JPEGMaskedBlock's correction bits cost.
    @inline(__always) mutating func drop(_ n: Int, _ reader: inout JPEGBitReader) {
        if n <= count {
            skip(n)
            return
        }
        // As many refills as bits a refill gives, 32 at a time (past a marker they are padding, as the reader counts).
        var left = n
        while left > 0 {
            let m = min(left, 32)
            ensure(m, &reader)
            skip(m)
            left &-= m
        }
    }

    /// The next symbol of `table`; at least 17 bits must be buffered. Codes the lookahead does not hold
    /// go through the reader (JPEGHuffmanLookup.decode).
    @inline(__always) mutating func decode(_ table: JPEGHuffmanLookup, _ reader: inout JPEGBitReader) -> Int {
        let entry = table.fastSymbol[peek(JPEGHuffmanTable.lookaheadBits)]
        if entry != 0 {
            skip(Int(entry &>> 8))
            return Int(entry & 0xFF)
        }
        store(into: &reader)
        let symbol = table.decode(&reader)
        self = Self(reader)
        return symbol
    }
}
