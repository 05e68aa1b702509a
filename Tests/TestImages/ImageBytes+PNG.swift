extension ImageBytes {
    // MARK: PNG

    public static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = ascii(type) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func acTL(frames: Int) -> [UInt8] { pngChunk("acTL", be32(frames) + be32(0)) }

    public static func png(
        width: Int, height: Int, beforeIDAT: [[UInt8]] = [], afterIDAT: [[UInt8]] = [], idatCount: Int = 1
    ) -> [UInt8] {
        var out = pngSignature + pngChunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        for c in beforeIDAT { out += c }
        for _ in 0..<idatCount {
            out += pngChunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])
        }
        for c in afterIDAT { out += c }
        return out + pngChunk("IEND", [])
    }
}
