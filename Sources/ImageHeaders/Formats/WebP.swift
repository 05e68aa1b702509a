/// WebP: a RIFF container whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended:
/// canvas size, animation frames as ANMF chunks, EXIF chunk).
enum WebPProbe {
    static let maxChunks = 10_000

    static func probe(_ source: any ByteSource) throws -> ImageFacts {
        var r = ByteReader(source, format: "WebP")
        try r.seek(to: 4)
        let riffSize = Int(try r.u32le())
        try r.skip(4)  // "WEBP"
        let end = min(r.size, 8 + riffSize)
        let chunk = try r.u32be()
        let length = Int(try r.u32le())
        let payload = r.offset
        switch chunk {
        case fourCC("VP8 "):
            let tag = try r.bytes(3)
            guard tag[0] & 1 == 0 else { throw r.corrupt("not a key frame") }
            guard try r.bytes(3) == [0x9D, 0x01, 0x2A] else { throw r.corrupt("bad VP8 start code") }
            let width = Int(try r.u16le() & 0x3FFF)
            let height = Int(try r.u16le() & 0x3FFF)
            guard width > 0, height > 0 else { throw r.corrupt("zero width or height") }
            return ImageFacts(type: .webp, width: width, height: height)
        case fourCC("VP8L"):
            guard try r.u8() == 0x2F else { throw r.corrupt("bad VP8L signature") }
            let bits = try r.u32le()
            return ImageFacts(type: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        case fourCC("VP8X"):
            let flags = try r.u8()
            try r.skip(3)
            let width = Int(try r.u24le()) + 1
            let height = Int(try r.u24le()) + 1
            var facts = ImageFacts(type: .webp, width: width, height: height)
            var frames = 0
            r.readAhead = 64  // from here on we hop between chunk headers
            try? walk(&r, from: payload + length + (length & 1), end: end, &facts, &frames)
            if flags & 0x02 != 0 { facts.frames = max(1, frames) }
            return facts
        default:
            throw r.corrupt("unknown first chunk")
        }
    }

    private static func walk(
        _ r: inout ByteReader, from start: Int, end: Int, _ facts: inout ImageFacts, _ frames: inout Int
    ) throws {
        try r.seek(to: start)
        var sawExif = false
        for _ in 0..<maxChunks {
            guard end - r.offset >= 8 else { return }
            let chunkStart = r.offset
            let chunk = try r.u32be()
            let length = Int(try r.u32le())
            switch chunk {
            case fourCC("ANMF"): frames += 1
            case fourCC("EXIF") where !sawExif:
                sawExif = true
                facts.orientation = EXIFOrientation.orientation(try r.bytes(upTo: min(length, EXIFOrientation.maxBlob)))
            default: break
            }
            try r.seek(to: chunkStart + 8 + length + (length & 1))
        }
    }
}

extension ImageFormat {
    /// WebP, the one image in a RIFF container: other RIFF files are named and refused here.
    static let webp: ImageFormat = ImageFormat(
        name: "webp", displayName: "WebP", extensions: ["webp"], mimeType: "image/webp",
        sniff: { sniff in
            guard sniff.has(Array("RIFF".utf8)) else { return false }
            guard sniff.head.count >= 12 else { throw ProbeError("truncated RIFF header") }
            switch sniff.fourCC(at: 8) {
            case fourCC("WEBP"): return true
            case fourCC("WAVE"): throw ProbeError("WAV audio")
            case fourCC("AVI "): throw ProbeError("AVI video")
            default: throw ProbeError("RIFF data")
            }
        },
        probe: WebPProbe.probe)
}

extension ImageType {
    public static let webp: ImageType = ImageFormat.webp.type
}
