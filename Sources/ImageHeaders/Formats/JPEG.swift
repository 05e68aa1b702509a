/// JPEG: JPEGMarkerLexer cuts the marker segments from SOI to SOS, seeking over each by its length so
/// large APP segments (EXIF thumbnails, ICC profiles, XMP) are never read whole. Frames come from
/// a Multi-Picture (MPF) index, which lists the further pictures stored after the first's EOI.
enum JPEGProbe {
    static let maxMarkers = 10_000
    /// Stray bytes tolerated between segments (fill bytes, writer garbage) before giving up.
    static let maxJunk = 64 << 10

    static func probe(_ source: any ByteSource) throws -> ImageFacts {
        // Small read-ahead: the budget then covers a thousand hops over large APP segments.
        var r = ByteReader(source, format: "JPEG", readAhead: 1024)
        try r.seek(to: 2)  // after SOI
        var state = State()
        do {
            try walk(&r, &state)
        } catch let error as ProbeError {
            // A file cut off after the frame header still has known dimensions.
            guard state.size != nil else { throw error }
        }
        guard let (width, height) = state.size else { throw r.corrupt("no frame header") }
        let frames = state.gainMap ? 1 : state.pictures
        return ImageFacts(type: .jpeg, width: width, height: height, orientation: state.orientation, frames: frames)
    }

    private struct State {
        var size: (Int, Int)?
        var orientation = 1
        var sawExif = false
        var sawXMP = false
        var sawMPF = false
        var pictures = 1
        var gainMap = false
    }

    static let xmpPrefix = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

    /// SOF markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    static func isStartOfFrame(_ m: UInt8) -> Bool {
        switch m {
        case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF: return true
        default: return false
        }
    }

    private static func walk(_ r: inout ByteReader, _ s: inout State) throws {
        var junk = 0
        var markers = 0
        var lexer = JPEGMarkerLexer(position: 2)
        while markers < maxMarkers {
            guard let marker = try lexer.nextMarker(in: &r, skipLimit: maxJunk - junk) else {
                throw lexer.gaveUp ? r.corrupt("no marker found") : r.truncated
            }
            junk += marker.stray + marker.fill
            let m = marker.code
            if m == 0x00 { continue }  // a stuffed zero outside entropy-coded data: ignore
            markers += 1
            switch m {
            case 0x01, 0xD0...0xD8:
                continue  // TEM, RSTn, SOI: no length, no payload
            case JPEGMarkerLexer.eoi, JPEGMarkerLexer.sos:
                // EOI or SOS: the header is over; the caller decides whether a frame was seen.
                return
            default:
                guard let segment = try lexer.segment(in: &r) else { throw r.truncated }
                let length = segment.length
                if length < 2 {
                    // A length that does not even cover itself: libjpeg and Pillow read on
                    // right after it, as if the segment were empty, and so do we.
                    guard !isStartOfFrame(m) else { throw r.corrupt("short frame header") }
                    continue
                }
                try r.seek(to: segment.payload.lowerBound)
                if isStartOfFrame(m) {
                    if s.size == nil {
                        guard length >= 7 else { throw r.corrupt("short frame header") }
                        _ = try r.u8()  // sample precision
                        let height = Int(try r.u16be())
                        let width = Int(try r.u16be())
                        guard width > 0 else { throw r.corrupt("zero width") }
                        // Height 0 means "defined later by DNL", which nobody writes any more.
                        guard height > 0 else { throw r.corrupt("height defined by DNL") }
                        s.size = (width, height)
                    }
                } else if m == 0xE1 && length >= 8 {
                    try readAPP1(&r, length: length, &s)
                } else if m == 0xE2 && length >= 6 {
                    // The MPF index counts the pictures; ISO 21496-1 metadata makes the second a gain map.
                    let head = try r.bytes(min(length - 2, GainMap.isoPrefix.count))
                    if !s.sawMPF, head.starts(with: MultiPictureIndex.prefix) {
                        s.sawMPF = true
                        try r.seek(to: segment.payload.lowerBound + MultiPictureIndex.prefix.count)
                        s.pictures = MultiPictureIndex.frames(try r.bytes(length - 6))
                    } else if head == GainMap.isoPrefix {
                        s.gainMap = true
                    }
                }
                guard segment.end <= r.size else { throw r.truncated }
            }
        }
        // Too many markers: stop; the caller reports "no frame header" unless one was seen.
    }

    /// The first EXIF segment gives the orientation; the first XMP packet may declare a gain map.
    /// Segments are at most 64 KiB, so reading one whole is bounded.
    private static func readAPP1(_ r: inout ByteReader, length: Int, _ s: inout State) throws {
        let start = r.offset
        let payload = length - 2
        let head = try r.bytes(min(payload, xmpPrefix.count))
        if !s.sawExif, head.starts(with: EXIFOrientation.exifPrefix) {
            s.sawExif = true
            try r.seek(to: start + EXIFOrientation.exifPrefix.count)
            s.orientation = EXIFOrientation.orientation(try r.bytes(payload - EXIFOrientation.exifPrefix.count))
        } else if !s.sawXMP, head == xmpPrefix {
            s.sawXMP = true
            s.gainMap = MultiPictureIndex.declaresGainMap(try r.bytes(payload - xmpPrefix.count))
        }
    }
}

extension ImageFormat {
    /// JPEG, and MPO (its multi-picture form: same signature, same header).
    static let jpeg: ImageFormat = ImageFormat(
        name: "jpeg", displayName: "JPEG", extensions: ["jpg", "jpeg", "jpe", "jfif", "jif", "pjpeg", "pjp", "mpo"],
        mimeType: "image/jpeg",
        sniff: { try $0.signature([0xFF, 0xD8, 0xFF], cutShortFrom: 2, format: "JPEG") },
        probe: JPEGProbe.probe)
}

extension ImageType {
    public static let jpeg: ImageType = ImageFormat.jpeg.type
}
