/// One VP8L transform as read from the stream (RFC 9649 section 4), with the
/// image width it applies to.
enum VP8LTransform {
    /// Per-tile predictor modes in the green byte.
    case predictor(bits: Int, modes: [UInt32], width: Int)
    /// Per-tile multipliers: green-to-red, green-to-blue, red-to-blue bytes.
    case crossColor(bits: Int, multipliers: [UInt32], width: Int)
    case subtractGreen(width: Int)
    /// `palette` holds 1 << (8 >> bits) colours (transparent black past the
    /// sent ones); `width` is the unpacked width.
    case colorIndexing(bits: Int, palette: [UInt32], width: Int)
}

/// Undoing the pixel-wise transforms in place. ARGB pixels, row by row.
enum VP8LInverseTransforms {
    /// Adds two pixels channel by channel, each modulo 256.
    @inline(__always)
    static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let alphaGreen = (a & 0xFF00_FF00) &+ (b & 0xFF00_FF00)
        let redBlue = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)
        return alphaGreen & 0xFF00_FF00 | redBlue & 0x00FF_00FF
    }

    static func undoSubtractGreen(_ pixels: UnsafeMutableBufferPointer<UInt32>, count: Int) {
        for i in 0..<count {
            let argb = pixels[i]
            let green = (argb >> 8) & 0xFF
            let redBlue = ((argb & 0x00FF_00FF) &+ (green << 16 | green)) & 0x00FF_00FF
            pixels[i] = argb & 0xFF00_FF00 | redBlue
        }
    }

    static func undoCrossColor(
        _ pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int,
        bits: Int, multipliers: [UInt32]
    ) {
        let tilesPerRow = VP8LDecoder.subsampled(width, bits)
        multipliers.withUnsafeBufferPointer { codes in
            for y in 0..<height {
                let tileRow = (y >> bits) * tilesPerRow
                let row = y * width
                var x = 0
                while x < width {
                    let code = codes[tileRow + (x >> bits)]
                    let greenToRed = Int(Int8(truncatingIfNeeded: code))
                    let greenToBlue = Int(Int8(truncatingIfNeeded: code >> 8))
                    let redToBlue = Int(Int8(truncatingIfNeeded: code >> 16))
                    let end = min(width, (x | ((1 << bits) - 1)) + 1)
                    for i in (row + x)..<(row + end) {
                        let argb = pixels[i]
                        let green = Int(Int8(truncatingIfNeeded: argb >> 8))
                        let red = (Int(argb >> 16 & 0xFF) + (greenToRed * green) >> 5) & 0xFF
                        let redSigned = Int(Int8(truncatingIfNeeded: red))
                        let blue = (Int(argb & 0xFF) + (greenToBlue * green) >> 5 + (redToBlue * redSigned) >> 5) & 0xFF
                        pixels[i] = argb & 0xFF00_FF00 | UInt32(red << 16 | blue)
                    }
                    x = end
                }
            }
        }
    }

    /// Expands palette indices from `packed` (width `subsampled(width, bits)`)
    /// into `out`; `packed` may be `out` itself when `bits` is 0.
    static func undoColorIndexing(
        from packed: UnsafeMutableBufferPointer<UInt32>,
        into out: UnsafeMutableBufferPointer<UInt32>,
        width: Int, height: Int, bits: Int, palette: [UInt32]
    ) {
        palette.withUnsafeBufferPointer { colours in
            if bits == 0 {
                for i in 0..<(width * height) { out[i] = colours[Int(packed[i] >> 8 & 0xFF)] }
                return
            }
            let packedWidth = VP8LDecoder.subsampled(width, bits)
            let indexBits = 8 >> bits
            let indexMask = UInt32((1 << indexBits) - 1)
            let perPacked = 1 << bits
            for y in 0..<height {
                let source = y * packedWidth
                let target = y * width
                for x in 0..<width {
                    let packedGreen = packed[source + (x >> bits)] >> 8
                    let index = packedGreen >> UInt32((x & (perPacked - 1)) * indexBits) & indexMask
                    out[target + x] = colours[Int(index)]
                }
            }
        }
    }
}
