import Deflate
import ImageCore

/// Turns one strip or tile's stored bytes into `expected` bytes of samples.
enum TIFFCodecs {
    /// The most bytes `count` stored bytes can become, per compression: a bound that lets a file claiming
    /// more pixels than its data could hold be refused before anything is allocated for them.
    static func mostBytes(from count: Int, _ compression: TIFFLayout.Compression) -> Int {
        switch compression {
        case .none: count
        case .packBits: count * 64 + 128  // a 2-byte run gives 128 bytes
        case .deflate: count * 1032 + 258  // deflate's ceiling: 258 bytes from about two bits
        case .lzw: TIFFLZW.mostBytes(from: count)
        }
    }

    static func decode(
        _ stored: ArraySlice<UInt8>, _ compression: TIFFLayout.Compression,
        expected: Int, fullBlock: Int
    ) throws(DecodeError) -> [UInt8] {
        switch compression {
        case .none:
            guard stored.count >= expected else { throw .truncated(section: "TIFF strip or tile data") }
            return Array(stored.prefix(expected))
        case .packBits:
            return try unpackBits(stored, expected: expected)
        case .lzw:
            return try TIFFLZW.decode(stored, expected: expected)
        case .deflate:
            // A last strip may be stored whole (rows past the image included): allow what a full strip holds.
            let out = try Inflate.zlib(stored, limit: Swift.max(expected, fullBlock))
            guard out.count >= expected else { throw .truncated(section: "TIFF Deflate data") }
            return out.count == expected ? out : Array(out.prefix(expected))
        }
    }

    /// PackBits: n ≥ 0 copies n+1 bytes, n in -127…-1 repeats the next byte 1-n times, -128 is skipped.
    /// Output stops at `expected` (a run that overshoots is cut, as libtiff cuts it).
    static func unpackBits(_ stored: ArraySlice<UInt8>, expected: Int) throws(DecodeError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expected)
        var written = 0
        var p = stored.startIndex
        while written < expected {
            guard p < stored.endIndex else { throw .truncated(section: "TIFF PackBits data") }
            let n = Int(Int8(bitPattern: stored[p]))
            p += 1
            if n >= 0 {
                let count = Swift.min(n + 1, stored.endIndex - p, expected - written)
                guard count > 0 else { throw .truncated(section: "TIFF PackBits data") }
                for i in 0..<count { out[written + i] = stored[p + i] }
                written += count
                p += n + 1
            } else if n != -128 {
                guard p < stored.endIndex else { throw .truncated(section: "TIFF PackBits data") }
                let count = Swift.min(1 - n, expected - written)
                for i in 0..<count { out[written + i] = stored[p] }
                written += count
                p += 1
            }
        }
        return out
    }

    /// Horizontal differencing (predictor 2) undone row by row: each sample adds the same sample of the pixel
    /// to its left, in 8 or 16 bits (16-bit samples in the file's byte order).
    static func undoPredictor(
        _ data: inout [UInt8], rowBytes: Int, rows: Int, samplesPerPixel: Int, bits: Int,
        bigEndian: Bool
    ) {
        data.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in 0..<rows {
                let line = base + row * rowBytes
                if bits == 8 {
                    guard rowBytes > samplesPerPixel else { continue }
                    for i in samplesPerPixel..<rowBytes { line[i] &+= line[i - samplesPerPixel] }
                } else {
                    let count = rowBytes / 2
                    guard count > samplesPerPixel else { continue }
                    @inline(__always) func read(_ i: Int) -> UInt16 {
                        bigEndian
                            ? UInt16(line[2 * i]) << 8 | UInt16(line[2 * i + 1])
                            : UInt16(line[2 * i + 1]) << 8 | UInt16(line[2 * i])
                    }
                    for i in samplesPerPixel..<count {
                        let sum = read(i) &+ read(i - samplesPerPixel)
                        line[2 * i] = UInt8(truncatingIfNeeded: bigEndian ? sum >> 8 : sum)
                        line[2 * i + 1] = UInt8(truncatingIfNeeded: bigEndian ? sum : sum >> 8)
                    }
                }
            }
        }
    }
}
