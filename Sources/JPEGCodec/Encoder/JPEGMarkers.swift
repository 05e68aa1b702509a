extension JPEGEncoder {
    /// The marker segments around the entropy-coded data (T.81 B.2, JFIF 1.02, Exif, XMP, ICC).
    enum Markers {
        static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
        static let iccHeader = Array("ICC_PROFILE".utf8) + [0]
        /// A segment's payload, after its two length bytes.
        static let maxPayload = 65533

        /// SOI, JFIF, then the metadata the caller kept: Exif (APP1), XMP (APP1), the ICC profile (APP2).
        static func header(options: Options) -> [UInt8] {
            var out: [UInt8] = [0xFF, 0xD8]
            // JFIF 1.01, no units, 1:1 pixels, no thumbnail.
            appendSegment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], to: &out)
            if let exif = options.exif, exif.count <= maxPayload { appendSegment(0xE1, exif, to: &out) }
            if let xmp = options.xmp {
                let payload = xmp.starts(with: xmpHeader) ? xmp : xmpHeader + xmp
                if payload.count <= maxPayload { appendSegment(0xE1, payload, to: &out) }
            }
            if let icc = options.iccProfile, !icc.isEmpty {
                let chunk = maxPayload - iccHeader.count - 2
                let chunks = (icc.count + chunk - 1) / chunk
                if chunks <= 255 {
                    for n in 0..<chunks {
                        let part = icc[(n * chunk)..<min(icc.count, (n + 1) * chunk)]
                        appendSegment(0xE2, iccHeader + [UInt8(n + 1), UInt8(chunks)] + part, to: &out)
                    }
                }
            }
            return out
        }

        static func appendQuantTables(_ tables: QuantTables, components: Int, to out: inout [UInt8]) {
            var payload: [UInt8] = [0x00] + tables.luma.map { UInt8($0) }
            if components > 1 { payload += [0x01] + tables.chroma.map { UInt8($0) } }
            appendSegment(0xDB, payload, to: &out)
        }

        /// SOF0 (baseline) or SOF2 (progressive), 8-bit samples.
        static func appendFrame(_ frame: Frame, progressive: Bool, to out: inout [UInt8]) {
            var payload: [UInt8] = [8] + bigEndian(frame.height) + bigEndian(frame.width)
            payload.append(UInt8(frame.components.count))
            for c in frame.components { payload += [c.id, UInt8(c.h << 4 | c.v), UInt8(c.table)] }
            appendSegment(progressive ? 0xC2 : 0xC0, payload, to: &out)
        }

        /// One DHT with these tables, each with its class-and-id byte (class 0 DC, 1 AC, in the high nibble).
        static func appendHuffmanTables(_ tables: [(tag: UInt8, code: HuffmanCode)], to out: inout [UInt8]) {
            guard !tables.isEmpty else { return }
            var payload: [UInt8] = []
            for (tag, code) in tables {
                payload.append(tag)
                payload += code.counts + code.symbols
            }
            appendSegment(0xC4, payload, to: &out)
        }

        /// `ids[slot]`: the table each recorder slot (0, 1 DC; 2, 3 AC) names.
        static func appendScanHeader(_ scan: Scan, frame: Frame, ids: [Int], to out: inout [UInt8]) {
            var payload: [UInt8] = [UInt8(scan.components.count)]
            for index in scan.components {
                let table = frame.components[index].table
                payload += [frame.components[index].id, UInt8(ids[table] << 4 | ids[2 + table])]
            }
            payload += [UInt8(scan.start), UInt8(scan.end), UInt8(scan.high << 4 | scan.low)]
            appendSegment(0xDA, payload, to: &out)
        }

        static func appendSegment(_ marker: UInt8, _ payload: [UInt8], to out: inout [UInt8]) {
            out += [0xFF, marker] + bigEndian(payload.count + 2) + payload
        }

        static func bigEndian(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    }
}
