import ImageDecoding

/// Which decoder reads which bytes, for this tool only (imgsel itself goes
/// through the format registry). Each decoder adds one line here.
enum DevDecoders {
    static func decode(_ bytes: [UInt8], scale: Int) throws(DecodeError) -> Raster {
        _ = scale
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGDecoder.decode(bytes) }
        throw .unsupported("this file (no decoder for it yet)")
    }
}
