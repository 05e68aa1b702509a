import ImageDecoding

/// Which decoder reads which bytes, for this tool only (imgsel itself goes
/// through the format registry). Each decoder adds one line here.
enum DevDecoders {
    static func decode(_ bytes: [UInt8], scale: Int) throws(DecodeError) -> Raster {
        _ = scale
        if bytes.starts(with: Array("RIFF".utf8)) && bytes.count >= 12 && Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return try WebPDecoder.decode(bytes)
        }
        throw .unsupported("this file (no decoder for it yet)")
    }
}
