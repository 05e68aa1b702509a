/// Writes one block of LZ77 symbols as whichever of stored, fixed-code or
/// dynamic-code deflate is smallest (sizes computed exactly before writing).
///
/// A symbol is a `UInt32`: a literal byte, or `matchFlag | distance << 9 | length`.
enum DeflateBlockWriter {
    static let matchFlag: UInt32 = 0x8000_0000

    /// The length symbol (257...285) of every match length 0...258.
    static let lengthSymbol: [UInt16] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        var symbol = 28
        while Int(DeflateTables.lengthBase[symbol]) > length { symbol -= 1 }
        return UInt16(257 + symbol)
    }

    @inline(__always)
    static func distanceSymbol(_ distance: Int) -> Int {
        // Distance codes come in pairs per power of two: 1, 2, 3, 4, 5–6, 7–8, 9–12, …
        let d = distance - 1
        if d < 4 { return d }
        let bits = Int.bitWidth - 1 - d.leadingZeroBitCount
        return 2 * bits + (d >> (bits - 1) & 1)
    }

    /// Symbol and extra-bit frequencies of a block, with end-of-block counted.
    struct Frequencies {
        var litLen = [Int](repeating: 0, count: 286)
        var distance = [Int](repeating: 0, count: 30)

        init(_ symbols: UnsafeBufferPointer<UInt32>) {
            for symbol in symbols {
                if symbol & DeflateBlockWriter.matchFlag == 0 {
                    litLen[Int(symbol)] += 1
                } else {
                    litLen[Int(DeflateBlockWriter.lengthSymbol[Int(symbol & 0x1FF)])] += 1
                    distance[DeflateBlockWriter.distanceSymbol(Int(symbol >> 9 & 0xFFFF))] += 1
                }
            }
            litLen[256] += 1
        }

        /// The frequencies of coding `raw` as literals only.
        init(literals raw: UnsafeBufferPointer<UInt8>) {
            for byte in raw { litLen[Int(byte)] += 1 }
            litLen[256] += 1
        }

        /// Bits the block's symbols take with these code lengths, extra bits included.
        func cost(litLen litLenLengths: [UInt8], distance distanceLengths: [UInt8]) -> Int {
            var bits = 0
            for (symbol, count) in litLen.enumerated() where count > 0 {
                bits += count * Int(litLenLengths[symbol])
                if symbol >= 257 { bits += count * Int(DeflateTables.lengthExtra[symbol - 257]) }
            }
            for (symbol, count) in distance.enumerated() where count > 0 {
                bits += count * (Int(distanceLengths[symbol]) + Int(DeflateTables.distanceExtra[symbol]))
            }
            return bits
        }
    }

    /// Writes `symbols` (which came from `raw`) as one block.
    static func write(
        _ symbols: UnsafeBufferPointer<UInt32>, raw: UnsafeBufferPointer<UInt8>, final: Bool,
        into writer: inout DeflateBitWriter
    ) {
        let frequencies = Frequencies(symbols)
        let dynamic = DeflateDynamicHeader(frequencies)
        let dynamicBits =
            3 + dynamic.headerBits
            + frequencies.cost(
                litLen: dynamic.litLenLengths,
                distance: dynamic.distanceLengths)
        let fixedBits =
            3
            + frequencies.cost(
                litLen: DeflateTables.fixedLitLenLengths,
                distance: DeflateTables.fixedDistanceLengths)
        let storedPieces = max(1, (raw.count + 65534) / 65535)
        let storedBits = storedPieces * (3 + 7 + 32) + 8 * raw.count
        // Noisy data (a filtered photo) often codes smaller as literals alone: matches
        // take codes from the literals' share of the code space.
        let literalFrequencies = Frequencies(literals: raw)
        let literalHeader = DeflateDynamicHeader(literalFrequencies)
        let literalBits =
            3 + literalHeader.headerBits
            + literalFrequencies.cost(litLen: literalHeader.litLenLengths, distance: literalHeader.distanceLengths)
        if storedBits < min(dynamicBits, fixedBits, literalBits) {
            writeStored(raw, final: final, into: &writer)
        } else if literalBits < min(dynamicBits, fixedBits) {
            writer.write(final ? 5 : 4, 3)
            literalHeader.write(into: &writer)
            writeLiterals(raw, litLen: literalHeader.litLenLengths, into: &writer)
        } else if fixedBits <= dynamicBits {
            writer.write(final ? 3 : 2, 3)
            writeSymbols(
                symbols, litLen: DeflateTables.fixedLitLenLengths,
                distance: DeflateTables.fixedDistanceLengths, into: &writer)
        } else {
            writer.write(final ? 5 : 4, 3)
            dynamic.write(into: &writer)
            writeSymbols(symbols, litLen: dynamic.litLenLengths, distance: dynamic.distanceLengths, into: &writer)
        }
    }

    private static func writeStored(
        _ raw: UnsafeBufferPointer<UInt8>, final: Bool,
        into writer: inout DeflateBitWriter
    ) {
        var start = 0
        repeat {
            let n = min(65535, raw.count - start)
            let last = final && start + n == raw.count
            writer.write(last ? 1 : 0, 3)
            writer.alignToByte()
            writer.write(UInt32(n) | UInt32(~n & 0xFFFF) << 16, 32)
            writer.append(UnsafeBufferPointer(rebasing: raw[start..<(start + n)]))
            start += n
        } while start < raw.count
    }

    private static func writeLiterals(
        _ raw: UnsafeBufferPointer<UInt8>, litLen: [UInt8],
        into writer: inout DeflateBitWriter
    ) {
        let codes = HuffmanCodeBuilder.codes(litLen)
        for byte in raw { writer.write(UInt32(codes[Int(byte)]), Int(litLen[Int(byte)])) }
        writer.write(UInt32(codes[256]), Int(litLen[256]))
    }

    private static func writeSymbols(
        _ symbols: UnsafeBufferPointer<UInt32>, litLen: [UInt8], distance: [UInt8],
        into writer: inout DeflateBitWriter
    ) {
        let litLenCodes = HuffmanCodeBuilder.codes(litLen)
        let distanceCodes = HuffmanCodeBuilder.codes(distance)
        for symbol in symbols {
            if symbol & matchFlag == 0 {
                writer.write(UInt32(litLenCodes[Int(symbol)]), Int(litLen[Int(symbol)]))
                continue
            }
            let length = Int(symbol & 0x1FF)
            let lengthCode = Int(lengthSymbol[length])
            writer.write(UInt32(litLenCodes[lengthCode]), Int(litLen[lengthCode]))
            let lengthExtra = Int(DeflateTables.lengthExtra[lengthCode - 257])
            if lengthExtra > 0 {
                writer.write(UInt32(length - Int(DeflateTables.lengthBase[lengthCode - 257])), lengthExtra)
            }
            let distanceValue = Int(symbol >> 9 & 0xFFFF)
            let distanceCode = distanceSymbol(distanceValue)
            writer.write(UInt32(distanceCodes[distanceCode]), Int(distance[distanceCode]))
            let distanceExtra = Int(DeflateTables.distanceExtra[distanceCode])
            if distanceExtra > 0 {
                writer.write(UInt32(distanceValue - Int(DeflateTables.distanceBase[distanceCode])), distanceExtra)
            }
        }
        writer.write(UInt32(litLenCodes[256]), Int(litLen[256]))
    }
}
