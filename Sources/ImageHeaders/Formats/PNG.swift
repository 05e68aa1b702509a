import ByteCoding

/// PNG (and APNG): IHDR for the size, acTL for the frame count, eXIf for orientation.
/// Chunks are walked by their lengths, seeking over pixel data.
enum PNGProbe {
    static let maxChunks = 10_000
    /// After the first IDAT only an eXIf chunk is still of interest; stop hunting for it after this many bytes fetched.
    static let tailBudget = 1 << 20

    static func probe(_ source: any ByteSource) throws -> ImageFacts {
        var r = ByteReader(source, format: "PNG")
        try r.seek(to: 8)
        var length = Int(try r.u32be())
        var type = try r.u32be()
        if type == fourCC("CgBI") {  // Apple's Xcode-optimized PNG puts this chunk before IHDR
            try r.skip(length)
            try r.skip(4)
            length = Int(try r.u32be())
            type = try r.u32be()
        }
        guard type == fourCC("IHDR") else { throw r.corrupt("first chunk is not IHDR") }
        // libpng (and so browsers) refuse an IHDR of another length or with a bad checksum.
        guard length == 13 else { throw r.corrupt("IHDR length is not 13") }
        let ihdr = try r.bytes(13)
        guard try r.u32be() == CRC32.checksum([0x49, 0x48, 0x44, 0x52] + ihdr) else {
            throw r.corrupt("IHDR checksum mismatch")
        }
        let width = UInt32(ihdr[0]) << 24 | UInt32(ihdr[1]) << 16 | UInt32(ihdr[2]) << 8 | UInt32(ihdr[3])
        let height = UInt32(ihdr[4]) << 24 | UInt32(ihdr[5]) << 16 | UInt32(ihdr[6]) << 8 | UInt32(ihdr[7])
        // The PNG spec caps both at 2^31-1.
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw r.corrupt("invalid dimensions")
        }
        var facts = ImageFacts(type: .png, width: Int(width), height: Int(height))
        let afterIHDR = r.offset
        // Everything after IHDR is optional: a damaged tail leaves what was learned so far.
        try? walk(&r, from: afterIHDR, &facts)
        return facts
    }

    private static func walk(_ r: inout ByteReader, from start: Int, _ facts: inout ImageFacts) throws {
        try r.seek(to: start)
        var sawData = false
        var sawExif = false
        var budgetStart = 0
        for _ in 0..<maxChunks {
            if sawData && r.bytesRead - budgetStart > tailBudget { return }
            let chunkStart = r.offset
            let length = Int(try r.u32be())
            guard length <= 0x7FFF_FFFF else { return }
            let type = try r.u32be()
            switch type {
            case fourCC("acTL") where !sawData && length >= 8:
                let frames = try r.u32be()
                facts.frames = frames == 0 ? 1 : Int(frames)
            case fourCC("eXIf") where !sawExif:
                sawExif = true
                facts.orientation = EXIFOrientation.orientation(try r.bytes(upTo: min(length, EXIFOrientation.maxBlob)))
                if sawData { return }
            case fourCC("IDAT"):
                if !sawData {
                    sawData = true
                    if sawExif { return }  // acTL and eXIf both settled
                    r.readAhead = 64  // from here on we only hop between chunk headers
                    budgetStart = r.bytesRead
                }
            case fourCC("IEND"):
                return
            default:
                break
            }
            try r.seek(to: chunkStart + 12 + length)
        }
    }
}

extension ImageFormat {
    /// PNG, and APNG (its animated form).
    static let png: ImageFormat = ImageFormat(
        name: "png", displayName: "PNG", extensions: ["png", "apng"], mimeType: "image/png",
        sniff: { try $0.signature([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], cutShortFrom: 4, format: "PNG") },
        probe: PNGProbe.probe)
}

extension ImageType {
    public static let png: ImageType = ImageFormat.png.type
}
