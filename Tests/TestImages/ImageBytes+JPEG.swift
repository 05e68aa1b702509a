extension ImageBytes {
    // MARK: JPEG

    public static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    public static func app1Exif(_ blob: [UInt8]) -> [UInt8] { segment(0xE1, exifPrefix + blob) }

    /// An APP2 Multi-Picture index: one MP entry per attribute (type code in the low 24 bits),
    /// `count` in the NumberOfImages tag (default: one per entry).
    public static func mpf(_ attributes: [Int], count: Int? = nil, littleEndian le: Bool = false) -> [UInt8] {
        let u16 = le ? le16 : be16
        let u32 = le ? le32 : be32
        let entriesAt = 8 + 2 + 12 * 3 + 4
        var tiff: [UInt8] = (le ? ascii("II") : ascii("MM")) + u16(42) + u32(8) + u16(3)
        tiff += u16(0xB000) + u16(7) + u32(4) + ascii("0100")
        tiff += u16(0xB001) + u16(4) + u32(1) + u32(count ?? attributes.count)
        tiff += u16(0xB002) + u16(7) + u32(16 * attributes.count) + u32(entriesAt)
        tiff += u32(0)
        for (i, a) in attributes.enumerated() {
            tiff += u32(a) + u32(5000) + u32(i == 0 ? 0 : 9000 * i) + u16(0) + u16(0)
        }
        return segment(0xE2, ascii("MPF") + [0] + tiff)
    }

    public static func xmp(_ packet: String) -> [UInt8] {
        segment(0xE1, ascii("http://ns.adobe.com/xap/1.0/") + [0] + ascii(packet))
    }

    public static func sof(_ marker: UInt8, width: Int, height: Int) -> [UInt8] {
        segment(marker, [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
    }

    /// SOI, optional APP1 EXIF, `before` segments, DQT, SOF, DHT, SOS, a little entropy data, EOI.
    public static func jpeg(
        width: Int, height: Int, sofMarker: UInt8 = 0xC0, exif: [UInt8]? = nil,
        before: [[UInt8]] = [], afterSOF: [[UInt8]] = []
    ) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        if let exif { out += app1Exif(exif) }
        out += segment(0xE0, ascii("JFIF") + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        for s in before { out += s }
        out += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        out += sof(sofMarker, width: width, height: height)
        for s in afterSOF { out += s }
        out += segment(0xC4, [0] + [UInt8](repeating: 0, count: 16))
        out += segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0])
        out += [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD0, 0x78]
        out += [0xFF, 0xD9]
        return out
    }
}
