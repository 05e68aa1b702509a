/// WebP: a RIFF container whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended:
/// canvas size, animation frames as ANMF chunks, EXIF chunk), cut out by RIFFChunkLexer.
enum WebPProbe {
    static let maxChunks = 10_000

    static func probe(_ source: any ByteSource) throws -> ImageFacts {
        var r = ByteReader(source, format: "WebP")
        guard let header = try RIFFChunkLexer.header(in: &r) else { throw r.truncated }
        let end = min(r.size, 8 + header.size)
        // The first chunk is read even when the RIFF size claims less.
        var firstChunk = RIFFChunkLexer(end: r.size)
        guard let first = try firstChunk.next(in: &r) else { throw r.truncated }
        try r.seek(to: first.data.lowerBound)
        switch first.code {
        case RIFFChunk.vp8:
            let tag = try r.bytes(3)
            guard tag[0] & 1 == 0 else { throw r.corrupt("not a key frame") }
            guard try r.bytes(3) == [0x9D, 0x01, 0x2A] else { throw r.corrupt("bad VP8 start code") }
            let width = Int(try r.u16le() & 0x3FFF)
            let height = Int(try r.u16le() & 0x3FFF)
            guard width > 0, height > 0 else { throw r.corrupt("zero width or height") }
            return ImageFacts(type: .webp, width: width, height: height)
        case RIFFChunk.vp8l:
            guard try r.u8() == 0x2F else { throw r.corrupt("bad VP8L signature") }
            let bits = try r.u32le()
            var facts = ImageFacts(type: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
            facts.alpha = bits & (1 << 28) != 0  // the header's alpha_is_used bit
            return facts
        case RIFFChunk.vp8x:
            let flags = try r.u8()
            try r.skip(3)
            let width = Int(try r.u24le()) + 1
            let height = Int(try r.u24le()) + 1
            var facts = ImageFacts(type: .webp, width: width, height: height)
            facts.alpha = flags & 0x10 != 0  // the VP8X alpha flag
            var frames = 0
            r.readAhead = 64  // from here on we hop between chunk headers
            var chunks = RIFFChunkLexer(position: first.paddedEnd, end: end)
            try? walk(&r, &chunks, &facts, &frames)
            if flags & 0x02 != 0 { facts.frames = max(1, frames) }
            return facts
        default:
            throw r.corrupt("unknown first chunk")
        }
    }

    private static func walk(
        _ r: inout ByteReader, _ chunks: inout RIFFChunkLexer, _ facts: inout ImageFacts, _ frames: inout Int
    ) throws {
        var sawExif = false
        for _ in 0..<maxChunks {
            guard let chunk = try chunks.next(in: &r) else { return }
            switch chunk.code {
            case RIFFChunk.anmf: frames += 1
            case RIFFChunk.exif where !sawExif:
                sawExif = true
                try r.seek(to: chunk.data.lowerBound)
                facts.orientation = EXIFOrientation.orientation(
                    try r.bytes(upTo: min(chunk.size, EXIFOrientation.maxBlob)))
            default: break
            }
        }
    }
}

extension ImageFormat {
    /// WebP, the one image in a RIFF container: other RIFF files are named and refused here.
    static let webp: ImageFormat = ImageFormat(
        name: "webp", displayName: "WebP", extensions: ["webp"], mimeType: "image/webp",
        sniff: { sniff in
            guard sniff.fourCC(at: 0) == RIFFChunkLexer.riff else { return false }
            guard sniff.head.count >= 12 else { throw ProbeError("truncated RIFF header") }
            switch sniff.fourCC(at: 8) {
            case RIFFChunkLexer.webp: return true
            case RIFFChunkLexer.wave: throw ProbeError("WAV audio")
            case RIFFChunkLexer.avi: throw ProbeError("AVI video")
            default: throw ProbeError("RIFF data")
            }
        },
        probe: WebPProbe.probe)
}

extension ImageType {
    public static let webp: ImageType = ImageFormat.webp.type
}
