import ImageDecoding

/// Which decoder reads which bytes, for this tool only (imgsel itself goes
/// through the format registry). Each decoder adds one line here.
enum DevDecoders {
    static func decode(_ bytes: [UInt8], scale: Int) throws(DecodeError) -> Raster {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGDecoder.decode(bytes, scale: scale) }
        throw .unsupported("this file (no decoder for it yet)")
    }
}
