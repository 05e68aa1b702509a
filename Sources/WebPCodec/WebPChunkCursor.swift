import ImageCore
import ImageHeaders

/// One RIFF chunk: its four-character tag and where its payload lies.
struct WebPChunk {
    var tag: String
    var payload: Range<Int>
}

/// The chunks RIFFChunkLexer cuts out between `position` and `end`, with libwebp's policy: a chunk
/// that (with its pad byte) would pass `end` is refused.
struct WebPChunkCursor {
    let data: UnsafeBufferPointer<UInt8>
    private var chunks: RIFFChunkLexer
    /// Whether 1 to 7 bytes left before `end` are an error (as at the RIFF
    /// level) or simply the end (inside an ANMF).
    let stopsAtUnevenTail: Bool

    init(data: UnsafeBufferPointer<UInt8>, position: Int, end: Int, stopsAtUnevenTail: Bool = true) {
        self.data = data
        chunks = RIFFChunkLexer(position: position, end: end)
        self.stopsAtUnevenTail = stopsAtUnevenTail
    }

    mutating func next() throws(DecodeError) -> WebPChunk? {
        if chunks.position >= chunks.end { return nil }
        var input = data
        guard let chunk = chunks.next(in: &input) else {
            if stopsAtUnevenTail { throw .corrupt("\(chunks.leftOver) stray bytes after the last chunk") }
            return nil
        }
        guard chunk.paddedEnd <= chunks.end else {
            throw .corrupt("\(chunk.name) chunk of \(chunk.size) bytes runs past its container")
        }
        return WebPChunk(tag: chunk.name, payload: chunk.data)
    }

    /// After a simple file's image chunk: the next chunk header, if any, must
    /// still be whole and fit (libwebp reads it before ignoring it).
    mutating func checkTail() throws(DecodeError) {
        _ = try next()
    }
}
