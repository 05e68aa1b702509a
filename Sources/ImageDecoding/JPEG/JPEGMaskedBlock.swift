/// Progressive AC scans of a component whose blocks go through a 1×1 IDCT (the luma of a
/// 1/8-scale decode, the thumbnail's usual case): only the DC reaches the picture, so the AC
/// values are never stored. What must still be known is which coefficients are nonzero, since
/// that decides how many correction bits a refinement scan takes for a block, and so where the
/// data runs out (the damage and block smoothing's fallback rows follow from that). Each block
/// keeps a 64-bit mask instead, bit k for zigzag index k: an end-of-band block of a refinement
/// scan then costs a population count instead of a walk over its coefficients. The bits taken
/// are exactly those JPEGProgressiveBlock takes, in the same order.
enum JPEGMaskedBlock {
    /// The mask store for a scan, when it is an AC scan of a component decoded at 1×1; nil otherwise.
    static func masks(
        frame: JPEGFrame, scan: JPEGScanHeader, scale: Int, store: JPEGCoefficientStore
    ) throws(DecodeError) -> UnsafeMutablePointer<UInt64>? {
        guard frame.progressive, scan.ss > 0, scan.components.count == 1, let c = scan.components.first,
            JPEGScaling.blockSizes(frame: frame, scale: scale)[c] == 1
        else { return nil }
        guard let masks = store.nonzeroMasks(component: c) else {
            throw .tooLarge(width: frame.width, height: frame.height)
        }
        return masks
    }

    /// As JPEGProgressiveBlock.decodeACFirst; a value that shifts to zero in 16 bits clears its bit,
    /// as it would store a zero there.
    static func decodeACFirst(
        _ reader: inout JPEGBitReader, ac: JPEGHuffmanLookup, scan: JPEGScanHeader, eobRun: inout Int,
        mask: UnsafeMutablePointer<UInt64>, last: inout UInt8
    ) {
        if eobRun > 0 {
            eobRun &-= 1
            return
        }
        let se = scan.se, al = scan.al
        var k = scan.ss, bits = mask.pointee, top = Int(last)
        var input = reader
        defer {
            reader = input
            mask.pointee = bits
            last = UInt8(truncatingIfNeeded: top)
        }
        while k <= se {
            input.ensure(32)
            var value: Int
            let fast = ac.fastAC[input.peek(JPEGHuffmanTable.lookaheadBits)]
            if fast != 0 {
                k &+= Int((fast &>> 8) & 0xFF)
                input.skip(Int(fast & 0xFF))
                value = Int(fast &>> 16)
            } else {
                let symbol = ac.decode(&input)
                let run = symbol &>> 4, size = symbol & 15
                if size != 0 {
                    k &+= run
                    value = JPEGBits.extend(input.take(size), size: size)
                } else if run == 15 {
                    k &+= 16
                    continue
                } else {
                    eobRun = 1 &<< run
                    if run > 0 { eobRun &+= input.take(run) }
                    eobRun &-= 1
                    return
                }
            }
            // Past 63 the zigzag table's padding lands on coefficient 63, as in the coefficient store.
            let at = min(k, 63), bit = UInt64(1) &<< UInt64(truncatingIfNeeded: at)
            bits = Int16(truncatingIfNeeded: value &<< al) != 0 ? bits | bit : bits & ~bit
            top = max(top, at)
            k &+= 1
        }
    }

    /// As JPEGProgressiveBlock.decodeACRefine: a correction bit for every nonzero coefficient passed,
    /// taken (and dropped) together. Where the coefficient-by-coefficient walk stops (the zero after
    /// `run` zeros) is found on the mask: clear its `run` lowest zero bits, the next is the stop.
    static func decodeACRefine(
        _ reader: inout JPEGBitReader, ac: JPEGHuffmanLookup, scan: JPEGScanHeader, eobRun: inout Int,
        mask: UnsafeMutablePointer<UInt64>, last: inout UInt8
    ) {
        let se = scan.se
        var k = scan.ss, bits = mask.pointee, top = Int(last)
        // A local copy: the caller's reader sits in memory, and every bit taken would be stored there.
        var input = reader
        defer { reader = input }
        if eobRun == 0 {
            let upToSE = UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- se)
            while k <= se {
                input.ensure(32)
                let symbol = ac.decode(&input)
                let run = symbol &>> 4
                let isNew = symbol & 15 != 0
                if isNew {
                    input.skip(1)  // the new coefficient's sign
                } else if run != 15 {
                    eobRun = 1 &<< run
                    if run > 0 { eobRun &+= input.take(run) }
                    break
                }
                // Pass over nonzero coefficients (a correction bit each) and `run` zero ones.
                let ahead = upToSE & (UInt64.max &<< UInt64(truncatingIfNeeded: k))
                var zeros = ~bits & ahead
                for _ in 0..<run { zeros &= zeros &- 1 }
                var passedSpan = ahead
                if zeros == 0 {
                    k = se &+ 1
                } else {
                    k = zeros.trailingZeroBitCount
                    passedSpan &= (UInt64(1) &<< UInt64(truncatingIfNeeded: k)) &- 1
                }
                drop(&input, (bits & passedSpan).nonzeroBitCount)
                if isNew {
                    let at = min(k, 63)
                    bits |= UInt64(1) &<< UInt64(truncatingIfNeeded: at)
                    top = max(top, at)
                }
                k &+= 1
            }
        }
        if eobRun > 0 {
            // In an end-of-band run: a correction bit for each coefficient already nonzero.
            let end = min(se, top)
            if k <= end {
                let span =
                    (UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- end))
                    & (UInt64.max &<< UInt64(truncatingIfNeeded: k))
                drop(&input, (bits & span).nonzeroBitCount)
            }
            eobRun &-= 1
        }
        mask.pointee = bits
        last = UInt8(truncatingIfNeeded: top)
    }

    /// Drops `n` bits, refilling as needed (past a marker they are padding, counted as the reader does).
    @inline(__always)
    private static func drop(_ reader: inout JPEGBitReader, _ n: Int) {
        var left = n
        while left > 0 {
            let m = min(left, 32)
            reader.ensure(m)
            reader.skip(m)
            left &-= m
        }
    }
}
