import ImageCore

/// BMP: 1, 4, 8, 16, 24 and 32 bits, RLE4/RLE8, bit fields, OS/2 core and v3–v5 headers, top-down and bottom-up,
/// matching Pillow's `Image.open(f).convert("RGBA")`.
///
/// Pillow's rules this keeps: 32 bits without bit fields ignore the fourth byte (opaque); alpha is used only
/// with bit fields at 32 bits whose alpha mask is not 0, or whose four masks are all 0 (Pillow reads that as
/// B, G, R, A); a field of n bits becomes value·255/(2ⁿ−1), truncated (Pillow's 5-6-5 and 5-5-5 unpackers do
/// exactly this); 16 bits without bit fields are 5-5-5; a colour table that is the grey ramp (or black and
/// white for two colours) is no table, so an index shows as its own grey; an index past a table is black;
/// a run-length image's pixels never written are index 0 and a row left unfinished is index 0 throughout.
/// Beyond Pillow (which refuses them): bit-field masks of any contiguous width and ALPHABITFIELDS (6).
public enum BMPDecoder {
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Raster {
        let header = try BMPHeader(bytes)
        guard header.compression == .none || header.compression == .bitFields else {
            return try RasterRows.collect { rows throws(DecodeError) in try decode(bytes, into: rows) }
        }
        try DecodeLimits.check(width: header.width, height: header.height, workingBytes: 0, inputBytes: bytes.count)
        return try BMPUncompressed.raster(bytes, header: header)
    }

    /// The rows top to bottom into `sink`, read from their places in the file whichever way up it stores
    /// them; a run-length image is first unpacked to one index a pixel.
    public static func decode(_ bytes: [UInt8], into sink: RowSink) throws(DecodeError) {
        let header = try BMPHeader(bytes)
        let rle = header.compression == .rle4 || header.compression == .rle8
        try DecodeLimits.check(
            width: header.width, height: header.height, workingBytes: rle ? header.width * header.height : 0,
            inputBytes: bytes.count)
        switch header.compression {
        case .rle4, .rle8:
            try BMPRunLength.decode(bytes, header: header, into: sink)
        case .none, .bitFields:
            try BMPUncompressed.decode(bytes, header: header, into: sink)
        }
    }
}
