extension ImageBytes {
    // MARK: Whole files a decoder reads, for the end-to-end tests

    /// A valid PNG of `width`×`height` truecolour pixels; `seed` goes into a tEXt chunk so
    /// that two images of one size still differ in content; `orientation` adds an eXIf chunk
    /// with that EXIF orientation (1–8).
    public static func truecolourPNG(width: Int, height: Int, seed: Int = 0, orientation: Int? = nil) -> [UInt8] {
        var out = pngSignature
        out += pngChunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])  // 8-bit truecolour, no interlace
        out += pngChunk("tEXt", ascii("Comment") + [0] + ascii("imgsel test seed \(seed)"))
        if let orientation { out += pngChunk("eXIf", orientationEXIF(orientation)) }
        // Raw scanlines: a filter byte (0) and RGB pixels, a colour derived from the seed.
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 3))
        for _ in 0..<height {
            raw.append(0)
            for x in 0..<width {
                raw += [UInt8(truncatingIfNeeded: seed &* 37 &+ x), UInt8(truncatingIfNeeded: seed), 0x80]
            }
        }
        out += pngChunk("IDAT", zlibStored(raw))
        return out + pngChunk("IEND", [])
    }

    /// A big-endian TIFF header and one IFD holding only Orientation (0x0112, SHORT).
    public static func orientationEXIF(_ value: Int) -> [UInt8] {
        ascii("MM") + be16(42) + be32(8) + be16(1) + be16(0x0112) + be16(3) + be32(1) + be16(value) + [0, 0] + be32(0)
    }

    /// A GIF89a with a `width`×`height` logical screen and `frames` 1×1 frames, `seed` in a
    /// comment extension.
    public static func smallGIF(width: Int, height: Int, frames: Int = 1, seed: Int = 0) -> [UInt8] {
        var out = ascii("GIF89a") + le16(width) + le16(height)
        out += [0x80, 0x00, 0x00]  // global colour table of 2 entries
        out += [0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
        if frames > 1 {
            out += [0x21, 0xFF, 0x0B] + ascii("NETSCAPE2.0") + [0x03, 0x01, 0x00, 0x00, 0x00]  // loop forever
        }
        let comment = ascii("imgsel test seed \(seed)")
        out += [0x21, 0xFE, UInt8(comment.count)] + comment + [0x00]
        for _ in 0..<max(frames, 1) {
            out += [0x21, 0xF9, 0x04, 0x04, 0x0A, 0x00, 0x00, 0x00]  // graphic control: 0.1 s
            out += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x00]  // image descriptor 1×1 at 0,0
            out += [0x02, 0x02, 0x44, 0x01, 0x00]  // LZW: clear, pixel 0, end
        }
        return out + [0x3B]
    }
}
