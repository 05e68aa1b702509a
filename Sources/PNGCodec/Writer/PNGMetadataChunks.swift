import Deflate

extension PNGWriter {
    /// The chunks that carry an export's metadata in a PNG: the ICC profile as `iCCP` (compressed, as
    /// the format requires), EXIF as `eXIf` (the TIFF structure without JPEG's `Exif\0\0`), XMP as the
    /// uncompressed `iTXt` of keyword `XML:com.adobe.xmp` that Adobe's specification names.
    public static func metadataChunks(icc: [UInt8]?, exif: [UInt8]?, xmp: [UInt8]?) -> [(type: String, data: [UInt8])] {
        var chunks: [(type: String, data: [UInt8])] = []
        if let icc { chunks.append(("iCCP", Array("ICC profile".utf8) + [0, 0] + Deflate.zlib(icc))) }
        if let exif {
            let header: [UInt8] = Array("Exif".utf8) + [0, 0]
            chunks.append(("eXIf", exif.starts(with: header) ? Array(exif.dropFirst(header.count)) : exif))
        }
        if let xmp { chunks.append(("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + xmp)) }
        return chunks
    }
}
