/// JPEG's metadata by its segments: APPn other than JFIF (APP0), the ICC profile (APP2) and Adobe
/// (APP14), and COM, are removed; every other segment and all entropy-coded data are copied byte
/// for byte, so the pixels are the file's own. Anything after EOI (an MPF's second picture, a
/// trailer) goes too: the APP2 MPF index that points at it is removed with it.
enum JPEGMetadata {
    /// The file without its metadata; nil when its structure breaks off before EOI.
    static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let whole = walk(bytes) { marker, payload in
            keeps(marker, payload)
        } copy: { range in
            out.append(contentsOf: bytes[range])
        }
        return whole ? out : nil
    }

    /// The ICC profile (its APP2 chunks in sequence order), EXIF and XMP, before the first scan.
    static func read(_ bytes: [UInt8]) -> ExportMetadata? {
        var metadata = ExportMetadata()
        var iccChunks: [(Int, ArraySlice<UInt8>)] = []
        let whole = walk(bytes) { marker, payload in
            if marker == 0xE1, payload.starts(with: ExportMetadata.exifHeader), metadata.exif == nil {
                metadata.exif = Array(payload)
            } else if marker == 0xE1, payload.starts(with: ExportMetadata.xmpHeader), metadata.xmp == nil {
                metadata.xmp = Array(payload.dropFirst(ExportMetadata.xmpHeader.count))
            } else if marker == 0xE2, payload.starts(with: ExportMetadata.iccHeader), payload.count > 14 {
                iccChunks.append((Int(payload[payload.startIndex + 12]), payload.dropFirst(14)))
            }
            return true
        } copy: { _ in
        }
        guard whole else { return nil }
        if !iccChunks.isEmpty {
            metadata.icc = .raw(iccChunks.sorted { $0.0 < $1.0 }.flatMap { $0.1 })
        }
        return metadata
    }

    /// Whether a segment stays in a copy.
    private static func keeps(_ marker: UInt8, _ payload: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE0: return payload.starts(with: Array("JFIF".utf8) + [0])
        case 0xE2: return payload.starts(with: ExportMetadata.iccHeader)
        case 0xEE: return payload.starts(with: Array("Adobe".utf8))
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: return false
        default: return true
        }
    }

    /// Walks SOI, the segments, the scans' entropy-coded data and EOI, handing each segment's
    /// marker and payload to `keep` and the byte ranges to write to `copy`. False when the file
    /// ends before EOI or a segment's length runs past the end.
    private static func walk(
        _ b: [UInt8], keep: (UInt8, ArraySlice<UInt8>) -> Bool, copy: (Range<Int>) -> Void
    ) -> Bool {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return false }
        copy(0..<2)
        var i = 2
        while i < b.count {
            guard b[i] == 0xFF else { return false }
            var m = i + 1
            while m < b.count, b[m] == 0xFF { m += 1 }  // fill bytes before a marker
            guard m < b.count else { return false }
            let marker = b[m]
            if marker == 0xD9 {
                copy(m - 1..<m + 1)
                return true
            }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                copy(m - 1..<m + 1)
                i = m + 1
                continue
            }
            guard m + 2 < b.count else { return false }
            let length = Int(b[m + 1]) << 8 | Int(b[m + 2])
            let end = m + 1 + length
            guard length >= 2, end <= b.count else { return false }
            if keep(marker, b[(m + 3)..<end]) { copy(m - 1..<end) }
            i = end
            if marker == 0xDA {
                // Entropy-coded data: up to the next marker that is neither a stuffed 0xFF00 nor a restart.
                var j = i
                while j + 1 < b.count {
                    if b[j] == 0xFF, b[j + 1] != 0x00, !(0xD0...0xD7).contains(b[j + 1]) { break }
                    j += 1
                }
                guard j + 1 < b.count else { return false }
                copy(i..<j)
                i = j
            }
        }
        return false
    }
}
