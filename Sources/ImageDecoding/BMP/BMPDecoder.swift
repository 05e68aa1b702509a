public enum BMPDecoder {
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Raster { throw .unsupported("BMP") }
}
