/// PNG's metadata by its chunks: text (`tEXt`, `zTXt`, `iTXt`), `eXIf` and `tIME` are removed; every
/// other chunk (`iCCP`, `IDAT`…) is copied byte for byte, CRC and all. Bytes after IEND go too.
public enum PNGMetadata {
    private static let removed: Set<UInt32> = [
        PNGChunk.text, PNGChunk.ztxt, PNGChunk.itxt, PNGChunk.exif, PNGChunk.time,
    ]

    /// The file without its metadata; nil when it is not a PNG or a chunk runs past the end before IEND.
    public static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        var out = PNGChunkLexer.signature
        out.reserveCapacity(bytes.count)
        let whole = walk(bytes) { chunk in
            if !removed.contains(chunk.type) { out.append(contentsOf: bytes[chunk.start..<chunk.end]) }
        }
        return whole ? out : nil
    }

    /// `iCCP` (still compressed), `eXIf`, and an uncompressed `iTXt` XMP packet.
    public static func read(_ bytes: [UInt8]) -> EmbeddedMetadata? {
        var metadata = EmbeddedMetadata()
        let whole = walk(bytes) { chunk in
            let data = bytes[chunk.data]
            switch chunk.type {
            case PNGChunk.iccp:
                // name, NUL, compression method (0: zlib), the profile
                if let nul = data.firstIndex(of: 0), nul + 2 <= data.endIndex, data[nul + 1] == 0 {
                    metadata.icc = .zlib(Array(data[(nul + 2)...]))
                }
            case PNGChunk.exif: metadata.exif = EmbeddedMetadata.app1Payload(Array(data))
            case PNGChunk.itxt:
                let keyword = Array("XML:com.adobe.xmp".utf8) + [0]
                guard data.starts(with: keyword) else { return }
                let flags = data.startIndex + keyword.count
                guard flags + 2 <= data.endIndex, data[flags] == 0 else { return }  // uncompressed only
                var at = flags + 2
                for _ in 0..<2 {  // language tag, translated keyword
                    guard let nul = data[at...].firstIndex(of: 0) else { return }
                    at = nul + 1
                }
                metadata.xmp = Array(data[at...])
            default: break
            }
        }
        return whole ? metadata : nil
    }

    /// Each whole chunk up to IEND; false when the file is not a PNG or a chunk runs past the end
    /// before IEND.
    private static func walk(_ bytes: [UInt8], _ visit: (PNGChunk) -> Void) -> Bool {
        guard bytes.starts(with: PNGChunkLexer.signature) else { return false }
        var input = bytes
        var chunks = PNGChunkLexer()
        while let chunk = chunks.next(in: &input) {
            guard chunk.length <= Int(Int32.max), chunk.end <= bytes.count else { return false }
            visit(chunk)
            if chunk.type == PNGChunk.iend { return true }
        }
        return false
    }
}
