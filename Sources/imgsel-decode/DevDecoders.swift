import ImageDecoding

/// Which decoder reads which bytes, for this tool only (imgsel itself goes
/// through the format registry). Each decoder adds one line here.
enum DevDecoders {
    static func decode(_ bytes: [UInt8], scale: Int) throws(DecodeError) -> Raster {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGDecoder.decode(bytes) }
        if bytes.starts(with: Array("GIF8".utf8)) { return try GIFDecoder.decode(bytes) }
        if bytes.starts(with: Array("BM".utf8)) { return try BMPDecoder.decode(bytes) }
        if bytes.starts(with: [0x49, 0x49]) || bytes.starts(with: [0x4D, 0x4D]) {
            return try TIFFDecoder.decode(bytes)
        }
        if bytes.starts(with: Array("RIFF".utf8)) && bytes.count >= 12 && Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return try WebPDecoder.decode(bytes)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGDecoder.decode(bytes, scale: scale) }
        throw .unsupported("this file (no decoder for it yet)")
    }
}
