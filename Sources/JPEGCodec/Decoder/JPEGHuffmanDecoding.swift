/// The raw pointers of a JPEGHuffmanTable, for the hot loop (a plain value: no
/// reference counting per use). Valid while the table object lives.
struct JPEGHuffmanLookup {
    let fastSymbol: UnsafePointer<UInt16>
    let fastAC: UnsafePointer<Int32>
    let maxCode: UnsafePointer<Int32>
    let valueOffset: UnsafePointer<Int32>
    let symbols: UnsafePointer<UInt8>

    init(_ table: JPEGHuffmanTable) {
        fastSymbol = UnsafePointer(table.fastSymbol)
        fastAC = UnsafePointer(table.fastAC)
        maxCode = UnsafePointer(table.maxCode)
        valueOffset = UnsafePointer(table.valueOffset)
        symbols = UnsafePointer(table.symbols)
    }

    /// The next symbol; at least 17 bits must be buffered. A code that is not in the
    /// table yields symbol 0 after 17 bits, as libjpeg does (it warns and goes on).
    @inline(__always) func decode(_ reader: inout JPEGBitReader) -> Int {
        let entry = fastSymbol[reader.peek(JPEGHuffmanTable.lookaheadBits)]
        if entry != 0 {
            reader.skip(Int(entry &>> 8))
            return Int(entry & 0xFF)
        }
        // By value, as JPEGBitReader.ensure's refill, so the caller's reader can stay in registers.
        let (symbol, after) = decodeLong(reader)
        reader = after
        return symbol
    }

    @inline(never)
    private func decodeLong(_ start: JPEGBitReader) -> (Int, JPEGBitReader) {
        var reader = start
        var length = JPEGHuffmanTable.lookaheadBits &+ 1
        var code = reader.peek(length)
        while length <= 16 && Int32(truncatingIfNeeded: code) > maxCode[length] {
            length &+= 1
            code = reader.peek(length)
        }
        guard length <= 16 else {
            reader.skip(17)
            return (0, reader)
        }
        reader.skip(length)
        return (Int(symbols[Int(Int32(truncatingIfNeeded: code) &+ valueOffset[length]) & 0xFF]), reader)
    }
}

/// Huffman decoding of one block of a sequential scan, as T.81 F.2.2 (and libjpeg's
/// decode_mcu) describe it.
enum JPEGSequentialBlock {
    /// Decodes a block into `block` (natural order), which must hold zeros. With
    /// `keepAC` false the AC coefficients are decoded and dropped (a 1×1 IDCT needs
    /// only DC). Returns whether an AC coefficient was stored.
    @inline(__always)
    static func decode(
        _ reader: inout JPEGBitReader, dc: JPEGHuffmanLookup, ac: JPEGHuffmanLookup, predictor: inout Int32,
        block: UnsafeMutablePointer<Int16>, zigzag: UnsafePointer<UInt8>, keepAC: Bool
    ) -> Bool {
        reader.ensure(32)
        let size = dc.decode(&reader)
        if size != 0 {
            predictor = predictor &+ Int32(truncatingIfNeeded: JPEGBits.extend(reader.take(size), size: size))
        }
        block[0] = Int16(truncatingIfNeeded: predictor)
        var hasAC = false
        var k = 1
        while k < 64 {
            reader.ensure(32)
            let fast = ac.fastAC[reader.peek(JPEGHuffmanTable.lookaheadBits)]
            if fast != 0 {
                k &+= Int((fast &>> 8) & 0xFF)
                reader.skip(Int(fast & 0xFF))
                if keepAC {
                    block[Int(zigzag[k])] = Int16(truncatingIfNeeded: fast &>> 16)
                    hasAC = true
                }
                k &+= 1
                continue
            }
            let symbol = ac.decode(&reader)
            let run = symbol &>> 4
            let size = symbol & 15
            if size != 0 {
                k &+= run
                let value = JPEGBits.extend(reader.take(size), size: size)
                if keepAC {
                    block[Int(zigzag[k])] = Int16(truncatingIfNeeded: value)
                    hasAC = true
                }
            } else if run == 15 {
                k &+= 15
            } else {
                break
            }
            k &+= 1
        }
        return hasAC
    }
}

/// Huffman decoding of one block of a progressive scan (T.81 G.1.2, libjpeg's jdphuff.c).
/// `last` is the block's highest zigzag index ever made nonzero, so a refinement scan
/// can pass over a block in an end-of-band run without looking at its empty tail.
enum JPEGProgressiveBlock {
    @inline(__always)
    static func decodeDCFirst(
        _ reader: inout JPEGBitReader, dc: JPEGHuffmanLookup, predictor: inout Int32, al: Int,
        coefficient: UnsafeMutablePointer<Int16>
    ) {
        reader.ensure(32)
        let size = dc.decode(&reader)
        if size != 0 {
            predictor = predictor &+ Int32(truncatingIfNeeded: JPEGBits.extend(reader.take(size), size: size))
        }
        coefficient.pointee = Int16(truncatingIfNeeded: Int(predictor) &<< al)
    }

    @inline(__always)
    static func decodeDCRefine(_ reader: inout JPEGBitReader, al: Int, coefficient: UnsafeMutablePointer<Int16>) {
        reader.ensure(1)
        if reader.take(1) != 0 { coefficient.pointee |= Int16(truncatingIfNeeded: 1 &<< al) }
    }

    static func decodeACFirst(
        _ reader: inout JPEGBitReader, ac: JPEGHuffmanLookup, scan: JPEGScanHeader, eobRun: inout Int,
        block: UnsafeMutablePointer<Int16>, last: inout UInt8, zigzag: UnsafePointer<UInt8>
    ) {
        if eobRun > 0 {
            eobRun &-= 1
            return
        }
        // A local copy: the caller's reader sits in memory, and every bit taken would be stored there.
        var input = reader
        defer { reader = input }
        let se = scan.se, al = scan.al
        var k = scan.ss
        while k <= se {
            input.ensure(32)
            let fast = ac.fastAC[input.peek(JPEGHuffmanTable.lookaheadBits)]
            if fast != 0 {
                k &+= Int((fast &>> 8) & 0xFF)
                input.skip(Int(fast & 0xFF))
                block[Int(zigzag[k])] = Int16(truncatingIfNeeded: Int(fast &>> 16) &<< al)
                last = max(last, UInt8(truncatingIfNeeded: min(k, 63)))
                k &+= 1
                continue
            }
            let symbol = ac.decode(&input)
            let run = symbol &>> 4
            let size = symbol & 15
            if size != 0 {
                k &+= run
                let value = JPEGBits.extend(input.take(size), size: size)
                block[Int(zigzag[k])] = Int16(truncatingIfNeeded: value &<< al)
                last = max(last, UInt8(min(k, 63)))
            } else if run == 15 {
                k &+= 15
            } else {
                eobRun = 1 &<< run
                if run > 0 { eobRun &+= input.take(run) }
                eobRun &-= 1
                return
            }
            k &+= 1
        }
    }

    static func decodeACRefine(
        _ reader: inout JPEGBitReader, ac: JPEGHuffmanLookup, scan: JPEGScanHeader, eobRun: inout Int,
        block: UnsafeMutablePointer<Int16>, last: inout UInt8, zigzag: UnsafePointer<UInt8>
    ) {
        // A local copy: the caller's reader sits in memory, and every bit taken would be stored there.
        var input = reader
        defer { reader = input }
        let se = scan.se
        let plus = Int16(truncatingIfNeeded: 1 &<< scan.al)
        let minus = Int16(truncatingIfNeeded: -1 &<< scan.al)
        var k = scan.ss
        if eobRun == 0 {
            while k <= se {
                input.ensure(32)
                let symbol = ac.decode(&input)
                var run = symbol &>> 4
                var newValue: Int16 = 0
                if symbol & 15 != 0 {
                    // The size should be 1; libjpeg only warns when it is not.
                    newValue = input.take(1) != 0 ? plus : minus
                } else if run != 15 {
                    eobRun = 1 &<< run
                    if run > 0 { eobRun &+= input.take(run) }
                    break
                }
                // Pass over nonzero coefficients (refining each) and `run` zero ones.
                while k <= se {
                    let position = Int(zigzag[k])
                    let coefficient = block[position]
                    if coefficient != 0 {
                        refine(&input, &block[position], plus: plus, minus: minus)
                    } else {
                        if run == 0 { break }
                        run &-= 1
                    }
                    k &+= 1
                }
                if newValue != 0 {
                    block[Int(zigzag[k])] = newValue
                    last = max(last, UInt8(min(k, 63)))
                }
                k &+= 1
            }
        }
        if eobRun > 0 {
            // In an end-of-band run: only the coefficients already nonzero get a correction bit.
            let end = min(se, Int(last))
            while k <= end {
                let position = Int(zigzag[k])
                if block[position] != 0 { refine(&input, &block[position], plus: plus, minus: minus) }
                k &+= 1
            }
            eobRun &-= 1
        }
    }

    /// A correction bit of 1 moves a nonzero coefficient one step further from zero.
    @inline(__always)
    private static func refine(_ reader: inout JPEGBitReader, _ coefficient: inout Int16, plus: Int16, minus: Int16) {
        reader.ensure(1)
        if reader.take(1) != 0 && coefficient & plus == 0 {
            coefficient = coefficient &+ (coefficient >= 0 ? plus : minus)
        }
    }
}
