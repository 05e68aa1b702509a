/// A VP8 chunk's payload (with its ALPH payload, if any) decoded to RGBA.
enum WebPLossyImage {
    static func decode(
        _ payload: UnsafeBufferPointer<UInt8>,
        alpha: UnsafeBufferPointer<UInt8>?, inputBytes: Int = 0
    ) throws(DecodeError) -> [UInt8] {
        let (header, decoded) = try VP8Decoder.decode(payload, inputBytes: inputBytes)
        var planes = decoded
        let (width, height) = (header.width, header.height)
        let alphaPlane = try alpha.map { data throws(DecodeError) in
            try WebPAlphaDecoder.decode(data, width: width, height: height)
        }
        var rgba = WebPPixelMemory.unwrittenBytes(count: width * height * 4)
        try planes.withPointers { p throws(DecodeError) in
            rgba.withUnsafeMutableBufferPointer { out in
                guard let out = out.baseAddress else { return }
                WebPYUVConverter.convert(p, width: width, height: height, into: out)
            }
        }
        if let alphaPlane {
            for i in 0..<(width * height) { rgba[4 * i + 3] = alphaPlane[i] }
        }
        return rgba
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
