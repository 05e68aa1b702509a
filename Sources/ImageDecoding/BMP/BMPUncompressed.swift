/// Uncompressed and bit-field BMP rows: each row padded to 4 bytes, bottom-up unless the height was negative.
enum BMPUncompressed {
    static func decode(_ bytes: [UInt8], header: BMPHeader, into sink: RowSink) throws(DecodeError) {
        let (width, height, bits) = (header.width, header.height, header.bits)
        // Sides are at most 16384 here, so none of these products can overflow.
        let rowBytes = ((width * bits + 31) >> 3) & ~3
        guard header.dataOffset <= bytes.count, bytes.count - header.dataOffset >= rowBytes * height else {
            throw .truncated(section: "BMP pixel data (\(rowBytes * height) bytes needed)")
        }
        let fields = try fieldsFor(header)
        let hasAlpha = fields.map { $0[3].maximum != 0 } ?? false
        try sink.begin(width: width, height: height, hasAlpha: hasAlpha)
        let palette = bits <= 8 ? BMPPalette(header: header).colours : []
        let line = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { line.deallocate() }
        bytes.withUnsafeBufferPointer { file in
            for y in 0..<height {
                let fileRow = header.topDown ? y : height - 1 - y
                let source = file.baseAddress! + header.dataOffset + fileRow * rowBytes
                if let fields {
                    Self.bitFieldRow(source, width: width, bytesPerPixel: bits / 8, fields: fields, into: line)
                } else if bits <= 8 {
                    Self.indexedRow(source, width: width, bits: bits, palette: palette, into: line)
                } else {
                    Self.bgrRow(source, width: width, bytesPerPixel: bits / 8, into: line)
                }
                UnsafeRawPointer(line).withMemoryRebound(to: UInt8.self, capacity: width * 4) { sink.row(y, $0) }
            }
        }
    }

    /// The channel fields for 16-bit pixels and bit fields; nil for the byte layouts (8-bit B, G, R[, X]).
    static func fieldsFor(_ header: BMPHeader) throws(DecodeError) -> [BMPField]? {
        var masks = header.masks
        if header.compression == .bitFields {
            if masks == [0, 0, 0, 0] {
                // Pillow reads four zero masks at 32 bits as B, G, R, A; at 16 and 24 bits we take the defaults.
                guard header.bits == 32 else { return header.bits == 16 ? try defaultFields16() : nil }
                masks = [0xFF_0000, 0xFF00, 0xFF, 0xFF00_0000]
            }
            // Pillow reads 5-6-5 and 5-5-5 at 16 bits without alpha, whatever the alpha mask says.
            let pillow16 = [[0xF800, 0x7E0, 0x1F], [0x7C00, 0x3E0, 0x1F]].contains(Array(masks[0..<3]))
            if header.bits == 24 || (header.bits == 16 && pillow16) {
                masks[3] = 0
            }
            var fields: [BMPField] = []
            for mask in masks { fields.append(try BMPField(mask: mask, pixelBits: header.bits)) }
            return fields
        }
        return header.bits == 16 ? try defaultFields16() : nil
    }

    static func defaultFields16() throws(DecodeError) -> [BMPField] {
        [
            try BMPField(mask: 0x7C00, pixelBits: 16), try BMPField(mask: 0x3E0, pixelBits: 16),
            try BMPField(mask: 0x1F, pixelBits: 16), try BMPField(mask: 0, pixelBits: 16),
        ]
    }

    @inline(__always)
    static func indexedRow(
        _ source: UnsafePointer<UInt8>, width: Int, bits: Int, palette: [UInt32],
        into target: UnsafeMutablePointer<UInt32>
    ) {
        palette.withUnsafeBufferPointer { palette in
            let perByte = 8 / bits
            let mask = UInt8((1 << bits) - 1)
            for x in 0..<width {
                let byte = source[x / perByte]
                let shift = UInt8(8 - bits * (x % perByte + 1))
                target[x] = palette[Int((byte >> shift) & mask)]
            }
        }
    }

    @inline(__always)
    static func bgrRow(
        _ source: UnsafePointer<UInt8>, width: Int, bytesPerPixel: Int,
        into target: UnsafeMutablePointer<UInt32>
    ) {
        var p = source
        for x in 0..<width {
            target[x] = BMPPalette.word(p[2], p[1], p[0])
            p += bytesPerPixel
        }
    }

    @inline(__always)
    static func bitFieldRow(
        _ source: UnsafePointer<UInt8>, width: Int, bytesPerPixel: Int, fields: [BMPField],
        into target: UnsafeMutablePointer<UInt32>
    ) {
        let (r, g, b, a) = (fields[0], fields[1], fields[2], fields[3])
        let opaque = a.maximum == 0
        var p = source
        for x in 0..<width {
            var pixel = UInt32(p[0]) | UInt32(p[1]) << 8
            if bytesPerPixel >= 3 { pixel |= UInt32(p[2]) << 16 }
            if bytesPerPixel == 4 { pixel |= UInt32(p[3]) << 24 }
            target[x] = BMPPalette.word(r.value(pixel), g.value(pixel), b.value(pixel), opaque ? 255 : a.value(pixel))
            p += bytesPerPixel
        }
    }
}
