import ImageCore

/// A VP8 chunk's payload (with its ALPH payload, if any) decoded to RGBA rows.
enum WebPLossyImage {
    /// Hands the frame's rows to `sink` (whose `begin` is the caller's); the frame must be
    /// `width`×`height`, the size its container gave.
    static func decode(
        _ payload: UnsafeBufferPointer<UInt8>, alpha: UnsafeBufferPointer<UInt8>?, width: Int, height: Int,
        inputBytes: Int = 0, threaded: Bool? = nil, into sink: RowSink
    ) throws(DecodeError) {
        var converter: WebPYUVConverter.Rows?
        try VP8Decoder.decode(
            payload, inputBytes: inputBytes, threaded: threaded,
            start: { header throws(DecodeError) in
                guard header.width == width, header.height == height else {
                    throw .corrupt("frame size differs from its header")
                }
                // The alpha plane is kept whole (a byte a pixel): its filters and its VP8L
                // coding run over the whole plane.
                let alphaPlane = try alpha.map { data throws(DecodeError) in
                    try WebPAlphaDecoder.decode(data, width: width, height: height)
                }
                converter = WebPYUVConverter.Rows(width: width, height: height, alpha: alphaPlane, into: sink)
            },
            rows: { planes, luma, chroma in converter?.take(planes, finalLuma: luma, finalChroma: chroma) })
    }
}

/// The first ten bytes of a VP8 key frame (RFC 6386 section 9.1).
enum VP8FrameTag {
    /// The frame's width and height, after the checks libwebp makes before
    /// accepting a VP8 chunk.
    static func size(_ data: UnsafeBufferPointer<UInt8>) throws(DecodeError) -> (Int, Int) {
        guard data.count >= 10 else { throw .truncated(section: "VP8 frame header") }
        let bits = Int(data[0]) | Int(data[1]) << 8 | Int(data[2]) << 16
        guard bits & 1 == 0 else { throw .unsupported("VP8 interframe as a still image") }
        guard (bits >> 1) & 7 <= 3 else { throw .corrupt("VP8 profile \((bits >> 1) & 7)") }
        guard (bits >> 4) & 1 == 1 else { throw .unsupported("invisible VP8 frame") }
        guard bits >> 5 < data.count else { throw .corrupt("VP8 first partition larger than its chunk") }
        guard data[3] == 0x9D, data[4] == 0x01, data[5] == 0x2A else { throw .corrupt("VP8 start code missing") }
        let width = (Int(data[6]) | Int(data[7]) << 8) & 0x3FFF
        let height = (Int(data[8]) | Int(data[9]) << 8) & 0x3FFF
        guard width > 0, height > 0 else { throw .corrupt("VP8 frame of size \(width)×\(height)") }
        return (width, height)
    }
}
