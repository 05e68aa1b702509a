/// BMP: the file header is followed by a DIB header whose size tells its version; the core
/// (OS/2 1.x) header has 16-bit unsigned dimensions, later ones signed 32-bit, where a negative
/// height only means the rows are stored top-down.
enum BMPProbe {
    static let infoHeaderSizes: Set<UInt32> = [12, 16, 40, 52, 56, 64, 108, 124]

    static func probe(_ source: any ByteSource) throws -> ImageFacts {
        var r = ByteReader(source, format: "BMP")
        try r.seek(to: 14)
        let headerSize = try r.u32le()
        guard infoHeaderSizes.contains(headerSize) else { throw r.corrupt("unknown DIB header") }
        let width: Int, height: Int
        if headerSize == 12 {
            width = Int(try r.u16le())
            height = Int(try r.u16le())
        } else {
            width = Int(Int32(bitPattern: try r.u32le()))
            height = abs(Int(Int32(bitPattern: try r.u32le())))
        }
        guard width > 0, height > 0 else { throw r.corrupt("invalid dimensions") }
        return ImageFacts(type: .bmp, width: width, height: height)
    }
}

extension ImageFormat {
    /// BMP: "BM" alone is too common a start (text files begin so), so a known DIB header
    /// size must follow; a short file is called a truncated BMP only when it is not text.
    static let bmp: ImageFormat = ImageFormat(
        name: "bmp", displayName: "BMP", extensions: ["bmp", "dib"], mimeType: "image/bmp",
        sniff: { sniff in
            guard sniff.has(Array("BM".utf8)) else { return false }
            if sniff.head.count >= 18 { return BMPProbe.infoHeaderSizes.contains(sniff.u32le(at: 14)) }
            if !ImageProbe.looksLikeText(sniff.head, wholeFile: sniff.wholeFile) {
                throw ProbeError("truncated BMP header")
            }
            return false
        },
        probe: BMPProbe.probe)
}

extension ImageType {
    public static let bmp: ImageType = ImageFormat.bmp.type
}
