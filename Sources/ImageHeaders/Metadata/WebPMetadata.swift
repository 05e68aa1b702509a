/// WebP's metadata by its RIFF chunks: `EXIF` and `XMP ` are removed, the VP8X flags that announce
/// them cleared and the RIFF size set again; the bitstream chunks are copied byte for byte.
public enum WebPMetadata {
    private static let exifFlag: UInt8 = 0x08
    private static let xmpFlag: UInt8 = 0x04

    /// The file without its metadata; nil when it is not a WebP or a chunk runs past the RIFF's end.
    public static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        var out = Array(bytes.prefix(12))
        out.reserveCapacity(bytes.count)
        let whole = walk(bytes) { chunk, extent in
            guard chunk.code != RIFFChunk.exif, chunk.code != RIFFChunk.xmp else { return }
            let at = out.count
            out.append(contentsOf: bytes[extent])
            if chunk.code == RIFFChunk.vp8x, extent.count > 8 { out[at + 8] &= ~(exifFlag | xmpFlag) }
        }
        guard whole else { return nil }
        let size = out.count - 8
        (out[4], out[5], out[6], out[7]) = (
            UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24 & 0xFF)
        )
        return out
    }

    /// The `ICCP` profile, `EXIF` (as an APP1 payload) and `XMP ` packet.
    public static func read(_ bytes: [UInt8]) -> EmbeddedMetadata? {
        var metadata = EmbeddedMetadata()
        // Only the chunks kept are copied: the bitstream's (most of the file) is not.
        let whole = walk(bytes) { chunk, _ in
            switch chunk.code {
            case RIFFChunk.iccp: metadata.icc = .raw(Array(bytes[chunk.data]))
            case RIFFChunk.exif: metadata.exif = EmbeddedMetadata.app1Payload(Array(bytes[chunk.data]))
            case RIFFChunk.xmp: metadata.xmp = Array(bytes[chunk.data])
            default: break
            }
        }
        return whole ? metadata : nil
    }

    /// Whether the picture is lossy (VP8), not lossless (VP8L): for an animation, its first frame's.
    public static func isLossy(_ bytes: [UInt8]) -> Bool {
        var lossy = false
        var decided = false
        _ = walk(bytes) { chunk, _ in
            guard !decided else { return }
            switch chunk.code {
            case RIFFChunk.vp8: (lossy, decided) = (true, true)
            case RIFFChunk.vp8l: (lossy, decided) = (false, true)
            case RIFFChunk.anmf where chunk.size >= 20:
                // The code of the frame's first chunk, after its 16 bytes of placement and timing.
                var input = bytes
                (lossy, decided) = (input.u32be(at: chunk.data.lowerBound + 16) != RIFFChunk.vp8l, true)
            default: break
            }
        }
        return lossy
    }

    /// Each chunk and its whole extent (header, data, padding byte, cut at the RIFF's end); false
    /// when the file is not a WebP or a chunk runs past the RIFF's end.
    private static func walk(_ bytes: [UInt8], _ visit: (RIFFChunk, Range<Int>) -> Void) -> Bool {
        var input = bytes
        guard let header = RIFFChunkLexer.header(in: &input), header.form == RIFFChunkLexer.webp else { return false }
        let riffEnd = min(bytes.count, 8 + header.size)
        var chunks = RIFFChunkLexer(end: riffEnd)
        var at = 12
        while let chunk = chunks.next(in: &input) {
            guard chunk.data.upperBound <= riffEnd else { return false }
            let extent = chunk.start..<min(riffEnd, chunk.paddedEnd)
            visit(chunk, extent)
            at = extent.upperBound
        }
        return at == riffEnd
    }
}
