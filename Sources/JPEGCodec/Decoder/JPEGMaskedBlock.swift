import ImageCore

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
    @inline(__always)
    static func decodeACFirst(
        _ input: inout JPEGBitWindow, _ reader: inout JPEGBitReader, ac: JPEGHuffmanLookup, ss: Int, se: Int,
        al: Int, eobRun: inout Int, mask: UnsafeMutablePointer<UInt64>, last: UnsafeMutablePointer<UInt8>
    ) {
        if eobRun > 0 {
            eobRun &-= 1
            return
        }
        var k = ss, bits = mask.pointee, top = Int(last.pointee)
        while k <= se {
            input.ensure(32, &reader)
            var value: Int
            let fast = ac.fastAC[input.peek(JPEGHuffmanTable.lookaheadBits)]
            if fast != 0 {
                k &+= Int((fast &>> 8) & 0xFF)
                input.skip(Int(fast & 0xFF))
                value = Int(fast &>> 16)
            } else {
                let symbol = input.decode(ac, &reader)
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
                    break
                }
            }
            // Past 63 the zigzag table's padding lands on coefficient 63, as in the coefficient store.
            let at = min(k, 63), bit = UInt64(1) &<< UInt64(truncatingIfNeeded: at)
            bits = Int16(truncatingIfNeeded: value &<< al) != 0 ? bits | bit : bits & ~bit
            top = max(top, at)
            k &+= 1
        }
        mask.pointee = bits
        last.pointee = UInt8(truncatingIfNeeded: top)
    }

    /// As JPEGProgressiveBlock.decodeACRefine: a correction bit for every nonzero coefficient passed,
    /// taken (and dropped) together. Where the coefficient-by-coefficient walk stops (the zero after
    /// `run` zeros) is found on the block's zero coefficients in the band, `zeros`: its run-th set bit
    /// from k on (JPEGBitSelect). Between k and there lie `run` zeros, so the rest were nonzero. A new
    /// coefficient only clears its bit in `zeros`; the mask and highest index follow once, after the loop.
    @inline(__always)
    static func decodeACRefine(
        _ input: inout JPEGBitWindow, _ reader: inout JPEGBitReader, ac: JPEGHuffmanLookup, ss: Int, se: Int,
        eobRun: inout Int, mask: UnsafeMutablePointer<UInt64>, last: UnsafeMutablePointer<UInt8>,
        select: JPEGBitSelect
    ) {
        var k = ss, bits = mask.pointee, top = Int(last.pointee)
        if eobRun == 0 {
            let upToSE = UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- se)
            var zeros = ~bits & upToSE
            while k <= se {
                input.ensure(32, &reader)
                let symbol = input.decode(ac, &reader)
                let run = symbol &>> 4
                let isNew = symbol & 15 != 0
                if isNew {
                    input.skip(1)  // the new coefficient's sign
                } else if run != 15 {
                    eobRun = 1 &<< run
                    if run > 0 { eobRun &+= input.take(run) }
                    break
                }
                let ahead = zeros &>> UInt64(truncatingIfNeeded: k)
                if let offset = select.nearby(ahead, run) ?? select.broadword(ahead, run) {
                    input.drop(offset &- run, &reader)
                    k &+= offset
                    if isNew { zeros &= ~(UInt64(1) &<< UInt64(truncatingIfNeeded: k)) }
                } else {
                    // The band ends first (only in a broken file): every nonzero coefficient left is passed,
                    // and a new one lands past the band (on 63 past the end), as the walk has it.
                    let nonzero = upToSE & ~zeros & (UInt64.max &<< UInt64(truncatingIfNeeded: k))
                    input.drop(nonzero.nonzeroBitCount, &reader)
                    k = se &+ 1
                    if isNew {
                        let at = min(k, 63), bit = UInt64(1) &<< UInt64(truncatingIfNeeded: at)
                        bits |= bit
                        zeros &= ~bit
                        top = max(top, at)
                    }
                }
                k &+= 1
            }
            let grown = upToSE & ~zeros & ~bits
            if grown != 0 {
                bits |= grown
                top = max(top, 63 &- grown.leadingZeroBitCount)
            }
            mask.pointee = bits
            last.pointee = UInt8(truncatingIfNeeded: top)
        }
        if eobRun > 0 {
            // In an end-of-band run: a correction bit for each coefficient already nonzero.
            let end = min(se, top)
            if k <= end {
                let span =
                    (UInt64.max &>> UInt64(truncatingIfNeeded: 63 &- end))
                    & (UInt64.max &<< UInt64(truncatingIfNeeded: k))
                let nonzero = bits & span
                if nonzero != 0 { input.drop(nonzero.nonzeroBitCount, &reader) }
            }
            eobRun &-= 1
        }
    }
}
