/// The inner loops: literals and matches of a Huffman-coded block.
///
/// The fast loop runs while at least 32 input bytes remain in the current
/// range (three refills of at most 7 bytes each, and an 8-byte load) and 270
/// bytes of output room remain, so its refills and copies need no checks but
/// the distance one; the careful loop takes one symbol at a time near the ends
/// and can stop mid-match when the output is full.
extension Inflater {
    /// Room the fast loop needs: two literal entries (each a pair, at most), a longest match, and
    /// 8 bytes of overshoot from the 8-byte copy. (Three literal steps write six bytes at most.)
    private static let fastOutputRoom = 4 + DeflateTables.maxMatch + 8

    /// Decodes until the block's end (true) or a full `output` (false).
    mutating func decodeCodes(
        _ base: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>,
        count: inout Int, capacity: Int
    ) throws(DecodeError) -> Bool {
        if pendingLength > 0 {
            copyPending(output, count: &count, capacity: capacity)
            if pendingLength > 0 { return false }
        }
        while true {
            if try decodeFast(base, into: output, count: &count, capacity: capacity) { return true }
            if count >= capacity { return false }
            if try decodeOne(base, into: output, count: &count, capacity: capacity) { return true }
            if pendingLength > 0 { return false }
        }
    }

    @inline(__always)
    private static func lookup(
        _ table: UnsafePointer<UInt32>, _ mainMask: UInt64, _ mainBits: UInt64,
        _ bits: UInt64
    ) -> UInt32 {
        var entry = table[Int(truncatingIfNeeded: bits & mainMask)]
        if entry & HuffmanDecodeTable.subtable != 0 {
            let subMask = (1 &<< UInt64(truncatingIfNeeded: (entry &>> 8) & 0xF)) &- 1
            let subIndex = Int(truncatingIfNeeded: (bits &>> mainBits) & subMask)
            entry = table[Int(truncatingIfNeeded: entry &>> 16) &+ subIndex]
        }
        return entry
    }

    /// The fast loop. Returns true at the block's end; false when it can go no
    /// further without checks (the careful loop takes over). Arithmetic wraps
    /// (`&+`, `&>>`): every quantity is bounded by the loop's guard, and the
    /// overflow checks would cost a fifth of the time. The main tables' sizes are
    /// constants, so their masks are immediates rather than registers (the loop
    /// spilled to the stack when they were variables); a literal is tested for
    /// before a subtable, as nearly every symbol of a photograph is one.
    private mutating func decodeFast(
        _ base: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>,
        count: inout Int, capacity: Int
    ) throws(DecodeError) -> Bool {
        if input.padding > 0 { return false }
        precondition(
            litLen.mainBits == HuffmanDecodeTable.litLenMainBits
                && distance.mainBits == HuffmanDecodeTable.distanceMainBits,
            "the fast loop's table sizes")
        var bits = input.buffer
        var bitCount = UInt64(input.count)
        var position = input.position
        let inputLimit = input.segmentEnd - 32
        var out = count
        let outputLimit = capacity - Self.fastOutputRoom
        let litLenTable = UnsafePointer(litLen.entries)
        let distanceTable = UnsafePointer(distance.entries)
        defer {
            input.buffer = bits
            input.count = Int(bitCount)
            input.position = position
            count = out
        }
        @inline(__always) func refill() {
            bits |=
                UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                &<< bitCount
            position &+= Int(truncatingIfNeeded: (63 &- bitCount) &>> 3)
            bitCount |= 56
        }
        @inline(__always) func drop(_ n: UInt64) {
            bits &>>= n
            bitCount &-= n
        }
        // A literal entry's one or two bytes: both written (a single's second is a zero past the
        // output, overwritten later), the output advanced by one or two, its bits dropped.
        @inline(__always) func literals(_ entry: UInt32) {
            UnsafeMutableRawPointer(output + out).storeBytes(
                of: UInt16(truncatingIfNeeded: entry &>> 16).littleEndian, as: UInt16.self)
            out &+= 1 &+ Int(truncatingIfNeeded: (entry &>> 5) & 1)
            drop(UInt64(entry & 0x1F))
        }
        @inline(__always) func main(_ table: UnsafePointer<UInt32>, _ mainBits: Int) -> UInt32 {
            table[Int(truncatingIfNeeded: bits & ((1 &<< UInt64(mainBits)) &- 1))]
        }
        @inline(__always) func sub(_ table: UnsafePointer<UInt32>, _ mainBits: Int, _ entry: UInt32) -> UInt32 {
            let subMask = (1 &<< UInt64(truncatingIfNeeded: (entry &>> 8) & 0xF)) &- 1
            let subIndex = Int(truncatingIfNeeded: (bits &>> UInt64(mainBits)) & subMask)
            return table[Int(truncatingIfNeeded: entry &>> 16) &+ subIndex]
        }
        let litLenBits = HuffmanDecodeTable.litLenMainBits, distanceBits = HuffmanDecodeTable.distanceMainBits
        guard position <= inputLimit && out <= outputLimit else { return false }
        // The next entry is looked up before the refill that follows it, so the
        // table load does not wait for the refill (the low bits are already there).
        refill()
        var entry = main(litLenTable, litLenBits)
        while position <= inputLimit && out <= outputLimit {
            refill()
            if entry & HuffmanDecodeTable.literal != 0 {
                literals(entry)
                entry = main(litLenTable, litLenBits)
                if entry & HuffmanDecodeTable.literal != 0 {
                    literals(entry)
                    entry = main(litLenTable, litLenBits)
                    if entry & HuffmanDecodeTable.literal != 0 {
                        // A third: main-table literals take 12 bits at most, so of the 56 the
                        // refill left at least 20 remain, enough for the next look-up.
                        literals(entry)
                        entry = main(litLenTable, litLenBits)
                        continue
                    }
                }
                // A second refill: a length and distance need up to 48 bits.
                refill()
            }
            if entry & HuffmanDecodeTable.subtable != 0 {
                entry = sub(litLenTable, litLenBits, entry)
                if entry & HuffmanDecodeTable.literal != 0 {
                    literals(entry)
                    entry = main(litLenTable, litLenBits)
                    continue
                }
            }
            if entry & HuffmanDecodeTable.specialKinds != 0 {
                if entry & HuffmanDecodeTable.endOfBlock != 0 {
                    drop(UInt64(entry & 0x1F))
                    return true
                }
                throw .corrupt("invalid literal/length code")
            }
            drop(UInt64(entry & 0x1F))
            var extra = UInt64((entry &>> 8) & 0xF)
            let length = Int(truncatingIfNeeded: entry &>> 16) &+ Int(truncatingIfNeeded: bits & ((1 &<< extra) &- 1))
            drop(extra)
            entry = main(distanceTable, distanceBits)
            if entry & HuffmanDecodeTable.subtable != 0 { entry = sub(distanceTable, distanceBits, entry) }
            if entry & HuffmanDecodeTable.specialKinds != 0 { throw .corrupt("invalid distance code") }
            drop(UInt64(entry & 0x1F))
            extra = UInt64((entry &>> 8) & 0xF)
            let distance =
                Int(truncatingIfNeeded: entry &>> 16)
                &+ Int(truncatingIfNeeded: bits & ((1 &<< extra) &- 1))
            drop(extra)
            guard distance <= out else { throw .corrupt("match distance \(distance) reaches before the output") }
            Self.copyMatch(output + out, distance: distance, length: length)
            out &+= length
            // A third refill, so the next look-up has its bits.
            refill()
            entry = main(litLenTable, litLenBits)
        }
        return false
    }

    /// Copies a match whose end has at least 8 bytes of room after it.
    @inline(__always)
    private static func copyMatch(_ destination: UnsafeMutablePointer<UInt8>, distance: Int, length: Int) {
        var to = UnsafeMutableRawPointer(destination)
        var from = UnsafeRawPointer(destination - distance)
        let end = to + length
        if distance >= 8 {
            repeat {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                to += 8
                from += 8
            } while to < end
        } else if distance == 1 {
            to.initializeMemory(as: UInt8.self, repeating: from.load(as: UInt8.self), count: length)
        } else {
            // Distances 2...7 (a pixel's bytes repeated): the first 8 bytes one at a time; after them every
            // byte equals the one a multiple of the distance back that is at least 8 back (at most 14),
            // so the rest goes 8 bytes at a time from there.
            let head = min(length, 8)
            for i in 0..<head {
                to.storeBytes(of: from.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
            }
            guard length > 8 else { return }
            let period = distance &* ((8 &+ distance &- 1) / distance)
            to += 8
            from = UnsafeRawPointer(to - period)
            repeat {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                to += 8
                from += 8
            } while to < end
        }
    }

    /// One symbol with every check, refilling across ranges. Returns true at the block's end.
    private mutating func decodeOne(
        _ base: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>,
        count: inout Int, capacity: Int
    ) throws(DecodeError) -> Bool {
        input.refill(base)
        var entry = Self.lookup(
            litLen.entries, UInt64((1 << litLen.mainBits) - 1), UInt64(litLen.mainBits),
            input.buffer)
        if entry & HuffmanDecodeTable.literal != 0 {
            // A pair's first literal only: one symbol at a time, as the careful loop always went.
            input.consume(Int(entry & HuffmanDecodeTable.pair != 0 ? entry >> 8 & 0xF : entry & 0x1F))
            if input.overran { throw .truncated(section: section) }
            output[count] = UInt8(truncatingIfNeeded: entry >> 16)
            count += 1
            return false
        }
        if entry & HuffmanDecodeTable.endOfBlock != 0 {
            input.consume(Int(entry & 0x1F))
            if input.overran { throw .truncated(section: section) }
            return true
        }
        if entry & HuffmanDecodeTable.specialKinds != 0 {
            // Zeros past the end can look like an unused code: that is truncation.
            if input.realBits < HuffmanDecodeTable.maxCodeLength { throw .truncated(section: section) }
            throw .corrupt("invalid literal/length code")
        }
        input.consume(Int(entry & 0x1F))
        var extra = Int((entry >> 8) & 0xF)
        let length = Int(entry >> 16) + Int(input.peek(extra))
        input.consume(extra)
        entry = Self.lookup(
            distance.entries, UInt64((1 << distance.mainBits) - 1), UInt64(distance.mainBits),
            input.buffer)
        if entry & HuffmanDecodeTable.specialKinds != 0 {
            if input.realBits < HuffmanDecodeTable.maxCodeLength { throw .truncated(section: section) }
            throw .corrupt("invalid distance code")
        }
        input.consume(Int(entry & 0x1F))
        extra = Int((entry >> 8) & 0xF)
        let distance = Int(entry >> 16) + Int(input.peek(extra))
        input.consume(extra)
        if input.overran { throw .truncated(section: section) }
        guard distance <= count else { throw .corrupt("match distance \(distance) reaches before the output") }
        pendingLength = length
        pendingDistance = distance
        copyPending(output, count: &count, capacity: capacity)
        return false
    }

    /// Copies what it can of a pending match, byte by byte, up to `capacity`.
    private mutating func copyPending(_ output: UnsafeMutablePointer<UInt8>, count: inout Int, capacity: Int) {
        let n = min(pendingLength, capacity - count)
        var i = 0
        while i < n {
            output[count + i] = output[count + i - pendingDistance]
            i += 1
        }
        count += n
        pendingLength -= n
    }
}
