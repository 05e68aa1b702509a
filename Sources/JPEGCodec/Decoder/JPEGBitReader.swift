/// The entropy-coded bits of a scan, most significant first, with FF 00 unstuffed.
/// A 64-bit buffer is refilled eight bytes at a time when none of them is FF, a
/// byte at a time otherwise. At a marker (or the end of the data) it stops and
/// supplies zero bits, remembering that the data ran out, as libjpeg does: a
/// decode that used such bits has `overran`, and the scan leaves the rest of its
/// restart interval alone.
struct JPEGBitReader {
    let data: UnsafePointer<UInt8>
    let end: Int
    /// The next byte to take; at a marker, its first FF.
    private(set) var position: Int
    /// The buffered bits, the next one in the top bit; the bits below `count` are zero.
    private(set) var buffer: UInt64 = 0
    private(set) var count = 0
    /// How many of the buffered bits (the lowest ones) are zero padding past the data.
    private var padding = 0
    private(set) var atMarker = false
    private var paddingUsed = false

    init(_ data: UnsafeBufferPointer<UInt8>, from position: Int) {
        self.data = data.baseAddress ?? UnsafePointer(bitPattern: 1)!
        end = data.count
        self.position = min(position, data.count)
    }

    /// A decode took bits that the data did not have.
    var overran: Bool { paddingUsed || count < padding }

    /// Makes at least `n` (at most 57) bits available, zeros past a marker. The refill goes through a
    /// copy passed by value: a decode loop's reader then never has its address taken, so it can stay
    /// in registers instead of being stored to memory at every bit taken.
    @inline(__always) mutating func ensure(_ n: Int) {
        if count < n { self = Self.refilled(self) }
    }

    @inline(never)
    static func refilled(_ reader: JPEGBitReader) -> JPEGBitReader {
        var copy = reader
        copy.refill()
        return copy
    }

    @inline(__always) func peek(_ n: Int) -> Int { Int(truncatingIfNeeded: buffer &>> UInt64(64 &- n)) }

    /// Drops `n` bits, 1...32; the caller has ensured them.
    @inline(__always) mutating func skip(_ n: Int) {
        buffer = buffer &<< UInt64(n)
        count &-= n
    }

    /// Takes `n` bits, 1...32; the caller has ensured them.
    @inline(__always) mutating func take(_ n: Int) -> Int {
        let value = peek(n)
        skip(n)
        return value
    }

    /// For a JPEGBitWindow, which takes bits in locals: the buffer as it left it.
    @inline(__always) mutating func resume(buffer: UInt64, count: Int) {
        self.buffer = buffer
        self.count = count
    }

    /// `overran`, with the buffer's count as a JPEGBitWindow holds it.
    @inline(__always) func overran(count: Int) -> Bool { paddingUsed || count < padding }

    /// Fills the buffer to at least 57 bits.
    mutating func refill() {
        while count <= 56 {
            if atMarker { return pad() }
            if Self.takeWord(data, end, &position, &buffer, &count) { return }
            takeOneByte()
        }
    }

    /// The refill's fast step: when the next eight bytes hold no FF, as many whole bytes as fit into
    /// `bits` (`bitCount` of them used, at most 56), which is then at least 57; false when they do not.
    /// A JPEGBitWindow refills through it in place, with the bits it holds.
    @inline(__always) mutating func takeWord(_ bits: inout UInt64, _ bitCount: inout Int) -> Bool {
        !atMarker && Self.takeWord(data, end, &position, &bits, &bitCount)
    }

    @inline(__always)
    private static func takeWord(
        _ data: UnsafePointer<UInt8>, _ end: Int, _ position: inout Int, _ bits: inout UInt64, _ bitCount: inout Int
    ) -> Bool {
        guard position &+ 8 <= end else { return false }
        let word = UInt64(bigEndian: UnsafeRawPointer(data + position).loadUnaligned(as: UInt64.self))
        // No byte of the word is FF (no byte of ~word is zero): take whole bytes at once.
        let inverted = ~word
        guard (inverted &- 0x0101_0101_0101_0101) & word & 0x8080_8080_8080_8080 == 0 else { return false }
        let bytes = (64 &- bitCount) &>> 3
        let taken = bytes &<< 3
        let top = taken == 64 ? word : (word &>> UInt64(64 &- taken)) &<< UInt64(64 &- taken)
        bits |= top &>> UInt64(bitCount)
        bitCount &+= taken
        position &+= bytes
        return true
    }

    /// One byte, unstuffing FF 00 (and FF FF … 00, as libjpeg); stops at a marker or the end.
    private mutating func takeOneByte() {
        guard position < end else {
            atMarker = true
            return
        }
        let byte = data[position]
        if byte == 0xFF {
            var next = position &+ 1
            while next < end && data[next] == 0xFF { next &+= 1 }
            guard next < end, data[next] == 0 else {
                atMarker = true
                return
            }
            position = next &+ 1
        } else {
            position &+= 1
        }
        buffer |= UInt64(byte) &<< UInt64(56 &- count)
        count &+= 8
    }

    /// Past the data: the buffer continues with zeros.
    private mutating func pad() {
        if count < padding { paddingUsed = true }
        padding = min(padding, count) + (64 - count)
        count = 64
    }

    /// The start of a restart interval: drops the buffered bits and reads the RSTn marker.
    /// When the marker is not the one expected, resyncs as libjpeg's jpeg_resync_to_restart
    /// does. Returns whether a marker was taken, which is when the decoder may trust data
    /// again after having run out.
    mutating func restart(expecting number: Int) -> Bool {
        buffer = 0
        count = 0
        padding = 0
        paddingUsed = false
        atMarker = false
        while true {
            guard let (code, after) = findMarker() else {
                atMarker = true  // the end of the data acts as EOI: stay here
                return false
            }
            let expected = 0xD0 + number
            if code == expected { position = after; return true }
            let isRestart = (0xD0...0xD7).contains(code)
            let ahead = (code - 0xD0 - number + 8) & 7
            if code < 0xC0 || (isRestart && (ahead == 6 || ahead == 7)) {
                position = after  // not a marker to stop at, or an earlier restart: look further
            } else if !isRestart || ahead == 1 || ahead == 2 {
                atMarker = true  // a real marker, or a restart just ahead: leave it for later
                return false
            } else {
                position = after  // a restart too far off: take it as the expected one
                return true
            }
        }
    }

    /// The next marker from `position`, leaving `position` at its FF: its code and the index after it.
    private mutating func findMarker() -> (Int, Int)? {
        var i = position
        while i < end {
            guard data[i] == 0xFF else {
                i &+= 1
                continue
            }
            var j = i &+ 1
            while j < end && data[j] == 0xFF { j &+= 1 }
            guard j < end else { break }
            if data[j] != 0 {
                position = j &- 1
                return (Int(data[j]), j &+ 1)
            }
            i = j &+ 1
        }
        position = end
        return nil
    }
}
