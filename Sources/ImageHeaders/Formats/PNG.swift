import ByteCoding

/// PNG (and APNG): IHDR for the size, acTL for the frame count, eXIf for orientation, the colour
/// type and tRNS for transparency.
/// PNGChunkLexer cuts the chunks out, through a reader that seeks over the pixel data.
enum PNGProbe {
    static let maxChunks = 10_000
    /// After the first IDAT only an eXIf chunk is still of interest; stop hunting for it after this many bytes fetched.
    static let tailBudget = 1 << 20

    static func probe(_ source: any ByteSource) throws -> ImageFacts {
        var r = ByteReader(source, format: "PNG")
        var chunks = PNGChunkLexer()
        guard var chunk = try chunks.next(in: &r) else { throw r.truncated }
        if chunk.type == PNGChunk.cgbi {
            guard let next = try chunks.next(in: &r) else { throw r.truncated }
            chunk = next
        }
        guard chunk.type == PNGChunk.ihdr else { throw r.corrupt("first chunk is not IHDR") }
        // libpng (and so browsers) refuse an IHDR of another length or with a bad checksum.
        guard chunk.length == 13 else { throw r.corrupt("IHDR length is not 13") }
        try r.seek(to: chunk.data.lowerBound)
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
        // Colour types 4 (grey + alpha) and 6 (RGBA) carry an alpha channel; `tRNS` (below) makes any
        // other transparent.
        facts.alpha = ihdr[9] == 4 || ihdr[9] == 6
        // Everything after IHDR is optional: a damaged tail leaves what was learned so far.
        try? walk(&r, &chunks, &facts)
        return facts
    }

    private static func walk(_ r: inout ByteReader, _ chunks: inout PNGChunkLexer, _ facts: inout ImageFacts) throws {
        var sawData = false
        var sawExif = false
        var budgetStart = 0
        for _ in 0..<maxChunks {
            if sawData && r.bytesRead - budgetStart > tailBudget { return }
            guard let chunk = try chunks.next(in: &r), chunk.length <= 0x7FFF_FFFF else { return }
            try r.seek(to: chunk.data.lowerBound)
            switch chunk.type {
            case PNGChunk.actl where !sawData && chunk.length >= 8:
                let frames = try r.u32be()
                facts.frames = frames == 0 ? 1 : Int(frames)
            case PNGChunk.trns where !sawData:
                facts.alpha = true
            case PNGChunk.exif where !sawExif:
                sawExif = true
                facts.orientation = EXIFOrientation.orientation(
                    try r.bytes(upTo: min(chunk.length, EXIFOrientation.maxBlob)))
                if sawData { return }
            case PNGChunk.idat:
                if !sawData {
                    sawData = true
                    if sawExif { return }  // acTL and eXIf both settled
                    r.readAhead = 64  // from here on we only hop between chunk headers
                    budgetStart = r.bytesRead
                }
            case PNGChunk.iend:
                return
            default:
                break
            }
        }
    }
}

extension ImageFormat {
    /// PNG, and APNG (its animated form).
    static let png: ImageFormat = ImageFormat(
        name: "png", displayName: "PNG", extensions: ["png", "apng"], mimeType: "image/png",
        sniff: { try $0.signature(PNGChunkLexer.signature, cutShortFrom: 4, format: "PNG") },
        probe: PNGProbe.probe)
}

extension ImageType {
    public static let png: ImageType = ImageFormat.png.type
}
