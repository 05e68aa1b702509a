/// One RIFF chunk: its four-character tag and where its payload lies.
struct WebPChunk {
    var tag: String
    var payload: Range<Int>
}

/// Walks the chunks between `position` and `end`, refusing any chunk that
/// (with its pad byte) would pass `end`.
struct WebPChunkCursor {
    let data: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int
    /// Whether 1 to 7 bytes left before `end` are an error (as at the RIFF
    /// level) or simply the end (inside an ANMF).
    var stopsAtUnevenTail = true

    mutating func next() throws(DecodeError) -> WebPChunk? {
        if position >= end { return nil }
        guard end - position >= 8 else {
            if stopsAtUnevenTail { throw .corrupt("\(end - position) stray bytes after the last chunk") }
            return nil
        }
        let tag = WebPContainer.tag(data, position)
        let size = WebPContainer.le32(data, position + 4)
        let start = position + 8
        let padded = size + (size & 1)
        guard padded <= end - start else { throw .corrupt("\(tag) chunk of \(size) bytes runs past its container") }
        position = start + padded
        return WebPChunk(tag: tag, payload: start..<(start + size))
    }

    /// After a simple file's image chunk: the next chunk header, if any, must
    /// still be whole and fit (libwebp reads it before ignoring it).
    mutating func checkTail() throws(DecodeError) {
        _ = try next()
    }
}
