import ImageCore

/// Decodes the entropy-coded pixels of one VP8L image stream (RFC 9649
/// section 5.2.2): literal ARGB, LZ77 backward copies and colour cache hits.
enum VP8LPixelDecoder {
    /// The 120 short distance codes as (x, y) offsets back from the current pixel.
    private static let nearbyOffsets: [(Int, Int)] = [
        (0, 1), (1, 0), (1, 1), (-1, 1), (0, 2), (2, 0), (1, 2), (-1, 2), (2, 1), (-2, 1),
        (2, 2), (-2, 2), (0, 3), (3, 0), (1, 3), (-1, 3), (3, 1), (-3, 1), (2, 3), (-2, 3),
        (3, 2), (-3, 2), (0, 4), (4, 0), (1, 4), (-1, 4), (4, 1), (-4, 1), (3, 3), (-3, 3),
        (2, 4), (-2, 4), (4, 2), (-4, 2), (0, 5), (3, 4), (-3, 4), (4, 3), (-4, 3), (5, 0),
        (1, 5), (-1, 5), (5, 1), (-5, 1), (2, 5), (-2, 5), (5, 2), (-5, 2), (4, 4), (-4, 4),
        (3, 5), (-3, 5), (5, 3), (-5, 3), (0, 6), (6, 0), (1, 6), (-1, 6), (6, 1), (-6, 1),
        (2, 6), (-2, 6), (6, 2), (-6, 2), (4, 5), (-4, 5), (5, 4), (-5, 4), (3, 6), (-3, 6),
        (6, 3), (-6, 3), (0, 7), (7, 0), (1, 7), (-1, 7), (5, 5), (-5, 5), (7, 1), (-7, 1),
        (4, 6), (-4, 6), (6, 4), (-6, 4), (2, 7), (-2, 7), (7, 2), (-7, 2), (3, 7), (-3, 7),
        (7, 3), (-7, 3), (5, 6), (-5, 6), (6, 5), (-6, 5), (8, 0), (4, 7), (-4, 7), (7, 4),
        (-7, 4), (8, 1), (8, 2), (6, 6), (-6, 6), (8, 3), (5, 7), (-5, 7), (7, 5), (-7, 5),
        (8, 4), (6, 7), (-6, 7), (7, 6), (-7, 6), (8, 5), (7, 7), (-7, 7), (8, 6), (8, 7),
    ]

    /// Fills `out` (`width * height` pixels, row by row) from the stream.
    static func decode(
        into out: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int,
        codes: VP8LEntropyCodes, from reader: inout VP8LBitReader
    ) throws(DecodeError) {
        let total = width * height
        guard out.count >= total, total > 0 else { throw .corrupt("VP8L image of no pixels") }
        let cacheBits = codes.cacheBits
        var cache = [UInt32](repeating: 0, count: cacheBits > 0 ? 1 << cacheBits : 0)
        let cacheShift = UInt32(32 - cacheBits)
        let tileBits = codes.tileBits
        let tileMask = tileBits > 0 ? (1 << tileBits) - 1 : 0
        try codes.store.withUnsafeBufferPointer { storeBuffer throws(DecodeError) in
            try codes.codes.withUnsafeBufferPointer { codeBuffer throws(DecodeError) in
                try cache.withUnsafeMutableBufferPointer { cache throws(DecodeError) in
                    guard let store = storeBuffer.baseAddress, let allCodes = codeBuffer.baseAddress else {
                        throw .corrupt("VP8L image without prefix codes")
                    }
                    if tileBits == 0, let pixel = constantPixel(store, allCodes) {
                        out.baseAddress!.update(repeating: pixel, count: total)
                        return
                    }
                    var group = allCodes
                    var pos = 0, x = 0, y = 0
                    var cached = 0  // pixels before this one are in the colour cache
                    while pos < total {
                        if tileBits > 0 && (x & tileMask) == 0 {
                            let tile = (y >> tileBits) * codes.tilesPerRow + (x >> tileBits)
                            group = allCodes + VP8LEntropyCodes.codesPerGroup * Int(codes.groupOfTile[tile])
                        }
                        let green = VP8LPrefixCodeReader.decode(store, group[0], &reader)
                        if green < 256 {
                            let red = VP8LPrefixCodeReader.decode(store, group[1], &reader)
                            let blue = VP8LPrefixCodeReader.decode(store, group[2], &reader)
                            let alpha = VP8LPrefixCodeReader.decode(store, group[3], &reader)
                            out[pos] = UInt32(truncatingIfNeeded: alpha << 24 | red << 16 | green << 8 | blue)
                            pos += 1
                            x += 1
                        } else if green < 256 + VP8LEntropyCodes.lengthPrefixCount {
                            let length = prefixedValue(green - 256, &reader)
                            let distanceSymbol = VP8LPrefixCodeReader.decode(store, group[4], &reader)
                            let distance = planeDistance(prefixedValue(distanceSymbol, &reader), width: width)
                            guard distance <= pos else {
                                throw .corrupt("VP8L backward reference before the image start")
                            }
                            guard length <= total - pos else {
                                throw .corrupt("VP8L backward reference past the image end")
                            }
                            for i in pos..<(pos + length) { out[i] = out[i - distance] }
                            pos += length
                            x += length
                            if x >= width {
                                y += x / width
                                x %= width
                                if reader.isPastEnd { throw .truncated(section: "VP8L image data") }
                            }
                            if tileBits > 0 && (x & tileMask) != 0 && pos < total {
                                let tile = (y >> tileBits) * codes.tilesPerRow + (x >> tileBits)
                                group = allCodes + VP8LEntropyCodes.codesPerGroup * Int(codes.groupOfTile[tile])
                            }
                            continue
                        } else {
                            // A colour cache index: every earlier pixel must be in the cache first.
                            while cached < pos {
                                let pixel = out[cached]
                                cache[Int((pixel &* 0x1E35_A7BD) >> cacheShift)] = pixel
                                cached += 1
                            }
                            out[pos] = cache[green - 256 - VP8LEntropyCodes.lengthPrefixCount]
                            pos += 1
                            x += 1
                        }
                        if x == width {
                            x = 0
                            y += 1
                            if reader.isPastEnd { throw .truncated(section: "VP8L image data") }
                        }
                    }
                }
            }
        }
        if reader.isPastEnd { throw .truncated(section: "VP8L image data") }
    }

    /// The one pixel of an image whose single group codes every channel with a lone literal (zero
    /// bits a pixel): such an image is that pixel throughout, filled at once rather than decoded
    /// symbol by symbol (a 30-byte file of 16384² took seconds so). Nil for any other image.
    private static func constantPixel(_ store: UnsafePointer<UInt32>, _ group: UnsafePointer<VP8LPrefixCode>) -> UInt32?
    {
        var channels: [UInt32] = []
        for channel in 0..<4 {
            let code = group[channel]
            let entry = store[code.offset]
            guard code.rootBits == 0, entry & 0xFF == 0 else { return nil }
            channels.append(entry >> 8)
        }
        guard channels[0] < 256 else { return nil }  // a lone backward reference or cache index
        return channels[3] << 24 | channels[1] << 16 | channels[0] << 8 | channels[2]
    }

    /// A length or distance from its prefix symbol and extra bits.
    @inline(__always)
    private static func prefixedValue(_ symbol: Int, _ reader: inout VP8LBitReader) -> Int {
        if symbol < 4 { return symbol + 1 }
        let extraBits = (symbol - 2) >> 1
        let offset = (2 + (symbol & 1)) << extraBits
        return offset + reader.read(extraBits) + 1
    }

    /// The pixel distance of a distance code: the first 120 are nearby (x, y) offsets.
    @inline(__always)
    private static func planeDistance(_ code: Int, width: Int) -> Int {
        if code > nearbyOffsets.count { return code - nearbyOffsets.count }
        let (dx, dy) = nearbyOffsets[code - 1]
        return max(1, dy * width + dx)
    }
}
