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
        var facts = ImageFacts(type: .bmp, width: width, height: height)
        if headerSize >= 40 { facts.alpha = (try? alpha(&r, headerSize: Int(headerSize))) ?? false }
        return facts
    }

    /// Whether the pixels carry alpha as the decoder reads them: bit fields (compression 3 or 6)
    /// with an alpha mask (in a header of 56 bytes or more, or after a 40-byte one with code 6),
    /// or four zero masks at 32 bits (read as B, G, R, A); at 16 bits not for 5-6-5 or 5-5-5.
    private static func alpha(_ r: inout ByteReader, headerSize: Int) throws -> Bool {
        try r.seek(to: 28)
        let bits = Int(try r.u16le())
        let code = try r.u32le()
        guard code == 3 || code == 6, bits == 16 || bits == 32 else { return false }
        try r.seek(to: 54)
        let four = headerSize >= 56 || (headerSize == 40 && code == 6)
        var masks: [UInt32] = []
        for _ in 0..<(four ? 4 : 3) { masks.append(try r.u32le()) }
        if bits == 32, masks.allSatisfy({ $0 == 0 }) { return true }
        guard four, masks[3] != 0 else { return false }
        return bits == 32 || ![[0xF800, 0x7E0, 0x1F], [0x7C00, 0x3E0, 0x1F]].contains(Array(masks[0..<3]))
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
