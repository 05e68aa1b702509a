import ImageDecoding

/// Which decoder reads which bytes, for this tool only (imgsel itself goes
/// through the format registry). Each decoder adds one line here.
enum DevDecoders {
    static func decode(_ bytes: [UInt8], scale: Int) throws(DecodeError) -> Raster {
        _ = scale
        if bytes.count >= 12 && bytes[0..<4] == [0x52, 0x49, 0x46, 0x46] && bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] {
            return try WebPDecoder.decode(bytes)
        }
        throw .unsupported("this file (no decoder for it yet)")
    }
}
