extension ImageBytes {
    // MARK: WebP

    public static func webpChunk(_ fourcc: String, _ data: [UInt8]) -> [UInt8] {
        ascii(fourcc) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    public static func riff(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = chunks.reduce([], +)
        return ascii("RIFF") + le32(4 + body.count) + ascii("WEBP") + body
    }

    public static func vp8(width: Int, height: Int) -> [UInt8] {
        webpChunk("VP8 ", [0x50, 0x05, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0x01, 0x02, 0x03])
    }

    public static func vp8l(width: Int, height: Int) -> [UInt8] {
        webpChunk("VP8L", [0x2F] + le32((width - 1) | (height - 1) << 14 | 1 << 28) + [0x00, 0x01, 0x02])
    }

    public static func webpLossy(width: Int, height: Int) -> [UInt8] { riff([vp8(width: width, height: height)]) }
    public static func webpLossless(width: Int, height: Int) -> [UInt8] { riff([vp8l(width: width, height: height)]) }

    /// VP8X with canvas size; `frames` ANMF chunks (animated) or one VP8L image; optional EXIF chunk;
    /// `padding` adds a large ICCP chunk before the image data.
    public static func webpExtended(
        width: Int, height: Int, frames: Int? = nil, exif: [UInt8]? = nil, padding: Int = 0
    ) -> [UInt8] {
        var flags: UInt8 = 0
        if frames != nil { flags |= 0x02 }
        if exif != nil { flags |= 0x08 }
        if padding > 0 { flags |= 0x20 }
        var chunks = [webpChunk("VP8X", [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1))]
        if padding > 0 { chunks.append(webpChunk("ICCP", [UInt8](repeating: 0x41, count: padding))) }
        if let frames {
            chunks.append(webpChunk("ANIM", [0, 0, 0, 0, 0, 0]))
            for _ in 0..<frames {
                chunks.append(
                    webpChunk(
                        "ANMF",
                        le24(0) + le24(0) + le24(width - 1) + le24(height - 1) + le24(100) + [0]
                            + vp8l(width: width, height: height)))
            }
        } else {
            chunks.append(vp8l(width: width, height: height))
        }
        if let exif { chunks.append(webpChunk("EXIF", exif)) }
        return riff(chunks)
    }
}
