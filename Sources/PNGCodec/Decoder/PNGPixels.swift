/// Turns unfiltered PNG rows into 8-bit RGBA. 16-bit samples keep their high
/// byte (as Pillow's "RGB;16B" raw modes); grey below 8 bits is scaled to fill
/// 0…255 (v·255/(2^d−1)); a tRNS colour is compared with the raw samples at
/// the image's bit depth (masked to it, as libpng does).
///
/// Where Pillow 13's `convert("RGBA")` differs, on purpose (the PNG spec and libpng agree with us):
/// - 16-bit grey: Pillow clamps the 16-bit value to 255 (I;16 → RGB), so nearly all is white;
///   its tRNS is not applied at all.
/// - 1-, 2- and 4-bit grey with tRNS: Pillow compares the raw tRNS value with the scaled
///   grey level (2 with 170), so the wrong pixels, or none, become transparent.
/// - 16-bit RGB with tRNS: Pillow compares the 16-bit tRNS with 8-bit values, never equal.
struct PNGPixels {
    private let header: PNGHeader
    /// RGBA of every index as one little-endian word: PLTE's colours, tRNS's
    /// alphas, black opaque past the palette (as Pillow and libpng).
    private let paletteWords: [UInt32]
    /// The transparent grey or RGB sample values, when tRNS gives them.
    private let transparentGrey: Int?
    private let transparentRGB: (Int, Int, Int)?

    var hasAlpha: Bool {
        switch header.colourType {
        case .greyAlpha, .rgba: true
        case .palette: !paletteAlphaIsOpaque
        case .grey: transparentGrey != nil
        case .rgb: transparentRGB != nil
        }
    }

    private let paletteAlphaIsOpaque: Bool

    init(header: PNGHeader, palette: ArraySlice<UInt8>?, transparency: ArraySlice<UInt8>?) {
        self.header = header
        let sampleMask = header.bitDepth == 16 ? 0xFFFF : (1 << header.bitDepth) - 1
        func sample(_ at: Int) -> Int? {
            guard let transparency, transparency.count >= at + 2 else { return nil }
            let i = transparency.startIndex + at
            return (Int(transparency[i]) << 8 | Int(transparency[i + 1])) & sampleMask
        }
        var words = [UInt32](repeating: 0xFF00_0000, count: 256)
        var opaque = true
        if header.colourType == .palette, let palette {
            var p = palette.startIndex
            for i in 0..<(palette.count / 3) {
                words[i] = 0xFF00_0000 | UInt32(palette[p + 2]) << 16 | UInt32(palette[p + 1]) << 8 | UInt32(palette[p])
                p += 3
            }
            // Pillow applies every tRNS alpha, even past the palette's end; libpng drops such a tRNS.
            for (i, alpha) in (transparency ?? []).prefix(256).enumerated() {
                words[i] = words[i] & 0x00FF_FFFF | UInt32(alpha) << 24
                opaque = false
            }
        }
        paletteWords = words
        paletteAlphaIsOpaque = opaque
        transparentGrey = header.colourType == .grey ? sample(0) : nil
        if header.colourType == .rgb, let r = sample(0), let g = sample(2), let b = sample(4) {
            transparentRGB = (r, g, b)
        } else {
            transparentRGB = nil
        }
    }

    /// Writes `count` pixels of `row` to `destination`, `step` bytes apart.
    func convert(_ row: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<UInt8>, step: Int) {
        var out = destination
        switch (header.colourType, header.bitDepth) {
        case (.rgb, 8) where transparentRGB == nil:
            // Four bytes loaded a pixel (the fourth, the next pixel's red, replaced by 255); the last pixel
            // byte by byte, as the row may end there.
            var p = UnsafeRawPointer(row)
            for _ in 0..<(count &- 1) {
                let word = p.loadUnaligned(as: UInt32.self).littleEndian | 0xFF00_0000
                UnsafeMutableRawPointer(out).storeBytes(of: word.littleEndian, as: UInt32.self)
                p += 3
                out += step
            }
            if count > 0 {
                out[0] = p.load(as: UInt8.self)
                out[1] = p.load(fromByteOffset: 1, as: UInt8.self)
                out[2] = p.load(fromByteOffset: 2, as: UInt8.self)
                out[3] = 255
            }
        case (.rgba, 8):
            var p = row
            for _ in 0..<count {
                UnsafeMutableRawPointer(out).storeBytes(
                    of: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self),
                    as: UInt32.self)
                p += 4
                out += step
            }
        case (.palette, 8):
            paletteWords.withUnsafeBufferPointer { words in
                for i in 0..<count {
                    UnsafeMutableRawPointer(out).storeBytes(of: words[Int(row[i])], as: UInt32.self)
                    out += step
                }
            }
        case (.palette, let depth):
            paletteWords.withUnsafeBufferPointer { words in
                for i in 0..<count {
                    UnsafeMutableRawPointer(out).storeBytes(of: words[Self.packed(row, i, depth)], as: UInt32.self)
                    out += step
                }
            }
        case (.grey, let depth) where depth < 16:
            let scale = 255 / ((1 << depth) - 1)
            let transparent = transparentGrey ?? -1
            for i in 0..<count {
                let v = depth == 8 ? Int(row[i]) : Self.packed(row, i, depth)
                let grey = UInt8(truncatingIfNeeded: v &* scale)
                out[0] = grey; out[1] = grey; out[2] = grey
                out[3] = v == transparent ? 0 : 255
                out += step
            }
        case (.grey, _):
            let transparent = transparentGrey ?? -1
            for i in 0..<count {
                let v = Int(row[2 * i]) << 8 | Int(row[2 * i + 1])
                out[0] = row[2 * i]; out[1] = row[2 * i]; out[2] = row[2 * i]
                out[3] = v == transparent ? 0 : 255
                out += step
            }
        case (.rgb, let depth):
            let bytes = depth / 8
            let (tr, tg, tb) = transparentRGB ?? (-1, -1, -1)
            var p = row
            for _ in 0..<count {
                let r = bytes == 2 ? Int(p[0]) << 8 | Int(p[1]) : Int(p[0])
                let g = bytes == 2 ? Int(p[2]) << 8 | Int(p[3]) : Int(p[1])
                let b = bytes == 2 ? Int(p[4]) << 8 | Int(p[5]) : Int(p[2])
                out[0] = p[0]; out[1] = p[bytes]; out[2] = p[2 * bytes]
                out[3] = r == tr && g == tg && b == tb ? 0 : 255
                p += 3 * bytes
                out += step
            }
        case (.greyAlpha, let depth):
            let bytes = depth / 8
            var p = row
            for _ in 0..<count {
                out[0] = p[0]; out[1] = p[0]; out[2] = p[0]; out[3] = p[bytes]
                p += 2 * bytes
                out += step
            }
        case (.rgba, _):
            var p = row
            for _ in 0..<count {
                out[0] = p[0]; out[1] = p[2]; out[2] = p[4]; out[3] = p[6]
                p += 8
                out += step
            }
        }
    }

    /// The `index`th `depth`-bit sample of a packed row, leftmost pixel in the high bits.
    @inline(__always)
    private static func packed(_ row: UnsafePointer<UInt8>, _ index: Int, _ depth: Int) -> Int {
        let bit = index &* depth
        return Int(row[bit &>> 3]) &>> (8 &- depth &- (bit & 7)) & ((1 &<< depth) &- 1)
    }
}
