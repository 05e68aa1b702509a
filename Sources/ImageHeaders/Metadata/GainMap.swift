/// An HDR gain map a file carries beside its SDR picture: a display that can show more than SDR
/// brightens the picture by it, so the uploaded photo stays HDR (SPEC "Export", HDR gain maps).
/// `info` names it; export keeps an Ultra HDR JPEG's and says when a HEIF's is dropped.
public struct GainMap: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// A JPEG whose MPF index lists a second JPEG with `hdrgm` XMP or ISO 21496-1 metadata.
        case ultraHDR = "Ultra HDR"
        /// A HEIF auxiliary image of Apple's URN.
        case apple = "Apple"
        /// A HEIF `tmap` item (ISO 21496-1).
        case toneMap = "ISO 21496-1"
    }

    public var kind: Kind
    /// Ultra HDR: where the primary picture ends (after its EOI), and where the gain map's JPEG lies.
    public var primaryEnd: Int?
    public var image: Range<Int>?

    /// `hdr gain map (Ultra HDR)`: info's words.
    public var words: String { "hdr gain map (\(kind.rawValue))" }

    /// The auxC type of Apple's gain map.
    public static let appleURN = "urn:com:apple:photo:2020:aux:hdrgainmap"
    /// The APP2 payload prefix of ISO 21496-1 gain map metadata in JPEG.
    public static let isoPrefix: [UInt8] = Array("urn:iso:std:iso:ts:21496:-1".utf8) + [0]
}

extension GainMap {
    /// The gain map of a file of `type` held whole in memory; nil when it has none.
    public static func find(_ bytes: [UInt8], type: ImageType) -> GainMap? {
        switch type {
        case .jpeg: return ultraHDR(bytes)
        case .heic, .heif, .avif: return heif(MemoryByteSource(bytes))
        default: return nil
        }
    }

    /// The gain map of a file read through `source` (`info`: only the primary's header, the gain
    /// map's header and the HEIF meta box are read); nil when it has none or cannot be read.
    public static func find(_ source: any ByteSource, type: ImageType) -> GainMap? {
        switch type {
        case .jpeg:
            // The segments that matter come before the first scan; the rest is read where MPF points.
            guard let head = try? source.read(at: 0, count: min(source.size, headBytes)) else { return nil }
            return ultraHDR(head, source: source)
        case .heic, .heif, .avif: return heif(source)
        default: return nil
        }
    }

    static let headBytes = 1 << 20

    /// Whether an XMP packet is an Ultra HDR directory or gain map description (`hdrgm`), which a
    /// kept XMP must not repeat beside the one written again.
    public static func declared(byXMP xmp: [UInt8]) -> Bool { MultiPictureIndex.declaresGainMap(xmp) }

    /// Ultra HDR: the primary declares a gain map (hdrgm XMP or ISO APP2) and its MPF index lists
    /// a second JPEG, after the primary's EOI, that carries gain map metadata of its own.
    static func ultraHDR(_ bytes: [UInt8], source: (any ByteSource)? = nil) -> GainMap? {
        guard let primary = segments(bytes), let mpf = primary.mpf, primary.declaresGainMap else { return nil }
        let size = source?.size ?? bytes.count
        for entry in MultiPictureIndex.entries(mpf.blob).dropFirst() where entry.offset > 0 && entry.size > 4 {
            let start = mpf.tiffStart + entry.offset
            guard start > mpf.tiffStart, start <= size - entry.size else { continue }
            let head: [UInt8]
            if let source {
                guard let read = try? source.read(at: start, count: min(entry.size, headBytes)) else { continue }
                head = read
            } else {
                head = Array(bytes[start..<min(start + entry.size, start + headBytes)])
            }
            guard let secondary = segments(head), secondary.declaresGainMap else { continue }
            let primaryEnd = source == nil ? JPEGMetadata.end(of: bytes) : nil
            return GainMap(kind: .ultraHDR, primaryEnd: primaryEnd, image: start..<(start + entry.size))
        }
        return nil
    }

    /// What a JPEG's segments before its first scan say of a gain map.
    struct JPEGSegments {
        var declaresGainMap = false
        /// The MPF index's TIFF structure, and where it starts in the file.
        var mpf: (blob: [UInt8], tiffStart: Int)?
    }

    /// The segments of the JPEG at the start of `bytes` up to its first scan; nil when not a JPEG.
    static func segments(_ bytes: [UInt8]) -> JPEGSegments? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == JPEGMarkerLexer.soi else { return nil }
        var found = JPEGSegments()
        var input = bytes
        var lexer = JPEGMarkerLexer(position: 2)
        while let marker = lexer.nextMarker(in: &input), marker.stray == 0, marker.code != JPEGMarkerLexer.eoi,
            marker.code != JPEGMarkerLexer.sos
        {
            if JPEGMarkerLexer.isRestart(marker.code) || marker.code == 0x01 { continue }
            guard let segment = lexer.segment(in: &input), segment.length >= 2, segment.end <= bytes.count else {
                break
            }
            let payload = bytes[segment.payload]
            if marker.code == 0xE1, payload.starts(with: EmbeddedMetadata.xmpHeader),
                MultiPictureIndex.declaresGainMap(Array(payload))
            {
                found.declaresGainMap = true
            } else if marker.code == 0xE2, payload.starts(with: isoPrefix) {
                found.declaresGainMap = true
            } else if marker.code == 0xE2, payload.starts(with: MultiPictureIndex.prefix), found.mpf == nil {
                let tiffStart = segment.payload.lowerBound + MultiPictureIndex.prefix.count
                found.mpf = (Array(bytes[tiffStart..<segment.end]), tiffStart)
            }
        }
        return found
    }

    /// HEIF: an auxiliary property of Apple's gain map URN, or an item of type `tmap`.
    static func heif(_ source: any ByteSource) -> GainMap? {
        guard let items = try? HEIFItems(source) else { return nil }
        if items.infos.values.contains(where: { $0.type == fourCC("tmap") }) { return GainMap(kind: .toneMap) }
        let urn = Array(appleURN.utf8)
        for box in items.properties.boxes where box.type == fourCC("auxC") {
            guard let payload = try? source.read(at: box.payload + 4, count: urn.count + 1) else { continue }
            if payload.starts(with: urn) { return GainMap(kind: .apple) }
        }
        return nil
    }
}
