/// JPEG's metadata by its segments: APPn other than JFIF (APP0), the ICC profile (APP2) and Adobe
/// (APP14), and COM, are removed; every other segment and all entropy-coded data are copied byte
/// for byte, so the pixels are the file's own. Anything after EOI (an MPF's second picture, a
/// trailer) goes too: the APP2 MPF index that points at it is removed with it.
public enum JPEGMetadata {
    /// The file without its metadata; nil when its structure breaks off before EOI. `alsoKeeping`
    /// keeps more segments (an Ultra HDR gain map's own metadata).
    public static func stripped(
        _ bytes: [UInt8], alsoKeeping: (UInt8, ArraySlice<UInt8>) -> Bool = { _, _ in false }
    ) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let whole = walk(bytes) { marker, payload in
            keeps(marker, payload) || alsoKeeping(marker, payload)
        } copy: { range in
            out.append(contentsOf: bytes[range])
        }
        return whole ? out : nil
    }

    /// The JPEG at the start of `bytes` with only the segments `keep` keeps (SOF, DHT, DQT, SOS and
    /// the other coding segments always stay); nil when its structure breaks off before EOI.
    public static func filtered(_ bytes: [UInt8], keep: (UInt8, ArraySlice<UInt8>) -> Bool) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let whole = walk(bytes) { marker, payload in
            isMetadata(marker) ? keep(marker, payload) : true
        } copy: { range in
            out.append(contentsOf: bytes[range])
        }
        return whole ? out : nil
    }

    /// APPn and COM: the segments a copy may drop.
    static func isMetadata(_ marker: UInt8) -> Bool { (0xE0...0xEF).contains(marker) || marker == 0xFE }

    /// Where the JPEG at the start of `bytes` ends: just after its EOI; nil when it breaks off before.
    public static func end(of bytes: [UInt8]) -> Int? {
        var end = 0
        let whole = walk(bytes) { _, _ in
            false
        } copy: { range in
            end = range.upperBound
        }
        return whole ? end : nil
    }

    /// The ICC profile (its APP2 chunks in sequence order), EXIF and XMP, before the first scan.
    public static func read(_ bytes: [UInt8]) -> EmbeddedMetadata? {
        var metadata = EmbeddedMetadata()
        var iccChunks: [(Int, ArraySlice<UInt8>)] = []
        let whole = walk(bytes) { marker, payload in
            if marker == 0xE1, payload.starts(with: EmbeddedMetadata.exifHeader), metadata.exif == nil {
                metadata.exif = Array(payload)
            } else if marker == 0xE1, payload.starts(with: EmbeddedMetadata.xmpHeader), metadata.xmp == nil {
                metadata.xmp = Array(payload.dropFirst(EmbeddedMetadata.xmpHeader.count))
            } else if marker == 0xE2, payload.starts(with: EmbeddedMetadata.iccHeader), payload.count > 14 {
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
        case 0xE2: return payload.starts(with: EmbeddedMetadata.iccHeader)
        case 0xEE: return payload.starts(with: Array("Adobe".utf8))
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: return false
        default: return true
        }
    }

    /// Walks SOI, the segments, the scans' entropy-coded data and EOI as JPEGMarkerLexer cuts them,
    /// handing each segment's marker and payload to `keep` and the byte ranges to write to `copy`
    /// (a marker's fill bytes are not copied). False when the file ends before EOI, a segment's
    /// length runs past the end, or stray bytes stand where a marker should.
    static func walk(
        _ b: [UInt8], keep: (UInt8, ArraySlice<UInt8>) -> Bool, copy: (Range<Int>) -> Void
    ) -> Bool {
        guard b.count >= 4, b[0] == 0xFF, b[1] == JPEGMarkerLexer.soi else { return false }
        copy(0..<2)
        var input = b
        var lexer = JPEGMarkerLexer(position: 2)
        while let marker = lexer.nextMarker(in: &input), marker.stray == 0 {
            let m = marker.offset
            if marker.code == JPEGMarkerLexer.eoi {
                copy(m - 1..<m + 1)
                return true
            }
            if JPEGMarkerLexer.isRestart(marker.code) || marker.code == 0x01 {
                copy(m - 1..<m + 1)
                continue
            }
            guard let segment = lexer.segment(in: &input), segment.length >= 2, segment.end <= b.count else {
                return false
            }
            if keep(marker.code, b[segment.payload]) { copy(m - 1..<segment.end) }
            if marker.code == JPEGMarkerLexer.sos {
                guard let end = JPEGMarkerLexer.endOfEntropyCodedData(in: &input, from: segment.end) else {
                    return false
                }
                copy(segment.end..<end)
                lexer.position = end
            }
        }
        return false
    }
}
