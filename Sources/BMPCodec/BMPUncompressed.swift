import Dispatch
import ImageCore

/// Uncompressed and bit-field BMP rows: each row padded to 4 bytes, bottom-up unless the height was negative.
enum BMPUncompressed {
    static func decode(_ bytes: [UInt8], header: BMPHeader, into sink: RowSink) throws(DecodeError) {
        let layout = try Layout(bytes, header: header)
        try sink.begin(width: header.width, height: header.height, hasAlpha: layout.hasAlpha)
        let line = UnsafeMutablePointer<UInt32>.allocate(capacity: header.width)
        defer { line.deallocate() }
        bytes.withUnsafeBufferPointer { file in
            for y in 0..<header.height {
                layout.row(y, of: file, into: line)
                UnsafeRawPointer(line).withMemoryRebound(to: UInt8.self, capacity: header.width * 4) { sink.row(y, $0) }
            }
        }
    }

    /// The whole picture, each row converted straight into its place in the raster (no line
    /// between) and bands of rows on every core: the rows are independent, and reading a 12-MP
    /// BMP one row at a time through a line copy was a third of `jpeg-encode`'s time from a BMP.
    /// The same pixels as `decode(_:header:into:)` into `RasterRows`, from the same row code.
    static func raster(_ bytes: [UInt8], header: BMPHeader) throws(DecodeError) -> Raster {
        let layout = try Layout(bytes, header: header)
        try DecodeLimits.check(width: header.width, height: header.height)
        let (width, height) = (header.width, header.height)
        // Bands of at least 64 K pixels, so a small picture is not split for nothing.
        let bands = max(1, min(16, width * height >> 16, height))
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialised in
            HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress!), bytes: width * height * 4)
            bytes.withUnsafeBufferPointer { file in
                let places = Places(
                    file: SendablePointer(mutating: file.baseAddress!), count: file.count,
                    target: SendablePointer(buffer.baseAddress!))
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let file = UnsafeBufferPointer(start: places.file.base, count: places.count)
                    let target = UnsafeMutableRawPointer(places.target.base)
                    for y in (band * height / bands)..<((band + 1) * height / bands) {
                        let line = (target + y * width * 4).bindMemory(to: UInt32.self, capacity: width)
                        layout.row(y, of: file, into: line)
                    }
                }
            }
            initialised = width * height * 4
        }
        return Raster(width: width, height: height, pixels: pixels, hasAlpha: layout.hasAlpha)
    }

    /// The file read and the pixels written by every band at once: the file is only read and each
    /// band writes only its own rows, all before `concurrentPerform` returns.
    private struct Places: Sendable {
        let file: SendablePointer<UInt8>
        let count: Int
        let target: SendablePointer<UInt8>
    }

    /// Where the rows are and how a row's pixels read: checked against the file once, before any row.
    struct Layout {
        let header: BMPHeader
        let rowBytes: Int
        let fields: [BMPField]?
        let hasAlpha: Bool
        let palette: [UInt32]

        init(_ bytes: [UInt8], header: BMPHeader) throws(DecodeError) {
            try self.init(fileBytes: bytes.count, header: header)
        }

        /// From the header alone and how long the file is (BMPRows reads the rows from a file it never holds).
        init(fileBytes: Int, header: BMPHeader) throws(DecodeError) {
            self.header = header
            // Sides are at most 16384 here, so none of these products can overflow.
            rowBytes = ((header.width * header.bits + 31) >> 3) & ~3
            guard header.dataOffset <= fileBytes, fileBytes - header.dataOffset >= rowBytes * header.height
            else {
                throw .truncated(section: "BMP pixel data (\(rowBytes * header.height) bytes needed)")
            }
            fields = try BMPUncompressed.fieldsFor(header)
            hasAlpha = fields.map { $0[3].maximum != 0 } ?? false
            palette = header.bits <= 8 ? BMPPalette(header: header).colours : []
        }

        /// Row `y` of the picture (top down), from wherever the file keeps it, as RGBA words.
        @inline(__always)
        func row(_ y: Int, of file: UnsafeBufferPointer<UInt8>, into line: UnsafeMutablePointer<UInt32>) {
            pixels(of: file.baseAddress! + place(ofRow: y), into: line)
        }

        /// Where row `y` of the picture (top down) starts in the file: `rowBytes` from there.
        @inline(__always)
        func place(ofRow y: Int) -> Int {
            header.dataOffset + (header.topDown ? y : header.height - 1 - y) * rowBytes
        }

        /// One row's bytes as they are in the file, as RGBA words.
        @inline(__always)
        func pixels(of source: UnsafePointer<UInt8>, into line: UnsafeMutablePointer<UInt32>) {
            let (width, bits) = (header.width, header.bits)
            if let fields {
                BMPUncompressed.bitFieldRow(source, width: width, bytesPerPixel: bits / 8, fields: fields, into: line)
            } else if bits <= 8 {
                BMPUncompressed.indexedRow(source, width: width, bits: bits, palette: palette, into: line)
            } else {
                BMPUncompressed.bgrRow(source, width: width, bytesPerPixel: bits / 8, into: line)
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

    /// B, G, R (and an ignored fourth byte at 32 bits) to RGBA words; whole words at a time where the row
    /// has them (four 24-bit pixels are three little-endian words: B0 G0 R0 B1, G1 R1 B2 G2, R2 B3 G3 R3),
    /// byte by byte (BMPPalette.word) for the rest: the byte loop was a tenth of `jpeg-encode`'s time.
    @inline(__always)
    static func bgrRow(
        _ source: UnsafePointer<UInt8>, width: Int, bytesPerPixel: Int,
        into target: UnsafeMutablePointer<UInt32>
    ) {
        let opaque: UInt32 = 0xFF00_0000
        var p = source, x = 0
        if bytesPerPixel == 3 {
            while x + 4 <= width {
                let raw = UnsafeRawPointer(p)
                let w0 = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
                let w1 = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                let w2 = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
                target[x] = w0 >> 16 & 0xFF | w0 & 0xFF00 | (w0 & 0xFF) << 16 | opaque
                target[x + 1] = w1 >> 8 & 0xFF | (w1 & 0xFF) << 8 | (w0 >> 24) << 16 | opaque
                target[x + 2] = w2 & 0xFF | (w1 >> 24) << 8 | (w1 >> 16 & 0xFF) << 16 | opaque
                target[x + 3] = w2 >> 24 | (w2 >> 16 & 0xFF) << 8 | (w2 >> 8 & 0xFF) << 16 | opaque
                p += 12
                x += 4
            }
        } else if bytesPerPixel == 4 {
            while x < width {
                let w = UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
                target[x] = w >> 16 & 0xFF | w & 0xFF00 | (w & 0xFF) << 16 | opaque
                p += 4
                x += 1
            }
        }
        while x < width {
            target[x] = BMPPalette.word(p[2], p[1], p[0])
            p += bytesPerPixel
            x += 1
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
