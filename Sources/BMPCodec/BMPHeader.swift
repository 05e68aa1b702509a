import ImageCore

/// What the BMP file and info headers say, read as Pillow's BmpImagePlugin reads them.
struct BMPHeader {
    enum Compression: Equatable { case none, rle8, rle4, bitFields }

    var width = 0
    var height = 0
    var topDown = false
    var bits = 0
    var compression = Compression.none
    /// Red, green, blue, alpha masks for bit fields (alpha 0 when the header has none).
    var masks: [UInt32] = [0, 0, 0, 0]
    /// Colour table entries as B, G, R (the 4th byte of 4-byte entries dropped); `colourCount` entries claimed.
    var palette: [UInt8] = []
    var colourCount = 0
    /// Where the pixel data starts.
    var dataOffset = 0

    init(_ bytes: [UInt8]) throws(DecodeError) {
        guard bytes.count >= 18, bytes[0] == 0x42, bytes[1] == 0x4D else { throw .truncated(section: "BMP header") }
        let reader = LittleEndianBytes(bytes)
        dataOffset = reader.u32(10)
        let headerSize = reader.u32(14)
        guard [12, 40, 52, 56, 64, 108, 124].contains(headerSize) else {
            throw .unsupported("BMP with a \(headerSize)-byte info header")
        }
        guard bytes.count >= 14 + headerSize else { throw .truncated(section: "BMP info header") }
        var position = 14 + headerSize
        var entryBytes = 4
        if headerSize == 12 {
            width = reader.u16(18)
            height = reader.u16(20)
            bits = reader.u16(24)
            entryBytes = 3
        } else {
            width = reader.u32(18)
            // Pillow's test for a negative height: the top byte is 0xFF.
            topDown = bytes[25] == 0xFF
            height = topDown ? (1 << 32) - reader.u32(22) : reader.u32(22)
            bits = reader.u16(28)
            colourCount = reader.u32(46)
            let code = reader.u32(30)
            switch code {
            case 0: compression = .none
            case 1: compression = .rle8
            case 2: compression = .rle4
            case 3, 6:
                compression = .bitFields
                // Masks inside a 52-byte or longer header, else (40 bytes) right after it; alpha from 56 bytes
                // on, or as a fourth mask after a 40-byte header with ALPHABITFIELDS (6).
                let count = headerSize >= 56 || (headerSize == 40 && code == 6) ? 4 : 3
                let at = 54
                guard bytes.count >= at + 4 * count else { throw .truncated(section: "BMP bit field masks") }
                for i in 0..<count { masks[i] = UInt32(reader.u32(at + 4 * i)) }
                if headerSize == 40 { position += 4 * count }
            case 4: throw .unsupported("BMP with JPEG compression")
            case 5: throw .unsupported("BMP with PNG compression")
            default: throw .unsupported("BMP with compression \(code)")
            }
        }
        guard [1, 4, 8, 16, 24, 32].contains(bits) else { throw .unsupported("BMP of \(bits) bits a pixel") }
        try checkCompression()
        if bits <= 8 {
            if colourCount == 0 { colourCount = 1 << bits }
            guard colourCount <= 65536 else { throw .corrupt("BMP colour table of \(colourCount) entries") }
            // A table cut short by the file keeps the entries that are there (the rest show black).
            let usable = Swift.min(colourCount, 256, Swift.max(0, bytes.count - position) / entryBytes)
            for i in 0..<usable {
                let at = position + i * entryBytes
                palette += bytes[at..<at + 3]
            }
            // Pillow: a data offset pointing straight after the header means "after the colour table too".
            if dataOffset == 14 + headerSize { dataOffset += entryBytes * colourCount }
        }
    }

    private func checkCompression() throws(DecodeError) {
        switch compression {
        case .rle8 where bits != 8, .rle4 where bits != 4:
            throw .corrupt("BMP run-length compression for \(bits) bits a pixel")
        case .bitFields where bits < 16:
            throw .corrupt("BMP bit fields for \(bits) bits a pixel")
        default: break
        }
    }
}

/// Little-endian fields at offsets already checked to lie inside the bytes.
struct LittleEndianBytes {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
}
